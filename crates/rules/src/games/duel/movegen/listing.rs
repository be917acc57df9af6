//! The rolling paths again, laid out for listing moves: each path's way and end square in one mask
//! with its move, 16 bytes, in the order of [`PathTables::from`], and the king's steps.
//!
//! One mask per die tests all its paths: every piece off the die's ring blocks, and on the ring
//! every square that is no target (no path passes over its own ring, every path ends on it). A die
//! whose paths all lie in one of the two 63-square windows (see `window`), which is most dice, has
//! its paths kept as bits of that window, so that one AND of 64 bits tests a path.

use super::super::bitboard::Bitboard;
use super::super::moves::Move;
use super::super::square::{Direction, SQUARES, Square};
use super::paths::{PATHS, PathEntry, PathTables};
use super::window::{WINDOWS, from_window, window_bits};
use once_cell::sync::Lazy;

/// A path as listing tests it: its squares (the way and the end square) and its move.
#[derive(Clone, Copy, Debug)]
pub struct ListingPath {
    /// The squares as bits of the die's window, or for a die in no single window squares 0..64.
    word: u64,
    /// For a die in no single window, squares 64..72; otherwise empty.
    high: u8,
    /// The move, end square and leg order included.
    pub mv: Move,
}

impl ListingPath {
    /// Whether no square of this path, one of a die whose paths lie in one window, is in
    /// `blockers`, given as bits of that window.
    #[inline]
    pub fn is_free_in_window(&self, blockers: u64) -> bool {
        self.word & blockers == 0
    }
}

/// What listing a die's moves looks up: its paths and the window they are kept in. The paths are a
/// slice of the tables' own, which live as long as the program: held as a slice, they are taken
/// without bounds checks.
#[derive(Clone, Copy, Debug, Default)]
pub struct DieListing {
    /// The die's paths, in the order of [`PathTables::from`].
    pub paths: &'static [ListingPath],
    /// The window every path lies in, if there is one.
    pub window: Option<u8>,
}

impl DieListing {
    /// Whether no square of `path` (one of this die's) is in `blockers`.
    #[inline]
    pub fn is_free(&self, path: &ListingPath, blockers: Bitboard) -> bool {
        match self.window {
            Some(window) => path.word & window_bits(blockers, usize::from(window)) == 0,
            None => {
                (path.word & blockers.0 as u64) | u64::from(path.high & (blockers.0 >> 64) as u8)
                    == 0
            }
        }
    }
}

/// The one mask that tests a die's paths (see the module documentation): every piece off the die's
/// `ring`, and on the ring every square that is no target. The targets are the squares without an
/// own piece, or with `captures_only` the `enemy` pieces alone.
#[inline(always)]
pub fn die_blockers(
    occupied: Bitboard,
    ring: Bitboard,
    enemy: Bitboard,
    captures_only: bool,
) -> Bitboard {
    let prey = ring & enemy;
    if captures_only {
        (occupied | ring) ^ prey
    } else {
        occupied ^ prey
    }
}

/// The listings of every die, and the king's steps.
pub struct Listings {
    /// `dice[square][t]`: a die on `square` showing `t` (`[0]` unused).
    dice: [[DieListing; 7]; SQUARES],
    /// `steps[square]`: the king's steps from `square` onto the board, north, east, south, west,
    /// `steps[square].1` of them.
    steps: [([Move; 4], u8); SQUARES],
}

/// The listings, built on first use from the path tables.
pub static LISTINGS: Lazy<Listings> = Lazy::new(|| Listings::build(&PATHS));

impl Listings {
    fn build(paths: &PathTables) -> Listings {
        let mut listings = Listings {
            dice: [[DieListing::default(); 7]; SQUARES],
            steps: [([Move::default(); 4], 0); SQUARES],
        };
        for from in Square::all() {
            for top in 1..=6u8 {
                let reach = paths.span(from, top) | paths.ring(from, top);
                let window = (0..WINDOWS).find(|&w| from_window(window_bits(reach, w), w) == reach);
                let window = window.map(|w| w as u8);
                let listed: Vec<ListingPath> = paths
                    .from(from, top)
                    .iter()
                    .map(|path| listed(path, window))
                    .collect();
                // Built once, in tables that live as long as the program.
                listings.dice[from.index()][top as usize] = DieListing {
                    paths: Box::leak(listed.into_boxed_slice()),
                    window,
                };
            }
            let (steps, count) = &mut listings.steps[from.index()];
            for direction in Direction::ALL {
                let (dc, dr) = direction.delta();
                if let Some(to) = Square::at(from.column() + dc, from.row() + dr) {
                    steps[usize::from(*count)] = Move::new(from, to, dc == 0);
                    *count += 1;
                }
            }
        }
        listings
    }

