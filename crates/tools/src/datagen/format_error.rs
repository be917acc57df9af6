//! Why a `duel datagen` file ([`super::format`]) was refused: its header, another game's data, a
//! game that cannot be read ([`GameDataError`]) or a file cut short inside a game. The messages name
//! the game and what is wrong with it.

use duel_engine::search::nnue::FileHeaderError;
use std::error::Error;
use std::fmt;

/// Why one game of a datagen file cannot be read.
#[derive(Debug)]
pub enum GameDataError {
    /// The start position's text is not UTF-8.
    StartNotUtf8,
    /// The start position's text is not a position of the game.
    BadStart {
        /// The text.
        text: String,
        /// Why the game refuses it.
        source: Box<dyn Error + Send + Sync>,
    },
    /// The result byte is none of 0, 1 and 2.
    BadResult {
        /// The byte.
        found: u8,
    },
    /// A move code that names no legal move.
    NoSuchMove {
        /// The ply, counted from 1.
        ply: usize,
        /// The game's start position, as text.
        start: String,
    },
}

impl fmt::Display for GameDataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameDataError::StartNotUtf8 => f.write_str("a start position is not UTF-8"),
            GameDataError::BadStart { text, source } => {
                write!(f, "start position {text:?}: {source}")
            }
            GameDataError::BadResult { found } => {
                write!(f, "result {found} (expected 0, 1 or 2)")
            }
            GameDataError::NoSuchMove { ply, start } => {
                write!(f, "ply {ply} of the game from {start:?}: no such move")
            }
        }
    }
}

impl Error for GameDataError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            GameDataError::BadStart { source, .. } => Some(source.as_ref()),
            _ => None,
        }
    }
}

/// Why a datagen file was refused.
#[derive(Debug)]
pub enum DatagenFormatError {
    /// The header is not a datagen file's.
    Header(FileHeaderError),
    /// The file holds another game's data.
    OtherGame {
        /// The file's game.
        found: String,
        /// The game it was read for.
        expected: &'static str,
    },
    /// A game cannot be read (where the games are not counted: a file's whole length).
    Game(GameDataError),
    /// Game `number` (counted from 1) cannot be read.
    InGame {
        /// The game, counted from 1.
        number: usize,
        /// Why.
        source: GameDataError,
    },
    /// The file ends inside game `game` (counted from 1): a run stopped while writing.
    Truncated {
        /// The game cut short, counted from 1.
        game: usize,
    },
}

impl fmt::Display for DatagenFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatagenFormatError::Header(e) => e.fmt(f),
            DatagenFormatError::OtherGame { found, expected } => {
                write!(f, "the data is of {found}, not of {expected}")
            }
            DatagenFormatError::Game(e) => e.fmt(f),
            DatagenFormatError::InGame { number, source } => write!(f, "game {number}: {source}"),
            DatagenFormatError::Truncated { game } => write!(
                f,
                "the file is cut short inside game {game} (resume the run to finish it)"
            ),
        }
    }
}

/// A wrapped error that is the refusal itself (its message is this one's) passes its own source on;
/// one that a message only names the game of is the source.
impl Error for DatagenFormatError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            DatagenFormatError::Header(e) => e.source(),
            DatagenFormatError::Game(e) => e.source(),
            DatagenFormatError::InGame { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl From<FileHeaderError> for DatagenFormatError {
    fn from(e: FileHeaderError) -> DatagenFormatError {
        DatagenFormatError::Header(e)
    }
}

impl From<GameDataError> for DatagenFormatError {
    fn from(e: GameDataError) -> DatagenFormatError {
        DatagenFormatError::Game(e)
    }
}
