//! Dipole's one numbering of stacks on squares as a side sees them, which the net's inputs and the
//! observation planes both take: a stack is its class, whose it is (the perspective's or the other
//! side's) and its height, 2 × 12 classes, on its dark square as the perspective sees it (for Black
//! the board turned half round, so its checkers too run up the board). Its index is `class · 32 +
//! square`: the net's feature (the shipped net is trained on these) and, split again, the
//! observation's plane and square.

use super::square::{SQUARES, Square};
use super::stack::{MAX_HEIGHT, Stack};
use crate::game::Side;

/// The classes of stack: the perspective's of each height, then the other side's.
pub(super) const CLASSES: usize = 2 * MAX_HEIGHT as usize;

/// The number of indices: a class on each square.
pub(super) const COUNT: usize = CLASSES * SQUARES;

/// The index of `stack` on `sq` from `perspective`'s view.
#[inline]
pub(super) fn index(perspective: Side, stack: Stack, sq: Square) -> u16 {
    let owner = usize::from(stack.owner != perspective);
    let class = owner * usize::from(MAX_HEIGHT) + usize::from(stack.height) - 1;
    (class * SQUARES + sq.seen_by(perspective).index()) as u16
}

/// Where `index` lies in the observation planes: its class's plane, and the row and column of its
/// square as the perspective sees it.
pub(super) fn place(index: u16) -> (usize, usize, usize) {
    let (class, square) = (
        usize::from(index) / SQUARES,
        Square::from_index(usize::from(index) % SQUARES),
    );
    (class, square.row() as usize, square.column() as usize)
}
