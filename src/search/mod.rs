//! The search: iterative deepening over a generic [`Game`], stopped through [`SearchControl`].
//!
//! CONTRACT (stub): the types and the signature of [`run`] are what the protocol builds on; the body
//! is a placeholder to be replaced by the real search.

mod limits;

pub use limits::{Clock, Limits};

use crate::game::{Game, MoveList};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Whether a reported score is exact or a bound from a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation (1-based) this is.
    pub multipv: u32,
    /// The score.
    pub score: Score,
    /// Exact or bound.
    pub bound: Bound,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use in per mille.
    pub hashfull: u32,
    /// The principal variation, from the root.
    pub pv: Vec<M>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best: Option<M>,
    /// The expected reply, for pondering.
    pub ponder: Option<M>,
}

/// Settings that come from engine options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Search threads.
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(10),
        }
    }
}

/// Flags the protocol uses to steer a running search.
#[derive(Debug, Default)]
pub struct SearchControl {
    /// Set to end the search as soon as possible.
    pub stop: AtomicBool,
    /// While set, time limits are not enforced (`go ponder`); cleared on `ponderhit`.
    pub pondering: AtomicBool,
}

/// Searches `root` (whose earlier positions have the keys `history`, oldest first) within `limits`,
/// calling `report` at every completed depth, and returns the best move.
pub fn run<G: Game>(
    root: &G,
    history: &[u64],
    limits: &Limits<G::Move>,
    settings: &Settings,
    control: &SearchControl,
    report: &mut dyn FnMut(&Report<G::Move>),
) -> SearchResult<G::Move> {
    let _ = (history, settings);
    let started = Instant::now();
    let mut moves = MoveList::new();
    root.generate_moves(&mut moves);
    if !limits.searchmoves.is_empty() {
        moves.retain(|m| limits.searchmoves.contains(&m));
    }
    let Some(&first) = moves.first() else {
        return SearchResult {
            best: None,
            ponder: None,
        };
    };
    // Placeholder: "searches" one ply per millisecond until a limit or stop.
    let deadline = limits
        .movetime
        .map(|t| started + t.saturating_sub(settings.move_overhead));
    let mut depth = 0;
    loop {
        if control.stop.load(Ordering::Relaxed) {
            break;
        }
        let pondering = control.pondering.load(Ordering::Relaxed);
        if !limits.infinite && !pondering {
            if limits.depth.is_some_and(|d| depth >= d)
                || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            if limits.depth.is_none() && deadline.is_none() && depth >= 3 {
                break;
            }
        }
        depth += 1;
        report(&Report {
            depth,
            seldepth: depth,
            multipv: 1,
            score: Score::Centipawns(-root.make_move(first).evaluate()),
            bound: Bound::Exact,
            nodes: depth as u64,
            elapsed: started.elapsed(),
            hashfull: 0,
            pv: vec![first],
        });
        std::thread::sleep(Duration::from_millis(1));
    }
    SearchResult {
        best: Some(first),
        ponder: None,
    }
}
