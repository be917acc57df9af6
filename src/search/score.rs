//! Scores as the search reports them.

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
