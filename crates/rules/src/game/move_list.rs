//! A fixed-capacity list of moves that move generation fills without allocating.

use super::game_move::{GameMove, MoveArray, capacity};
use std::ops::{Deref, DerefMut};

/// A stack-allocated list of moves, as long as the game's bound ([`GameMove::PerMove`]). Create it
/// once and reuse it: generation clears it first.
#[derive(Clone)]
pub struct MoveList<M: GameMove> {
    moves: M::PerMove<M>,
    len: usize,
}

impl<M: GameMove> MoveList<M> {
    /// An empty list.
    pub fn new() -> Self {
        MoveList {
            moves: MoveArray::filled(M::default()),
            len: 0,
        }
    }

    /// The most moves the list holds: the game's bound on the legal moves of a position.
    pub const fn capacity() -> usize {
        capacity::<M>()
    }

    /// Appends a move. Generators stay within the game's bound by construction; a generator that
    /// breaks it panics here, naming the bound, instead of writing past it.
    #[inline]
    pub fn push(&mut self, mv: M) {
        match self.moves.as_mut().get_mut(self.len) {
            Some(slot) => *slot = mv,
            None => overflow(Self::capacity()),
        }
        self.len += 1;
    }

    /// Appends moves through an [`Appender`] given to `fill`, and returns what `fill` returns. The
    /// appender keeps the length apart from the stored moves, so that the compiler may hold it in a
    /// register: through the list, each stored move would make it reload the length.
    #[inline(always)]
    pub fn append<R>(&mut self, fill: impl FnOnce(&mut Appender<'_, M>) -> R) -> R {
        let mut appender = Appender {
            slots: self.moves.as_mut(),
            len: self.len,
        };
        let result = fill(&mut appender);
        self.len = appender.len;
        result
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(M) -> bool) {
        let moves = self.moves.as_mut();
        let mut kept = 0;
        for i in 0..self.len {
            let mv = moves[i];
            if keep(mv) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

/// The panic of a generator that broke its game's bound: a bug in the game, never bad input.
#[cold]
#[inline(never)]
fn overflow(capacity: usize) -> ! {
    panic!("move list overflow: more than {capacity} moves, the game's stated bound")
}

/// Appends to a [`MoveList`] (see [`MoveList::append`]).
pub struct Appender<'a, M> {
    slots: &'a mut [M],
    len: usize,
}

impl<M: GameMove> Appender<'_, M> {
    /// Appends a move, as [`MoveList::push`] does.
    #[inline(always)]
    pub fn push(&mut self, mv: M) {
        match self.slots.get_mut(self.len) {
            Some(slot) => *slot = mv,
            None => overflow(self.slots.len()),
        }
        self.len += 1;
    }
}

impl<M: GameMove> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: GameMove> Deref for MoveList<M> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves.as_ref()[..self.len]
    }
}

impl<M: GameMove> DerefMut for MoveList<M> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.moves.as_mut()[..self.len]
    }
}

impl<M: GameMove> std::fmt::Debug for MoveList<M> {
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

    #[test]
    fn a_list_holds_exactly_its_capacity() {
        let mut list = MoveList::<u16>::new();
        assert_eq!(MoveList::<u16>::capacity(), 16);
        for i in 0..16 {
            list.push(i);
        }
        assert_eq!(list.len(), 16);
    }

    #[test]
    fn an_appender_adds_after_the_moves_there() {
        let mut list = MoveList::<u16>::new();
        list.push(7);
        let returned = list.append(|appender| {
            for i in 0..3 {
                appender.push(i);
            }
            "done"
        });
        assert_eq!(returned, "done");
        assert_eq!(&*list, &[7, 0, 1, 2]);
    }

    #[test]
    #[should_panic(expected = "move list overflow: more than 16 moves")]
    fn appending_past_the_capacity_panics() {
        let mut list = MoveList::<u16>::new();
        list.append(|appender| (0..17).for_each(|i| appender.push(i)));
    }

    #[test]
    #[should_panic(expected = "move list overflow: more than 16 moves")]
    fn pushing_past_the_capacity_panics() {
        let mut list = MoveList::<u16>::new();
        for i in 0..17 {
            list.push(i);
        }
    }
}
