//! Sets of squares as 128-bit masks (bit i = square i; the top 56 bits stay clear).

use super::square::{SQUARES, Square};
use std::ops::ControlFlow;

/// A set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `sq`. Read from a table: wasm32 has no 128-bit shift by a variable
    /// amount (LLVM calls a library routine for one, and folds two 64-bit shifts back into it).
    #[inline]
    pub const fn of(sq: Square) -> Bitboard {
        SQUARE_SETS[sq.index()]
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.intersects(Bitboard::of(sq))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Number of squares in the set, one by one: faster than [`Bitboard::count`] for a set of a
    /// few squares where the processor has no population count instruction.
    #[inline]
    pub fn count_few(self) -> u32 {
        let (mut bits, mut count) = (self.0, 0);
        while bits != 0 {
            bits &= bits - 1;
            count += 1;
        }
        count
    }
}

impl Bitboard {
    /// Calls `f` with each square of the set from A1 upward, in two 64-bit loops: cheaper per
    /// square than the 128-bit iterator, for the hot loops.
    #[inline(always)]
    pub fn for_each_square(self, mut f: impl FnMut(Square)) {
        let _ = self.try_for_each_square(|sq| {
            f(sq);
            ControlFlow::Continue(())
        });
    }

    /// [`Bitboard::for_each_square`] until `f` breaks.
    #[inline(always)]
    pub fn try_for_each_square(
        self,
        mut f: impl FnMut(Square) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // One call site for `f`, so that it is inlined once.
        for (offset, mut bits) in [(0, self.0 as u64), (64, (self.0 >> 64) as u64)] {
            while bits != 0 {
                f(Square::from_index(offset + bits.trailing_zeros() as usize))?;
                bits &= bits - 1;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The set of each square alone, by index.
static SQUARE_SETS: [Bitboard; SQUARES] = {
    let mut sets = [Bitboard::EMPTY; SQUARES];
    let mut index = 0;
    while index < SQUARES {
        sets[index] = Bitboard(1 << index);
        index += 1;
    }
    sets
};

/// Every square of the board.
const BOARD: u128 = (1u128 << 72) - 1;
/// Column A: the squares a westward step leaves the board from.
const COLUMN_A: u128 = {
    let mut mask = 0u128;
    let mut row = 0;
    while row < 8 {
        mask |= 1 << (row * 9);
        row += 1;
    }
    mask
};
/// Column I: the squares an eastward step leaves the board from.
const COLUMN_I: u128 = COLUMN_A << 8;

impl Bitboard {
    /// The squares one king step (north, east, south or west) from any square of the set.
    #[inline]
    pub const fn king_steps(self) -> Bitboard {
        let b = self.0;
        Bitboard(((b << 9) & BOARD) | (b >> 9) | ((b & !COLUMN_I) << 1) | ((b & !COLUMN_A) >> 1))
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl std::ops::BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl std::ops::BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    /// Yields the squares from A1 upward, removing each.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }
}

/// Random sets for the tests of the path tables.
#[cfg(test)]
impl Bitboard {
    /// Every square of the board in the set with even odds.
    pub fn random(rng: &mut crate::game::Rng) -> Bitboard {
        Bitboard(u128::from(rng.next_u64()) | u128::from(rng.next_u64() as u8) << 64)
    }

    /// A random part of the set, as one side's pieces among all.
    pub fn random_part(self, rng: &mut crate::game::Rng) -> Bitboard {
        Bitboard(self.0 & u128::from(rng.next_u64()) << rng.below(9))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_steps_stay_on_the_board() {
        let a1 = Square::at(0, 0).unwrap();
        let steps: Vec<String> = Bitboard::of(a1)
            .king_steps()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(steps, ["B1", "A2"]);
        let i8 = Square::at(8, 7).unwrap();
        let steps: Vec<String> = Bitboard::of(i8)
            .king_steps()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(steps, ["I7", "H8"]);
        let e4 = Square::at(4, 3).unwrap();
        assert_eq!(Bitboard::of(e4).king_steps().count(), 4);
        let i4 = Square::at(8, 3).unwrap();
        assert!(!Bitboard::of(i4).king_steps().has(Square::at(0, 4).unwrap()));
    }
}
