//! What a `go` asks for: the limits of one search (not to be confused with tunable search parameters).

use super::clock::Instant;
use std::time::Duration;

/// The side to move's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search; every limit given applies, whichever is hit first ends the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits<M> {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long (minus the move overhead).
    pub movetime: Option<Duration>,
    /// Manage this clock (soft and hard limits).
    pub clock: Option<Clock>,
    /// Stop once a mate in this many moves (or fewer) is found.
    pub mate: Option<u32>,
    /// Search until stopped; the other limits are ignored.
    pub infinite: bool,
    /// Search only these root moves (all legal moves when empty).
    pub searchmoves: Vec<M>,
    /// Resumes a search in slices: the first depth to search, the depths below done by its earlier
    /// slices (their moves are in the table, whose entries of this search stay current). `None`: a
    /// new search, from depth 1. Not a `go` option.
    pub first_depth: Option<u32>,
    /// The moment the time limits count from: when the `go` arrived, so that what happens before
    /// the search starts (stopping the last one, making the table, starting the thread) is on the
    /// clock too. `None`: when the search starts.
    pub since: Option<Instant>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            mate: None,
            infinite: false,
            searchmoves: Vec::new(),
            first_depth: None,
            since: None,
        }
    }
}
