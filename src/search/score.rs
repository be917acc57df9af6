//! Scores: the public [`Score`] and [`Bound`], and the internal centipawn scale with its mate band.
//!
//! Inside the search a score is an `i32` from the side to move's point of view. Scores at or beyond
//! ±[`MATE_BOUND`] mean a forced win or loss: `MATE - p` is a win reached `p` plies from the root, so a
//! shorter win scores higher. The transposition table stores mates relative to the node instead
//! ([`to_tt`], [`from_tt`]), because the same position can be met at different distances from the root.

use crate::game::{Game, Outcome};

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Whether a reported score is exact or a bound from a failed aspiration window. The transposition
/// table uses the same three kinds for its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

impl Bound {
    /// Whether a stored score with this bound settles a node searched with the window (alpha, beta).
    #[inline]
    pub(super) fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// The deepest ply the search can reach; also bounds the mate band.
pub(super) const MAX_PLY: usize = 128;
/// Beyond every reachable score: the initial window edges.
pub(super) const INFINITE: i32 = 32_000;
/// A win at the root itself (never reached: the root always has a move to search).
pub(super) const MATE: i32 = 31_000;
/// Scores at or beyond ±this are mate scores.
pub(super) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// The score of a drawn position.
pub(super) const DRAW: i32 = 0;

/// The score of a win `ply` plies from the root.
#[inline]
pub(super) const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a loss `ply` plies from the root.
#[inline]
pub(super) const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `score` is in the mate band (either side).
#[inline]
pub(super) const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// A static evaluation squeezed below the mate band, so that no evaluation can pass for a mate.
#[inline]
pub(super) fn clamp_eval(eval: i32) -> i32 {
    eval.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The score of a game result for the side to move, `ply` plies from the root.
#[inline]
pub(super) fn outcome_score<G: Game>(pos: &G, outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Win(side) if side == pos.side_to_move() => mate_in(ply),
        Outcome::Win(_) => mated_in(ply),
        Outcome::Draw => DRAW,
    }
}

/// A root-relative score converted to the node-relative form the transposition table stores.
#[inline]
pub(super) const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A node-relative score from the transposition table converted back to root-relative.
#[inline]
pub(super) const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl Score {
    /// The public form of an internal score: mates are counted in moves (a move is one ply of the
    /// winner plus the reply), rounding up, so that a win on the next ply is `Mate(1)`.
    pub(super) fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score + 1) / 2))
        } else {
            Score::Centipawns(score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::from_internal(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_internal(mate_in(4)), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(mated_in(4)), Score::Mate(-2));
        assert_eq!(Score::from_internal(57), Score::Centipawns(57));
        assert_eq!(Score::from_internal(-57), Score::Centipawns(-57));
    }

    #[test]
    fn tt_conversion_moves_mates_between_root_and_node_distance() {
        // A win 7 plies from the root, stored at a node 3 plies deep, is a win 4 plies from that node.
        let at_node = to_tt(mate_in(7), 3);
        assert_eq!(at_node, mate_in(4));
        // Read back at a node 5 plies deep, it is a win 9 plies from the root.
        assert_eq!(from_tt(at_node, 5), mate_in(9));
        assert_eq!(from_tt(to_tt(mated_in(6), 2), 2), mated_in(6));
        assert_eq!(to_tt(123, 40), 123);
        assert_eq!(from_tt(-123, 40), -123);
    }

    #[test]
    fn evaluations_stay_out_of_the_mate_band() {
        assert!(!is_mate(clamp_eval(i32::MAX)));
        assert!(!is_mate(clamp_eval(i32::MIN)));
        assert!(is_mate(mate_in(MAX_PLY)));
        assert!(is_mate(mated_in(MAX_PLY)));
    }
}
