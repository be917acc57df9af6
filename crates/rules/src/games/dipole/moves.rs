//! Dipole's move encoding: 16 bits holding the start, the landing square or bearing off, how many
//! checkers move, and pass.

use super::square::Square;
use super::stack::MAX_HEIGHT;
use crate::game::GameMove;

/// A move in 16 bits: bits 0–4 the start square, 5–9 the landing square, 10–13 the number of checkers
/// k (1..=12), bit 14 set when they bear off (landing bits then 0), and the single value `1 << 15` for
/// pass. The value 0 (k = 0) is never a move and serves as the null move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move(u16);

/// The most legal moves a Dipole position can have: 84. A stack of height h has at most 4h diagonal
/// landing squares and 2h orthogonal ones (at even distances only), and bears off at most h ways: 7h
/// moves; the heights of a side's stacks add up to at most 12 checkers. A forced pass is the only
/// move when there is no other.
const MAX_MOVES: usize = 7 * MAX_HEIGHT as usize;

impl GameMove for Move {
    type PerMove<T: Copy> = [T; MAX_MOVES];
}

const TO_SHIFT: u16 = 5;
const COUNT_SHIFT: u16 = 10;
const BEAR_OFF: u16 = 1 << 14;
const PASS: u16 = 1 << 15;

/// What a move does, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// No move: the null value, never legal.
    Null,
    /// The side to move has no other move.
    Pass,
    /// The top `count` checkers of the stack on `from` land `count` squares away on `to` (a plain
    /// move, a merge or a capture).
    Step {
        /// The stack they leave.
        from: Square,
        /// Where they land.
        to: Square,
        /// How many checkers, which is also the distance.
        count: u8,
    },
    /// The top `count` checkers of the stack on `from` leave the board.
    BearOff {
        /// The stack they leave.
        from: Square,
        /// How many checkers.
        count: u8,
    },
}

impl Move {
    /// The null move.
    pub const NULL: Move = Move(0);
    /// The forced pass.
    pub const PASS: Move = Move(PASS);

    /// `count` checkers from `from` to `to`.
    #[inline]
    pub const fn step(from: Square, to: Square, count: u8) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << TO_SHIFT | (count as u16) << COUNT_SHIFT)
    }

    /// `count` checkers from `from` off the board.
    #[inline]
    pub const fn bear_off(from: Square, count: u8) -> Move {
        Move(from.index() as u16 | (count as u16) << COUNT_SHIFT | BEAR_OFF)
    }

    /// The decoded move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        let count = self.count();
        if self.0 == PASS {
            MoveKind::Pass
        } else if count == 0 {
            MoveKind::Null
        } else if self.0 & BEAR_OFF != 0 {
            MoveKind::BearOff {
                from: self.from(),
                count,
            }
        } else {
            MoveKind::Step {
                from: self.from(),
                to: Square::from_index((self.0 >> TO_SHIFT & 0x1f) as usize),
                count,
            }
        }
    }

    /// Whether this is the pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.0 == PASS
    }

    /// The start square (a1 for pass and null).
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 0x1f) as usize)
    }

    /// How many checkers move (0 for pass and null).
    #[inline]
    pub const fn count(self) -> u8 {
        (self.0 >> COUNT_SHIFT & 0xf) as u8
    }

    /// The raw 16 bits.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The move with these raw bits, or the null move if they are not the code of any move: pass with
    /// other bits, k outside 1..=12, a landing square with bearing off, or a step onto its own start.
    pub const fn from_bits(bits: u16) -> Move {
        if bits == PASS {
            return Move::PASS;
        }
        let mv = Move(bits);
        let count = mv.count();
        let to_bits = bits >> TO_SHIFT & 0x1f;
        let well_formed = bits & PASS == 0
            && count >= 1
            && count <= MAX_HEIGHT
            && if bits & BEAR_OFF != 0 {
                to_bits == 0
            } else {
                to_bits != bits & 0x1f
            };
        if well_formed { mv } else { Move::NULL }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_decode() {
        let e1 = Square::at(4, 0).unwrap();
        let e5 = Square::at(4, 4).unwrap();
        let step = Move::step(e1, e5, 4);
        assert_eq!(
            step.kind(),
            MoveKind::Step {
                from: e1,
                to: e5,
                count: 4
            }
        );
        let off = Move::bear_off(e1, 12);
        assert_eq!(
            off.kind(),
            MoveKind::BearOff {
                from: e1,
                count: 12
            }
        );
        for mv in [step, off, Move::PASS] {
            assert_eq!(Move::from_bits(mv.bits()), mv);
        }
        assert_eq!(Move::PASS.kind(), MoveKind::Pass);
        assert_eq!(Move::NULL.kind(), MoveKind::Null);
        assert_eq!(Move::default(), Move::NULL);
    }

    #[test]
    fn every_code_decodes_to_a_well_formed_move_or_null() {
        let mut moves = 0;
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            match mv.kind() {
                MoveKind::Null => assert_eq!(mv, Move::NULL),
                MoveKind::Pass => assert_eq!(bits, PASS),
                MoveKind::Step { from, to, count } => {
                    assert_ne!(from, to);
                    assert!((1..=12).contains(&count));
                    assert_eq!(mv.bits(), bits);
                    moves += 1;
                }
                MoveKind::BearOff { count, .. } => {
                    assert!((1..=12).contains(&count));
                    assert_eq!(mv.bits(), bits);
                    moves += 1;
                }
            }
        }
        assert_eq!(moves, 12 * (32 * 31 + 32));
    }
}
