//! Legal move generation.
//!
//! A piece moves by orthodox rules on its own board among that board's pieces, to a square that is
//! empty on the other board, and passes to the other board. So the destinations of every piece on board
//! X are the squares empty on both boards or holding an enemy piece on X (a square is never occupied on
//! both boards). Legality then depends only on the mover's king board K:
//!
//! - A piece coming from the other board lands on K and removes nothing there: it can only block. Out
//!   of check every such move is legal; in a single check by a slider it must land between the king and
//!   the checker; in any other check it cannot help.
//! - A piece leaving K (captures included: the capturer does not stay on K) only removes pieces from K:
//!   it can never block, and it exposes the king exactly when the start square or the captured square
//!   lies between the king and an enemy slider of K ("sensitive" squares). Those moves, and every move
//!   from K while in check, are tested by recomputing the king's attackers on K without the two pieces.
//! - The king may not go to a square attacked on K (its own square emptied) nor on the board it lands
//!   on.
//! - En passant (the captured pawn may stand on either board) and castling are rare enough to be tested
//!   by making them.
//!
//! Generation writes into a [`MoveSink`], so the same code fills a move list and, for perft's last ply,
//! only counts (whole target sets at once, by population count).

use super::attacks;
use super::bitboard::Bitboard;
use super::castling::CastlingRight;
use super::moves::{Move, MoveFlag};
use super::piece::Kind;
use super::position::Position;
use super::sliders;
use super::square::{Board, Square};
use crate::game::{Game, MoveList, Side};

/// Where generated moves go.
pub(super) trait MoveSink {
    /// One move.
    fn push(&mut self, mv: Move);

    /// A plain move from `from` to every square of `targets`.
    #[inline]
    fn push_set(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    /// A pawn move of kind `flag` to every square of `targets`, each from the square `back` indices
    /// before it (`to - back`).
    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, back: i32, flag: MoveFlag) {
        for to in targets {
            let from = Square::from_index((to.index() as i32 - back) as usize);
            self.push(Move::new(from, to, flag));
        }
    }

    /// The four promotions of a pawn moving to every square of `targets`, each from `to - back`.
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, back: i32) {
        for to in targets {
            let from = Square::from_index((to.index() as i32 - back) as usize);
            for kind in Kind::PROMOTIONS {
                self.push(Move::new(from, to, MoveFlag::Promotion(kind)));
            }
        }
    }
}

impl MoveSink for MoveList<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        MoveList::push(self, mv);
    }
}

/// Counts moves without storing them.
#[derive(Default)]
pub(super) struct Counter(pub u64);

impl MoveSink for Counter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn push_set(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, _: i32, _: MoveFlag) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 += 4 * u64::from(targets.count());
    }
}

/// Passes on only the moves from the king's board that leave the king unattacked there.
struct KingSafe<'a, S> {
    sink: &'a mut S,
    pos: &'a Position,
    board: Board,
    king: Square,
    /// The pieces of the king's board before the move.
    occupied: Bitboard,
    /// The enemy pieces of the king's board before the move.
    enemies: Bitboard,
}

impl<S: MoveSink> KingSafe<'_, S> {
    /// Whether the king stays unattacked when the piece on `from` and whatever stands on `to` leave
    /// the king's board.
    #[inline]
    fn safe(&self, from: Square, to: Square) -> bool {
        let gone = Bitboard::of(from) | Bitboard::of(to);
        self.pos
            .attackers(
                self.board,
                self.king,
                self.occupied & !gone,
                self.enemies & !gone,
            )
            .is_empty()
    }
}

impl<S: MoveSink> MoveSink for KingSafe<'_, S> {
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.safe(mv.from(), mv.to()) {
            self.sink.push(mv);
        }
    }
}

