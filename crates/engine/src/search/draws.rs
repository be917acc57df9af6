//! Draws inside the search tree: repetitions, found by comparing the current key with those of the
//! earlier positions on the path and in the game's history, and the quiet-ply limit; the draws of
//! `GameRecord::termination`, but not in its order: the record lets a side without a legal move come
//! first, while the search scores a repetition before it generates the moves (the quiet-ply limit
//! still yields to a side without a move). What a draw is worth, `Contempt` aside, is here too.

use super::frame::Frame;
use super::score::{DRAW, outcome_score};
use super::thread::SearchThread;
use duel_rules::game::Searchable;

impl<G: Searchable> SearchThread<'_, G> {
    /// The score of the current node `pos`, `ply` plies from the root, if a draw rule settles it
    /// (called after a decided game was ruled out). `frame` is scratch space.
    #[inline]
    pub fn draw_score(&self, pos: &G, frame: &mut Frame<G::Move>, ply: usize) -> Option<i32> {
        if self.is_repetition(pos.quiet_plies()) {
            return Some(self.draw_value(pos));
        }
        self.quiet_limit_score(pos, frame, ply)
    }

    /// Whether the current node (the last key in `keys`), `quiet_plies` plies after the last
    /// irreversible move, counts as a repetition draw.
    ///
    /// A repetition of a position inside the search tree (after the root) is a draw on its second
    /// occurrence: if repeating was good for one side, it can repeat again, so the search may as well
    /// score the cycle now — the usual shortcut of chess engines. Occurrences at or before the root
    /// count towards the game's real limit ([`duel_rules::game::DrawRules::repetitions`]). Positions older
    /// than `quiet_plies` cannot recur and are not looked at.
    pub fn is_repetition(&self, quiet_plies: u32) -> bool {
        let Some(limit) = G::DRAW_RULES.repetitions else {
            return false;
        };
        let Some((&current, earlier)) = self.keys.split_last() else {
            return false;
        };
        let window = earlier.len().min(quiet_plies as usize);
        let mut occurrences = 1;
        for (index, &key) in earlier.iter().enumerate().rev().take(window) {
            if key == current {
                if index > self.root_index {
                    return true;
                }
                occurrences += 1;
                if occurrences >= limit {
                    return true;
                }
            }
        }
        false
    }

    /// The score of a node `ply` plies from the root that has reached the quiet-ply limit: a draw,
    /// unless the side to move has no move, because a decisive result takes precedence. `None` below
    /// the limit. Generates the moves into `frame`, which is rare enough not to matter.
    pub fn quiet_limit_score(
        &self,
        pos: &G,
        frame: &mut Frame<G::Move>,
        ply: usize,
    ) -> Option<i32> {
        if !G::DRAW_RULES.quiet_limit_reached(pos.quiet_plies()) {
            return None;
        }
        pos.generate_moves(&mut frame.moves);
        Some(if frame.moves.is_empty() {
            self.no_move_score(pos, ply)
        } else {
            self.draw_value(pos)
        })
    }

    /// The score of `pos`, `ply` plies from the root, whose side to move has no legal move: the
    /// game's result for that case.
    #[inline]
    pub fn no_move_score(&self, pos: &G, ply: usize) -> i32 {
        outcome_score(pos, pos.no_move_outcome(), ply, self.draw_value(pos))
    }

    /// The score of a draw in `pos` for its side to move: `Contempt` below the evaluation's zero
    /// where the root's side is to move, as far above it where the opponent is, so that the engine
    /// prefers playing on in a level position to a draw (no contempt: [`DRAW`] for both).
    #[inline]
    pub fn draw_value(&self, pos: &G) -> i32 {
        if pos.side_to_move() == self.shared.root.side_to_move() {
            DRAW - self.shared.contempt
        } else {
            DRAW + self.shared.contempt
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::thread::{SearchThread, Shared};
    use crate::search::{Limits, SearchControl, SearchRequest, Settings, TranspositionTable};
    use duel_rules::game::{Evaluation, Game, MoveList, Pieces};
    use duel_rules::games::Duel;

    /// Runs `check` on a main search thread for the start position with the given history keys.
    fn with_main_thread(history: &[u64], check: impl FnOnce(&mut SearchThread<'_, Duel>)) {
        with_settings(&Settings::default(), history, check);
    }

    /// Runs `check` on a main search thread for the start position with the given settings and
    /// history keys.
    fn with_settings(
        settings: &Settings,
        history: &[u64],
        check: impl FnOnce(&mut SearchThread<'_, Duel>),
    ) {
        let root = Duel::start();
        let limits = Limits::default();
        let (control, tt) = (SearchControl::new(), TranspositionTable::new(1));
        let shared = Shared::new(&SearchRequest {
            root: &root,
            history,
            limits: &limits,
            settings,
            control: &control,
            tt: &tt,
        });
        check(&mut SearchThread::new(&shared, 0));
    }

    #[test]
    fn a_repetition_inside_the_tree_draws_at_once() {
        let root = Duel::start().hash();
        with_main_thread(&[], |thread| {
            // Root, then 1, 2, 3 and back to 1: the position after the root repeats inside the tree.
            thread.keys.extend([1, 2, 3, 1]);
            assert!(thread.is_repetition(4));
            // The same, but the last irreversible move came after the first occurrence.
            assert!(!thread.is_repetition(2));
            // Returning to the root itself is only a second occurrence of a game position.
            thread.keys.truncate(1);
            thread.keys.extend([1, 2, 3, root]);
            assert!(!thread.is_repetition(4));
        });
    }

    #[test]
    fn game_history_counts_towards_the_third_occurrence() {
        let root = Duel::start().hash();
        with_main_thread(&[7, 8], |thread| {
            thread.keys.extend([9, 7]);
            // 7 occurred once before the root: the second occurrence is no draw yet.
            assert!(!thread.is_repetition(10));
        });
        with_main_thread(&[7, 8, 7, 8], |thread| {
            thread.keys.extend([9, 7]);
            assert!(thread.is_repetition(10));
        });
        with_main_thread(&[root, 8, root, 8], |thread| {
            // The root is a third occurrence, but the root itself is never scored as a draw; one ply
            // later the check is on a new key.
            thread.keys.push(5);
            assert!(!thread.is_repetition(10));
        });
    }

    #[test]
    fn contempt_makes_a_draw_worse_for_the_root_side_and_better_for_the_opponent() {
        let root = Duel::start();
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        let reply = root.make_move(moves[0]);
        with_main_thread(&[], |thread| {
            assert_eq!(thread.draw_value(&root), 0);
            assert_eq!(thread.draw_value(&reply), 0);
        });
        let settings = Settings {
            contempt: Pieces::hundredths(25),
            ..Settings::default()
        };
        with_settings(&settings, &[], |thread| {
            let contempt = Duel::EVAL_UNIT / 4;
            assert!(contempt > 0);
            assert_eq!(thread.draw_value(&root), -contempt);
            assert_eq!(thread.draw_value(&reply), contempt);
        });
    }
}
