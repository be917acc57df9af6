//! Why a checkpoint ([`super::write`], [`super::read`]) was not written, or not resumed: the file
//! cannot be written or read, its header is not a checkpoint's, or it was made by another run
//! ([`ResumeError`]). The messages name the file, and for `--resume` the option and what differs.

use duel_engine::search::nnue::{FileHeaderError, NetFileError, OutputBuckets};
use std::error::Error;
use std::fmt;
use std::path::PathBuf;

/// Why the checkpoint `--resume` names cannot be resumed by this run.
#[derive(Debug)]
pub enum ResumeError {
    /// The file cannot be read.
    Read(std::io::Error),
    /// Its header is not a checkpoint's.
    Header(FileHeaderError),
    /// It is another game's.
    OtherGame {
        /// The checkpoint's game.
        found: String,
        /// This run's.
        expected: &'static str,
    },
    /// A setting in its header is not this run's (or is missing).
    OtherSetting {
        /// The setting's key.
        key: String,
        /// The checkpoint's value, if it has one.
        found: Option<String>,
        /// This run's.
        wanted: String,
    },
    /// Its header lacks a number it must hold.
    NoNumber {
        /// The number's key.
        key: &'static str,
    },
    /// Its hidden layer's size is not this run's.
    OtherHidden {
        /// The checkpoint's.
        found: usize,
        /// This run's.
        wanted: usize,
    },
    /// Its output buckets' header lines are refused.
    Buckets(NetFileError),
    /// Its output buckets are not those this run's data gives.
    OtherBuckets {
        /// The checkpoint's.
        found: OutputBuckets,
        /// This run's.
        wanted: OutputBuckets,
    },
    /// The values after the header are not as many as its sizes give.
    ValuesLength {
        /// The bytes there are.
        found: usize,
        /// The bytes the sizes give.
        expected: usize,
    },
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Read(e) => e.fmt(f),
            ResumeError::Header(e) => e.fmt(f),
            ResumeError::OtherGame { found, expected } => {
                write!(f, "a checkpoint of {found}, not of {expected}")
            }
            ResumeError::OtherSetting { key, found, wanted } => write!(
                f,
                "made with {key}={}, this run has {key}={wanted}",
                found.as_deref().unwrap_or("(none)")
            ),
            ResumeError::NoNumber { key } => write!(f, "no number {key}= in the header"),
            ResumeError::OtherHidden { found, wanted } => {
                write!(f, "hidden={found}, this run has {wanted}")
            }
            ResumeError::Buckets(e) => e.fmt(f),
            ResumeError::OtherBuckets { found, wanted } => write!(
                f,
                "{} output buckets of {} features, this run has {} of {}",
                found.count(),
                found.span(),
                wanted.count(),
                wanted.span()
            ),
            ResumeError::ValuesLength { found, expected } => {
                write!(f, "{found} bytes of values, expected {expected}")
            }
        }
    }
}

/// A wrapped error is the refusal itself (its message is this one's) and passes its own source on.
impl Error for ResumeError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ResumeError::Read(e) => e.source(),
            ResumeError::Header(e) => e.source(),
            ResumeError::Buckets(e) => e.source(),
            _ => None,
        }
    }
}

/// Why a checkpoint was not written or not resumed.
#[derive(Debug)]
pub enum CheckpointError {
    /// The checkpoint cannot be written.
    Write {
        /// The checkpoint's file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The checkpoint `--resume` names cannot be resumed.
    Resume {
        /// The checkpoint's file.
        path: PathBuf,
        /// Why.
        source: ResumeError,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Write { path, source } => write!(f, "{}: {source}", path.display()),
            CheckpointError::Resume { path, source } => {
                write!(f, "--resume: {}: {source}", path.display())
            }
        }
    }
}

impl Error for CheckpointError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CheckpointError::Write { source, .. } => Some(source),
            CheckpointError::Resume { source, .. } => Some(source),
        }
    }
}
