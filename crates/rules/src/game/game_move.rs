//! What a game's move type must be, and how it states the most legal moves a position can have, which
//! sizes every move list without allocating.

use std::fmt::Debug;
use std::hash::Hash;

/// A move of some game: a small value, copied freely. `Default` is a null value that is never legal.
pub trait GameMove: Copy + Eq + Hash + Default + Debug + Send + Sync + 'static {
    /// Room for one `T` per move of the longest move list: `[T; N]`, where N bounds the number of
    /// legal moves of every position of the game. Each game writes down how it derived its N;
    /// [`crate::game::MoveList`] panics rather than exceed it.
    type PerMove<T: Copy>: MoveArray<T>;
}

/// A fixed array with one slot per move, as [`GameMove::PerMove`] gives it.
pub trait MoveArray<T>: Copy + AsRef<[T]> + AsMut<[T]> {
    /// The array with every slot set to `value`.
    fn filled(value: T) -> Self;
}

impl<T: Copy, const N: usize> MoveArray<T> for [T; N] {
    #[inline]
    fn filled(value: T) -> Self {
        [value; N]
    }
}

/// The most moves a list of `M` holds.
pub const fn capacity<M: GameMove>() -> usize {
    size_of::<M::PerMove<u8>>()
}

/// Small lists for the unit tests of move lists.
#[cfg(test)]
impl GameMove for u16 {
    type PerMove<T: Copy> = [T; 16];
}
