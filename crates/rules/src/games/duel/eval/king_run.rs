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
    // A step changes the distance by one: a goal farther than `limit` needs no search.
    if king.distance(goal) > limit as i32 {
        return None;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rng;

    /// The fewest steps by a plain breadth-first search over every square, without any shortcut.
    fn searched(king: Square, goal: Square, passable: Bitboard, limit: u32) -> Option<u32> {
        let mut reached = Bitboard::of(king);
        for steps in 1..=limit {
            let next = reached.king_steps();
            if next.has(goal) {
                return Some(steps);
            }
            reached |= Bitboard(next.0 & passable.0);
        }
        None
    }

    #[test]
    fn the_safe_distance_is_the_searched_one() {
        let mut rng = Rng::new(23);
        for _ in 0..20_000 {
            let king = Square::from_index(rng.below(72));
            let goal = Square::from_index(rng.below(72));
            // Sparse and dense boards alike.
            let mut passable = Bitboard(!0);
            for _ in 0..rng.below(4) {
                passable.0 &= u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64;
            }
            for limit in 1..=6 {
                assert_eq!(
                    safe_distance(king, goal, passable, limit),
                    searched(king, goal, passable, limit),
                    "{king} {goal} {limit}"
                );
            }
        }
    }
}