/// Which destinations a generation wants, as masks on every destination: all of them, or only those
/// of tactical moves (captures, including en passant, and promotions).
#[derive(Clone, Copy)]
struct Wanted {
    /// Destinations of piece moves, king steps and pawn captures.
    targets: Bitboard,
    /// Destinations of pawn pushes.
    pushes: Bitboard,
    /// Whether castling is wanted.
    castling: bool,
}

impl Wanted {
    /// Every move.
    const ALL: Wanted = Wanted {
        targets: Bitboard::ALL,
        pushes: Bitboard::ALL,
        castling: true,
    };

    /// Captures and promotions: destinations holding an enemy piece, pushes to the last rank.
    fn tactical(pos: &Position) -> Wanted {
        let them = pos.side_to_move().opponent();
        Wanted {
            targets: pos.side_on(Board::A, them) | pos.side_on(Board::B, them),
            pushes: Bitboard::RANK_1 | Bitboard::RANK_8,
            castling: false,
        }
    }
}

/// Writes every legal move of `pos` into `sink`.
#[inline]
pub(super) fn generate<S: MoveSink>(pos: &Position, sink: &mut S) {
    generate_wanted(pos, Wanted::ALL, sink);
}

/// Writes the legal captures and promotions of `pos` into `sink`, in the order [`generate`] gives
/// them.
pub(super) fn generate_tactical<S: MoveSink>(pos: &Position, sink: &mut S) {
    generate_wanted(pos, Wanted::tactical(pos), sink);
}

/// Writes the legal moves of `pos` to the destinations `wanted` asks for into `sink`.
#[inline]
fn generate_wanted<S: MoveSink>(pos: &Position, wanted: Wanted, sink: &mut S) {
    let us = pos.side_to_move();
    let them = us.opponent();
    let king = pos.king(us);
    let kb = pos.king_board(us);
    let ob = kb.other();
    let free = !pos.occupied_anywhere();
    let occupied_k = pos.occupied(kb);
    let enemies_k = pos.side_on(kb, them);
    let targets_k = free | enemies_k;
    let targets_o = free | pos.side_on(ob, them);
    let checkers = pos.attackers(kb, king, occupied_k, enemies_k);

    // King steps: unattacked on the board it leaves (its own square emptied) and on the one it lands
    // on.
    let without_king = occupied_k & !Bitboard::of(king);
    let occupied_o = pos.occupied(ob);
    let enemies_o = pos.side_on(ob, them);
    let steps = attacks::king(king) & targets_k & wanted.targets;
    for to in steps {
        if pos.attackers(kb, to, without_king, enemies_k).is_empty()
            && pos.attackers(ob, to, occupied_o, enemies_o).is_empty()
        {
            sink.push(Move::normal(king, to));
        }
    }
    en_passant(pos, sink);
    if checkers.more_than_one() {
        return;
    }

    let own_k = pos.side_on(kb, us) & !Bitboard::of(king);
    let mut safe = KingSafe {
        sink,
        pos,
        board: kb,
        king,
        occupied: occupied_k,
        enemies: enemies_k,
    };
    if checkers.any() {
        let checker = checkers.first();
        let blocks = targets_o & attacks::between(king, checker);
        board_moves(pos, ob, blocks, wanted, safe.sink);
        // From the king's board only taking the checker can help (and may uncover another line).
        board_moves_from(pos, kb, own_k, targets_k & checkers, wanted, &mut safe);
        return;
    }

    board_moves(pos, ob, targets_o, wanted, safe.sink);
    let straight = (pos.kind_on(kb, Kind::Rook) | pos.kind_on(kb, Kind::Queen)) & enemies_k;
    let diagonal = (pos.kind_on(kb, Kind::Bishop) | pos.kind_on(kb, Kind::Queen)) & enemies_k;
    let snipers = (attacks::rook_rays(king) & straight) | (attacks::bishop_rays(king) & diagonal);
    let mut sensitive = Bitboard::EMPTY;
    for sniper in snipers {
        sensitive |= attacks::between(king, sniper);
    }
    let risky = sensitive & enemies_k;
    let calm = own_k & !sensitive;
    board_moves_from(pos, kb, calm, targets_k & !risky, wanted, safe.sink);
    if risky.any() {
        board_moves_from(pos, kb, calm, targets_k & risky, wanted, &mut safe);
    }
    if (own_k & sensitive).any() {
        board_moves_from(pos, kb, own_k & sensitive, targets_k, wanted, &mut safe);
    }
    if kb == Board::A && wanted.castling {
        castling(pos, safe.sink);
    }
}

