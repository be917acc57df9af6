//! `duel.Move`: a legal move of the position it was listed in. A list of moves shares one copy of
//! that position, so listing them costs one allocation; a move's text is written when asked for.

use duel_rules::game::Game;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use std::any::Any;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Moves of one position, of some game: what a [`Move`] points into.
pub trait MoveSet: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The text of move `index`, in the game's notation.
    fn text(&self, index: usize) -> String;
    /// The set itself, for the game's own code to read its moves back.
    fn as_any(&self) -> &dyn Any;
}

/// Some legal moves of `position`.
pub struct MovesOf<G: Game> {
    /// The position they were listed in.
    pub position: G,
    /// The moves.
    pub moves: Vec<G::Move>,
}

impl<G: Game> MoveSet for MovesOf<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn text(&self, index: usize) -> String {
        self.position.format_move(self.moves[index])
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A legal move of the position it was listed in; `str(move)` is its text in the game's notation.
/// Two moves are equal when they are of the same game and written the same.
#[pyclass(frozen, module = "duel")]
#[derive(Clone)]
pub struct Move {
    pub set: Arc<dyn MoveSet>,
    pub index: usize,
}

impl Move {
    /// Every move of `set`, in its order.
    pub fn all(set: Arc<dyn MoveSet>, count: usize) -> Vec<Move> {
        (0..count)
            .map(|index| Move {
                set: Arc::clone(&set),
                index,
            })
            .collect()
    }

    /// The one move `mv` of `position`.
    pub fn single<G: Game>(position: G, mv: G::Move) -> Move {
        let moves = vec![mv];
        Move {
            set: Arc::new(MovesOf { position, moves }),
            index: 0,
        }
    }

    /// The move and the position it was listed in, if it is a move of `G`.
    pub fn of<G: Game>(&self) -> Option<(&G, G::Move)> {
        let set = self.set.as_any().downcast_ref::<MovesOf<G>>()?;
        Some((&set.position, set.moves[self.index]))
    }

    /// Its text.
    pub fn text(&self) -> String {
        self.set.text(self.index)
    }
}

#[pymethods]
impl Move {
    /// The game the move is of.
    #[getter]
    fn game(&self) -> &'static str {
        self.set.game()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move({})", crate::quoted(&self.text()))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(other) = other.cast::<Move>() else {
            return py.NotImplemented();
        };
        let other = other.get();
        let equal = self.game() == other.game() && self.text() == other.text();
        match op {
            CompareOp::Eq => equal
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            CompareOp::Ne => (!equal)
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        (self.game(), self.text()).hash(&mut hasher);
        hasher.finish()
    }
}
