//! Precomputed rolling paths: for every square and top value, every end square with the squares the
//! die passes over, and the masks between squares used for attack tests.

use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::square::{SQUARES, Square};
use super::window::{WINDOWS, window_bits, window_of};
use once_cell::sync::Lazy;

/// One way for a die to roll: the move and the squares it passes over (start and end excluded).
///
/// The squares are kept as 64 + 8 bits rather than a `u128`, so an entry takes 24 bytes instead of 48:
/// move generation and mobility walk these entries in order, and fewer bytes are less memory traffic.
#[derive(Clone, Copy, Debug)]
pub struct PathEntry {
    /// Passed squares 0..64.
    low: u64,
    /// Passed squares 64..72.
    high: u8,
    /// The end square as a mask, squares 0..64 and 64..72, so that testing it takes no shift.
    to_low: u64,
    to_high: u8,
    /// The move, end square and leg order included.
    pub mv: Move,
}

impl PathEntry {
    fn new(passes: Bitboard, mv: Move) -> PathEntry {
        PathEntry {
            low: passes.0 as u64,
            high: (passes.0 >> 64) as u8,
            to_low: Bitboard::of(mv.to()).0 as u64,
            to_high: (Bitboard::of(mv.to()).0 >> 64) as u8,
            mv,
        }
    }

    /// The squares that must be empty.
    pub fn passes(&self) -> Bitboard {
        Bitboard(self.low as u128 | (self.high as u128) << 64)
    }

    /// The end square as a set.
    #[inline]
    pub fn target(&self) -> Bitboard {
        Bitboard(self.to_low as u128 | (self.to_high as u128) << 64)
    }

    /// Whether a piece in `occupied` stands on the way.
    #[cfg(test)]
    pub fn blocked_by(&self, occupied: Bitboard) -> bool {
        self.passes().intersects(occupied)
    }

    /// Whether the die can roll here: nothing on the way and no piece of its own side (`own`) on
    /// the end square. The plain rule, which the tests check the faster forms (`listing`, `bulk`,
    /// the packed paths) against.
    #[cfg(test)]
    pub fn open(&self, occupied: Bitboard, own: Bitboard) -> bool {
        !self.blocked_by(occupied) && !self.target().intersects(own)
    }
}

/// All rolling paths, grouped by start square and top value.
pub struct PathTables {
    entries: Vec<PathEntry>,
    /// `ranges[square][top]` = the slice of `entries` for a die on `square` showing `top`.
    ranges: [[(u16, u16); 7]; SQUARES],
    /// `between[a][b]`: squares strictly between two squares on one row or column (empty otherwise).
    between: Vec<[Bitboard; SQUARES]>,
    /// `routes[a][b]`: what [`PathTables::routes`] returns, looked up rather than built: the search
    /// asks it for every attack test.
    routes: Vec<[[Bitboard; 2]; SQUARES]>,
    /// `rings[square][t]`: the squares at distance `t` (0..=6), which a die showing `t` may attack.
    rings: [[Bitboard; 7]; SQUARES],
    /// `bends[square][t]`: the squares of `rings[square][t]` off the square's row and column, which
    /// a die reaches by two paths (the two leg orders).
    bends: [[Bitboard; 7]; SQUARES],
    /// `spans[square][t]`: every square some path of a die on `square` showing `t` passes over.
    spans: [[Bitboard; 7]; SQUARES],
    /// The paths again, packed for counting: the passed squares in the low 64 bits and the end square
    /// in the high 64, both as bits of the path's window (see `window`). One AND with a position's
    /// [`PathMasks`] tests a path.
    packed: Vec<u128>,
    /// The paths packed once more, for perft's bulk count (`bulk`): one 64-bit word per path, the
    /// passed squares and the end square together as bits of the path's window, at the same places
    /// as in `packed` but for the paths over A8: window 0's 64 bits hold A8 as bit 63, so its
    /// packed paths may pass it, while a word's bits meet a mask of the whole window, so these are
    /// words of window 1.
    words: Vec<u64>,
    /// `word_splits[square][t]`: where a die's words of window 1 start (see `packed_ranges`).
    word_splits: [[u16; 7]; SQUARES],
    /// `packed_ranges[square][t]`: a die's packed paths (in `packed` and in `words`), those of window
    /// 0 in `[0]..[1]`, those of window 1 in `[1]..[2]`.
    packed_ranges: [[[u16; 3]; 7]; SQUARES],
}

