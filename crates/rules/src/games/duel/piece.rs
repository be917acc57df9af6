//! What stands on a square: nothing, a king, or a die in one of its 24 orientations.

use super::orientation::{ORIENTATIONS, Orientation};
use crate::game::Side;

/// Number of distinct piece codes, the empty square included (for Zobrist tables).
pub const PIECE_CODES: usize = 1 + 2 * (ORIENTATIONS + 1);

/// A square's content packed in one byte: 0 empty; then per side 24 dice (one per orientation) and
/// the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

const PER_SIDE: u8 = ORIENTATIONS as u8 + 1;

impl Piece {
    /// The empty square.
    pub const NONE: Piece = Piece(0);

    /// A die of `side` in orientation `o`.
    #[inline]
    pub const fn die(side: Side, o: Orientation) -> Piece {
        Piece(1 + side as u8 * PER_SIDE + o.index() as u8)
    }

    /// The king of `side`.
    #[inline]
    pub const fn king(side: Side) -> Piece {
        Piece(side as u8 * PER_SIDE + PER_SIDE)
    }

    /// Whether the square is empty.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The owner, for a non-empty square.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 <= PER_SIDE {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Whether this is a king.
    #[inline]
    pub const fn is_king(self) -> bool {
        self.0 != 0 && self.0.is_multiple_of(PER_SIDE)
    }

    /// The orientation, for a die.
    #[inline]
    pub const fn orientation(self) -> Option<Orientation> {
        if self.0 == 0 || self.is_king() {
            None
        } else {
            Some(Orientation::from_index(((self.0 - 1) % PER_SIDE) as usize))
        }
    }

    /// The top value of a die; 0 for a king or an empty square. A table lookup, for the hot paths.
    #[inline]
    pub const fn top(self) -> u8 {
        TOPS[self.0 as usize]
    }

    /// The code 0..PIECE_CODES.
    #[inline]
    pub const fn code(self) -> usize {
        self.0 as usize
    }
}

/// The top value of every piece code (0 for kings and the empty square), and 0 for every byte that
/// is no code: indexed by any byte, the lookup needs no bounds check.
const TOPS: [u8; 256] = {
    let mut tops = [0; 256];
    let mut code = 0;
    while code < PIECE_CODES {
        tops[code] = match Piece(code as u8).orientation() {
            Some(o) => o.top(),
            None => 0,
        };
        code += 1;
    }
    tops
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_decode() {
        let mut seen = std::collections::HashSet::new();
        for side in Side::BOTH {
            let king = Piece::king(side);
            assert!(king.is_king() && king.side() == side && king.orientation().is_none());
            assert!(seen.insert(king.code()));
            for o in Orientation::all() {
                let die = Piece::die(side, o);
                assert!(!die.is_king() && !die.is_none());
                assert_eq!((die.side(), die.orientation()), (side, Some(o)));
                assert!(seen.insert(die.code()));
            }
        }
        assert!(seen.iter().all(|&c| c > 0 && c < PIECE_CODES));
        assert_eq!(seen.len(), PIECE_CODES - 1);
    }
}
