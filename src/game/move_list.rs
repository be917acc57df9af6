//! A fixed-capacity list of moves that move generation fills without allocating.

use std::ops::{Deref, DerefMut};

/// Room for the largest legal-move count of every hosted game.
///
/// Duel's bound is 356: a die showing t reaches every square at Manhattan distance t, the 4 straight ones
/// by one path and the other 4t−4 by two, so at most 8t−4 moves; eight dice showing 6 give 8·44, plus 4
/// king steps. The capacity leaves room for the games still to come.
pub const MOVE_LIST_CAPACITY: usize = 512;

/// A stack-allocated list of moves. Create it once and reuse it: generation clears it first.
#[derive(Clone)]
pub struct MoveList<M> {
    moves: [M; MOVE_LIST_CAPACITY],
    len: usize,
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); MOVE_LIST_CAPACITY],
            len: 0,
        }
    }

    /// Appends a move. Generators stay within [`MOVE_LIST_CAPACITY`] by construction.
    #[inline]
    pub fn push(&mut self, mv: M) {
        debug_assert!(self.len < MOVE_LIST_CAPACITY, "move list overflow");
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(M) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M> DerefMut for MoveList<M> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
}

impl<M: std::fmt::Debug> std::fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_clear_and_retain_keep_order() {
        let mut list = MoveList::<u16>::new();
        for i in 0..10 {
            list.push(i);
        }
        list.retain(|m| m % 3 != 0);
        assert_eq!(&*list, &[1, 2, 4, 5, 7, 8]);
        list.clear();
        assert!(list.is_empty());
    }
}
