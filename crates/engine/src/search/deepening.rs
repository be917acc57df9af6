//! Iterative deepening at the root: one iteration per depth, each principal variation (MultiPV)
//! searched with an aspiration window around its previous score, and the stop decisions taken between
//! iterations.

use super::clock::Instant;
use super::frame::Frame;
use super::params::{MATE_SETTLE_MARGIN, TIME_FALL_MARGIN};
use super::report::Report;
use super::root_moves::sort_by_score;
use super::score::{Bound, INFINITE, MAX_PLY, Score, is_decisive, reported};
use super::thread::SearchThread;
use super::tt::TtEntry;
use duel_rules::game::Searchable;
use std::time::Duration;

/// The deepest iteration: leaves room below it for the quiescence search.
const MAX_DEPTH: u32 = MAX_PLY as u32 - 16;
/// A failed aspiration window is reported only after this much time, when a user may be waiting.
const BOUND_REPORT_DELAY: Duration = Duration::from_secs(1);

impl<G: Searchable> SearchThread<'_, G> {
    /// Deepens until a limit, a stop or the last depth; the main thread reports every completed depth
    /// through `report`. Helpers start odd-numbered ones a depth ahead, so that the threads spread over
    /// two depths and fill the table with different results.
    pub fn iterate(&mut self, report: &mut dyn FnMut(&Report<G::Move>)) {
        if self.root_moves.is_empty() {
            return;
        }
        let mut stack = std::mem::take(&mut self.stack);
        let start = self
            .shared
            .limits
            .first_depth
            .unwrap_or(1)
            .clamp(1, MAX_DEPTH);
        let first_depth = if self.is_main() {
            start
        } else {
            start + (self.id as u32 & 1)
        };
        for depth in first_depth..=MAX_DEPTH {
            self.seldepth = 0;
            let previous_best = self.root_moves.first().map(|rm| (rm.mv, rm.score));
            for rm in &mut self.root_moves {
                rm.previous_score = rm.score;
            }
            let lines = self.shared.lines();
            for line in 0..lines {
                self.search_line(&mut stack, depth, line, report);
                // The lines found so far stay in order; a move that rose above them moves up.
                sort_by_score(&mut self.root_moves[..=line]);
                if self.aborted {
                    break;
                }
            }
            if self.aborted {
                break;
            }
            self.completed_depth = depth;
            if self.is_main() {
                self.time.iteration_done(Instant::now());
                self.store_root(depth);
                if self.shared.level.is_some() {
                    self.settled_lines = self.root_moves[..lines].to_vec();
                }
                // A level searches more lines than asked for; only those asked for are reported.
                self.report_lines(depth, lines.min(self.shared.settings.multipv), report);
                let needs_more = depth > first_depth
                    && previous_best.is_some_and(|(mv, score)| self.unsettled(mv, score));
                if self.done_after(depth, needs_more) {
                    break;
                }
            }
        }
        if self.is_main() && self.aborted && self.completed_depth > 0 {
            // Stopped inside an iteration: a last report gives the nodes and time behind the move.
            self.report_line(self.completed_depth, 0, Bound::Exact, report);
        }
        self.stack = stack;
    }

    /// Searches the `line`-th principal variation (0-based) at `depth`, widening the aspiration
    /// window until the score falls inside it.
    fn search_line(
        &mut self,
        stack: &mut [Frame<G::Move>],
        depth: u32,
        line: usize,
        report: &mut dyn FnMut(&Report<G::Move>),
    ) {
        let previous = self.root_moves[line].previous_score;
        let profile = *self.profile();
        let mut margin = profile.aspiration_margin.of::<G>();
        let (mut alpha, mut beta) = if depth >= profile.aspiration_depth && !is_decisive(previous) {
            (
                (previous - margin).max(-INFINITE),
                (previous + margin).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.search_root(stack, depth as i32, line, alpha, beta);
            sort_by_score(&mut self.root_moves[line..]);
            if self.aborted {
                return;
            }
            let bound = if score <= alpha {
                // Fail low: the window's upper half was wasted; centre lower.
                beta = (alpha + beta) / 2;
                alpha = (score - margin).max(-INFINITE);
                Bound::Upper
            } else if score >= beta {
                beta = (score + margin).min(INFINITE);
                Bound::Lower
            } else {
                return;
            };
            if self.is_main() && line == 0 && self.shared.started.elapsed() >= BOUND_REPORT_DELAY {
                self.report_line(depth, 0, bound, report);
            }
            margin = margin.saturating_mul(profile.aspiration_growth_factor) / 100;
        }
    }

    /// Searches the root moves from `first` on (the earlier ones are the better lines of MultiPV) with
    /// the window (alpha, beta), principal variation search style: the first move with the full
    /// window, the others with a null window and again with the full one if they beat alpha. Returns
    /// the best score; records each move's score and principal variation.
    fn search_root(
        &mut self,
        stack: &mut [Frame<G::Move>],
        depth: i32,
        first: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let Some((_, below)) = stack.split_first_mut() else {
            return 0;
        };
        if self.enter_node() {
            return 0;
        }
        self.root_depth = depth;
        let root = self.shared.root;
        let mut best = -INFINITE;
        for index in first..self.root_moves.len() {
            let mv = self.root_moves[index].mv;
            let child = root.make_move(mv);
            self.prefetch(child.hash());
            self.keys.push(child.hash());
            self.played(root, mv, &child, 0);
            let mut score;
            if index == first {
                score = -self.negamax(&child, below, depth - 1, -beta, -alpha, 1);
            } else {
                score = -self.negamax(&child, below, depth - 1, -alpha - 1, -alpha, 1);
                if score > alpha && score < beta {
                    score = -self.negamax(&child, below, depth - 1, -beta, -alpha, 1);
                }
            }
            self.keys.pop();
            if self.aborted {
                break;
            }
            let seldepth = self.seldepth;
            let rm = &mut self.root_moves[index];
            if index == first || score > alpha {
                rm.score = score;
                rm.seldepth = seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                if let Some(child_frame) = below.first() {
                    rm.pv.extend_from_slice(child_frame.pv());
                }
            } else {
                rm.score = -INFINITE;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Stores the finished iteration's best move at the root, for the next search and the helpers.
    fn store_root(&self, depth: u32) {
        let Some(best) = self.root_moves.first() else {
            return;
        };
        let entry = TtEntry {
            mv: Some(self.shared.root.move_code(best.mv)),
            score: best.score,
            eval: None,
            depth: depth as i32,
            bound: Bound::Exact,
        };
        self.shared.tt.store(self.shared.root.hash(), 0, entry);
    }

    /// Reports the first `lines` principal variations of a completed depth.
    fn report_lines(&self, depth: u32, lines: usize, report: &mut dyn FnMut(&Report<G::Move>)) {
        for line in 0..lines {
            self.report_line(depth, line, Bound::Exact, report);
        }
    }

    fn report_line(
        &self,
        depth: u32,
        line: usize,
        bound: Bound,
        report: &mut dyn FnMut(&Report<G::Move>),
    ) {
        let Some(rm) = self.root_moves.get(line) else {
            return;
        };
        report(&Report {
            depth,
            // A line cut short by the table or a mate ends above the nominal depth; the selective
            // depth, as GUIs read it, still covers it.
            seldepth: (rm.seldepth as u32).max(depth),
            multipv: line as u32 + 1,
            score: reported(rm.latest_score()),
            bound,
            nodes: self.total_nodes(),
            elapsed: self.shared.started.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            tbhits: self
                .shared
                .settings
                .tablebases
                .as_ref()
                .map(|_| self.total_tbhits()),
            pv: rm.pv.clone(),
        });
    }

    /// Whether the position needs more thought than its share of time: the iteration just completed
    /// replaced `previous_move`, the best move before it, or the best score fell from `previous_score`
    /// by [`TIME_FALL_MARGIN`] or more.
    fn unsettled(&self, previous_move: G::Move, previous_score: i32) -> bool {
        self.root_moves.first().is_some_and(|best| {
            best.mv != previous_move || best.score <= previous_score - TIME_FALL_MARGIN.of::<G>()
        })
    }

    /// Whether the main thread should stop after completing `depth`, `needs_more` telling whether the
    /// position is unsettled (see [`TimeManager::may_start_iteration`]). `infinite` ignores every limit;
    /// while pondering only the time limits are suspended. A settled mate ends every search that is
    /// not held to a depth, `infinite` and pondering ones too: deeper iterations would only prove it
    /// again, each quickly, up to the last depth (the caller holds the answer until `stop` or
    /// `ponderhit` all the same).
    ///
    /// [`TimeManager::may_start_iteration`]: super::time::TimeManager::may_start_iteration
    fn done_after(&mut self, depth: u32, needs_more: bool) -> bool {
        let limits = self.shared.limits;
        let best = self.root_moves.first().map_or(-INFINITE, |rm| rm.score);
        if (limits.infinite || limits.depth.is_none()) && mate_settled(best, depth) {
            return true;
        }
        if limits.infinite {
            return false;
        }
        if self.shared.depth_limit().is_some_and(|d| depth >= d.max(1)) {
            return true;
        }
        if limits.mate.is_some_and(|n| mates_within(best, n)) {
            return true;
        }
        if self.pondering() {
            return false;
        }
        // A forced move needs no thought when the time saved is the player's own.
        let forced = self.root_moves.len() == 1 && self.time.uses_clock();
        forced || !self.time.may_start_iteration(Instant::now(), needs_more)
    }
}

/// Whether `score`, found by an iteration of `depth`, is a mate with `MATE_SETTLE_MARGIN` iterations
/// past the plies it needs: 2n − 1 for a win in n moves, 2n for a loss in n.
fn mate_settled(score: i32, depth: u32) -> bool {
    let plies = match reported(score) {
        Score::Mate(n) if n > 0 => 2 * n.unsigned_abs() - 1,
        Score::Mate(n) => 2 * n.unsigned_abs(),
        Score::Centipawns(_) => return false,
    };
    depth >= plies + MATE_SETTLE_MARGIN
}

/// Whether `score` is a mate for the side to move in at most `moves` moves.
fn mates_within(score: i32, moves: u32) -> bool {
    matches!(reported(score), Score::Mate(n) if n > 0 && n as u32 <= moves)
}
