//! Zobrist keys over squares, pieces and die orientations, generated at compile time.

use super::piece::{PIECE_CODES, Piece};
use super::square::{SQUARES, Square};
use crate::game::{Rng, zobrist};

/// `PIECE_SQUARE[piece code][square]`; the empty code's keys are 0 so that it never changes a key.
static PIECE_SQUARE: [[u64; SQUARES]; PIECE_CODES] =
    zobrist::table(&mut Rng::new(0x0d0e_0101_2010_2024), 1);

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = Rng::new(0x5eed_b1ac_0000_0001).next_u64();

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_SQUARE[piece.code()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = std::collections::HashSet::new();
        for row in &PIECE_SQUARE[1..] {
            for &key in row {
                assert_ne!(key, 0);
                assert!(seen.insert(key), "duplicate key {key:#x}");
            }
        }
        assert!(seen.insert(BLACK_TO_MOVE));
        assert!(PIECE_SQUARE[0].iter().all(|&k| k == 0));
    }
}
