//! The Dipole position: the stacks, whose turn it is and the Zobrist key.

use super::moves::{Move, MoveKind};
use super::square::{SQUARES, Square};
use super::stack::Stack;
use super::zobrist;
use crate::game::Side;

/// A Dipole position, 56 bytes: small enough to copy on every move (see `make_move`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The height of the stack on each dark square, 0 when empty; the owner is in `occupied`.
    heights: [u8; SQUARES],
    /// The squares holding each side's stacks, one bit per dark square.
    occupied: [u32; 2],
    /// Each side's checkers on the board, kept so that the end of the game is one comparison.
    checkers: [u8; 2],
    pub(super) side: Side,
    pub(super) hash: u64,
}

impl Position {
    /// An empty board with White to move; `fen` fills it and checks it.
    pub(super) fn empty() -> Position {
        Position {
            heights: [0; SQUARES],
            occupied: [0; 2],
            checkers: [0; 2],
            side: Side::White,
            hash: 0,
        }
    }

    /// Puts `stack` on the empty square `sq`.
    pub(super) fn put(&mut self, sq: Square, stack: Stack) {
        debug_assert_eq!(self.heights[sq.index()], 0);
        let owner = stack.owner.index();
        self.heights[sq.index()] = stack.height;
        self.occupied[owner] |= sq.bit();
        self.checkers[owner] = self.checkers[owner].saturating_add(stack.height);
        self.hash ^= zobrist::stack_key(stack.owner, stack.height, sq);
    }

    /// Sets the side to move.
    pub(super) fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
        self.side = side;
    }

    /// The stack on `sq`, if any.
    #[inline]
    pub fn stack_at(&self, sq: Square) -> Option<Stack> {
        let height = self.heights[sq.index()];
        let owner = if self.occupied[1] & sq.bit() != 0 {
            Side::Black
        } else {
            Side::White
        };
        (height > 0).then_some(Stack { owner, height })
    }

    /// The height of the stack on `sq`, 0 when the square is empty.
    #[inline]
    pub fn height(&self, sq: Square) -> u8 {
        self.heights[sq.index()]
    }

    /// The squares of `side`'s stacks as a set of bits (bit i = square index i).
    #[inline]
    pub fn occupied_by(&self, side: Side) -> u32 {
        self.occupied[side.index()]
    }

    /// How many checkers `side` has on the board.
    #[inline]
    pub fn checkers(&self, side: Side) -> u8 {
        self.checkers[side.index()]
    }

    /// The Zobrist key computed from scratch; equals `hash()` in every reachable position.
    pub fn compute_hash(&self) -> u64 {
        let stacks = Square::all()
            .filter_map(|sq| self.stack_at(sq).map(|s| (sq, s)))
            .fold(0, |key, (sq, s)| {
                key ^ zobrist::stack_key(s.owner, s.height, sq)
            });
        match self.side {
            Side::White => stacks,
            Side::Black => stacks ^ zobrist::BLACK_TO_MOVE,
        }
    }

    /// Takes the top `count` checkers off `side`'s stack on `from`.
    #[inline]
    fn lift(&mut self, side: Side, from: Square, count: u8) {
        let height = self.heights[from.index()];
        let left = height.saturating_sub(count);
        self.heights[from.index()] = left;
        self.hash ^= zobrist::stack_key(side, height, from) ^ zobrist::stack_key(side, left, from);
        if left == 0 {
            self.occupied[side.index()] &= !from.bit();
        }
    }
}

/// The position after the legal move `mv` of `position`. (An illegal one gives a meaningless
/// position, but no panic: the arithmetic saturates.)
pub(super) fn make_move(position: &Position, mv: Move) -> Position {
    let mut next = *position;
    let us = position.side;
    let them = us.opponent();
    match mv.kind() {
        MoveKind::Null | MoveKind::Pass => {}
        MoveKind::BearOff { from, count } => {
            next.lift(us, from, count);
            next.checkers[us.index()] = next.checkers[us.index()].saturating_sub(count);
        }
        MoveKind::Step { from, to, count } => {
            next.lift(us, from, count);
            let below = position.heights[to.index()];
            let landed = if position.occupied[them.index()] & to.bit() != 0 {
                // A capture: the whole enemy stack leaves the game.
                next.occupied[them.index()] ^= to.bit();
                next.checkers[them.index()] = next.checkers[them.index()].saturating_sub(below);
                next.hash ^= zobrist::stack_key(them, below, to);
                count
            } else {
                // A plain move (below = 0) or a merge onto our own stack.
                next.hash ^= zobrist::stack_key(us, below, to);
                below.saturating_add(count)
            };
            next.heights[to.index()] = landed;
            next.occupied[us.index()] |= to.bit();
            next.hash ^= zobrist::stack_key(us, landed, to);
        }
    }
    next.side = them;
    next.hash ^= zobrist::BLACK_TO_MOVE;
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_small() {
        assert_eq!(std::mem::size_of::<Position>(), 56);
    }
}
