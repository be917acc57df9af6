//! The Duel position: what stands where, whose turn it is, the counters and the Zobrist key.

use super::bitboard::Bitboard;
use super::movegen::paths::{PATHS, PathTables};
use super::moves::Move;
use super::orientation::Orientation;
use super::piece::Piece;
use super::square::{SQUARES, Square};
use super::zobrist;
use crate::game::{Game, Side};

/// A Duel position. Small enough to copy on every move (see `make_move`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    board: [Piece; SQUARES],
    occupied: [Bitboard; 2],
    /// `by_top[side][t]`: the side's dice showing `t`, and in `[0]` its king (whose `top()` is 0),
    /// so that a move updates them without a branch. Move generation takes the enemy dice grouped
    /// by top value from here rather than looking up every die.
    by_top: [[Bitboard; 7]; 2],
    kings: [Square; 2],
    // The three the `Game` impl (the game's `mod.rs`) reads.
    pub(super) side: Side,
    pub(super) plies_since_capture: u32,
    move_number: u32,
    pub(super) hash: u64,
}

/// The square a side's king must reach to win: the enemy king's start square.
#[inline]
pub const fn goal_square(side: Side) -> Square {
    match side {
        Side::White => Square::from_index(7 * 9 + 4), // E8
        Side::Black => Square::from_index(4),         // E1
    }
}

impl Position {
    /// An empty board with White to move; `dfen` fills it and checks it.
    pub(super) fn empty() -> Position {
        Position {
            board: [Piece::NONE; SQUARES],
            occupied: [Bitboard::EMPTY; 2],
            by_top: [[Bitboard::EMPTY; 7]; 2],
            kings: [Square::default(); 2],
            side: Side::White,
            plies_since_capture: 0,
            move_number: 1,
            hash: 0,
        }
    }

