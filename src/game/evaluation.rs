//! What a game tells about its static evaluation: the terms `eval` shows, and the weights a tuner fits.

/// One named term of a static evaluation, from each side's point of view, in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTerm {
    /// What the term measures, e.g. `material`.
    pub name: &'static str,
    /// White's share.
    pub white: i32,
    /// Black's share.
    pub black: i32,
}

/// One weight of a linear evaluation: the centipawns one unit of its feature is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalWeight {
    /// The [`EvalTerm`] it adds to.
    pub term: &'static str,
    /// Its name, unique in the game's table (what `duel tune --fix` takes), e.g. `TEMPO`.
    pub name: &'static str,
    /// Centipawns per unit of the feature.
    pub value: i32,
}

impl EvalWeight {
    /// A weight of `value` centipawns named `name`, adding to the term `term`.
    pub const fn new(term: &'static str, name: &'static str, value: i32) -> EvalWeight {
        EvalWeight { term, name, value }
    }
}
