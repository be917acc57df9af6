//! An independent brute-force solver for short forced wins, generic over a game's reference move
//! generator ([`Solvable`]: `tests/duel_reference`, `tests/dipole_reference`), never the engine's move
//! generator or search, so that a bug in the engine cannot hide in the answers it is checked against.
//!
//! It is a plain AND-OR search: the side to move (the winner) needs *one* move after which *every*
//! reply still leaves it a forced win with one move fewer. A win is whatever the reference generator's
//! `winner` says of a position (Duel: a king on its goal square, or the opponent left without a legal
//! move; Dipole: the opponent without checkers, also after bearing off its own last one). A win in
//! `n` is decided within `n` of the winner's own moves: at ply `2n - 1`, or at ply `2n` where the
//! opponent's reply loses at once ([`Solvable::SELF_DEFEAT`]), as the engine's `Score::Mate(n)`
//! counts it.
//!
//! **Draw rules are ignored** (Duel's suite explains why that is exact there; Dipole has none).
//!
//! Pruning is only what AND-OR search allows for free: an OR node stops at its first winning move, an
//! AND node at its first refuting reply. Two orderings make those stops come early without changing
//! any answer: immediate wins are tried before deeper ones, and forcing moves ([`Solvable::urgency`])
//! before the rest.

use std::collections::HashMap;

/// What the solver needs of a game's reference generator. Sides are `'w'` and `'b'`.
pub trait Solvable: Sized {
    /// Whether a move can lose the game at once for the side that makes it (Dipole: bearing off
    /// one's own last checker, perhaps the only move). Then a win in `n` moves also ends on the
    /// opponent's reply, at ply `2n`; without such moves (Duel) every win ends on the winner's move.
    const SELF_DEFEAT: bool;
    /// Every legal move, in the reference generator's notation and order, with the position after it.
    fn successors(&self) -> Vec<(String, Self)>;
    /// The side to move.
    fn mover(&self) -> char;
    /// The side that has won, once the position is decided.
    fn winner(&self) -> Option<char>;
    /// How forcing the move into this position was, lower first: the solver tries the moves that
    /// leave the opponent the fewest replies first (Duel: checks; Dipole: captures).
    fn urgency(&self) -> i32;
    /// The position in full (its text): what the solver's memo of proven results is keyed by.
    fn key(&self) -> String;
}

/// Results already proven, by position and number of moves: `(key, n)` → whether the side to move
/// wins within `n`. Only nodes with `n ≥ 2` are kept (the leaves' parents are many and cheap). A memo
/// changes no answer: a position's result within `n` moves does not depend on how it was reached
/// (neither game's solver looks at history).
#[derive(Default)]
struct Memo(HashMap<(String, u32), bool>);

/// Whether the side to move in `pos` can force a win within at most `n` of its own moves
/// (`n = 0`: only if the position is already won for it).
pub fn forced_win_in<P: Solvable>(pos: &P, n: u32) -> bool {
    win_within(pos, n, &mut Memo::default())
}

/// [`forced_win_in`] with a memo.
fn win_within<P: Solvable>(pos: &P, n: u32, memo: &mut Memo) -> bool {
    if let Some(winner) = pos.winner() {
        // Only a reply that loses at once (Dipole: bearing off one's own last checker) leaves the
        // side to move a decided win.
        return winner == pos.mover();
    }
    if n == 0 {
        return false;
    }
    let us = pos.mover();
    let mut children: Vec<P> = pos.successors().into_iter().map(|(_, c)| c).collect();
    if children.iter().any(|child| child.winner() == Some(us)) {
        return true;
    }
    // Beyond the immediate wins, a win in 1 can only be a reply that loses at once.
    if n == 1 && !P::SELF_DEFEAT {
        return false;
    }
    let key = (n >= 2).then(|| (pos.key(), n));
    if let Some(&known) = key.as_ref().and_then(|key| memo.0.get(key)) {
        return known;
    }
    // Forcing moves first: they leave the fewest replies and most short wins begin with one.
    children.sort_by_key(Solvable::urgency);
    let wins = children
        .iter()
        .any(|child| every_reply_loses(child, n - 1, memo));
    if let Some(key) = key {
        memo.0.insert(key, wins);
    }
    wins
}

/// Whether in `after` (the position after a move of the side that wants to win) every reply leaves
/// that side a forced win within `n` moves. A decided `after` is a win only for the side that moved
/// into it: a move that loses at once (Dipole's last checker borne off) wins nothing.
fn every_reply_loses<P: Solvable>(after: &P, n: u32, memo: &mut Memo) -> bool {
    if let Some(winner) = after.winner() {
        return winner != after.mover();
    }
    // A reply that wins for the opponent is a decided position `forced_win_in` rejects, so it refutes
    // the line, as it should.
    after
        .successors()
        .iter()
        .all(|(_, reply)| win_within(reply, n, memo))
}

/// Whether playing the move that led from `pos` to `after` keeps a forced win within `n` moves, this
/// move included.
fn move_wins_within<P: Solvable>(pos: &P, after: &P, n: u32, memo: &mut Memo) -> bool {
    match after.winner() {
        Some(side) => side == pos.mover(),
        None => (n > 1 || P::SELF_DEFEAT) && every_reply_loses(after, n - 1, memo),
    }
}

/// The fewest moves in which the side to move can force a win, if it can within `max_n`.
pub fn shortest_win<P: Solvable>(pos: &P, max_n: u32) -> Option<u32> {
    let mut memo = Memo::default();
    (1..=max_n).find(|&n| win_within(pos, n, &mut memo))
}

/// Every first move (in the reference generator's notation) that keeps a forced win within `n` moves,
/// in the reference generator's order. For a position whose shortest win is exactly `n`, these are the
/// moves a search may answer with, and each of them wins in exactly `n`.
pub fn winning_moves<P: Solvable>(pos: &P, n: u32) -> Vec<String> {
    let mut memo = Memo::default();
    pos.successors()
        .into_iter()
        .filter(|(_, after)| move_wins_within(pos, after, n, &mut memo))
        .map(|(text, _)| text)
        .collect()
}
