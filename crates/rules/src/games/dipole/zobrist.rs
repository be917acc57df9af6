//! Zobrist keys over (owner, height, square) and the side to move, generated at compile time.

use super::square::{SQUARES, Square};
use crate::game::{Rng, Side, zobrist};

/// Heights 0..16 have a key row: height 0 (an empty square) keys to 0, and the rows past 12, never
/// used by legal play, keep a key lookup in bounds whatever a caller passes.
const HEIGHT_ROWS: usize = 16;

/// `STACK_KEYS[owner][height][square]`.
static STACK_KEYS: [[[u64; SQUARES]; HEIGHT_ROWS]; 2] = {
    let mut rng = Rng::new(0xd1f0_1e00_5ee0_2024);
    // White's rows, then Black's: array elements are evaluated in order.
    [zobrist::table(&mut rng, 1), zobrist::table(&mut rng, 1)]
};

/// Toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = Rng::new(0xd1f0_1eb1_ac00_0001).next_u64();

/// The key of `owner`'s stack of `height` on `sq`; 0 for height 0, so that an empty square never
/// changes a key.
#[inline]
pub fn stack_key(owner: Side, height: u8, sq: Square) -> u64 {
    STACK_KEYS[owner.index()][height as usize % HEIGHT_ROWS][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero_and_empty_keys_to_zero() {
        let mut seen = std::collections::HashSet::new();
        for owner in Side::BOTH {
            for height in 1..=12 {
                for sq in Square::all() {
                    let key = stack_key(owner, height, sq);
                    assert_ne!(key, 0);
                    assert!(seen.insert(key), "duplicate key {key:#x}");
                }
            }
            assert!(Square::all().all(|sq| stack_key(owner, 0, sq) == 0));
        }
        assert!(seen.insert(BLACK_TO_MOVE));
    }
}
