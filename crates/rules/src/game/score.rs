//! The score an engine reports for a position, as game records keep it (`record::pgn`'s move
//! comments) and the search computes it.

/// A score from the side to move's point of view: the search's evaluation or a forced result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}
