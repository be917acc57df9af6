//! The four diagonal directions every move runs along, as one step of a square, as a shift of a
//! whole set of squares, and as a ray: the squares beyond one square, up to the edge.

use super::square::{SQUARES, Square};
use crate::game::Side;

/// A diagonal direction on the board (north = towards row 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up and right: column + 1, row + 1.
    NorthEast,
    /// Up and left: column − 1, row + 1.
    NorthWest,
    /// Down and right: column + 1, row − 1.
    SouthEast,
    /// Down and left: column − 1, row − 1.
    SouthWest,
}

/// The rows of index 0, 2, 4, 6 (rows 1, 3, 5, 7), whose dark squares are in columns a, c, e, g.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// The rows of index 1, 3, 5, 7, whose dark squares are in columns b, d, f, h.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// The dark squares of column a.
const COLUMN_A: u32 = 0x0101_0101;
/// The dark squares of column h.
const COLUMN_H: u32 = 0x8080_8080;

/// No neighbour: the step leaves the board.
const OFF_BOARD: u8 = u8::MAX;

/// `NEIGHBOURS[direction][square]`: the square one step away, or [`OFF_BOARD`].
static NEIGHBOURS: [[u8; SQUARES]; 4] = {
    let mut table = [[OFF_BOARD; SQUARES]; 4];
    let mut dir = 0;
    while dir < 4 {
        let (dc, dr) = Direction::ALL[dir].delta();
        let mut index = 0;
        while index < SQUARES {
            let sq = Square::from_index(index);
            if let Some(next) = Square::at(sq.column() + dc, sq.row() + dr) {
                table[dir][index] = next.index() as u8;
            }
            index += 1;
        }
        dir += 1;
    }
    table
};

/// `RAYS[direction][square]`: the squares beyond the square in that direction, up to the edge.
static RAYS: [[u32; SQUARES]; 4] = {
    let mut table = [[0; SQUARES]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut index = 0;
        while index < SQUARES {
            let mut at = NEIGHBOURS[dir][index];
            while at != OFF_BOARD {
                table[dir][index] |= 1 << at;
                at = NEIGHBOURS[dir][at as usize];
            }
            index += 1;
        }
        dir += 1;
    }
    table
};

impl Direction {
    /// All four, north first.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// The two directions a man of `side` moves and captures in: towards the enemy's home row.
    #[inline]
    pub const fn forward(side: Side) -> [Direction; 2] {
        match side {
            Side::White => [Direction::NorthEast, Direction::NorthWest],
            Side::Black => [Direction::SouthEast, Direction::SouthWest],
        }
    }

    /// `f` of the two directions a man of `side` moves in, each side's pair a constant: the two calls
    /// are compiled apart, so that [`Direction::shift`] folds into a few instructions in each (over
    /// [`Direction::forward`]'s pair it branches on the direction at run time).
    #[inline(always)]
    pub fn with_forward<T>(side: Side, f: impl FnOnce([Direction; 2]) -> T) -> T {
        match side {
            Side::White => f([Direction::NorthEast, Direction::NorthWest]),
            Side::Black => f([Direction::SouthEast, Direction::SouthWest]),
        }
    }

    /// The direction straight back.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }

    /// (column, row) change of one step.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// The direction from `from` to `to` when they share a diagonal, with the number of steps.
    pub fn between(from: Square, to: Square) -> Option<(Direction, i32)> {
        let (dc, dr) = (to.column() - from.column(), to.row() - from.row());
        if dc == 0 || dc.abs() != dr.abs() {
            return None;
        }
        let dir = match (dc > 0, dr > 0) {
            (true, true) => Direction::NorthEast,
            (false, true) => Direction::NorthWest,
            (true, false) => Direction::SouthEast,
            (false, false) => Direction::SouthWest,
        };
        Some((dir, dc.abs()))
    }

    /// Whether this is a direction a man of `side` may move in.
    #[inline]
    pub fn is_forward_for(self, side: Side) -> bool {
        Direction::forward(side).contains(&self)
    }

    /// Every square of `set` moved one step this way; squares that would leave the board drop out.
    ///
    /// A step north-east adds 4 to the index on rows 1, 3, 5, 7 and 5 on rows 2, 4, 6, 8; north-west
    /// adds 3 and 4 (the dark squares of alternate rows sit half a square apart). Southward steps
    /// subtract the same. The column masks drop squares that would leave at the a or h edge; bits
    /// pushed past either end of the `u32` vanish, which is leaving the board at row 1 or row 8.
    #[inline]
    pub const fn shift(self, set: u32) -> u32 {
        match self {
            Direction::NorthEast => ((set & EVEN_ROWS) << 4) | ((set & ODD_ROWS & !COLUMN_H) << 5),
            Direction::NorthWest => ((set & EVEN_ROWS & !COLUMN_A) << 3) | ((set & ODD_ROWS) << 4),
            Direction::SouthEast => ((set & EVEN_ROWS) >> 4) | ((set & ODD_ROWS & !COLUMN_H) >> 3),
            Direction::SouthWest => ((set & EVEN_ROWS & !COLUMN_A) >> 5) | ((set & ODD_ROWS) >> 4),
        }
    }

