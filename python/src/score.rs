//! `duel.Score` and `duel.Wdl`: a search's score and the chances it gives, as `Engine.analyse`
//! reports them.

use duel_engine::search::Score as SearchScore;
use duel_rules::game::Wdl as Chances;
use pyo3::prelude::*;
use pyo3::types::{PyIterator, PyTuple};

/// A search score from the side to move's point of view, on the common scale that every game
/// reports in (+100 is a 75 % expected result at the game's typical middle game), or a mate in
/// moves (negative: being mated).
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

/// The chances of a win, a draw and a loss for the side to move, per mille (they add up to 1000),
/// from the game's win-rate model at the position's phase; a mate's are certain.
#[pyclass(frozen, eq, module = "duel")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Wdl {
    /// The chance of a win, per mille.
    #[pyo3(get)]
    win: u32,
    /// The chance of a draw, per mille.
    #[pyo3(get)]
    draw: u32,
    /// The chance of a loss, per mille.
    #[pyo3(get)]
    loss: u32,
}

#[pymethods]
impl Wdl {
    /// The expected result in percent, a win counting 100 and a draw 50.
    #[getter]
    fn expected(&self) -> f64 {
        Chances::from(*self).expected_percent()
    }

    /// `win, draw, loss = wdl`.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        PyTuple::new(py, [self.win, self.draw, self.loss])?
            .as_any()
            .try_iter()
    }

    fn __repr__(&self) -> String {
        format!(
            "Wdl(win={}, draw={}, loss={})",
            self.win, self.draw, self.loss
        )
    }

    /// As the protocol's `wdl` writes it: `412 301 287`.
    fn __str__(&self) -> String {
        Chances::from(*self).to_string()
    }
}

impl From<Chances> for Wdl {
    fn from(chances: Chances) -> Wdl {
        Wdl {
            win: chances.win,
            draw: chances.draw,
            loss: chances.loss,
        }
    }
}

impl From<Wdl> for Chances {
    fn from(wdl: Wdl) -> Chances {
        Chances {
            win: wdl.win,
            draw: wdl.draw,
            loss: wdl.loss,
        }
    }
}
