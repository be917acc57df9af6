//! Zobrist keys over (side, man or king, square) and the side to move, generated at compile time.

use super::square::{SQUARES, Square};
use crate::game::{Rng, Side, zobrist};

/// `PIECE_KEYS[side][king as usize][square]`.
static PIECE_KEYS: [[[u64; SQUARES]; 2]; 2] = {
    let mut rng = Rng::new(0xda3e_0001_5eed_1986);
    // White's rows, then Black's: array elements are evaluated in order.
    [zobrist::table(&mut rng, 0), zobrist::table(&mut rng, 0)]
};

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = Rng::new(0xda3e_b1ac_0000_0001).next_u64();

/// The key of a man (`king` false) or king of `side` on `sq`.
#[inline]
pub fn piece_key(side: Side, king: bool, sq: Square) -> u64 {
    PIECE_KEYS[side.index()][usize::from(king)][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut seen = std::collections::HashSet::new();
        for side in Side::BOTH {
            for king in [false, true] {
                for sq in Square::all() {
                    let key = piece_key(side, king, sq);
                    assert_ne!(key, 0);
                    assert!(seen.insert(key), "duplicate key {key:#x}");
                }
            }
        }
        assert!(seen.insert(BLACK_TO_MOVE));
    }
}
