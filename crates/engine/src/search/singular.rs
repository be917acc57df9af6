//! The singular extension, with multi-cut: a test of whether the transposition table's move is the
//! node's only good move.
//!
//! Where the table holds a deep enough lower bound for a move, the node is first searched without
//! that move, at half the depth and with a null window a margin below the table's score. If every
//! other move fails below it, the table's move is singular, and the node searches it one ply deeper:
//! a line whose every alternative is worse (a recapture, an exchange or a combination that must be
//! played exactly) gets the depth that finds out whether it holds. If instead the other moves reach the
//! window while the window is at or above beta, several moves beat beta and the node fails high at
//! once (multi-cut). Only games that ask for it (their profile's `singular_extension`) are tested.
//!

use super::frame::Frame;
use super::score::{Bound, is_decisive};
use super::thread::SearchThread;
use super::tt::TtEntry;
use duel_rules::game::Searchable;

/// What the singular test says of a node's table move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Singular {
    /// Every other move fails below the window: search the table's move one ply deeper.
    Extend,
    /// Another move reaches the window, which is at or above beta: the node fails high with this
    /// score without a search.
    Cut(i32),
    /// The table's move is not singular, or the test does not apply here.
    No,
}

impl<G: Searchable> SearchThread<'_, G> {
    /// The singular test of the node `pos` at `ply`, to be searched `depth` plies deep against
    /// `beta`, whose table entry and its move (decoded) are `table`; `stack[0]` is the node's own
    /// frame, which the test search uses and leaves with no move list. Not for a node that is itself
    /// a test search (its frame has a move excluded).
    pub(super) fn singular(
        &mut self,
        pos: &G,
        stack: &mut [Frame<G::Move>],
        table: Option<(TtEntry, G::Move)>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Singular {
        let Some((entry, tt_move)) = table else {
            return Singular::No;
        };
        let profile = self.profile();
        if !profile.singular_extension
            || depth < profile.se_depth
            || entry.depth < depth - profile.se_table_depth_slack
            || entry.bound == Bound::Upper
            || is_decisive(entry.score)
        {
            return Singular::No;
        }
        let window = entry.score - profile.se_margin.of::<G>() * depth;
        stack[0].excluded = Some(tt_move);
        let score = self.negamax(pos, stack, (depth - 1) / 2, window - 1, window, ply);
        stack[0].excluded = None;
        if self.aborted {
            Singular::No
        } else if score < window {
            Singular::Extend
        } else if window >= beta {
            Singular::Cut(window)
        } else {
            Singular::No
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::INFINITE;
    use crate::search::thread::Shared;
    use crate::search::{
        Limits, SearchControl, SearchRequest, Settings, TranspositionTable, run_unattended,
    };
    use duel_rules::game::{Evaluation, Game, MoveList, SearchHooks};
    use duel_rules::games::Dame;

    /// Dame's profile, which tests for the singular extension.
    const PROFILE: duel_rules::game::SearchProfile = <Dame as SearchHooks>::SEARCH;
    const SE_DEPTH: i32 = PROFILE.se_depth;

    /// Runs the singular test of `root` at `depth` against `beta`, its table entry a `bound` of
    /// `score` for its first legal move, searched `depth` deep; returns the verdict, and whether the
    /// table still holds that entry for the position afterwards.
    fn singular_test(
        root: &Dame,
        bound: Bound,
        score: i32,
        depth: i32,
        beta: i32,
    ) -> (Singular, bool) {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        let tt_move = moves[0];
        let entry = TtEntry {
            mv: Some(root.move_code(tt_move)),
            score,
            eval: None,
            depth,
            bound,
        };
        let (limits, settings) = (Limits::default(), Settings::default());
        let (control, tt) = (SearchControl::new(), TranspositionTable::new(1));
        tt.store(root.hash(), 0, entry);
        let shared = Shared::new(&SearchRequest {
            root,
            history: &[],
            limits: &limits,
            settings: &settings,
            control: &control,
            tt: &tt,
        });
        let mut thread = SearchThread::new(&shared, 0);
        let mut stack = std::mem::take(&mut thread.stack);
        let verdict = thread.singular(root, &mut stack, Some((entry, tt_move)), depth, beta, 0);
        assert!(
            stack[0].excluded.is_none(),
            "the test leaves no move excluded"
        );
        let kept = tt.probe(root.hash(), 0) == Some(entry);
        (verdict, kept)
    }

    /// White to move must take d4xf6, its only legal move.
    fn forced() -> Dame {
        Dame::from_text("8/8/8/4m3/3M4/8/8/8 w").expect("a Dame position")
    }

    #[test]
    fn an_only_move_is_singular() {
        let (verdict, kept) = singular_test(&forced(), Bound::Lower, 0, SE_DEPTH, 100);
        assert_eq!(verdict, Singular::Extend);
        assert!(kept, "the test search stores nothing for the node it tests");
    }

    #[test]
    fn a_move_with_equal_alternatives_is_not_singular() {
        // At the start every move keeps the balance: far below their score, the others reach it.
        let low = -3 * Dame::EVAL_UNIT;
        let (verdict, kept) = singular_test(&Dame::start(), Bound::Lower, low, SE_DEPTH, INFINITE);
        assert_eq!(verdict, Singular::No, "the window is below beta: no cut");
        assert!(kept);
        let window = low - PROFILE.se_margin.of::<Dame>() * SE_DEPTH;
        let (verdict, _) = singular_test(&Dame::start(), Bound::Lower, low, SE_DEPTH, window);
        assert_eq!(verdict, Singular::Cut(window), "other moves beat beta too");
    }

    #[test]
    fn the_test_needs_a_deep_node_and_a_lower_bound() {
        let (verdict, _) = singular_test(&forced(), Bound::Lower, 0, SE_DEPTH - 1, 100);
        assert_eq!(verdict, Singular::No, "too shallow a node");
        let (verdict, _) = singular_test(&forced(), Bound::Upper, 0, SE_DEPTH, 100);
        assert_eq!(
            verdict,
            Singular::No,
            "an upper bound says nothing of the move"
        );
        let (verdict, _) = singular_test(&forced(), Bound::Exact, 0, SE_DEPTH, 100);
        assert_eq!(
            verdict,
            Singular::Extend,
            "an exact score is a lower bound too"
        );
    }

    #[test]
    fn deep_searches_keep_their_checks_through_the_test_searches() {
        // Deep enough that nodes of SE_DEPTH and more are tested. A test search runs at its node's
        // own ply, over the same frames and accumulators, so every node's checks (the known check,
        // the net's sums against a fresh sum) must hold in it and in the node's moves after it.
        let limits = Limits {
            depth: Some(SE_DEPTH as u32 + 4),
            ..Limits::default()
        };
        let middlegame = "1K3m1m/8/1m3m1m/6m1/3M3m/M1M1M1M1/3M1M2/M5M1 w";
        for root in [
            Dame::start(),
            Dame::from_text(middlegame).expect("a Dame position"),
        ] {
            let text = root.to_text();
            let tt = TranspositionTable::new(4);
            let summary = run_unattended(&root, &[], &limits, true, &tt);
            assert_eq!(summary.depth, SE_DEPTH as u32 + 4, "{text}");
            let mut moves = MoveList::new();
            root.generate_moves(&mut moves);
            let best = summary.result.best.expect("a move");
            assert!(moves.contains(&best), "{text}");
        }
    }
}
