//! Sets of squares of one board as 64-bit masks (bit i = square i).

use super::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const ALL: Bitboard = Bitboard(!0);
    /// The a-file.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// The h-file.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// The first rank.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// The eighth rank.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);

    /// The set holding only `sq`.
    #[inline]
    pub const fn of(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// The rank `rank` (0 = the first).
    #[inline]
    pub const fn rank(rank: i32) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set holds two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of a non-empty set (`h8` for the empty set).
    #[inline]
    pub const fn first(self) -> Square {
        Square::from_index(self.0.trailing_zeros() as usize)
    }

    /// The set moved one rank up (toward the eighth rank); squares falling off vanish.
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set moved one rank down (toward the first rank).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set moved one file toward h; the h-file falls off.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_H.0) << 1)
    }

    /// The set moved one file toward a; the a-file falls off.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !Bitboard::FILE_A.0) >> 1)
    }
}

/// The squares of a set, lowest first.
impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.first();
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_shifts_and_counts() {
        let sq = |name| Square::parse(name).unwrap();
        let set = Bitboard::of(sq("a1")) | Bitboard::of(sq("h8")) | Bitboard::of(sq("e4"));
        assert_eq!(set.collect::<Vec<_>>(), [sq("a1"), sq("e4"), sq("h8")]);
        assert_eq!(set.count(), 3);
        assert!(set.more_than_one() && !Bitboard::of(sq("e4")).more_than_one());
        assert_eq!(Bitboard::of(sq("h4")).east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::of(sq("a4")).west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::of(sq("e4")).north(), Bitboard::of(sq("e5")));
        assert_eq!(Bitboard::of(sq("e4")).south(), Bitboard::of(sq("e3")));
        assert_eq!(Bitboard::rank(7), Bitboard::RANK_8);
    }
}
