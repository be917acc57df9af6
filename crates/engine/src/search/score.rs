//! Scores: the public [`Score`] (the rules crate's, which game records keep too) and [`Bound`], and the internal centipawn scale with its mate band.
//!
//! Inside the search a score is an `i32` from the side to move's point of view. Scores at or beyond
//! ±[`MATE_BOUND`] mean a forced win or loss: `MATE - p` is a win reached `p` plies from the root, so a
//! shorter win scores higher. The transposition table stores mates relative to the node instead
//! ([`to_tt`], [`from_tt`]), because the same position can be met at different distances from the root.
//! Just below the mate band lies the band of endgame database results ([`tb_win_in`]): a win the
//! tables prove, `p` plies from the root and `d` plies before it converts, scores `TB_WIN - p - d`.
//! Mates and database results together are the decisive scores ([`is_decisive`]), which the pruning
//! leaves alone and the table stores relative to the node.

pub use duel_rules::game::Score;

use duel_rules::game::{Game, Outcome};

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
/// A database win at the root that converts at once: the top of the database band.
const TB_WIN: i32 = MATE_BOUND - 1;
/// The longest distance to conversion a database score tells apart (a stored distance, plus the
/// plies of captures that resolve a position the tables leave out).
const TB_DISTANCE_MAX: u32 = 2 * MAX_PLY as u32;
/// Scores at or beyond ±this are decisive: database results and mates. Evaluations stay below it.
pub(super) const DECISIVE_BOUND: i32 = TB_WIN - MAX_PLY as i32 - TB_DISTANCE_MAX as i32;

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

/// The score of a win the endgame databases prove, `ply` plies from the root and `distance` plies
/// before it converts: below every mate, above every evaluation, a quicker conversion higher.
#[inline]
pub(super) fn tb_win_in(ply: usize, distance: u32) -> i32 {
    TB_WIN - ply as i32 - distance.min(TB_DISTANCE_MAX) as i32
}

/// Whether `score` is decisive: a mate or a database result, for either side.
#[inline]
pub(super) const fn is_decisive(score: i32) -> bool {
    score >= DECISIVE_BOUND || score <= -DECISIVE_BOUND
}

/// A static evaluation squeezed below the decisive scores, so that no evaluation can pass for a
/// mate or a database result.
#[inline]
pub(super) fn clamp_eval(eval: i32) -> i32 {
    eval.clamp(-DECISIVE_BOUND + 1, DECISIVE_BOUND - 1)
}

/// The score of a game result for the side to move, `ply` plies from the root, a draw worth `draw`
/// (see `SearchThread::draw_value`).
#[inline]
pub(super) fn outcome_score<G: Game>(pos: &G, outcome: Outcome, ply: usize, draw: i32) -> i32 {
    match outcome {
        Outcome::Win(side) if side == pos.side_to_move() => mate_in(ply),
        Outcome::Win(_) => mated_in(ply),
        Outcome::Draw => draw,
    }
}

/// A root-relative score converted to the node-relative form the transposition table stores (a
/// decisive score's distance counts from the root).
#[inline]
pub(super) const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECISIVE_BOUND {
        score + ply as i32
    } else if score <= -DECISIVE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A node-relative score from the transposition table converted back to root-relative.
#[inline]
pub(super) const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECISIVE_BOUND {
        score - ply as i32
    } else if score <= -DECISIVE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The public form of an internal score: mates are counted in moves (a move is one ply of the
/// winner plus the reply), rounding up, so that a win on the next ply is `Mate(1)`. A database
/// result stays in centipawns (30,000 and more), as Stockfish reports its tablebase wins.
pub(super) fn reported(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-((MATE + score + 1) / 2))
    } else {
        Score::Centipawns(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(reported(mate_in(1)), Score::Mate(1));
        assert_eq!(reported(mate_in(3)), Score::Mate(2));
        assert_eq!(reported(mate_in(4)), Score::Mate(2));
        assert_eq!(reported(mated_in(2)), Score::Mate(-1));
        assert_eq!(reported(mated_in(4)), Score::Mate(-2));
        assert_eq!(reported(57), Score::Centipawns(57));
        assert_eq!(reported(-57), Score::Centipawns(-57));
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
    fn evaluations_stay_out_of_the_decisive_bands() {
        assert!(!is_decisive(clamp_eval(i32::MAX)));
        assert!(!is_decisive(clamp_eval(i32::MIN)));
        assert!(mate_in(MAX_PLY) >= MATE_BOUND && mated_in(MAX_PLY) <= -MATE_BOUND);
        assert!(is_decisive(mate_in(MAX_PLY)) && is_decisive(mated_in(MAX_PLY)));
    }

    #[test]
    fn database_scores_lie_between_evaluations_and_mates() {
        let slowest = tb_win_in(MAX_PLY, u32::MAX);
        assert!(is_decisive(slowest) && is_decisive(-slowest));
        assert!(slowest > clamp_eval(i32::MAX));
        assert!(tb_win_in(1, 0) < MATE_BOUND);
        assert!(tb_win_in(1, 0) < mate_in(MAX_PLY));
        assert!(
            tb_win_in(3, 5) > tb_win_in(3, 7),
            "a quicker conversion scores higher"
        );
        assert_eq!(
            reported(tb_win_in(2, 10)),
            Score::Centipawns(tb_win_in(2, 10))
        );
        // Stored at a node and read at another, the distance counts from the new root.
        assert_eq!(from_tt(to_tt(tb_win_in(4, 9), 4), 6), tb_win_in(6, 9));
        assert_eq!(from_tt(to_tt(-tb_win_in(4, 9), 4), 2), -tb_win_in(2, 9));
    }
}
