//! Legal move generation: capture sequences when any piece can capture (capturing is compulsory),
//! otherwise plain moves.
//!
//! A capture sequence is searched jump by jump from the moving piece's square, which counts as empty
//! from the start (the piece has left it). Captured pieces stay on the board until the move ends: they
//! block, and as they are no longer enemies to take, a piece cannot be jumped twice. A sequence ends
//! only where nothing more can be taken. A man jumps an adjacent enemy forward onto the square just
//! behind it. A king jumps the first piece along a free diagonal, if it is an enemy, and may land on
//! any empty square beyond it up to the next piece or the edge — but only on those from which it can
//! go on capturing, if there are any. Sequences with the same start, end and captured pieces are one
//! move: the first route found is kept. There is no majority rule: every sequence is a move.
//!
//! The move list's room ([`super::moves::MAX_MOVES`]) is far above any number of moves known to
//! arise. It is argued, not proven, so nothing here trims to it: the position text rejects a position
//! whose moves do not fit (counted by [`legal_move_count`]), and a list that overflowed in play would panic
//! naming the bound.

mod count;
mod jumps;

pub use count::legal_move_count;

use super::direction::Direction;
use super::moves::Move;
use super::position::Position;
use super::square::Square;
use crate::game::{Game, MoveList};
use jumps::Jumps;

/// Fills `moves` with every legal move of `pos` (cleared first); nothing in a decided position.
pub fn generate(pos: &Position, moves: &mut MoveList<Move>) {
    moves.clear();
    if pos.decided_winner().is_some() {
        return;
    }
    let capturers = pos.capturers();
    if capturers == 0 {
        generate_plain(pos, moves);
    } else {
        push_sequences(pos, capturers, moves);
    }
}

/// Appends the capture sequences of the pieces on `capturers`, each distinct start, end and captured
/// set once.
fn push_sequences(pos: &Position, capturers: u32, moves: &mut MoveList<Move>) {
    let kings = pos.kings(pos.side_to_move());
    for from in Square::in_set(capturers) {
        let first = moves.len();
        // Only a king finds a sequence twice (see `jumps`).
        let king = kings & from.bit() != 0;
        for_each_sequence(pos, from, |mv| {
            if !king || !moves[first..].contains(&mv) {
                moves.push(mv);
            }
        });
    }
}

/// Appends every plain move of the side to move (legal only when no piece can capture): the men's
/// steps direction by direction, then the kings' slides king by king.
fn generate_plain(pos: &Position, moves: &mut MoveList<Move>) {
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    Direction::with_forward(us, |forward| {
        for dir in forward {
            let back = dir.opposite();
            for to in Square::in_set(dir.shift(pos.men(us)) & empty) {
                moves.push(Move::plain(Square::of_bit(back.shift(to.bit())), to));
            }
        }
    });
    for from in Square::in_set(pos.kings(us)) {
        for to in Square::in_set(king_reach(from, empty)) {
            moves.push(Move::plain(from, to));
        }
    }
}

/// The plain move of the side to move's piece on `from` to `to`, if the piece has it (a man's step
/// forward onto an empty square, a king's slide along a free diagonal): legal only when no piece can
/// capture, which the caller checks.
pub fn plain_move(pos: &Position, from: Square, to: Square) -> Option<Move> {
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    let reach = if pos.men(us) & from.bit() != 0 {
        Direction::forward(us)
            .into_iter()
            .fold(0, |reach, dir| reach | dir.shift(from.bit()))
            & empty
    } else if pos.kings(us) & from.bit() != 0 {
        king_reach(from, empty)
    } else {
        0
    };
    (reach & to.bit() != 0).then(|| Move::plain(from, to))
}

/// The squares a king on `from` can move to along free diagonals, `empty` being the empty squares.
#[inline]
pub fn king_reach(from: Square, empty: u32) -> u32 {
    Direction::ALL
        .into_iter()
        .fold(0, |reach, dir| reach | dir.slide(from, !empty))
}

/// Whether the side to move has a legal move, found without listing them.
pub fn has_legal_move(pos: &Position) -> bool {
    if pos.decided_winner().is_some() {
        return false;
    }
    let us = pos.side_to_move();
    let empty = !pos.occupied();
    let men = pos.men(us);
    let kings = pos.kings(us);
    // Every move starts with a step to an adjacent square or with a capture.
    Direction::with_forward(us, |forward| {
        forward.into_iter().any(|dir| dir.shift(men) & empty != 0)
    }) || Direction::ALL
        .into_iter()
        .any(|dir| dir.shift(kings) & empty != 0)
        || has_capture(pos)
}

