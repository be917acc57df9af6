//! Dame's one numbering of pieces on squares as a side sees them, which the net's inputs and the
//! observation planes both take: a piece is its class, whose it is (the perspective's or the other
//! side's) and whether it is a man or a king, 2 × 2 classes, on its dark square as the perspective
//! sees it (for Black the board turned half round, so its men too run up the board). Its index is
//! `class · 32 + square`: the net's feature (the shipped net is trained on these) and, split again,
//! the observation's plane and square. Square sets are turned whole, which is how the net's inputs
//! are listed.

use super::square::{SQUARES, Square};
use crate::game::Side;

/// The classes of piece: the perspective's men and kings, then the other side's.
pub(super) const CLASSES: usize = 2 * 2;

/// The number of indices: a class on each square.
pub(super) const COUNT: usize = CLASSES * SQUARES;

/// The first index of the pieces of `owner` (0: the perspective's, 1: the other side's), men (`king`
/// 0) or kings (1): a square adds its index as the perspective sees it.
pub(super) const fn group(owner: usize, king: usize) -> usize {
    (owner * 2 + king) * SQUARES
}

/// The square set `set` as `perspective` sees it: for Black the board turned half round (square `s`
/// becomes `31 - s`), which reverses the set's bits.
#[inline]
pub(super) const fn seen_set(set: u32, perspective: Side) -> u32 {
    match perspective {
        Side::White => set,
        Side::Black => set.reverse_bits(),
    }
}

/// White's index `index` as Black sees it: the other owner (the owner's bit is the other side's
/// first group, [`group`]`(1, 0)`) and the board turned half round (square `s` becomes `31 - s`,
/// that is `s ^ 31`).
#[inline(always)]
pub(super) const fn turned(index: u16) -> u16 {
    index ^ (group(1, 0) | (SQUARES - 1)) as u16
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
