//! Why a net file ([`super::Network::from_bytes`]) or a net's parameters ([`super::Network::new`])
//! were refused: the header, another game's net, other inputs or quantisation, a file cut short or
//! too long, or parameters of the wrong sizes. The messages name the part and the numbers.

use super::file_header_error::FileHeaderError;
use super::limits::{QA, QB};
use super::output_buckets_error::OutputBucketsError;
use std::fmt;

/// Why a net was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetFileError {
    /// The file's header is not a net file's, or a size line is missing or not a number.
    Header(FileHeaderError),
    /// The net is for another game.
    OtherGame {
        /// The game the net is for.
        found: String,
        /// The game it was read for.
        expected: String,
    },
    /// The net is quantised otherwise than this build reads ([`QA`], [`QB`]).
    OtherQuantisation {
        /// The file's `qa=`.
        qa: usize,
        /// The file's `qb=`.
        qb: usize,
    },
    /// The net has another count of input features than the game's feature set.
    OtherFeatures {
        /// The game it was read for.
        game: String,
        /// The net's input features.
        found: usize,
        /// The game's.
        expected: usize,
    },
    /// The file ends inside one of the net's parts.
    Truncated {
        /// The part: `feature weights`, `feature biases`, `output weights` or `output biases`.
        part: &'static str,
    },
    /// The file goes on after the net's last part.
    TrailingBytes {
        /// How many bytes are left over.
        count: usize,
        /// The header's `hidden=`, the likeliest line to be wrong.
        hidden: usize,
    },
    /// The header's `scale=` does not fit an `i32`.
    ScaleTooLarge {
        /// The header's `scale=`.
        scale: usize,
    },
    /// The header's output buckets are out of range.
    Buckets(OutputBucketsError),
    /// A part of the parameters has another length than the net's sizes give.
    WrongLength {
        /// The part: `feature weights`, `feature biases`, `output weights` or `output biases`.
        part: &'static str,
        /// Its values.
        found: usize,
        /// The values the sizes give.
        expected: usize,
    },
    /// The hidden layer is empty or the scale is not positive.
    NotPositive {
        /// Neurons of the hidden layer.
        hidden: usize,
        /// The game's units of an output of 1.0.
        scale: i32,
    },
}

impl fmt::Display for NetFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetFileError::Header(e) => e.fmt(f),
            NetFileError::OtherGame { found, expected } => {
                write!(f, "the net is for {found}, not for {expected}")
            }
            NetFileError::OtherQuantisation { qa, qb } => write!(
                f,
                "the net is quantised with qa={qa}, qb={qb}; this build reads qa={QA}, qb={QB}"
            ),
            NetFileError::OtherFeatures {
                game,
                found,
                expected,
            } => write!(
                f,
                "the net has {found} input features; {game}'s feature set has {expected}"
            ),
            NetFileError::Truncated { part } => write!(f, "the file is cut short in the {part}"),
            NetFileError::TrailingBytes { count, hidden } => write!(
                f,
                "{count} bytes after the net's end (is hidden={hidden} right?)"
            ),
            NetFileError::ScaleTooLarge { scale } => write!(f, "scale={scale} is too large"),
            NetFileError::Buckets(e) => e.fmt(f),
            NetFileError::WrongLength {
                part,
                found,
                expected,
            } => write!(f, "{part}: {found} values, expected {expected}"),
            NetFileError::NotPositive { hidden, scale } => {
                write!(f, "hidden={hidden}, scale={scale}: both must be positive")
            }
        }
    }
}

/// The wrapped errors are the refusal itself (their message is this one's), so their own source is
/// passed on.
impl std::error::Error for NetFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetFileError::Header(e) => e.source(),
            NetFileError::Buckets(e) => e.source(),
            _ => None,
        }
    }
}

impl From<FileHeaderError> for NetFileError {
    fn from(e: FileHeaderError) -> NetFileError {
        NetFileError::Header(e)
    }
}

impl From<OutputBucketsError> for NetFileError {
    fn from(e: OutputBucketsError) -> NetFileError {
        NetFileError::Buckets(e)
    }
}