    /// Puts `piece` on the empty square `sq`.
    pub(super) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.board[sq.index()].is_none() && !piece.is_none());
        self.board[sq.index()] = piece;
        self.occupied[piece.side().index()] |= Bitboard::of(sq);
        self.by_top[piece.side().index()][piece.top() as usize] |= Bitboard::of(sq);
        if piece.is_king() {
            self.kings[piece.side().index()] = sq;
        }
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    /// Sets the side to move and the counters.
    pub(super) fn set_state(&mut self, side: Side, plies_since_capture: u32, move_number: u32) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
        self.side = side;
        self.plies_since_capture = plies_since_capture;
        self.move_number = move_number;
    }

    /// What stands on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }

    /// The squares holding `side`'s pieces, king included.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        self.occupied[side.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    /// The squares holding `side`'s dice.
    #[inline]
    pub fn dice(&self, side: Side) -> Bitboard {
        self.occupied[side.index()] ^ Bitboard::of(self.kings[side.index()])
    }

    /// `side`'s dice by top value, `[t]` showing `t` for `t` in 1..=6 (`[0]` is the king).
    #[inline]
    pub fn dice_by_top(&self, side: Side) -> &[Bitboard; 7] {
        &self.by_top[side.index()]
    }

    /// Where `side`'s king stands. A position always has both kings.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        self.kings[side.index()]
    }

    /// The move number: 1 at the start, increased after each Black move.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist key computed from scratch; equals `hash()` in every reachable position.
    pub fn compute_hash(&self) -> u64 {
        let pieces =
            Square::all().fold(0, |key, sq| key ^ zobrist::piece_key(self.piece_at(sq), sq));
        match self.side {
            Side::White => pieces,
            Side::Black => pieces ^ zobrist::BLACK_TO_MOVE,
        }
    }

    /// The top value of the die on `sq`, which must hold a die.
    #[inline]
    pub(super) fn top_at(&self, sq: Square) -> u8 {
        self.board[sq.index()].top()
    }

    /// The squares of `attacker`'s pieces that attack `target`, with `occupied` as the blockers.
    pub fn attackers(&self, target: Square, attacker: Side, occupied: Bitboard) -> Bitboard {
        let mut found = Bitboard::EMPTY;
        let king = self.kings[attacker.index()];
        if king.distance(target) == 1 {
            found |= Bitboard::of(king);
        }
        let paths = &*PATHS;
        for die in self.dice_in_range(paths, target, attacker) {
            if paths.reaches(die, target, occupied) {
                found |= Bitboard::of(die);
            }
        }
        found
    }

    /// Whether `attacker` attacks `target`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked(&self, target: Square, attacker: Side, occupied: Bitboard) -> bool {
        // Stops at the first attacker rather than collecting them all.
        let paths = &*PATHS;
        self.kings[attacker.index()].distance(target) == 1
            || self
                .dice_in_range(paths, target, attacker)
                .any(|die| paths.reaches(die, target, occupied))
    }

    /// `side`'s dice at their top value's distance from `target`: the only ones whose roll may end
    /// there. The caller looks the lazily built `paths` up once: each look is a call.
    #[inline(always)]
    fn dice_in_range(&self, paths: &PathTables, target: Square, side: Side) -> Bitboard {
        paths.at_top_distance(target, &self.by_top[side.index()])
    }

    /// Undoes [`Position::play_uncounted`]'s `change`.
    #[inline]
    pub(super) fn take_back(&mut self, change: Change) {
        let (from, to) = (change.mv.from(), change.mv.to());
        self.side = self.side.opponent();
        let us = self.side;
        self.board[from.index()] = change.moving;
        self.board[to.index()] = change.captured;
        self.occupied[us.index()] ^= Bitboard::of(from) | Bitboard::of(to);
        self.by_top[us.index()][change.moving.top() as usize] ^= Bitboard::of(from);
        self.by_top[us.index()][change.landed.top() as usize] ^= Bitboard::of(to);
        if change.moving.is_king() {
            self.kings[us.index()] = from;
        }
        if !change.captured.is_none() {
            self.occupied[us.opponent().index()] ^= Bitboard::of(to);
            self.by_top[us.opponent().index()][change.captured.top() as usize] ^= Bitboard::of(to);
        }
    }

    /// Plays the legal move `mv` on this position in place, for counting only: the pieces and the
    /// side to move change, the key and the counters do not. [`Position::take_back`] undoes it,
    /// which costs less than copying the position for each move; `make_move` builds on it.
    #[inline(always)]
    pub(super) fn play_uncounted(&mut self, mv: Move) -> Change {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let them = us.opponent();
        let moving = self.board[from.index()];
        let captured = self.board[to.index()];
        let landed = match moving.orientation() {
            Some(o) => Piece::die(us, rolled_along(o, mv)),
            None => {
                self.kings[us.index()] = to;
                moving
            }
        };
        self.board[from.index()] = Piece::NONE;
        self.board[to.index()] = landed;
        self.occupied[us.index()] ^= Bitboard::of(from) | Bitboard::of(to);
        self.by_top[us.index()][moving.top() as usize] ^= Bitboard::of(from);
        self.by_top[us.index()][landed.top() as usize] ^= Bitboard::of(to);
        if !captured.is_none() {
            self.occupied[them.index()] ^= Bitboard::of(to);
            self.by_top[them.index()][captured.top() as usize] ^= Bitboard::of(to);
        }
        self.side = them;
        Change {
            mv,
            moving,
            landed,
            captured,
        }
    }
}

/// Whether the legal move `mv` of `position`, which led to `child`, attacks the opponent's king: the
/// child's [`Game::in_check`] when the opponent's king is not attacked in `position`. A die move from
/// a square no way to that king passes over can only attack it with the moved die itself, which is
/// one test instead of one per die.
pub(super) fn gives_check(position: &Position, mv: Move, child: &Position) -> bool {
    let us = position.side;
    let enemy_king = position.king(us.opponent());
    if mv.from() == position.king(us) || PathTables::may_uncover(mv.from(), enemy_king) {
        return child.in_check();
    }
    let to = mv.to();
    PATHS.attacks(to, child.top_at(to), enemy_king, child.occupied())
}

/// The position after the legal move `mv` of `position`: the move played in place
/// ([`Position::play_uncounted`]) on a copy, with the key and the counters kept.
pub(super) fn make_move(position: &Position, mv: Move) -> Position {
    let mut next = *position;
    let change = next.play_uncounted(mv);
    next.hash ^= zobrist::piece_key(change.moving, mv.from())
        ^ zobrist::piece_key(change.landed, mv.to())
        ^ zobrist::BLACK_TO_MOVE;
    // Saturating, as the other games' counters: a position text may start them at any u32.
    if change.captured.is_none() {
        next.plies_since_capture = next.plies_since_capture.saturating_add(1);
    } else {
        next.hash ^= zobrist::piece_key(change.captured, mv.to());
        next.plies_since_capture = 0;
    }
    if position.side == Side::Black {
        next.move_number = next.move_number.saturating_add(1);
    }
    next
}