/// The moves of every piece of the side to move on `board` except its king, to squares of `allowed`
/// that `wanted` asks for.
#[inline]
fn board_moves<S: MoveSink>(
    pos: &Position,
    board: Board,
    allowed: Bitboard,
    wanted: Wanted,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    let movers = pos.side_on(board, us) & !pos.kind_on(board, Kind::King);
    board_moves_from(pos, board, movers, allowed, wanted, sink);
}

/// The moves of the side to move's pieces in `movers` (on `board`, no king among them) to squares of
/// `allowed` that `wanted` asks for; `allowed` must already be empty on the other board and free of
/// own pieces. These are the orthodox moves on `board` among its pieces: no castling, no en passant.
#[inline]
fn board_moves_from<S: MoveSink>(
    pos: &Position,
    board: Board,
    movers: Bitboard,
    allowed: Bitboard,
    wanted: Wanted,
    sink: &mut S,
) {
    let targets = allowed & wanted.targets;
    let pushes = allowed & wanted.pushes;
    if movers.is_empty() || (targets | pushes).is_empty() {
        return;
    }
    let occupied = pos.occupied(board);
    for from in pos.kind_on(board, Kind::Knight) & movers {
        sink.push_set(from, attacks::knight(from) & targets);
    }
    for from in pos.kind_on(board, Kind::Bishop) & movers {
        sink.push_set(from, sliders::bishop(from, occupied) & targets);
    }
    for from in pos.kind_on(board, Kind::Rook) & movers {
        sink.push_set(from, sliders::rook(from, occupied) & targets);
    }
    for from in pos.kind_on(board, Kind::Queen) & movers {
        sink.push_set(from, sliders::queen(from, occupied) & targets);
    }
    let pawns = pos.kind_on(board, Kind::Pawn) & movers;
    if pawns.any() {
        pawn_moves(pos, board, pawns, targets, pushes, sink);
    }
}

/// The captures and promotions of `pawns` (the side to move's, on `board`) to squares of `targets`,
/// and their pushes and double steps to squares of `pushes`.
#[inline]
fn pawn_moves<S: MoveSink>(
    pos: &Position,
    board: Board,
    pawns: Bitboard,
    targets: Bitboard,
    pushes: Bitboard,
    sink: &mut S,
) {
    let us = pos.side_to_move();
    // A push needs its square empty on both boards, a double step also the square passed on its own.
    let free = !pos.occupied_anywhere() & pushes;
    let empty_here = !pos.occupied(board);
    let enemies = pos.side_on(board, us.opponent()) & targets;
    // `back` is the index step from the destination back to the start.
    let (push, double, west, east, forward, last_rank) = match us {
        Side::White => {
            let push = pawns.north();
            let double = ((pawns & Bitboard::rank(1)).north() & empty_here).north();
            (
                push,
                double,
                pawns.north().west(),
                pawns.north().east(),
                8,
                Bitboard::RANK_8,
            )
        }
        Side::Black => {
            let push = pawns.south();
            let double = ((pawns & Bitboard::rank(6)).south() & empty_here).south();
            (
                push,
                double,
                pawns.south().west(),
                pawns.south().east(),
                -8,
                Bitboard::RANK_1,
            )
        }
    };
    let single = push & free;
    let captures = [(west & enemies, forward - 1), (east & enemies, forward + 1)];
    sink.push_pawns(single & !last_rank, forward, MoveFlag::Normal);
    sink.push_promotions(single & last_rank, forward);
    sink.push_pawns(double & free, 2 * forward, MoveFlag::DoubleStep);
    for (set, back) in captures {
        sink.push_pawns(set & !last_rank, back, MoveFlag::Normal);
        sink.push_promotions(set & last_rank, back);
    }
}

