//! The per-ply scratch space of a search thread, allocated once per search so that nodes allocate
//! nothing: the move list, its ordering scores, the killers and the principal variation
//! below the ply.

use super::score::MAX_PLY;
use duel_rules::game::{GameMove, MoveArray, MoveList};
use std::ops::{Deref, DerefMut};

/// What one ply of the search keeps between its children.
pub(super) struct Frame<M: GameMove> {
    /// The legal moves of the node being searched at this ply.
    pub moves: MoveList<M>,
    /// Ordering scores, index for index with `moves`.
    pub scores: PerMove<M, i32>,
    /// The two latest quiet moves that caused a cutoff at this ply.
    pub killers: [M; 2],
    /// Set while the node at this ply is the reply to a null move, which must not pass again: two
    /// passes in a row would only search the same position shallower.
    pub after_null: bool,
    /// Whether the node at this ply is in check, when its parent already tested it (the parent asks
    /// whether each move gives check); `None` otherwise. Set and cleared by the parent around its
    /// searches of the child, like `after_null`.
    pub known_check: Option<bool>,
    /// Set while the node at this ply searches itself without this move (the singular extension's
    /// test search); `None` otherwise.
    pub excluded: Option<M>,
    /// The principal variation from this ply on (its first `pv_len` moves).
    pv: [M; MAX_PLY],
    pv_len: usize,
}

impl<M: GameMove> Frame<M> {
    /// An empty frame.
    pub fn new() -> Self {
        Frame {
            moves: MoveList::new(),
            scores: PerMove(MoveArray::filled(0)),
            killers: [M::default(); 2],
            after_null: false,
            known_check: None,
            excluded: None,
            pv: [M::default(); MAX_PLY],
            pv_len: 0,
        }
    }

    /// Forgets the principal variation: a node starts without one.
    #[inline]
    pub fn clear_pv(&mut self) {
        self.pv_len = 0;
    }

    /// Sets the principal variation to `mv` followed by the child's.
    #[inline]
    pub fn set_pv(&mut self, mv: M, child: Option<&Frame<M>>) {
        self.pv[0] = mv;
        let tail = child.map_or(&[][..], |c| c.pv());
        let len = tail.len().min(MAX_PLY - 1);
        self.pv[1..=len].copy_from_slice(&tail[..len]);
        self.pv_len = len + 1;
    }

    /// The principal variation from this ply on.
    #[inline]
    pub fn pv(&self) -> &[M] {
        &self.pv[..self.pv_len]
    }
}

/// Room for one value per move of the longest move list of the game; reads as a slice.
pub(super) struct PerMove<M: GameMove, T: Copy>(M::PerMove<T>);

impl<M: GameMove, T: Copy> Deref for PerMove<M, T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.0.as_ref()
    }
}

impl<M: GameMove, T: Copy> DerefMut for PerMove<M, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.0.as_mut()
    }
}

/// One frame per ply from the root (ply 0) to [`MAX_PLY`].
pub(super) fn new_stack<M: GameMove>() -> Vec<Frame<M>> {
    (0..=MAX_PLY).map(|_| Frame::new()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move of no game, numbered, for the frames alone.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
    struct Numbered(u16);

    impl GameMove for Numbered {
        type PerMove<T: Copy> = [T; 16];
    }

    #[test]
    fn pv_is_the_move_then_the_childs_pv() {
        let mut stack = new_stack::<Numbered>();
        let (parent, rest) = stack.split_first_mut().expect("the stack is not empty");
        rest[0].set_pv(Numbered(2), None);
        parent.set_pv(Numbered(1), rest.first());
        assert_eq!(parent.pv(), &[Numbered(1), Numbered(2)]);
        parent.clear_pv();
        assert!(parent.pv().is_empty());
    }
}
