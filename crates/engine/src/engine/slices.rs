//! A search in slices, for a caller that has no thread to spare (the browser build, whose engine runs
//! on the Web Worker's one thread): [`SlicedSearch::step`] searches at most a node budget and returns,
//! so that the caller can read its input (`stop`, `ponderhit`) between slices.
//!
//! Each slice resumes the deepening where the last one stopped: it starts at the depth after the
//! deepest one reported, on the table the earlier slices filled, whose entries hold the moves of the
//! depths done and cut short the parts of the current depth already searched. Each slice in a row
//! that reports no new depth gets one budget more than the last, up to [`MAX_GROWTH`] more (the
//! caller's again after a new depth), so that a depth whose restart costs about the caller's budget
//! still ends. A slice that ends inside its first depth leaves the answer of the last whole depth.
//! Only depths deeper than those already reported
//! are reported, with the node count of all slices, so the `info` lines read as those of one search.
//! The answer is checked as the worker checks it, and given once: when a slice ends short of its
//! budget (depth, time or the position ended the search), or on `stop`.

use super::listener::Listener;
use super::worker::{Job, checked_answer};
use crate::search::{
    self, Limits, Report, SearchControl, SearchRequest, SearchResult, Settings, TranspositionTable,
};
use duel_rules::game::Searchable;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::thread;

/// How many budgets a slice may get beyond the caller's, when slices stall: a caller that wants `stop`
/// heard within a time gives budgets that this many + 1 of fit in it.
pub const MAX_GROWTH: u32 = 3;

/// A search that runs when its caller gives it a slice.
pub struct SlicedSearch<G: Searchable> {
    job: Job<G>,
    history: Vec<u64>,
    limits: Limits<G::Move>,
    settings: Settings,
    listener: Arc<dyn Listener<G>>,
    control: SearchControl,
    /// Nodes searched by the slices so far.
    nodes: u64,
    /// The deepest depth reported so far.
    depth: u32,
    /// The first move of the last principal variation reported.
    reported_best: Option<G::Move>,
    /// The last slice's outcome (`None` before the first slice).
    searched: Option<thread::Result<SearchResult<G::Move>>>,
    /// Slices in a row that reported no new depth: the next one gets that many budgets more.
    stalled: u32,
    /// Whether the search has ended by itself (the answer may still wait for `stop` or `ponderhit`).
    ended: bool,
}

impl<G: Searchable> SlicedSearch<G> {
    /// A search of `job.root` within `limits`, told to `listener`; nothing is searched before
    /// [`SlicedSearch::step`]. One thread: the slices run on the caller's.
    pub fn new(
        job: Job<G>,
        history: Vec<u64>,
        limits: Limits<G::Move>,
        mut settings: Settings,
        listener: Arc<dyn Listener<G>>,
    ) -> Self {
        let control = SearchControl::default();
        if job.ponder {
            control.start_pondering();
        }
        settings.threads = 1;
        SlicedSearch {
            job,
            history,
            limits,
            settings,
            listener,
            control,
            nodes: 0,
            depth: 0,
            reported_best: None,
            searched: None,
            stalled: 0,
            ended: false,
        }
    }

    /// Searches at most `budget` nodes more (at least 1). Returns whether the answer is still owed:
    /// false when it is due now, by [`SlicedSearch::finish`].
    pub fn step(&mut self, table: &mut TranspositionTable, budget: u64) -> bool {
        if !self.ended {
            let depth = self.depth;
            self.slice(
                table,
                budget
                    .max(1)
                    .saturating_mul(u64::from(self.stalled.min(MAX_GROWTH)) + 1),
            );
            self.stalled = if self.depth > depth {
                0
            } else {
                self.stalled + 1
            };
        }
        !self.ended || self.job.infinite || self.control.is_pondering()
    }

    /// `ponderhit`: the time limits count from now. False when the search is not pondering.
    pub fn ponderhit(&self) -> bool {
        self.control.ponderhit()
    }

    /// Gives the answer: the last slice's move, checked (see [`checked_answer`]). A search stopped
    /// before its first slice gets one that ends at once, which still finds a legal move.
    pub fn finish(mut self, table: &mut TranspositionTable) {
        if self.searched.is_none() {
            self.control.stop();
            self.slice(table, 1);
        }
        let searched = self.searched.take().expect("a slice has run");
        let (best, ponder) = checked_answer(
            &self.job,
            searched,
            self.reported_best,
            &*self.listener,
            table,
        );
        self.listener.finished(best, ponder);
    }

    /// One slice of at most `budget` nodes (and no more than `go nodes` leaves).
    fn slice(&mut self, table: &mut TranspositionTable, budget: u64) {
        let left = self
            .limits
            .nodes
            .map(|nodes| nodes.saturating_sub(self.nodes));
        let budget = left.map_or(budget, |left| left.min(budget)).max(1);
        // `go infinite` ignores node limits: each slice of it is a search without time limits.
        let infinite = self.limits.infinite;
        let limits = Limits {
            nodes: Some(budget),
            first_depth: self.searched.is_some().then_some(self.depth + 1),
            infinite: false,
            movetime: self.limits.movetime.filter(|_| !infinite),
            clock: self.limits.clock.filter(|_| !infinite),
            ..self.limits.clone()
        };
        let request = SearchRequest {
            root: &self.job.root,
            history: &self.history,
            limits: &limits,
            settings: &self.settings,
            control: &self.control,
            tt: table,
        };
        let (reported, earlier_nodes) = (self.depth, self.nodes);
        let (listener, depth, reported_best) =
            (&*self.listener, &mut self.depth, &mut self.reported_best);
        let mut on_report = |report: &Report<G::Move>| {
            if report.depth > reported {
                let report = Report {
                    nodes: earlier_nodes + report.nodes,
                    ..report.clone()
                };
                if report.multipv <= 1 {
                    *reported_best = report.pv.first().copied();
                }
                *depth = (*depth).max(report.depth);
                listener.report(&report);
            }
        };
        let searched = catch_unwind(AssertUnwindSafe(|| {
            search::run_detailed(&request, &mut on_report)
        }));
        match searched {
            Ok(summary) => {
                self.nodes += summary.nodes;
                // Short of its budget, the search ended by its own limits.
                self.ended = summary.nodes < budget || left.is_some_and(|left| left <= budget);
                // A slice that completed no depth has only a part of one: the last whole depth's
                // answer stands (at a level, its pick among the settled lines).
                if summary.depth > 0 || self.searched.is_none() {
                    self.searched = Some(Ok(summary.result));
                }
            }
            Err(payload) => {
                self.ended = true;
                self.searched = Some(Err(payload));
            }
        }
        // The deepest depth asked for is done (even if the slice used its whole budget).
        if self.control.stopped() || self.limits.depth.is_some_and(|depth| self.depth >= depth) {
            self.ended = true;
        }
    }
}