/// The tables, built on first use.
pub static PATHS: Lazy<PathTables> = Lazy::new(PathTables::build);

impl PathTables {
    fn build() -> PathTables {
        let mut between = vec![[Bitboard::EMPTY; SQUARES]; SQUARES];
        for a in Square::all() {
            for b in Square::all() {
                between[a.index()][b.index()] = straight_between(a, b);
            }
        }
        let mut tables = PathTables {
            entries: Vec::new(),
            ranges: [[(0, 0); 7]; SQUARES],
            between,
            routes: vec![[[Bitboard::EMPTY; 2]; SQUARES]; SQUARES],
            rings: [[Bitboard::EMPTY; 7]; SQUARES],
            bends: [[Bitboard::EMPTY; 7]; SQUARES],
            spans: [[Bitboard::EMPTY; 7]; SQUARES],
            packed: Vec::new(),
            words: Vec::new(),
            word_splits: [[0; 7]; SQUARES],
            packed_ranges: [[[0; 3]; 7]; SQUARES],
        };
        for from in Square::all() {
            for to in Square::all() {
                tables.routes[from.index()][to.index()] = tables.build_routes(from, to);
                if let Ok(t @ 0..=6) = usize::try_from(from.distance(to)) {
                    tables.rings[from.index()][t] |= Bitboard::of(to);
                    if from.row() != to.row() && from.column() != to.column() {
                        tables.bends[from.index()][t] |= Bitboard::of(to);
                    }
                }
            }
        }
        for from in Square::all() {
            for top in 1..=6i32 {
                let start = tables.entries.len() as u16;
                for to in Square::all().filter(|&to| from.distance(to) == top) {
                    let straight = from.row() == to.row() || from.column() == to.column();
                    if straight {
                        let vertical = from.column() == to.column();
                        tables.entries.push(PathEntry::new(
                            tables.between(from, to),
                            Move::new(from, to, vertical),
                        ));
                    } else {
                        for vertical_first in [true, false] {
                            tables.entries.push(PathEntry::new(
                                tables.l_path(from, to, vertical_first),
                                Move::new(from, to, vertical_first),
                            ));
                        }
                    }
                }
                let end = tables.entries.len() as u16;
                tables.ranges[from.index()][top as usize] = (start, end);
                tables.spans[from.index()][top as usize] = tables.entries
                    [start as usize..end as usize]
                    .iter()
                    .fold(Bitboard::EMPTY, |span, path| span | path.passes());
                tables.pack(from, top as usize, start as usize..end as usize);
            }
        }
        tables
    }

    /// Packs the paths `entries[range]` of a die on `from` showing `top`, window by window, into
    /// `packed` and `words`.
    fn pack(&mut self, from: Square, top: usize, range: std::ops::Range<usize>) {
        let mut bounds = [self.packed.len() as u16; 3];
        for window in 0..WINDOWS {
            for index in range.clone() {
                let path = self.entries[index];
                if window_of(path.passes() | path.target()) == window {
                    self.packed.push(
                        window_bits(path.passes(), window) as u128
                            | (window_bits(path.target(), window) as u128) << 64,
                    );
                }
            }
            bounds[window + 1] = self.packed.len() as u16;
        }
        self.packed_ranges[from.index()][top] = bounds;
        // The words: those of the squares below A8 (window 0's 63), then the others (window 1).
        for window in 0..WINDOWS {
            for index in range.clone() {
                let path = self.entries[index];
                let squares = path.passes() | path.target();
                if usize::from(squares.0 >> 63 != 0) == window {
                    self.words.push(window_bits(squares, window));
                }
            }
            if window == 0 {
                self.word_splits[from.index()][top] = self.words.len() as u16;
            }
        }
    }

    /// The packed paths of a die on `from` showing `top`: those of window 0, those of window 1.
    #[inline]
    pub fn packed(&self, from: Square, top: u8) -> [&[u128]; WINDOWS] {
        let [start, mid, end] = self.packed_ranges[from.index()][top as usize];
        [
            &self.packed[start as usize..mid as usize],
            &self.packed[mid as usize..end as usize],
        ]
    }

    /// The paths of a die on `from` showing `top` as 64-bit words of their window, the passed and
    /// end squares together: those of window 0, those of window 1. One AND with the window's
    /// occupied squares tests a path that ends on an empty square.
    #[inline]
    pub fn words(&self, from: Square, top: u8) -> [&[u64]; WINDOWS] {
        let [start, _, end] = self.packed_ranges[from.index()][top as usize];
        let split = self.word_splits[from.index()][top as usize];
        [
            &self.words[start as usize..split as usize],
            &self.words[split as usize..end as usize],
        ]
    }

