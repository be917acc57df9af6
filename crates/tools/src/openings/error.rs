//! Why an openings file ([`super::load`]) was refused: a line that is no opening of the game
//! ([`OpeningLineError`], named by its number), or no opening at all.

use std::error::Error;
use std::fmt;

/// Why one line of an openings file is no opening of the game.
#[derive(Debug)]
pub enum OpeningLineError {
    /// The position is not one of the game (the message is the game's own).
    Position(Box<dyn Error + Send + Sync>),
    /// A move cannot be read, or is not legal where it is played.
    Move {
        /// The move's text.
        text: String,
        /// Why the game refuses it.
        source: Box<dyn Error + Send + Sync>,
    },
    /// The moves cannot be replayed for another reason (the message is the replay's own).
    Replay(Box<dyn Error + Send + Sync>),
    /// The game is over once the opening is played.
    AlreadyOver,
}

impl fmt::Display for OpeningLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningLineError::Position(e) | OpeningLineError::Replay(e) => e.fmt(f),
            OpeningLineError::Move { text, source } => write!(f, "move '{text}': {source}"),
            OpeningLineError::AlreadyOver => {
                f.write_str("the game is already over in this opening")
            }
        }
    }
}

/// A wrapped error whose message is this one's passes its own source on; a move's refusal is the
/// source of the message that names the move.
impl Error for OpeningLineError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            OpeningLineError::Position(e) | OpeningLineError::Replay(e) => e.source(),
            OpeningLineError::Move { source, .. } => Some(source.as_ref()),
            OpeningLineError::AlreadyOver => None,
        }
    }
}

/// Why an openings file was refused.
#[derive(Debug)]
pub enum OpeningsError {
    /// Line `number` (counted from 1) is no opening of the game.
    Line {
        /// The line, counted from 1.
        number: usize,
        /// Why.
        source: OpeningLineError,
    },
    /// The file holds no opening (only comments and blank lines, or nothing).
    Empty,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::Line { number, source } => {
                write!(f, "openings line {number}: {source}")
            }
            OpeningsError::Empty => f.write_str("the openings file holds no opening"),
        }
    }
}

impl Error for OpeningsError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            OpeningsError::Line { source, .. } => Some(source),
            OpeningsError::Empty => None,
        }
    }
}
