//! What a search tells the protocol: progress reports during the search, the result at its end.

use super::score::{Bound, Score};
use std::time::Duration;

/// One `info` line's worth of progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Report<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached; never below `depth`.
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
    /// Positions whose value the endgame databases gave (all threads); `None` when no databases
    /// are loaded.
    pub tbhits: Option<u64>,
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

/// A finished search with its statistics: what [`crate::search::run_detailed`] returns.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchSummary<M> {
    /// The answer, as [`crate::search::run`] gives it.
    pub result: SearchResult<M>,
    /// The score of the best move at the last completed depth (`None` if no depth was completed).
    pub score: Option<Score>,
    /// The last completed depth (0 if none).
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
}
