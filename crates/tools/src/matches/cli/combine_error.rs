//! Why `duel results` merged nothing ([`super::ResultsArgs::combine`]): a file that cannot be read,
//! is no results file, is refused or does not merge with the files before it ([`ResultsError`]),
//! no file at all, an anchor no engine is called, an SPRT's words refused, or an output that cannot
//! be written. The messages name the file.

use crate::matches::results::ResultsError;
use std::error::Error;
use std::fmt;
use std::path::PathBuf;

/// Why `duel results` merged nothing.
#[derive(Debug)]
pub enum CombineError {
    /// A results file cannot be read.
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not a results file's JSON.
    NotResults {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A file's results are refused ([`super::super::MatchResults::check`]).
    Invalid {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ResultsError,
    },
    /// A file's results do not merge with those of the files before it.
    Merge {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ResultsError,
    },
    /// No file was given.
    NoFiles,
    /// `--anchor` names no engine of the results.
    NoSuchAnchor {
        /// The name given.
        anchor: String,
        /// The results' engines.
        engines: Vec<String>,
    },
    /// `--sprt`'s words are refused (their own message).
    Sprt(String),
    /// The merged results cannot be turned into JSON.
    Json(serde_json::Error),
    /// `--output` cannot be written.
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for CombineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CombineError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            CombineError::NotResults { path, source } => {
                write!(f, "{} is not a results file: {source}", path.display())
            }
            CombineError::Invalid { path, source } => {
                write!(
                    f,
                    "{} is not a valid results file: {source}",
                    path.display()
                )
            }
            CombineError::Merge { path, source } => {
                write!(f, "cannot merge {}: {source}", path.display())
            }
            CombineError::NoFiles => f.write_str("no results file given"),
            CombineError::NoSuchAnchor { anchor, engines } => write!(
                f,
                "--anchor {anchor}: no engine has that name (engines: {})",
                engines.join(", ")
            ),
            CombineError::Sprt(reason) => f.write_str(reason),
            CombineError::Json(e) => e.fmt(f),
            CombineError::Write { path, source } => {
                write!(f, "cannot write {}: {source}", path.display())
            }
        }
    }
}

/// The JSON error of [`CombineError::Json`] is the refusal itself (its message is this one's) and
/// passes its own source on; the others are the source of the message that names the file.
impl Error for CombineError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CombineError::Read { source, .. } | CombineError::Write { source, .. } => Some(source),
            CombineError::NotResults { source, .. } => Some(source),
            CombineError::Invalid { source, .. } | CombineError::Merge { source, .. } => {
                Some(source)
            }
            CombineError::Json(e) => e.source(),
            _ => None,
        }
    }
}
