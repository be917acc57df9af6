//! Duel's one numbering of pieces on squares as a side sees them, which the net's inputs and the
//! observation planes both take: a piece is whose it is (the perspective's or the other side's) and
//! what it is (a die in one of its 24 orientations, or the king), on its square, all seen from the
//! perspective's side: for Black the board is turned half round, which keeps a die a die (north
//! and south swap, east and west swap, the top stays). Its index is `(owner · 72 + square) · 25 +
//! kind`: the net's feature (the shipped net is trained on these) and, split again, the
//! observation's plane (`owner · 25 + kind`) and square.

use super::orientation::{ORIENTATIONS, Orientation};
use super::piece::{PIECE_CODES, Piece};
use super::square::{COLUMNS, SQUARES, Square};
use crate::game::Side;

/// What a piece can be: the 24 orientations of a die, then the king.
pub(super) const KINDS: usize = ORIENTATIONS + 1;

/// What each kind (a die's orientation's index, or the king) is on the board turned half round:
/// a table, as the listing runs for every evaluation.
const TURNED: [u8; KINDS] = {
    let mut table = [ORIENTATIONS as u8; KINDS];
    let mut kind = 0;
    while kind < ORIENTATIONS {
        let o = Orientation::from_index(kind);
        table[kind] = match Orientation::new(o.top(), 7 - o.north()) {
            Some(turned) => turned.index() as u8,
            None => panic!("a turned die is a die"),
        };
        kind += 1;
    }
    table
};

/// The index of `piece` (a die or a king) on `sq` from `perspective`'s view: its owner (the
/// perspective's own or the other side's), then its square and its kind, both turned for Black.
#[inline]
pub(super) fn index(perspective: Side, piece: Piece, sq: Square) -> u16 {
    FEATURE_BASE[perspective.index()][piece.code()] + (seen(perspective, sq) * KINDS) as u16
}

/// The number of `sq` as `perspective` sees it, `row · 9 + column` from its side: for Black the
/// board turned half round (`71 − square`).
#[inline]
pub(super) const fn seen(perspective: Side, sq: Square) -> usize {
    match perspective {
        Side::White => sq.index(),
        Side::Black => SQUARES - 1 - sq.index(),
    }
}

/// Where `index` lies in the observation planes: the plane of its owner and kind (`owner · 25 +
/// kind`), and the row and column of its square as the perspective sees it.
pub(super) fn place(index: u16) -> (usize, usize, usize) {
    let index = usize::from(index);
    let (owner, square, kind) = (
        index / (SQUARES * KINDS),
        index / KINDS % SQUARES,
        index % KINDS,
    );
    let columns = usize::from(COLUMNS);
    (owner * KINDS + kind, square / columns, square % columns)
}

/// `[perspective][piece code]`: the index of the piece on the first square as the perspective
/// sees it, its owner and its kind (turned for Black) folded in; a square adds `square × KINDS`. A
/// table, as every move's changes look two or three of them up for each perspective.
const FEATURE_BASE: [[u16; PIECE_CODES]; 2] = {
    let mut table = [[0; PIECE_CODES]; 2];
    let mut perspective = 0;
    while perspective < 2 {
        let mut owner = 0;
        while owner < 2 {
            let side = if owner == 0 { Side::White } else { Side::Black };
            let mut kind = 0;
            while kind < KINDS {
                let piece = if kind < ORIENTATIONS {
                    Piece::die(side, Orientation::from_index(kind))
                } else {
                    Piece::king(side)
                };
                let seen = if perspective == 0 {
                    kind
                } else {
                    TURNED[kind] as usize
                };
                let theirs = (owner != perspective) as usize;
                table[perspective][piece.code()] = (theirs * SQUARES * KINDS + seen) as u16;
                kind += 1;
            }
            owner += 1;
        }
        perspective += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_keeps_the_top_swaps_north_with_south_and_twice_is_no_turn() {
        for (kind, &turned) in TURNED.iter().enumerate().take(ORIENTATIONS) {
            let (o, turned) = (
                Orientation::from_index(kind),
                Orientation::from_index(usize::from(turned)),
            );
            assert_eq!((turned.top(), turned.north()), (o.top(), o.south()));
            assert_eq!(usize::from(TURNED[turned.index()]), kind);
        }
        assert_eq!(usize::from(TURNED[ORIENTATIONS]), ORIENTATIONS);
    }
}
