//! `duel.Outcome`: how a game ended.

use duel_rules::game::{Outcome as GameResult, Side, Termination};
use pyo3::prelude::*;

/// How a game ended: who won (`None` for a draw), by which rule, and the result.
#[pyclass(frozen, module = "duel")]
pub struct Outcome {
    termination: Termination,
    reason: String,
}

impl Outcome {
    /// The outcome of `termination`, explained in `reason`.
    pub fn new(termination: Termination, reason: String) -> Outcome {
        Outcome {
            termination,
            reason,
        }
    }
}

#[pymethods]
impl Outcome {
    /// The winner: `True` (White), `False` (Black) or `None` (a draw).
    #[getter]
    fn winner(&self) -> Option<bool> {
        match self.termination.outcome() {
            GameResult::Win(side) => Some(side == Side::White),
            GameResult::Draw => None,
        }
    }

    /// The rule that ended the game: `goal` (decided on the board), `no_legal_move`,
    /// `repetition` or `quiet_plies`.
    #[getter]
    fn termination(&self) -> &'static str {
        match self.termination {
            Termination::Goal { .. } => "goal",
            Termination::NoLegalMove { .. } => "no_legal_move",
            Termination::Repetition => "repetition",
            Termination::QuietPlies => "quiet_plies",
        }
    }

    /// The game's words for it.
    #[getter]
    fn reason(&self) -> &str {
        &self.reason
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result(&self) -> &'static str {
        self.termination.outcome().pgn()
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination={}, result={})",
            match self.winner() {
                Some(true) => "True",
                Some(false) => "False",
                None => "None",
            },
            crate::quoted(self.termination()),
            crate::quoted(self.result())
        )
    }
}
