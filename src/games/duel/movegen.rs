//! Legal move generation, with the king-attack rule and its goal-square exception.
//!
//! Only the enemy dice whose distance to our king equals their top value can ever attack it, whatever
//! we move (our move changes no enemy die's orientation). So those "potential checkers" are found once,
//! and a die move is legal unless it opens (or leaves open) one of their paths. King moves are tested
//! directly, without the king on its old square.

use super::bitboard::Bitboard;
use super::moves::Move;
use super::paths::PATHS;
use super::position::{Position, goal_square};
use super::square::{Direction, Square};
use std::ops::ControlFlow;

/// At most 8 enemy dice can be potential checkers.
const MAX_CHECKERS: usize = 8;

/// Calls `emit` with every legal move of `pos`, die moves first, then king moves. Emits nothing in a
/// decided position.
#[inline]
pub fn for_each_legal_move(pos: &Position, mut emit: impl FnMut(Move)) {
    let _ = visit_legal_moves(pos, |mv| {
        emit(mv);
        ControlFlow::Continue(())
    });
}

/// Whether `pos` has a legal move; stops at the first one found.
#[inline]
pub fn has_legal_move(pos: &Position) -> bool {
    visit_legal_moves(pos, |_| ControlFlow::Break(())).is_break()
}

/// Calls `visit` with the legal moves of `pos` in generation order until it breaks.
#[inline]
fn visit_legal_moves(
    pos: &Position,
    mut visit: impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if pos.decided_winner().is_some() {
        return ControlFlow::Continue(());
    }
    let us = pos.side_to_move();
    let them = us.opponent();
    let own = pos.occupied_by(us);
    let occupied = pos.occupied();
    let king = pos.king(us);
    let paths = &*PATHS;

    let mut checkers = [Square::default(); MAX_CHECKERS];
    let mut checker_count = 0;
    for die in pos.dice(them) {
        if die.distance(king) == pos.top_at(die) as i32 {
            checkers[checker_count] = die;
            checker_count += 1;
        }
    }
    let checkers = &checkers[..checker_count];

    for from in pos.dice(us) {
        for path in paths.from(from, pos.top_at(from)) {
            let to = path.mv.to();
            if path.blocked_by(occupied) || own.has(to) {
                continue;
            }
            if checkers.is_empty() {
                visit(path.mv)?;
                continue;
            }
            let after = (occupied ^ Bitboard::of(from)) | Bitboard::of(to);
            let exposed = checkers
                .iter()
                .any(|&checker| checker != to && paths.reaches(checker, king, after));
            if !exposed {
                visit(path.mv)?;
            }
        }
    }

    let without_king = occupied ^ Bitboard::of(king);
    for direction in Direction::ALL {
        let (dc, dr) = direction.delta();
        let Some(to) = Square::at(king.column() + dc, king.row() + dr) else {
            continue;
        };
        if own.has(to) {
            continue;
        }
        let safe = to == goal_square(us) || !king_square_attacked(pos, to, without_king);
        if safe {
            visit(Move::new(king, to, dc == 0))?;
        }
    }
    ControlFlow::Continue(())
}

/// Whether the enemy attacks `to` once our king stands there, ignoring a piece it captures on `to`.
#[inline]
fn king_square_attacked(pos: &Position, to: Square, occupied: Bitboard) -> bool {
    let them = pos.side_to_move().opponent();
    pos.king(them).distance(to) == 1
        || pos.dice(them).any(|die| {
            die != to
                && die.distance(to) == pos.top_at(die) as i32
                && PATHS.reaches(die, to, occupied)
        })
}

/// The number of legal moves, without storing them (perft's bulk count).
#[inline]
pub fn count_legal_moves(pos: &Position) -> u64 {
    let mut count = 0;
    for_each_legal_move(pos, |_| count += 1);
    count
}
