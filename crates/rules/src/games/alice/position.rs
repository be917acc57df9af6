//! The Alice chess position: both boards as bitboards and as one byte per square, whose turn it is,
//! castling rights, the en-passant square, the counters and the Zobrist key; copy-make.

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::{Castling, CastlingRight};
use super::moves::{Move, MoveFlag};
use super::piece::{Kind, Occupant, Piece};
use super::sliders;
use super::square::{Board, Square};
use super::zobrist;
use crate::game::Side;

/// An Alice chess position, small enough to copy on every move (see `make_move`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// `kinds[board][kind]`: the pieces of that kind, both sides, on that board.
    kinds: [[Bitboard; 6]; 2],
    /// `colours[board][side]`: that side's pieces on that board.
    colours: [[Bitboard; 2]; 2],
    /// What each square holds on whichever board (a square is never occupied on both).
    squares: [Occupant; 64],
    /// Each side's king square; its board is in `squares`.
    kings: [Square; 2],
    pub(super) side: Side,
    castling: Castling,
    /// Set after a double step only when the side to move has a pawn beside the one that moved and
    /// the square passed over is empty on both boards, so that the key tells positions apart exactly
    /// when an en-passant capture could tell them apart.
    en_passant: Option<Square>,
    /// Plies since the last capture or pawn move (the 50-move rule counts 100).
    pub(super) halfmove: u32,
    /// The move number, 1 at the start, counted up after each Black move.
    fullmove: u32,
    pub(super) hash: u64,
}

impl Position {
    /// Empty boards, White to move, no rights; `fen` fills and checks it.
    pub(super) fn empty() -> Position {
        Position {
            kinds: [[Bitboard::EMPTY; 6]; 2],
            colours: [[Bitboard::EMPTY; 2]; 2],
            squares: [Occupant::EMPTY; 64],
            kings: [Square::from_index(0); 2],
            side: Side::White,
            castling: Castling::NONE,
            en_passant: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// Puts `piece` on the empty square `sq` of `board`.
    #[inline]
    pub(super) fn put(&mut self, sq: Square, piece: Piece, board: Board) {
        let bit = Bitboard::of(sq);
        self.kinds[board.index()][piece.kind.index()] |= bit;
        self.colours[board.index()][piece.side.index()] |= bit;
        self.squares[sq.index()] = Occupant::new(piece, board);
        if piece.kind == Kind::King {
            self.kings[piece.side.index()] = sq;
        }
        self.hash ^= zobrist::piece_key(piece, board, sq);
    }

    /// Takes away whatever stands on `sq` and returns it (nothing for an empty square).
    #[inline]
    pub(super) fn remove(&mut self, sq: Square) -> Occupant {
        let occupant = self.squares[sq.index()];
        if let Some((piece, board)) = occupant.get() {
            let bit = !Bitboard::of(sq);
            self.kinds[board.index()][piece.kind.index()] &= bit;
            self.colours[board.index()][piece.side.index()] &= bit;
            self.squares[sq.index()] = Occupant::EMPTY;
            self.hash ^= zobrist::piece_key(piece, board, sq);
        }
        occupant
    }

    /// Sets the side to move.
    pub(super) fn set_side(&mut self, side: Side) {
        self.hash ^= zobrist::side_key(self.side) ^ zobrist::side_key(side);
        self.side = side;
    }

    /// Sets the castling rights.
    pub(super) fn set_castling(&mut self, castling: Castling) {
        self.hash ^= zobrist::castling_key(self.castling) ^ zobrist::castling_key(castling);
        self.castling = castling;
    }

    /// Sets the en-passant square to `passed` if a capture there could be possible (see the field),
    /// and clears it otherwise.
    pub(super) fn set_en_passant(&mut self, passed: Option<Square>) {
        if let Some(old) = self.en_passant {
            self.hash ^= zobrist::en_passant_key(old);
        }
        self.en_passant = passed.filter(|&sq| self.could_take_en_passant(sq));
        if let Some(new) = self.en_passant {
            self.hash ^= zobrist::en_passant_key(new);
        }
    }

    /// Sets the counters.
    pub(super) fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Whether the side to move has a pawn, on either board, that attacks `passed`, and `passed` is
    /// empty on both boards (the square the capturing pawn goes to on its own board, and lands on on
    /// the other).
    fn could_take_en_passant(&self, passed: Square) -> bool {
        let us = self.side;
        let pawns = self.pieces(Board::A, us, Kind::Pawn) | self.pieces(Board::B, us, Kind::Pawn);
        self.squares[passed.index()].is_empty()
            && (pawns & attacks::pawn(us.opponent(), passed)).any()
    }

    /// What `sq` holds, on whichever board.
    #[inline]
    pub fn occupant(&self, sq: Square) -> Occupant {
        self.squares[sq.index()]
    }

    /// `side`'s pieces of `kind` on `board`.
    #[inline]
    pub fn pieces(&self, board: Board, side: Side, kind: Kind) -> Bitboard {
        self.kinds[board.index()][kind.index()] & self.colours[board.index()][side.index()]
    }

    /// The pieces of `kind`, both sides, on `board`.
    #[inline]
    pub fn kind_on(&self, board: Board, kind: Kind) -> Bitboard {
        self.kinds[board.index()][kind.index()]
    }

    /// `side`'s pieces on `board`.
    #[inline]
    pub fn side_on(&self, board: Board, side: Side) -> Bitboard {
        self.colours[board.index()][side.index()]
    }

    /// Every piece on `board`.
    #[inline]
    pub fn occupied(&self, board: Board) -> Bitboard {
        self.colours[board.index()][0] | self.colours[board.index()][1]
    }

    /// Every square occupied on either board.
    #[inline]
    pub fn occupied_anywhere(&self) -> Bitboard {
        self.occupied(Board::A) | self.occupied(Board::B)
    }

    /// `side`'s king square.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        self.kings[side.index()]
    }

    /// The board `side`'s king stands on.
    #[inline]
    pub fn king_board(&self, side: Side) -> Board {
        self.squares[self.kings[side.index()].index()].board()
    }

    /// The castling rights still held.
    #[inline]
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The square a pawn just passed over with a double step, when a capture there could be possible.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The move number.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key computed from scratch; equals `hash()` in every reachable position.
    pub fn compute_hash(&self) -> u64 {
        let mut key = zobrist::side_key(self.side) ^ zobrist::castling_key(self.castling);
        if let Some(sq) = self.en_passant {
            key ^= zobrist::en_passant_key(sq);
        }
        for sq in Square::all() {
            if let Some((piece, board)) = self.squares[sq.index()].get() {
                key ^= zobrist::piece_key(piece, board, sq);
            }
        }
        key
    }

    /// The pieces among `candidates` (on `board`) that attack `sq` when `occupied` holds the pieces of
    /// `board`: every kind's attacks are looked up from `sq` and met with the pieces of that kind.
    #[inline]
    pub fn attackers(
        &self,
        board: Board,
        sq: Square,
        occupied: Bitboard,
        candidates: Bitboard,
    ) -> Bitboard {
        let b = board.index();
        let k = &self.kinds[b];
        let diagonal = k[Kind::Bishop.index()] | k[Kind::Queen.index()];
        let straight = k[Kind::Rook.index()] | k[Kind::Queen.index()];
        let white_pawns = attacks::pawn(Side::Black, sq) & self.colours[b][0];
        let black_pawns = attacks::pawn(Side::White, sq) & self.colours[b][1];
        candidates
            & ((attacks::knight(sq) & k[Kind::Knight.index()])
                | (attacks::king(sq) & k[Kind::King.index()])
                | ((white_pawns | black_pawns) & k[Kind::Pawn.index()])
                | (sliders::bishop(sq, occupied) & diagonal)
                | (sliders::rook(sq, occupied) & straight))
    }

    /// Whether `by` attacks `sq` on `board`, given that board's pieces.
    #[inline]
    pub fn is_attacked(&self, board: Board, sq: Square, by: Side) -> bool {
        self.attackers(board, sq, self.occupied(board), self.side_on(board, by))
            .any()
    }

    /// The enemy pieces giving check to the side to move: those on its king's board attacking it.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let us = self.side;
        let board = self.king_board(us);
        self.attackers(
            board,
            self.king(us),
            self.occupied(board),
            self.side_on(board, us.opponent()),
        )
    }