    /// Every path of a die on `from` showing `top`.
    #[inline]
    pub fn from(&self, from: Square, top: u8) -> &[PathEntry] {
        let (start, end) = self.ranges[from.index()][top as usize];
        &self.entries[start as usize..end as usize]
    }

    /// The squares at distance `top` from `sq`: where a die on `sq` showing `top` may roll, and
    /// equally the squares from which a die showing `top` may roll onto `sq`.
    #[inline]
    pub fn ring(&self, sq: Square, top: u8) -> Bitboard {
        self.rings[sq.index()][top as usize]
    }

    /// The dice of `by_top` (grouped by top value, `[t]` showing `t`) that stand at their top
    /// value's distance from `sq`: the only ones that may roll onto it. Six masks for all dice
    /// rather than a test per die.
    #[inline]
    pub fn at_top_distance(&self, sq: Square, by_top: &[Bitboard; 7]) -> Bitboard {
        let rings = &self.rings[sq.index()];
        (1..=6).fold(Bitboard::EMPTY, |found, top| {
            found | (rings[top] & by_top[top])
        })
    }

    /// The squares of [`PathTables::ring`] that a die reaches by two paths (off its row and column).
    #[inline]
    pub fn bend(&self, sq: Square, top: u8) -> Bitboard {
        self.bends[sq.index()][top as usize]
    }

    /// Every square that some path of a die on `sq` showing `top` passes over: when none is
    /// occupied, every path is open.
    #[inline]
    pub fn span(&self, sq: Square, top: u8) -> Bitboard {
        self.spans[sq.index()][top as usize]
    }

    /// The number of paths of a die on `sq` showing `top` that end on the squares `targets`, when
    /// none is blocked: one per square on its row or column, two per other square.
    #[inline]
    pub fn unblocked_count(&self, sq: Square, top: u8, targets: Bitboard) -> u32 {
        // All paths but those onto the few squares left out, counted one by one: cheaper than a
        // population count of the ring on a machine without one.
        let [start, _, end] = self.packed_ranges[sq.index()][top as usize];
        let missed = |set: Bitboard| set.count_few();
        u32::from(end - start)
            - missed(self.ring(sq, top) & !targets)
            - missed(self.bend(sq, top) & !targets)
    }

    /// Squares strictly between two squares of one row or column.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index()][b.index()]
    }

    /// The squares passed over on the L-path from `from` to `to` (which differ in row and column).
    #[inline]
    pub fn l_path(&self, from: Square, to: Square, vertical_first: bool) -> Bitboard {
        let corner = if vertical_first {
            Square::at(from.column(), to.row())
        } else {
            Square::at(to.column(), from.row())
        }
        .expect("the corner of two board squares is on the board");
        self.between(from, corner) | Bitboard::of(corner) | self.between(corner, to)
    }

    /// The squares passed over by the move `mv`.
    #[inline]
    pub fn passes(&self, mv: Move) -> Bitboard {
        if mv.is_straight() {
            self.between(mv.from(), mv.to())
        } else {
            self.l_path(mv.from(), mv.to(), mv.vertical_first())
        }
    }

    /// The squares passed over on the ways from `from` to `to`: the straight one twice, or the two
    /// L-paths. A die showing the distance rolls there when one of them is empty.
    #[inline]
    pub fn routes(&self, from: Square, to: Square) -> [Bitboard; 2] {
        self.routes[from.index()][to.index()]
    }

    fn build_routes(&self, from: Square, to: Square) -> [Bitboard; 2] {
        if from == to {
            [Bitboard::EMPTY; 2]
        } else if from.row() == to.row() || from.column() == to.column() {
            let straight = self.between(from, to);
            [straight, straight]
        } else {
            [self.l_path(from, to, true), self.l_path(from, to, false)]
        }
    }

    /// Whether a die on `from` whose top equals the distance to `to` can roll there through `occupied`
    /// by at least one path.
    #[inline]
    pub fn reaches(&self, from: Square, to: Square, occupied: Bitboard) -> bool {
        let [first, second] = self.routes(from, to);
        !first.intersects(occupied) || !second.intersects(occupied)
    }

    /// Whether a die on `from` showing `top` attacks `to` through `occupied`: `to` is at distance
    /// `top` and one of its paths there is open.
    #[inline]
    pub fn attacks(&self, from: Square, top: u8, to: Square, occupied: Bitboard) -> bool {
        self.ring(to, top).has(from) && self.reaches(from, to, occupied)
    }

    /// Whether a piece leaving `from` may open a die's way to `sq`: a way of a die showing at most 6
    /// passes over squares at most 5 from its end, so leaving a square farther away opens none.
    #[inline]
    pub fn may_uncover(from: Square, sq: Square) -> bool {
        from.distance(sq) <= 5
    }
}

