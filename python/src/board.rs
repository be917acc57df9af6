//! `duel.Board`: a game of any hosted game, python-chess style: moves listed and pushed, taken
//! back, the game's end, its text and diagram, perft; and for learning, action ids and observation
//! planes. Bad input raises `ValueError` with the engine's own message and leaves the board as it
//! was.

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::rules::{Spaces, spaces, typed, typed_mut};
use duel_rules::game::Side;
use duel_rules::games::AnyGame;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// A game from a start position through the moves pushed: `Board(game="duel", fen=None)`.
#[pyclass(module = "duel")]
pub struct Board {
    /// The game: the library's run-time game of any hosted game.
    pub game: AnyGame,
}

/// `Err(ValueError(message))`.
pub fn value_error<T>(message: impl Into<String>) -> PyResult<T> {
    Err(PyValueError::new_err(message.into()))
}

impl Board {
    fn spaces(&self) -> PyResult<Spaces> {
        spaces(self.game.name()).or_else(value_error)
    }
}

/// The game called `game` (any case), from `fen` or its start; `ValueError` with the library's
/// words otherwise.
pub fn new_game(game: &str, fen: Option<&str>) -> PyResult<AnyGame> {
    AnyGame::new(game, fen).or_else(|e| value_error(e.to_string()))
}

/// What [`_restore_board`] takes: the game, the start position's text and the moves' texts.
type BoardArguments = (&'static str, String, Vec<String>);

/// The board of `game` from `fen` through the move texts `moves`: what an unpickled board is.
#[pyfunction]
pub fn _restore_board(game: &str, fen: &str, moves: Vec<String>) -> PyResult<Board> {
    let mut game = new_game(game, Some(fen))?;
    for text in moves {
        typed_mut(&mut game).push_text(&text).or_else(value_error)?;
    }
    Ok(Board { game })
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (game = "duel", fen = None))]
    fn new(game: &str, fen: Option<&str>) -> PyResult<Board> {
        new_game(game, fen).map(|game| Board { game })
    }

    /// The game's name: `duel`, `dipole`, `dame` or `alice`.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The side to move: `True` (`duel.WHITE`) or `False` (`duel.BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        self.game.side_to_move() == Side::White
    }

    /// The legal moves, in the generator's order; none once the game is decided on the board.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        typed(&self.game).legal_moves()
    }

    /// The moves played, first first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        typed(&self.game).move_stack()
    }

    /// Plays a move: a `Move` or its text. Returns the move played.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let mv = r#move;
        let played = if let Ok(mv) = mv.cast::<Move>() {
            typed_mut(&mut self.game).push(mv.get())
        } else if let Ok(text) = mv.cast::<PyString>() {
            typed_mut(&mut self.game).push_text(&text.to_cow()?)
        } else {
            return Err(PyTypeError::new_err("push takes a Move or a move's text"));
        };
        played.or_else(value_error)
    }

    /// Reads a move's text in the current position without playing it.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        typed(&self.game).parse(text).or_else(value_error)
    }

    /// Takes back the last move and returns it; `IndexError` when none was played.
    fn pop(&mut self) -> PyResult<Move> {
        typed_mut(&mut self.game)
            .pop()
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("pop from an empty move stack"))
    }

    /// The current position's text (Duel's DFEN, the others' FEN).
    fn fen(&self) -> String {
        self.game.position_text()
    }

    /// Whether the game is over: decided on the board, no legal move, or drawn by the rules.
    fn is_game_over(&self) -> bool {
        self.game.termination().is_some()
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        let termination = self.game.termination()?;
        Some(Outcome::new(
            termination,
            self.game.describe_termination(termination),
        ))
    }

    /// The result in PGN's words: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> &'static str {
        self.game
            .termination()
            .map_or("*", |termination| termination.outcome().pgn())
    }

    /// A copy, history included.
    fn copy(&self) -> Board {
        Board {
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> Board {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.copy()
    }

    /// Perft: the leaf nodes `depth` plies below the current position (the GIL released).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let game = &self.game;
        py.detach(|| typed(game).perft(depth))
    }

    /// The legal moves' action ids, ascending (the numbering: docs/python.md).
    fn legal_actions(&self) -> PyResult<Vec<u32>> {
        typed(&self.game).legal_actions().or_else(value_error)
    }

    /// Plays the legal move with this action id, and returns it.
    fn push_action(&mut self, action: u32) -> PyResult<Move> {
        typed_mut(&mut self.game)
            .push_action(action)
            .or_else(value_error)
    }

    /// The action id of a legal move (a `Move` or its text).
    fn action_of(&self, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        let mv = r#move;
        let mv = if let Ok(mv) = mv.cast::<Move>() {
            mv.get().clone()
        } else {
            self.parse_move(&mv.extract::<String>()?)?
        };
        typed(&self.game).action_of(&mv).or_else(value_error)
    }

    /// How many action ids the game has.
    #[getter]
    fn action_size(&self) -> PyResult<u32> {
        self.spaces()?.action_count().or_else(value_error)
    }

    /// The observation's shape: planes, rows, columns.
    #[getter]
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [planes, rows, columns] = self.spaces()?.observation_shape().or_else(value_error)?;
        Ok((planes, rows, columns))
    }

    /// The observation planes from `side`'s view (`duel.WHITE` or `duel.BLACK`; the side to move
    /// when `None`), a `numpy.float32` array of `observation_shape`.
    #[pyo3(signature = (side = None))]
    fn observation<'py>(&self, py: Python<'py>, side: Option<bool>) -> PyResult<Bound<'py, PyAny>> {
        let perspective = match side {
            Some(true) => Side::White,
            Some(false) => Side::Black,
            None => self.game.side_to_move(),
        };
        let values = typed(&self.game)
            .observation(perspective)
            .or_else(value_error)?;
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("frombuffer", (PyBytes::new(py, &bytes), "<f4"))?;
        array.call_method1("reshape", (self.observation_shape()?,))
    }

    /// Pickles as its game, start position and moves.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, BoardArguments)> {
        let restore = py.import("duel._duel")?.getattr("_restore_board")?;
        let moves = self.game.move_texts();
        Ok((restore, (self.game.name(), self.game.start_text(), moves)))
    }

    /// The diagram the protocol's `d` prints.
    fn __str__(&self) -> String {
        self.game.diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "Board(game={}, fen={})",
            crate::quoted(self.game.name()),
            crate::quoted(&self.game.position_text())
        )
    }
}
