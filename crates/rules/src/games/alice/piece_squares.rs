//! Alice chess's one numbering of pieces on squares as a side sees them, which the net's inputs
//! and the observation planes both take: a piece is its class, whose it is (the perspective's or
//! the other side's), which board it stands on and its kind, 2 × 2 × 6 classes, on its square as
//! the perspective sees it (for Black the ranks turned round). Its index is `class · 64 + square`:
//! the net's feature (the shipped net is trained on these) and, split again, the observation's
//! plane and square.

use super::bitboard::Bitboard;
use super::piece::{Kind, Occupant, Piece};
use super::square::{Board, Square};
use crate::game::Side;

/// The classes of piece: owner × board × kind.
pub(super) const CLASSES: usize = 2 * 2 * 6;

/// The number of indices: a class on each square.
pub(super) const COUNT: usize = CLASSES * 64;

/// Where the indices of the pieces of one owner (the perspective's, or `theirs`), board and kind
/// start: ((owner · 2 + board) · 6 + kind) · 64, then the square as the perspective sees it.
#[inline]
pub(super) const fn group(theirs: bool, board: Board, kind: Kind) -> usize {
    ((theirs as usize * 2 + board.index()) * 6 + kind.index()) * 64
}

/// The index of the piece `occupant` (not an empty square) on `sq` from `perspective`'s view.
#[inline]
pub(super) fn index(perspective: Side, occupant: Occupant, sq: Square) -> u16 {
    FEATURE_BASE[perspective.index()][occupant.code()] + seen(perspective, sq) as u16
}

/// The number of `sq` as `perspective` sees it, `rank · 8 + file` from its side: for Black the
/// ranks turned round (the square's rank bits flipped).
#[inline]
pub(super) const fn seen(perspective: Side, sq: Square) -> usize {
    match perspective {
        Side::White => sq.index(),
        Side::Black => sq.index() ^ 56,
    }
}

/// The squares of `set` as `perspective` sees them ([`seen`]): for Black a byte swap, which turns
/// the ranks round and keeps the squares ascending.
#[inline]
pub(super) const fn seen_set(set: Bitboard, perspective: Side) -> Bitboard {
    match perspective {
        Side::White => set,
        Side::Black => Bitboard(set.0.swap_bytes()),
    }
}

/// Where `index` lies in the observation planes: its class's plane (`(owner · 2 + board) · 6 +
/// kind`), and the rank and file of its square as the perspective sees it.
pub(super) fn place(index: u16) -> (usize, usize, usize) {
    let (class, square) = (usize::from(index) / 64, usize::from(index) % 64);
    (class, square / 8, square % 8)
}

/// `[perspective][occupant code]`: where the occupant's indices start ([`group`]), its owner, board
/// and kind folded in. A table, as every move's changes look a few of them up for each perspective.
const FEATURE_BASE: [[u16; Occupant::CODES]; 2] = {
    let mut table = [[0; Occupant::CODES]; 2];
    let sides = [Side::White, Side::Black];
    let mut perspective = 0;
    while perspective < 2 {
        let mut owner = 0;
        while owner < 2 {
            let mut k = 0;
            while k < 6 {
                let mut b = 0;
                while b < 2 {
                    let (kind, board) = (Kind::ALL[k], Board::BOTH[b]);
                    let occupant = Occupant::new(Piece::new(sides[owner], kind), board);
                    table[perspective][occupant.code()] =
                        group(owner != perspective, board, kind) as u16;
                    b += 1;
                }
                k += 1;
            }
            owner += 1;
        }
        perspective += 1;
    }
    table
};
