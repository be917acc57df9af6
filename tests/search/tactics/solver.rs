//! An independent brute-force solver for short forced wins, built only on the reference move
//! generator in `tests/duel_reference` (never on the engine's move generator or search), so that a
//! bug in the engine cannot hide in the answers it is checked against.
//!
//! It is a plain AND-OR search: the side to move (the winner) needs *one* move after which *every*
//! reply still leaves it a forced win with one move fewer. A win is the mover's king reaching the
//! enemy king's start square, or the opponent left to move with no legal move (DUEL-MATT or
//! enclosure); `RefPosition::winner` says both. A move counts as one of the winner's moves, so a win
//! in `n` takes `2n - 1` plies.
//!
//! **Draw rules are ignored**, which is exact for the wins this solver looks for (at most 3 moves,
//! 5 plies) from a position with no game history: a move always changes the mover's own pieces, so
//! a position can recur at the earliest 4 plies later, and within 5 plies none occurs a third time;
//! the suite keeps the quiet-ply counter far from 100, so that rule cannot strike either.
//!
//! Pruning is only what AND-OR search allows for free: an OR node stops at its first winning move, an
//! AND node at its first refuting reply. Two orderings make those stops come early without changing
//! any answer: immediate wins are tried before deeper ones, and moves that attack the enemy king
//! (which leave it few replies) before the rest.

use crate::duel_reference::RefPosition;

/// The side to move's letter, `'w'` or `'b'`, as `RefPosition::winner` reports sides.
fn mover(pos: &RefPosition) -> char {
    pos.side_to_move()
}

/// Whether `after`, the position after a move of `us`, is already won by `us`.
fn won_for(after: &RefPosition, us: char) -> bool {
    after.winner() == Some(us)
}

/// Whether the side to move in `pos` can force a win within at most `n` of its own moves
/// (`n = 0`: never).
pub fn forced_win_in(pos: &RefPosition, n: u32) -> bool {
    // A decided position has no successors, so it falls through to `false` below.
    if n == 0 {
        return false;
    }
    let us = mover(pos);
    let mut children: Vec<RefPosition> = pos.successors().into_iter().map(|(_, c)| c).collect();
    if children.iter().any(|child| won_for(child, us)) {
        return true;
    }
    if n == 1 {
        return false;
    }
    // Checks first: they leave the fewest replies and most short wins begin with one.
    children.sort_by_key(|child| !child.in_check());
    children.iter().any(|child| every_reply_loses(child, n - 1))
}

/// Whether in `after` (the opponent to move, with a legal move: callers have already counted a
/// position without one as a win) every reply leaves the side that moved into `after` a forced win
/// within `n` moves.
fn every_reply_loses(after: &RefPosition, n: u32) -> bool {
    // A reply that reaches the opponent's goal is a position `forced_win_in` rejects (it is decided),
    // so it refutes the line, as it should.
    after
        .successors()
        .iter()
        .all(|(_, reply)| forced_win_in(reply, n))
}

/// Whether playing `mv` (one of `pos`'s successors) keeps a forced win within `n` moves, this move
/// included.
fn move_wins_within(pos: &RefPosition, after: &RefPosition, n: u32) -> bool {
    let us = mover(pos);
    match after.winner() {
        Some(side) => side == us,
        None => n > 1 && every_reply_loses(after, n - 1),
    }
}

/// The fewest moves in which the side to move can force a win, if it can within `max_n`.
pub fn shortest_win(pos: &RefPosition, max_n: u32) -> Option<u32> {
    (1..=max_n).find(|&n| forced_win_in(pos, n))
}

/// Every first move (in notation without its mark) that keeps a forced win within `n` moves, in the
/// reference generator's order. For a position whose shortest win is exactly `n`, these are the moves
/// a search may answer with, and each of them wins in exactly `n`.
pub fn winning_moves(pos: &RefPosition, n: u32) -> Vec<String> {
    pos.successors()
        .into_iter()
        .filter(|(_, after)| move_wins_within(pos, after, n))
        .map(|(text, _)| text)
        .collect()
}