/// Squares strictly between `a` and `b` when they share a row or a column; empty otherwise.
fn straight_between(a: Square, b: Square) -> Bitboard {
    let (dc, dr) = (b.column() - a.column(), b.row() - a.row());
    if (dc != 0 && dr != 0) || a == b {
        return Bitboard::EMPTY;
    }
    let (step_c, step_r) = (dc.signum(), dr.signum());
    let mut squares = Bitboard::EMPTY;
    let (mut c, mut r) = (a.column() + step_c, a.row() + step_r);
    while (c, r) != (b.column(), b.row()) {
        squares |= Bitboard::of(Square::at(c, r).expect("between two board squares"));
        c += step_c;
        r += step_r;
    }
    squares
}

#[cfg(test)]
mod tests {
    use super::super::window::PathMasks;
    use super::*;

    /// How many packed paths of a die on `from` showing `top` are open under `masks`, the test the
    /// evaluation makes (eval/reach.rs).
    fn packed_open_count(from: Square, top: u8, masks: &PathMasks) -> u32 {
        let [first, second] = PATHS.packed(from, top);
        let count = |paths: &[u128], mask: u128| -> u32 {
            paths.iter().map(|&path| u32::from(path & mask == 0)).sum()
        };
        count(first, masks.0[0]) + count(second, masks.0[1])
    }

    #[test]
    fn a_die_has_at_most_eight_t_minus_four_paths() {
        for from in Square::all() {
            for top in 1..=6u8 {
                let paths = PATHS.from(from, top);
                assert!(paths.len() <= 8 * top as usize - 4);
                for p in paths {
                    assert_eq!(p.mv.from(), from);
                    assert_eq!(from.distance(p.mv.to()), top as i32);
                    assert_eq!(p.passes().count(), top as u32 - 1);
                    assert!(!p.passes().has(from) && !p.passes().has(p.mv.to()));
                    assert!(p.blocked_by(p.passes()) == (top > 1));
                    assert!(!p.blocked_by(!p.passes()));
                }
            }
        }
        // A die in the middle of the board has all 8t−4 paths for small t.
        let e4 = Square::at(4, 3).unwrap();
        assert_eq!(PATHS.from(e4, 3).len(), 20);
    }

    #[test]
    fn packed_paths_count_as_the_paths_do() {
        let mut rng = crate::game::Rng::new(15);
        for _ in 0..200 {
            let occupied = Bitboard::random(&mut rng);
            let own = occupied.random_part(&mut rng);
            let masks = PathMasks::new(occupied, own);
            for from in Square::all() {
                for top in 1..=6u8 {
                    let paths = PATHS.from(from, top);
                    let open = paths.iter().filter(|p| p.open(occupied, own)).count();
                    assert_eq!(packed_open_count(from, top, &masks) as usize, open);
                    let packed: usize = PATHS.packed(from, top).iter().map(|w| w.len()).sum();
                    assert_eq!(packed, paths.len());
                }
            }
        }
    }

    #[test]
    fn the_ring_at_distance_one_is_the_kings_steps() {
        // The evaluation looks a king's steps up as this ring.
        for sq in Square::all() {
            assert_eq!(PATHS.ring(sq, 1), Bitboard::of(sq).king_steps(), "{sq}");
        }
    }

    #[test]
    fn l_paths_turn_at_the_right_corner() {
        let d1 = Square::at(3, 0).unwrap();
        let e6 = Square::at(4, 5).unwrap();
        let north_first = PATHS.l_path(d1, e6, true);
        assert!(north_first.has(Square::at(3, 5).unwrap()));
        assert!(!north_first.has(Square::at(4, 0).unwrap()));
        let east_first = PATHS.l_path(d1, e6, false);
        assert!(east_first.has(Square::at(4, 0).unwrap()));
        assert!(east_first.has(Square::at(4, 4).unwrap()));
    }
}
