//! What can be wrong with a move's text before any position is consulted, written once: every game's
//! `MoveError` starts with it.

use std::fmt;

/// Why a move text could not be read as a move of the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The text is empty.
    Empty,
    /// The text does not have the shape of a move in the game's notation.
    Syntax {
        /// The text.
        text: String,
        /// What was wrong.
        reason: &'static str,
    },
    /// A part that should be a square of an 8 × 8 board (a1 to h8) is not one.
    NotASquare(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => f.write_str("empty move"),
            MoveTextError::Syntax { text, reason } => {
                write!(f, "cannot read move '{text}': {reason}")
            }
            MoveTextError::NotASquare(text) => write!(f, "'{text}' is not a square (a1 to h8)"),
        }
    }
}

impl std::error::Error for MoveTextError {}
