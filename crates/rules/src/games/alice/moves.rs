//! Alice chess moves in 16 bits: the start square, the destination and what kind of move it is. The
//! board is not stored: it is the board of the piece on the start square.

use super::piece::Kind;
use super::square::Square;
use crate::game::GameMove;

/// A move: bits 0–5 the start square, 6–11 the destination, 12–15 the [`MoveFlag`]. The value 0 (a1 to
/// a1) is never legal and serves as the null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

/// What kind of move a [`Move`] is, beyond its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveFlag {
    /// Any move not listed below, capture or not.
    Normal,
    /// A pawn's two-square step from its second rank.
    DoubleStep,
    /// Castling, written as the king's move; the rook moves too.
    Castle,
    /// An en-passant capture; the captured pawn is not on the destination square.
    EnPassant,
    /// A pawn reaching the last rank and becoming this piece.
    Promotion(Kind),
}

/// A bound on the legal moves of an Alice position: 321. A piece goes only where it could go on an
/// empty board (its own board's pieces and the other board's only take squares away), so a side has
/// at most what its pieces reach on an empty board: a queen 27, a rook 14, a bishop 13, a knight 8, a
/// king 8 (castling included: on e1 it has 5 steps and 2 castlings), a pawn 3 destinations with 4
/// promotions each (12, fewer than the queen it may become). Nine queens (eight promoted), two
/// rooks, two bishops, two knights and the king: 9 × 27 + 2 × 14 + 2 × 13 + 2 × 8 + 8.
const MAX_MOVES: usize = 9 * 27 + 2 * 14 + 2 * 13 + 2 * 8 + 8;

impl GameMove for Move {
    type PerMove<T: Copy> = [T; MAX_MOVES];
}

const TO_SHIFT: u16 = 6;
const FLAG_SHIFT: u16 = 12;
const DOUBLE_STEP: u16 = 1;
const CASTLE: u16 = 2;
const EN_PASSANT: u16 = 3;
/// Promotion flags are 4 + the promotion's index among [`Kind::PROMOTIONS`] (4 to 7).
const PROMOTION: u16 = 4;

impl Move {
    /// The null move.
    pub const NULL: Move = Move(0);

    /// The move from `from` to `to` of the given kind.
    #[inline]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        let flag = match flag {
            MoveFlag::Normal => 0,
            MoveFlag::DoubleStep => DOUBLE_STEP,
            MoveFlag::Castle => CASTLE,
            MoveFlag::EnPassant => EN_PASSANT,
            // Knight 1 … queen 4 become 4 … 7.
            MoveFlag::Promotion(kind) => PROMOTION - 1 + kind as u16,
        };
        Move(from.index() as u16 | (to.index() as u16) << TO_SHIFT | flag << FLAG_SHIFT)
    }

    /// A move with no special flag.
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << TO_SHIFT)
    }

    /// The start square.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as usize)
    }

    /// The destination square (for castling, the king's).
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> TO_SHIFT & 63) as usize)
    }

    /// The kind of move.
    #[inline]
    pub const fn flag(self) -> MoveFlag {
        match self.0 >> FLAG_SHIFT {
            DOUBLE_STEP => MoveFlag::DoubleStep,
            CASTLE => MoveFlag::Castle,
            EN_PASSANT => MoveFlag::EnPassant,
            f if f >= PROMOTION => {
                MoveFlag::Promotion(Kind::from_index((f - PROMOTION + 1) as usize))
            }
            _ => MoveFlag::Normal,
        }
    }

    /// What a promotion turns the pawn into.
    #[inline]
    pub const fn promotion(self) -> Option<Kind> {
        match self.flag() {
            MoveFlag::Promotion(kind) => Some(kind),
            _ => None,
        }
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits, or the null move if they are not the code of a well-formed move:
    /// a flag past 7 or a move onto its own start square.
    pub const fn from_bits(bits: u16) -> Move {
        let mv = Move(bits);
        if bits >> FLAG_SHIFT > PROMOTION + 3 || mv.from().index() == mv.to().index() {
            Move::NULL
        } else {
            mv
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_bad_codes_decode_to_null() {
        let (e7, e8) = (Square::parse("e7").unwrap(), Square::parse("e8").unwrap());
        let flags = [
            MoveFlag::Normal,
            MoveFlag::DoubleStep,
            MoveFlag::Castle,
            MoveFlag::EnPassant,
            MoveFlag::Promotion(Kind::Knight),
            MoveFlag::Promotion(Kind::Bishop),
            MoveFlag::Promotion(Kind::Rook),
            MoveFlag::Promotion(Kind::Queen),
        ];
        for flag in flags {
            let mv = Move::new(e7, e8, flag);
            assert_eq!((mv.from(), mv.to(), mv.flag()), (e7, e8, flag));
            assert_eq!(Move::from_bits(mv.bits()), mv);
        }
        assert_eq!(Move::default(), Move::NULL);
        let mut well_formed = 0;
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            if mv != Move::NULL {
                assert_eq!(mv.bits(), bits);
                well_formed += 1;
            }
        }
        assert_eq!(well_formed, 8 * 64 * 63);
    }
}
