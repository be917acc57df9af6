//! Skipping quiet moves (nothing tactical, no check, no win at once) near the horizon without
//! searching them:
//!
//! - futility pruning: where the static evaluation plus a margin per remaining ply still does not
//!   reach alpha, a quiet move is unlikely to lift the score that far;
//! - late move pruning: move ordering puts the likely best moves first, so past a count that grows
//!   with the depth, the remaining quiet moves are rarely worth a search.
//!
//! A node's first move is always searched, and nothing is skipped in check, at principal-variation
//! nodes or near mate scores.

use super::score::{DECISIVE_BOUND, is_decisive};
use duel_rules::game::{Evaluation, SearchProfile, Searchable};

/// Whether `mv`, played in `pos` to reach `child` (whose check state is `gives_check`), is quiet: it
/// is not tactical (no capture, no promotion), gives no check and does not win at once (a Duel king
/// stepping onto its goal square is neither a capture nor a check, and skipping it would hide a win
/// one ply away).
#[inline]
pub(super) fn is_quiet<G: Searchable>(pos: &G, mv: G::Move, child: &G, gives_check: bool) -> bool {
    !gives_check && !pos.is_tactical(mv) && child.decided_winner().is_none()
}

/// Which moves of one node may be skipped: set up once per node, asked once per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct QuietPruning {
    /// The static evaluation plus the margin, when that stays at or below alpha: what a skipped move
    /// is taken to be worth at most.
    futility: Option<i32>,
    /// Quiet moves from this index (0 = first) on are skipped.
    late_from: usize,
}

impl QuietPruning {
    /// The pruning under `profile` of a node of game `G` with remaining `depth` and the lower
    /// window edge `alpha`.
    /// `eval` is the node's static evaluation, `None` in check or at a principal-variation node:
    /// nothing is skipped there.
    pub fn new<G: Evaluation>(
        profile: &SearchProfile,
        depth: i32,
        eval: Option<i32>,
        alpha: i32,
    ) -> Self {
        let eval = eval.filter(|_| !is_decisive(alpha));
        let futility = eval
            .filter(|_| depth <= profile.futility_depth_max)
            .map(|eval| eval + profile.futility_margin.of::<G>() * depth)
            .filter(|&value| value <= alpha);
        let late_from = match eval {
            Some(_) if depth <= profile.lmp_depth_max => {
                (profile.lmp_base + depth * depth) as usize
            }
            _ => usize::MAX,
        };
        QuietPruning {
            futility,
            late_from,
        }
    }

    /// Whether the move at `index` (0 = first) is skipped, given whether it is `quiet` (neither
    /// tactical nor a check) and the node's `best` score so far; if so, the score to count for it (the
    /// futility value, so that a node failing low returns a bound that holds for the skipped moves too,
    /// or `best` itself for a late move).
    #[inline]
    pub fn skip(&self, index: usize, quiet: bool, best: i32) -> Option<i32> {
        // While every move searched loses to a mate, a quiet move may be the only escape.
        if index == 0 || !quiet || best <= -DECISIVE_BOUND {
            return None;
        }
        // A late move has no estimate of its own: it leaves the best score as it is.
        self.futility
            .or_else(|| (index >= self.late_from).then_some(best))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{mate_in, mated_in};
    use duel_rules::game::Game;
    use duel_rules::games::Duel;

    /// The profile the tests prune with.
    const PROFILE: SearchProfile = SearchProfile::DEFAULT;
    const FUTILITY_DEPTH_MAX: i32 = PROFILE.futility_depth_max;
    const LMP_DEPTH_MAX: i32 = PROFILE.lmp_depth_max;
    const LMP_BASE: i32 = PROFILE.lmp_base;

    /// A node of Duel.
    fn node(depth: i32, eval: Option<i32>, alpha: i32) -> QuietPruning {
        QuietPruning::new::<Duel>(&PROFILE, depth, eval, alpha)
    }

    /// Duel's futility margin per ply.
    fn margin() -> i32 {
        PROFILE.futility_margin.of::<Duel>()
    }

    fn quiet(dfen: &str, mv: &str) -> bool {
        let pos = Duel::from_text(dfen).expect("test position");
        let mv = pos.parse_move(mv).expect("legal");
        let child = pos.make_move(mv);
        is_quiet(&pos, mv, &child, child.in_check())
    }

    #[test]
    fn a_win_at_once_a_capture_and_a_check_are_not_quiet() {
        // White's king on E7 steps onto its goal E8: no capture, no check, but the game is won.
        let king_at_the_door = "bK8/4wK4/9/9/9/9/9/9 w 0 1";
        assert!(!quiet(king_at_the_door, "E7-E8"));
        assert!(quiet(king_at_the_door, "E7-D7"));
        // The start: a die's roll is quiet.
        assert!(quiet(duel_rules::games::duel::START_DFEN, "D1-e6"));
    }

    /// A node where futility applies: the evaluation plus the margin just reaches alpha.
    fn futile(depth: i32) -> QuietPruning {
        node(depth, Some(0), margin() * depth)
    }

    #[test]
    fn late_quiet_moves_of_a_hopeless_frontier_node_are_skipped() {
        let value = Some(margin());
        assert_eq!(futile(1).skip(1, true, -50), value);
        assert_eq!(
            futile(FUTILITY_DEPTH_MAX).skip(5, true, -50),
            Some(margin() * FUTILITY_DEPTH_MAX)
        );
    }

    #[test]
    fn late_quiet_moves_of_a_shallow_node_are_skipped() {
        let depth = LMP_DEPTH_MAX;
        let late = (LMP_BASE + depth * depth) as usize;
        // Alpha far below the evaluation: futility does not apply, only the move count.
        let pruning = node(depth, Some(0), -10_000);
        assert_eq!(pruning.skip(late - 1, true, -50), None);
        assert_eq!(
            pruning.skip(late, true, -50),
            Some(-50),
            "best stays as it is"
        );
        assert_eq!(pruning.skip(late, false, -50), None, "captures and checks");
        let deep = node(LMP_DEPTH_MAX + 1, Some(0), -10_000);
        assert_eq!(deep.skip(100, true, -50), None);
        let mated = node(depth, Some(0), -10_000);
        assert_eq!(mated.skip(late, true, mated_in(2)), None);
    }

    #[test]
    fn nothing_is_skipped_in_check_or_at_principal_variation_nodes() {
        // The search gives no evaluation there.
        let pruning = node(1, None, 10_000);
        assert_eq!(pruning.skip(5, true, -50), None);
        assert_eq!(pruning.skip(100, true, -50), None);
    }

    #[test]
    fn the_first_move_captures_and_checks_are_always_searched() {
        assert_eq!(futile(1).skip(0, true, -50), None);
        assert_eq!(futile(1).skip(3, false, -50), None);
    }

    #[test]
    fn futility_spares_promising_and_deep_nodes() {
        let pruning = node(1, Some(0), margin() - 1);
        assert_eq!(
            pruning.skip(1, true, -50),
            None,
            "the margin lifts it above alpha"
        );
        let deep = FUTILITY_DEPTH_MAX + 1;
        assert_eq!(futile(deep).skip(1, true, -50), None);
    }

    #[test]
    fn nothing_is_skipped_near_mate_scores() {
        let pruning = node(1, Some(0), mate_in(3));
        assert_eq!(pruning.skip(100, true, -50), None, "alpha is a mate");
        assert_eq!(
            futile(1).skip(5, true, mated_in(2)),
            None,
            "every move so far is mated"
        );
    }
}