/// Whether the side to move can capture, i.e. must.
#[inline]
pub fn has_capture(pos: &Position) -> bool {
    pos.capturers() != 0
}

/// Calls `emit` with every complete capture sequence of the side to move's piece on `from`,
/// duplicates included (the same start, end and captured pieces by another route), in the order
/// they are found; nothing when it cannot capture.
pub fn for_each_sequence(pos: &Position, from: Square, mut emit: impl FnMut(Move)) {
    let us = pos.side_to_move();
    let jumps = Jumps::new(pos, from.bit());
    let start = Move::start_capture(from);
    if pos.kings(us) & from.bit() != 0 {
        jumps.king(from, start, &mut emit);
    } else if pos.men(us) & from.bit() != 0 {
        jumps.man(from, start, &mut emit);
    }
}

/// Whether the side to move's piece that started on `from`, standing on `at` in the middle of a
/// capture sequence that has taken `captured`, can jump again (by its kind's rules: a man forward over
/// an adjacent enemy, a king over the first piece along a free diagonal).
pub fn can_continue(pos: &Position, from: Square, at: Square, captured: u32) -> bool {
    let us = pos.side_to_move();
    let jumps = Jumps::new(pos, from.bit());
    if pos.kings(us) & from.bit() != 0 {
        jumps.king_can_jump(at, captured)
    } else {
        jumps
            .forward
            .into_iter()
            .any(|dir| jumps.man_jump(at, dir, captured).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // Positions come from their text through `Game`: fen.rs uses this file to check a text.
    use crate::game::Game;

    fn perft(pos: &Position, depth: u32) -> u64 {
        let mut moves = MoveList::new();
        generate(pos, &mut moves);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        moves
            .iter()
            .map(|&mv| perft(&pos.make_move(mv), depth - 1))
            .sum()
    }

    #[test]
    fn perft_from_the_start() {
        let start = Position::start();
        let counts: Vec<u64> = (1..=6).map(|d| perft(&start, d)).collect();
        assert_eq!(counts, [7, 49, 302, 1_469, 7_361, 36_768]);
    }

    #[test]
    fn has_legal_move_agrees_with_generation() {
        for text in [
            Position::start().to_text().as_str(),
            // White's men on a1 and c1 can neither step nor take; Black's d2 can step to e1.
            "8/8/8/8/8/m1m1m3/1m1m4/M1M5 w",
            "8/8/8/8/8/m1m1m3/1m1m4/M1M5 b",
            // Two lone kings.
            "1K6/8/8/8/8/8/8/k7 w",
            // White's man on a1 is blocked, but it can take b2.
            "8/8/8/8/8/8/1m6/M7 w",
            "8/8/8/8/8/8/8/M7 b",
        ] {
            let pos = Position::from_text(text).unwrap();
            let mut moves = MoveList::new();
            generate(&pos, &mut moves);
            assert_eq!(has_legal_move(&pos), !moves.is_empty(), "{text}");
        }
    }

    #[test]
    fn counting_agrees_with_generation_over_random_play() {
        let mut moves = MoveList::new();
        let mut captures = 0;
        // Capped: kings may shuffle forever, the draw rules being the game record's.
        let start = Position::start();
        for pos in crate::game::random_positions(&start, 12, 200, 300) {
            generate(&pos, &mut moves);
            assert_eq!(legal_move_count(&pos), moves.len(), "{pos:?}");
            // No move twice, men's sequences being kept without a check (see `jumps`).
            for (i, mv) in moves.iter().enumerate() {
                assert!(!moves[..i].contains(mv), "{mv:?} twice in {pos:?}");
            }
            captures += usize::from(moves.first().is_some_and(|mv| mv.is_capture()));
        }
        assert!(captures > 1000, "{captures} positions with captures");
    }

    #[test]
    fn has_capture_agrees_with_generation() {
        for text in [
            Position::start().to_text().as_str(),
            "8/8/8/8/3m4/2M5/8/8 w",
            "8/8/8/8/3m4/2M5/8/8 b",
            "8/8/8/8/8/2m5/8/K7 w",
            "8/8/8/8/8/2m5/1m6/K7 w",
            "8/8/8/8/3M4/2m5/8/8 w",
        ] {
            let pos = Position::from_text(text).unwrap();
            let mut moves = MoveList::new();
            generate(&pos, &mut moves);
            let captures = moves.iter().any(|mv| mv.is_capture());
            assert_eq!(has_capture(&pos), captures, "{text}");
        }
    }
}
