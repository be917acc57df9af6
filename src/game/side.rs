//! The two players of every game the engine hosts.

use std::fmt;

/// One of the two players. White (player 1 in the UGI dialect) always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first player (UGI's `p1`).
    White,
    /// The second player (UGI's `p2`).
    Black,
}

impl Side {
    /// Both sides, White first: handy for per-side arrays.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name with a capital letter, for sentences written to players ("White wins"); `Display`
    /// keeps the lower-case protocol word.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}