    /// Whether `side`'s king is attacked on the board it stands on.
    #[inline]
    pub fn king_attacked(&self, side: Side) -> bool {
        self.is_attacked(self.king_board(side), self.king(side), side.opponent())
    }
}

/// The position after `mv`, which must be legal in `position`. (Any other move gives a
/// meaningless position, but no panic.)
pub(super) fn make_move(position: &Position, mv: Move) -> Position {
    let mut next = *position;
    let us = position.side;
    let (from, to) = (mv.from(), mv.to());
    let mover = next.remove(from);
    let flag = mv.flag();
    let captured = match flag {
        // The captured pawn stands beside the start square, on the destination's file.
        MoveFlag::EnPassant => {
            next.remove(Square::from_index((from.index() & !7) | to.file() as usize))
        }
        _ => next.remove(to),
    };
    if let Some((piece, board)) = mover.get() {
        let kind = mv.promotion().unwrap_or(piece.kind);
        next.put(to, Piece::new(piece.side, kind), board.other());
    }
    if flag == MoveFlag::Castle
        && let Some(right) = CastlingRight::by_king_move(from, to)
        && let Some((piece, board)) = next.remove(right.rook_from()).get()
    {
        next.put(right.rook_to(), piece, board.other());
    }
    next.set_castling(position.castling.after_move(from, to));
    next.set_side(us.opponent());
    let passed =
        (flag == MoveFlag::DoubleStep).then(|| Square::from_index((from.index() + to.index()) / 2));
    next.set_en_passant(passed);
    next.halfmove = if mover.kind() == Kind::Pawn || !captured.is_empty() {
        0
    } else {
        position.halfmove.saturating_add(1)
    };
    if us == Side::Black {
        next.fullmove = position.fullmove.saturating_add(1);
    }
    next
}