/// En-passant captures by a pawn on either board, each tested by making it (the captured pawn may stand
/// on either board, and the capturer may land on the king's board).
#[inline]
fn en_passant<S: MoveSink>(pos: &Position, sink: &mut S) {
    let Some(passed) = pos.en_passant() else {
        return;
    };
    let us = pos.side_to_move();
    if !pos.occupant(passed).is_empty() {
        return;
    }
    for board in Board::BOTH {
        let capturers = pos.pieces(board, us, Kind::Pawn) & attacks::pawn(us.opponent(), passed);
        for from in capturers {
            let mv = Move::new(from, passed, MoveFlag::EnPassant);
            if !pos.make_move(mv).king_attacked(us) {
                sink.push(mv);
            }
        }
    }
}

/// Castling, out of check with the king on A: orthodox on A (rights, the squares between king and
/// rook empty on A, the squares the king passes and reaches unattacked on A), both destinations
/// empty on B, and the king unattacked on B after the move.
#[inline]
fn castling<S: MoveSink>(pos: &Position, sink: &mut S) {
    let us = pos.side_to_move();
    let rights = pos.castling();
    if rights.bits() == 0 {
        return;
    }
    let occupied_a = pos.occupied(Board::A);
    let occupied_b = pos.occupied(Board::B);
    let enemies_a = pos.side_on(Board::A, us.opponent());
    for short in [true, false] {
        let right = CastlingRight::new(us, short);
        if !rights.has(right)
            || pos.king(us) != right.king_from()
            || !pos.pieces(Board::A, us, Kind::Rook).has(right.rook_from())
            || (attacks::between(right.king_from(), right.rook_from()) & occupied_a).any()
            || occupied_b.has(right.king_to())
            || occupied_b.has(right.rook_to())
        {
            continue;
        }
        let attacked = |sq| pos.attackers(Board::A, sq, occupied_a, enemies_a).any();
        if attacked(right.rook_to()) || attacked(right.king_to()) {
            continue;
        }
        let mv = Move::new(right.king_from(), right.king_to(), MoveFlag::Castle);
        if !pos.make_move(mv).king_attacked(us) {
            sink.push(mv);
        }
    }
}

/// Notes whether any move was generated, without counting.
#[derive(Default)]
struct Found(bool);

impl MoveSink for Found {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }

    #[inline]
    fn push_set(&mut self, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }

    #[inline]
    fn push_pawns(&mut self, targets: Bitboard, _: i32, _: MoveFlag) {
        self.0 |= targets.any();
    }

    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i32) {
        self.0 |= targets.any();
    }
}

/// Whether the side to move has a legal move. Out of check every move of a piece off the king's
/// board is legal (it can only land between the king and a slider), so one of those settles it
/// without looking at the king's board; otherwise the moves are counted.
#[inline]
pub(super) fn has_move(pos: &Position) -> bool {
    if !pos.in_check() {
        let them = pos.side_to_move().opponent();
        let other = pos.king_board(pos.side_to_move()).other();
        let targets = !pos.occupied_anywhere() | pos.side_on(other, them);
        let mut found = Found::default();
        board_moves(pos, other, targets, Wanted::ALL, &mut found);
        if found.0 {
            return true;
        }
    }
    count_moves(pos) > 0
}

/// The number of legal moves, counted without storing them.
#[inline]
pub(super) fn count_moves(pos: &Position) -> u64 {
    let mut counter = Counter::default();
    generate(pos, &mut counter);
    counter.0
}
