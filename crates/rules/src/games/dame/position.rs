//! The Dame position: each side's men and kings, whose turn it is, the plies of the draw rule and
//! the Zobrist key.

use super::capturers;
use super::moves::Move;
use super::square::{Square, row_set};
use super::zobrist;
use crate::game::Side;

/// The king-move plies that draw: 50 consecutive plies in which only kings moved and nothing was
/// captured (the rules' tournament decision).
pub const KING_MOVES_DRAW: u32 = 50;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// A king (double stone) rather than a man.
    pub king: bool,
}

/// A Dame position, 32 bytes: small enough to copy on every move (see `make_move`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Each side's pieces, men and kings, one bit per dark square.
    pieces: [u32; 2],
    /// The kings of both sides.
    kings: u32,
    /// The side to move's pieces that can capture (see `capturers`): found from the rest whenever
    /// a position is made, once, where the check test, the generator and the code's decoding would
    /// each look for them.
    capturers: u32,
    /// Consecutive plies, up to this position, in which a king moved and nothing was captured
    /// (saturating: only counts up to [`KING_MOVES_DRAW`] matter).
    pub(super) king_plies: u8,
    pub(super) side: Side,
    pub(super) hash: u64,
}

impl Position {
    /// An empty board with White to move; the position text fills it and checks it.
    pub(super) fn empty() -> Position {
        Position {
            pieces: [0; 2],
            kings: 0,
            capturers: 0,
            king_plies: 0,
            side: Side::White,
            hash: 0,
        }
    }

    /// Puts `piece` on the empty square `sq`.
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.piece_at(sq).is_none());
        self.pieces[piece.side.index()] |= sq.bit();
        if piece.king {
            self.kings |= sq.bit();
        }
        self.hash ^= zobrist::piece_key(piece.side, piece.king, sq);
    }

    /// Sets the side to move and the king-move plies: the last step of building a position, after
    /// every piece is [`Position::put`].
    pub(super) fn set_state(&mut self, side: Side, king_plies: u32) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
        self.side = side;
        self.king_plies = king_plies.min(u32::from(u8::MAX)) as u8;
        self.capturers = self.find_capturers();
    }

    /// The side to move's pieces that can capture, i.e. must: a move is a capture if there are any.
    #[inline]
    pub fn capturers(&self) -> u32 {
        self.capturers
    }

    /// [`Position::capturers`] found afresh.
    #[inline]
    fn find_capturers(&self) -> u32 {
        let us = self.side;
        capturers::capturers(
            us,
            self.men(us),
            self.kings(us),
            self.pieces(us.opponent()),
            !self.occupied(),
        )
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let king = self.kings & sq.bit() != 0;
        Side::BOTH
            .into_iter()
            .find(|side| self.pieces[side.index()] & sq.bit() != 0)
            .map(|side| Piece { side, king })
    }

    /// `side`'s pieces, men and kings.
    #[inline]
    pub fn pieces(&self, side: Side) -> u32 {
        self.pieces[side.index()]
    }

    /// `side`'s men.
    #[inline]
    pub fn men(&self, side: Side) -> u32 {
        self.pieces[side.index()] & !self.kings
    }

    /// `side`'s kings.
    #[inline]
    pub fn kings(&self, side: Side) -> u32 {
        self.pieces[side.index()] & self.kings
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.pieces[0] | self.pieces[1]
    }

    /// The Zobrist key computed from scratch; equals `hash()` in every position.
    pub fn compute_hash(&self) -> u64 {
        let pieces = Square::all()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
            .fold(0, |key, (sq, p)| {
                key ^ zobrist::piece_key(p.side, p.king, sq)
            });
        match self.side {
            Side::White => pieces,
            Side::Black => pieces ^ zobrist::BLACK_TO_MOVE,
        }
    }
}

/// The position after the legal move `mv` of `position`. (An illegal one gives a meaningless position, but no
/// panic.)
pub(super) fn make_move(position: &Position, mv: Move) -> Position {
    let mut next = *position;
    let us = position.side;
    let them = us.opponent();
    let (from, to) = (mv.from(), mv.to());
    let king = position.kings & from.bit() != 0;
    // A man becomes a king only where the move ends (captures by men go forward only, so a man
    // that reaches the far row mid-sequence has nothing left to take anyway).
    let crowned = king || row_set(promotion_row(us)) & to.bit() != 0;

    next.pieces[us.index()] = (position.pieces[us.index()] & !from.bit()) | to.bit();
    next.kings = (position.kings & !from.bit()) | if crowned { to.bit() } else { 0 };
    next.hash ^= zobrist::piece_key(us, king, from) ^ zobrist::piece_key(us, crowned, to);

    let captured = mv.captured() & position.pieces[them.index()];
    for sq in Square::in_set(captured) {
        next.hash ^= zobrist::piece_key(them, position.kings & sq.bit() != 0, sq);
    }
    next.pieces[them.index()] &= !captured;
    next.kings &= !captured;

    next.king_plies = if king && captured == 0 {
        position.king_plies.saturating_add(1)
    } else {
        0
    };
    next.side = them;
    next.hash ^= zobrist::BLACK_TO_MOVE;
    next.capturers = next.find_capturers();
    next
}

/// The row (0-based) where `side`'s men are crowned: the far one.
#[inline]
pub const fn promotion_row(side: Side) -> i32 {
    match side {
        Side::White => 7,
        Side::Black => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_small() {
        assert_eq!(std::mem::size_of::<Position>(), 32);
    }

    #[test]
    fn the_kept_capturers_are_those_found_afresh_over_random_play() {
        use crate::game::Game;
        let mut capturing = 0;
        for pos in crate::game::random_positions(&Position::start(), 21, 150, 200) {
            assert_eq!(pos.capturers(), pos.find_capturers(), "{}", pos.to_text());
            capturing += usize::from(pos.capturers() != 0);
        }
        assert!(capturing > 500, "{capturing} positions with a capture due");
    }
}