    /// The listing of a die on `from` showing `top` (1..=6).
    #[inline]
    pub fn die(&self, from: Square, top: u8) -> &DieListing {
        &self.dice[from.index()][top as usize]
    }

    /// The king's steps from `sq` onto the board, north, east, south, west.
    #[inline]
    pub fn steps(&self, sq: Square) -> &[Move] {
        let (steps, count) = &self.steps[sq.index()];
        &steps[..usize::from(*count)]
    }
}

/// `path` as listing keeps it for a die whose paths lie in `window`, if any.
fn listed(path: &PathEntry, window: Option<u8>) -> ListingPath {
    let squares = path.passes() | path.target();
    let (word, high) = match window {
        Some(w) => (window_bits(squares, usize::from(w)), 0),
        None => (squares.0 as u64, (squares.0 >> 64) as u8),
    };
    ListingPath {
        word,
        high,
        mv: path.mv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listed_paths_test_as_the_paths_do() {
        let mut rng = crate::game::Rng::new(25);
        for _ in 0..200 {
            let occupied = Bitboard::random(&mut rng);
            let own = occupied.random_part(&mut rng);
            let enemy = occupied & !own;
            for from in Square::all() {
                for top in 1..=6u8 {
                    let paths = PATHS.from(from, top);
                    let die = LISTINGS.die(from, top);
                    let listed: Vec<Move> = die.paths.iter().map(|p| p.mv).collect();
                    let expected: Vec<Move> = paths.iter().map(|p| p.mv).collect();
                    assert_eq!(listed, expected, "{from} top {top}");
                    let ring = PATHS.ring(from, top);
                    let blockers = die_blockers(occupied, ring, enemy, false);
                    // For captures only, the same paths ending on an enemy piece.
                    let prey_blockers = die_blockers(occupied, ring, enemy, true);
                    for (path, listed) in paths.iter().zip(die.paths) {
                        let open = path.open(occupied, own);
                        assert_eq!(die.is_free(listed, blockers), open, "{:?}", path.mv);
                        let captures = open && path.target().intersects(enemy);
                        assert_eq!(
                            die.is_free(listed, prey_blockers),
                            captures,
                            "{:?}",
                            path.mv
                        );
                        if let Some(window) = die.window {
                            let bits = window_bits(blockers, usize::from(window));
                            assert_eq!(listed.is_free_in_window(bits), open);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn most_dice_lie_in_one_window() {
        let in_one = Square::all()
            .flat_map(|from| (1..=6u8).map(move |top| LISTINGS.die(from, top).window))
            .filter(Option::is_some)
            .count();
        // Only a die showing 4 or more in the middle rows reaches both the first and the last row.
        assert!(in_one > 6 * 72 * 3 / 4, "{in_one}");
        let d4 = Square::at(3, 3).unwrap();
        assert_eq!(LISTINGS.die(d4, 6).window, None);
        assert_eq!(LISTINGS.die(d4, 3).window, Some(0));
        assert_eq!(LISTINGS.die(Square::at(3, 7).unwrap(), 6).window, Some(1));
    }

    #[test]
    fn the_kings_steps_run_north_east_south_west() {
        for sq in Square::all() {
            let steps: Vec<Move> = LISTINGS.steps(sq).to_vec();
            let expected: Vec<Move> = Direction::ALL
                .into_iter()
                .filter_map(|direction| {
                    let (dc, dr) = direction.delta();
                    let to = Square::at(sq.column() + dc, sq.row() + dr)?;
                    Some(Move::new(sq, to, dc == 0))
                })
                .collect();
            assert_eq!(steps, expected, "{sq}");
            let ends = steps
                .iter()
                .fold(Bitboard::EMPTY, |set, mv| set | Bitboard::of(mv.to()));
            assert_eq!(ends, PATHS.ring(sq, 1), "{sq}");
        }
    }
}
