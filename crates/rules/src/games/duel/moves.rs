//! Duel's move encoding: 16 bits holding the start, the end and which leg comes first.

use super::square::Square;
use crate::game::GameMove;

/// A move: bits 0–6 the start square, 7–13 the end square, bit 14 set when the first leg is vertical.
///
/// A straight move has one path; its bit records its own direction, so that the notation's letter case
/// follows from the bits alone. The value 0 (A1 to A1) is never a move and serves as the null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

const VERTICAL_FIRST: u16 = 1 << 14;

/// The most legal moves a Duel position can have: 356. A die showing t reaches every square at
/// Manhattan distance t, the 4 straight ones by one path and the other 4t − 4 by two (the two leg
/// orders), so it has at most 8t − 4 moves, 44 for a six; a side has at most eight dice, and its king
/// at most 4 steps: 8 · 44 + 4.
const MAX_MOVES: usize = 8 * (8 * 6 - 4) + 4;

impl GameMove for Move {
    type PerMove<T: Copy> = [T; MAX_MOVES];
}

impl Move {
    /// The move from `from` to `to`, rolling vertically first when `vertical_first`.
    #[inline]
    pub const fn new(from: Square, to: Square, vertical_first: bool) -> Move {
        let flag = if vertical_first { VERTICAL_FIRST } else { 0 };
        Move(from.index() as u16 | (to.index() as u16) << 7 | flag)
    }

    /// Where the piece starts.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 0x7f) as usize)
    }

    /// Where the piece ends.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 7 & 0x7f) as usize)
    }

    /// Whether the first leg runs along a column.
    #[inline]
    pub const fn vertical_first(self) -> bool {
        self.0 & VERTICAL_FIRST != 0
    }

    /// Whether the move is one straight line.
    #[inline]
    pub const fn is_straight(self) -> bool {
        self.from().row() == self.to().row() || self.from().column() == self.to().column()
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits, or the null move if they do not name two real squares.
    pub const fn from_bits(bits: u16) -> Move {
        let mv = Move(bits & 0x7fff);
        if (mv.0 & 0x7f) as usize >= super::square::SQUARES
            || (mv.0 >> 7 & 0x7f) as usize >= super::square::SQUARES
        {
            Move(0)
        } else {
            mv
        }
    }
}