    /// The squares beyond `from` this way, up to the edge.
    #[inline]
    pub fn ray(self, from: Square) -> u32 {
        RAYS[self.index()][from.index()]
    }

    /// The square of `set` (a subset of one of this direction's rays) nearest the ray's start, or
    /// `None` when `set` is empty. Northward steps raise a square's index and southward steps lower
    /// it, so the nearest is the lowest bit going north and the highest going south.
    #[inline]
    pub fn nearest(self, set: u32) -> Option<Square> {
        if set == 0 {
            return None;
        }
        let index = match self {
            Direction::NorthEast | Direction::NorthWest => set.trailing_zeros(),
            Direction::SouthEast | Direction::SouthWest => 31 - set.leading_zeros(),
        };
        Some(Square::from_index(index as usize))
    }

    /// The squares a piece on `from` reaches this way before the first square of `occupied` (or the
    /// edge): a king's slide.
    #[inline]
    pub fn slide(self, from: Square, occupied: u32) -> u32 {
        let ray = self.ray(from);
        match self.nearest(ray & occupied) {
            Some(blocker) => ray & !(blocker.bit() | self.ray(blocker)),
            None => ray,
        }
    }

    /// Index 0..4 into per-direction tables.
    #[inline]
    const fn index(self) -> usize {
        self as usize
    }
}

impl Square {
    /// The square one step away in `dir`, or `None` at the edge.
    #[inline]
    pub fn step(self, dir: Direction) -> Option<Square> {
        let next = NEIGHBOURS[dir.index()][self.index()];
        (next != OFF_BOARD).then(|| Square::from_index(next as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifting_a_set_moves_each_square_one_step() {
        for dir in Direction::ALL {
            for sq in Square::all() {
                let expected = sq.step(dir).map_or(0, Square::bit);
                assert_eq!(dir.shift(sq.bit()), expected, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn rays_and_slides_follow_the_steps() {
        for dir in Direction::ALL {
            for sq in Square::all() {
                let walked: Vec<Square> =
                    std::iter::successors(sq.step(dir), |s| s.step(dir)).collect();
                let ray = walked.iter().fold(0, |set, s| set | s.bit());
                assert_eq!(dir.ray(sq), ray, "{sq} {dir:?}");
                assert_eq!(dir.nearest(ray), walked.first().copied(), "{sq} {dir:?}");
                // Each square of the ray in turn as the blocker, and two blockers at once.
                for (i, &blocker) in walked.iter().enumerate() {
                    let before = walked[..i].iter().fold(0, |set, s| set | s.bit());
                    let far = walked.last().unwrap().bit();
                    assert_eq!(dir.nearest(ray & (blocker.bit() | far)), Some(blocker));
                    assert_eq!(dir.slide(sq, blocker.bit() | far), before, "{sq} {dir:?}");
                }
                assert_eq!(dir.slide(sq, 0), ray);
                assert_eq!(dir.slide(sq, !ray), ray);
            }
        }
    }

    #[test]
    fn steps_follow_the_deltas() {
        let c3 = Square::at(2, 2).unwrap();
        let named = |dir| c3.step(dir).map(|s| s.to_string());
        assert_eq!(named(Direction::NorthEast).as_deref(), Some("d4"));
        assert_eq!(named(Direction::NorthWest).as_deref(), Some("b4"));
        assert_eq!(named(Direction::SouthEast).as_deref(), Some("d2"));
        assert_eq!(named(Direction::SouthWest).as_deref(), Some("b2"));
        let a1 = Square::at(0, 0).unwrap();
        assert_eq!(a1.step(Direction::SouthWest), None);
        assert_eq!(a1.step(Direction::NorthWest), None);
    }

    #[test]
    fn between_finds_the_diagonal() {
        let sq = |c, r| Square::at(c, r).unwrap();
        assert_eq!(
            Direction::between(sq(0, 0), sq(6, 6)),
            Some((Direction::NorthEast, 6))
        );
        assert_eq!(
            Direction::between(sq(7, 7), sq(5, 5)),
            Some((Direction::SouthWest, 2))
        );
        assert_eq!(Direction::between(sq(2, 2), sq(4, 2)), None);
        assert_eq!(Direction::between(sq(2, 2), sq(2, 2)), None);
        assert!(Direction::NorthWest.is_forward_for(Side::White));
        for dir in Direction::ALL {
            assert_eq!(dir.opposite().opposite(), dir);
            let (dc, dr) = dir.delta();
            assert_eq!(dir.opposite().delta(), (-dc, -dr));
        }
        assert!(!Direction::NorthWest.is_forward_for(Side::Black));
    }
}
