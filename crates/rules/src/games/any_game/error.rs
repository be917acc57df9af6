//! [`AnyGameError`]: why a game chosen by name could not be made, or a move not played.

use crate::games::UnknownVariant;
use std::error::Error;
use std::fmt;

/// Why a game could not be made, or a move not played: a name that names no hosted game, or the
/// game's own error (a position text, a move, a replay), in the game's words.
#[derive(Debug)]
pub enum AnyGameError {
    /// The name names no hosted game.
    UnknownVariant(UnknownVariant),
    /// The game refused a text: its [`PositionError`](crate::game::Game::PositionError),
    /// [`MoveError`](crate::game::Game::MoveError) or [`crate::game::ReplayError`].
    Game(Box<dyn Error + Send + Sync>),
}

impl AnyGameError {
    /// A game's own error.
    pub(super) fn game(error: impl Error + Send + Sync + 'static) -> Self {
        AnyGameError::Game(Box::new(error))
    }
}

impl fmt::Display for AnyGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyGameError::UnknownVariant(unknown) => unknown.fmt(f),
            AnyGameError::Game(error) => error.fmt(f),
        }
    }
}

impl Error for AnyGameError {}

impl From<UnknownVariant> for AnyGameError {
    fn from(unknown: UnknownVariant) -> Self {
        AnyGameError::UnknownVariant(unknown)
    }
}
