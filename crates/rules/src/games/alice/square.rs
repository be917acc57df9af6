//! The 64 squares of a chessboard and the two boards, A and B, that Alice chess plays on.

use std::fmt;

/// A square, `a1` = 0, `b1` = 1, …, `h8` = 63 (file + 8 × rank). The same square exists on both boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// How many squares a board has.
    pub const COUNT: usize = 64;

    /// The square with this index, taken modulo 64.
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = the first rank), if both are on the board.
    #[inline]
    pub const fn at(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square((file + 8 * rank) as u8))
        } else {
            None
        }
    }

    /// 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (file a) to 7 (file h).
    #[inline]
    pub const fn file(self) -> i32 {
        (self.0 & 7) as i32
    }

    /// 0 (the first rank) to 7 (the eighth).
    #[inline]
    pub const fn rank(self) -> i32 {
        (self.0 >> 3) as i32
    }

    /// The square a step of `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::at(self.file() + df, self.rank() + dr)
    }

    /// Every square, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT).map(Square::from_index)
    }

    /// The square a name like `e4` stands for (lower-case file, then rank), if any.
    pub fn parse(name: &str) -> Option<Square> {
        match name.as_bytes() {
            &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => {
                Square::at(i32::from(file - b'a'), i32::from(rank - b'1'))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a' + self.file() as u8);
        let rank = char::from(b'1' + self.rank() as u8);
        write!(f, "{file}{rank}")
    }
}

/// One of the two boards. Every piece starts on A; each move passes the moving piece to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Board {
    /// The first board, where the game starts.
    A,
    /// The second board, empty at the start.
    B,
}

impl Board {
    /// Both boards, A first.
    pub const BOTH: [Board; 2] = [Board::A, Board::B];

    /// 0 for A, 1 for B: an index into per-board arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The board a piece moving from this one passes to.
    #[inline]
    pub const fn other(self) -> Board {
        match self {
            Board::A => Board::B,
            Board::B => Board::A,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Board::A => "A",
            Board::B => "B",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_coordinates_agree() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
            assert_eq!(Square::at(sq.file(), sq.rank()), Some(sq));
        }
        assert_eq!(Square::parse("e4").map(Square::index), Some(28));
        for bad in ["", "e", "i1", "a0", "a9", "E4", "e44"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(Square::at(8, 0), None);
        assert_eq!(Board::A.other(), Board::B);
    }
}
