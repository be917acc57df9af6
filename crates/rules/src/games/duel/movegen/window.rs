//! Two 63-square windows of the board, rows 1–7 and rows 2–8. A rolling path is at most six rows
//! tall, so every path lies inside one of them, and a path together with the pieces it meets fits in
//! 64-bit words: testing it takes one word of each instead of the 72-bit board's two.

use super::super::bitboard::Bitboard;

/// How many windows there are; window `w` starts at row `w`.
pub const WINDOWS: usize = 2;

/// The squares of `set` as bits of window `window` (squares outside it are dropped).
#[inline]
pub const fn window_bits(set: Bitboard, window: usize) -> u64 {
    // Two constant shifts rather than one by `9 * window`, which wasm32 would call a library routine
    // for.
    debug_assert!(window < WINDOWS);
    if window == 0 {
        set.0 as u64
    } else {
        (set.0 >> 9) as u64
    }
}

/// The squares of window `window`'s bits as a set of the board.
#[inline]
pub const fn from_window(bits: u64, window: usize) -> Bitboard {
    debug_assert!(window < WINDOWS);
    let bits = bits as u128;
    Bitboard(if window == 0 { bits } else { bits << 9 })
}

/// The window a set of squares that spans at most seven rows lies in: rows 1–7 unless it reaches
/// into row 8.
#[inline]
pub const fn window_of(set: Bitboard) -> usize {
    if set.0 >> 64 == 0 { 0 } else { 1 }
}

/// A position's pieces in both windows, ready to test a packed path (see `paths`): the occupied
/// squares in the low 64 bits, the squares of the side whose die rolls in the high 64.
#[derive(Clone, Copy, Debug)]
pub struct PathMasks(pub [u128; WINDOWS]);

impl PathMasks {
    /// The masks for a die of the side owning `own`.
    #[inline]
    pub const fn new(occupied: Bitboard, own: Bitboard) -> PathMasks {
        PathMasks([
            window_bits(occupied, 0) as u128 | (window_bits(own, 0) as u128) << 64,
            window_bits(occupied, 1) as u128 | (window_bits(own, 1) as u128) << 64,
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duel::square::Square;

    #[test]
    fn a_set_comes_back_from_its_window() {
        let a8 = Bitboard::of(Square::at(0, 7).unwrap());
        let i8 = Bitboard::of(Square::at(8, 7).unwrap());
        let b2 = Bitboard::of(Square::at(1, 1).unwrap());
        assert_eq!(window_of(a8 | b2), 0, "A8 is the last square of rows 1-7");
        assert_eq!(window_of(i8 | b2), 1);
        for set in [a8 | b2, i8 | b2] {
            let w = window_of(set);
            assert_eq!(from_window(window_bits(set, w), w), set);
        }
    }
}