/// What a move changed on the board: the piece that moved, the piece it became on the end square,
/// and the piece it captured there (`Piece::NONE` for none).
#[derive(Clone, Copy)]
pub(super) struct Change {
    mv: Move,
    moving: Piece,
    landed: Piece,
    captured: Piece,
}

/// The orientation of a die in orientation `o` after rolling along the path of `mv`.
#[inline]
pub fn rolled_along(o: Orientation, mv: Move) -> Orientation {
    let (from, to) = (mv.from(), mv.to());
    o.rolled_by(
        to.row() - from.row(),
        to.column() - from.column(),
        mv.vertical_first(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, MoveList, SearchHooks};

    #[test]
    fn fuzz_openings_counters_at_their_largest_stay_there() {
        // Found by fuzzing (openings): a position text may set the counters to u32::MAX, and the
        // next quiet move by Black overflowed both.
        let pos = Position::from_text("bK8/9/9/9/9/9/9/8wK b 4294967295 4294967295")
            .expect("a legal position");
        let next = pos.make_move(pos.parse_move("A8-B8").unwrap());
        assert_eq!(next.quiet_plies(), u32::MAX);
        assert!(
            next.to_text().ends_with(" 4294967295 4294967295"),
            "{}",
            next.to_text()
        );
    }

    #[test]
    fn a_position_is_352_bytes() {
        // Copied on every move: a change of size is a change of speed, to be measured.
        assert_eq!(std::mem::size_of::<Position>(), 352);
    }

    #[test]
    fn the_dice_by_top_follow_every_move() {
        for pos in crate::game::random_positions(&<Position as Game>::start(), 17, 40, 80) {
            for side in Side::BOTH {
                for top in 0..=6u8 {
                    let scratch = Square::all()
                        .filter(|&sq| {
                            let piece = pos.piece_at(sq);
                            !piece.is_none() && piece.side() == side && piece.top() == top
                        })
                        .fold(Bitboard::EMPTY, |set, sq| set | Bitboard::of(sq));
                    assert_eq!(pos.by_top[side.index()][top as usize], scratch, "{pos:?}");
                }
            }
        }
    }

    #[test]
    fn a_move_played_in_place_is_make_move_and_taken_back_exactly() {
        let mut moves = MoveList::new();
        for pos in crate::game::random_positions(&<Position as Game>::start(), 23, 25, 80) {
            pos.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let mut scratch = pos;
                let change = scratch.play_uncounted(mv);
                let mut made = pos.make_move(mv);
                // All but the key and the counters, which only make_move keeps.
                (made.hash, made.plies_since_capture, made.move_number) =
                    (pos.hash, pos.plies_since_capture, pos.move_number);
                assert!(scratch == made, "{pos:?} {mv:?}");
                scratch.take_back(change);
                assert!(scratch == pos, "{pos:?} {mv:?}");
            }
        }
    }

    #[test]
    fn gives_check_is_the_childs_check_test() {
        // Every legal move of the positions of random games, against the test from scratch.
        // The moves through `Game`, not movegen: movegen uses this file.
        let (mut checks, mut tested) = (0, 0);
        let mut moves = MoveList::new();
        for pos in crate::game::random_positions(&<Position as Game>::start(), 19, 40, 100) {
            pos.generate_moves(&mut moves);
            for &mv in moves.iter() {
                let child = pos.make_move(mv);
                assert_eq!(gives_check(&pos, mv, &child), child.in_check(), "{mv:?}");
                checks += usize::from(child.in_check());
                tested += 1;
            }
        }
        assert!(tested >= 50_000, "{tested} moves tested");
        assert!(checks > 100, "the games give check: {checks}");
    }

    #[test]
    fn null_move_flips_only_the_side_and_keeps_the_key_exact() {
        let pos = <Position as Game>::start();
        let null = pos.make_null_move().expect("Duel has a null move");
        assert_eq!(null.side_to_move(), Side::Black);
        assert_eq!(null.hash(), null.compute_hash());
        assert!(
            null.make_null_move() == Some(pos),
            "two passes give the position back"
        );
    }
}
