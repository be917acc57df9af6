//! `duel.Score`: a search's score as `Engine.analyse` reports it.

use duel_engine::search::Score as SearchScore;
use pyo3::prelude::*;

/// A search score from the side to move's point of view: centipawns (hundredths of the game's
/// basic piece) or a mate in moves (negative: being mated).
#[pyclass(frozen, eq, module = "duel")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Score {
    /// Centipawns, or `None` for a mate score.
    #[pyo3(get)]
    cp: Option<i32>,
    /// Moves to mate, or `None`.
    #[pyo3(get)]
    mate: Option<i32>,
}

#[pymethods]
impl Score {
    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (Some(cp), _) => format!("Score(cp={cp})"),
            (_, Some(mate)) => format!("Score(mate={mate})"),
            _ => "Score()".to_string(),
        }
    }

    /// As UCI writes it: `cp 35` or `mate -3`.
    fn __str__(&self) -> String {
        match (self.cp, self.mate) {
            (Some(cp), _) => format!("cp {cp}"),
            (_, Some(mate)) => format!("mate {mate}"),
            _ => String::new(),
        }
    }
}

impl From<SearchScore> for Score {
    fn from(score: SearchScore) -> Score {
        match score {
            SearchScore::Centipawns(cp) => Score {
                cp: Some(cp),
                mate: None,
            },
            SearchScore::Mate(mate) => Score {
                cp: None,
                mate: Some(mate),
            },
        }
    }
}
