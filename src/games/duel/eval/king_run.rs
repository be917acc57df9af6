//! The king run: how close a king is to winning by walking onto its goal square.
//!
//! A king move onto the goal square is always legal, even onto an attacked square, so what stops a
//! king is not the goal but its approach: every square before it must be free of its own pieces and
//! not attacked, or the step there is illegal. A king on a safe neighbour of the goal wins on its next
//! move whatever the opponent does (short of winning first), so safe distance counted in the side's
//! own moves, with the opponent's move in between, tells how near the win is.

use super::super::bitboard::Bitboard;
use super::super::square::Square;

/// The fewest king steps from `king` to `goal` through squares in `passable` (the goal itself need not
/// be), or `None` when it takes more than `limit` steps.
#[inline]
pub fn safe_distance(king: Square, goal: Square, passable: Bitboard, limit: u32) -> Option<u32> {
    let mut frontier = Bitboard::of(king);
    let mut seen = frontier;
    for steps in 1..=limit {
        let next = frontier.king_steps();
        if next.has(goal) {
            return Some(steps);
        }
        frontier = Bitboard(next.0 & passable.0 & !seen.0);
        if frontier.is_empty() {
            return None;
        }
        seen |= frontier;
    }
    None
}

/// The plies until the king's side wins by the run if nobody stops it: its own moves, plus the
/// opponent's moves in between. `to_move` says whether the king's side moves next.
#[inline]
pub fn plies_to_goal(steps: u32, to_move: bool) -> u32 {
    2 * steps - to_move as u32
}
