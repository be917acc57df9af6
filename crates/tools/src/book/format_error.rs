//! Why a book file was refused ([`super::BookSettings::from_book`], [`super::read_book`]): its
//! `# book:` settings line, another game's book, its openings ([`OpeningsError`]), a line without
//! its score, or its `# candidates:` line. The messages name the line and what is wrong with it.

use crate::openings::OpeningsError;
use std::error::Error;
use std::fmt;
use std::num::ParseIntError;

/// The prefix of the header line that holds the settings as `key=value` words.
pub(super) const SETTINGS_PREFIX: &str = "# book:";

/// The prefix of the header line that counts the rejected candidates.
pub(super) const CANDIDATES_PREFIX: &str = "# candidates:";

/// Why a book file was refused.
#[derive(Debug)]
pub enum BookFormatError {
    /// The book has no `# book:` line.
    NoSettingsLine,
    /// A word of the `# book:` line is not `key=value`.
    NotKeyValue {
        /// The word.
        word: String,
    },
    /// A setting that is a number is not one.
    BadNumber {
        /// The key.
        key: String,
        /// Its value.
        value: String,
        /// Why it is no number.
        source: ParseIntError,
    },
    /// `scale=` names neither `common` nor `game`.
    BadScale {
        /// The value.
        value: String,
    },
    /// `verify-eval=` names neither `net` nor `hand-written`.
    BadVerifyEval {
        /// The value.
        value: String,
    },
    /// The `# book:` line names a key no book has.
    UnknownKey {
        /// The key.
        key: String,
    },
    /// The `# book:` line names no window.
    NoWindow,
    /// The `# book:` line names neither a depth nor a node budget.
    NoSearch,
    /// The `# book:` line names a verification's window but not its search.
    VerifyWindowWithoutSearch,
    /// The book is another game's.
    OtherGame {
        /// The book's game.
        found: String,
        /// The game it was read for.
        expected: &'static str,
    },
    /// The openings cannot be read.
    Openings(OpeningsError),
    /// An opening's line records no score after its `#`.
    NoScore {
        /// The line, counted from 1.
        line: usize,
    },
    /// A count of the `# candidates:` line is not a number.
    BadCandidateCount {
        /// The line after its prefix.
        line: String,
        /// The word that should be the number.
        number: String,
        /// Why it is no number.
        source: ParseIntError,
    },
    /// The `# candidates:` line counts something no book counts.
    UnknownCandidateCount {
        /// The line after its prefix.
        line: String,
        /// What it counts.
        what: String,
    },
}

impl fmt::Display for BookFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookFormatError::NoSettingsLine => write!(f, "no '{SETTINGS_PREFIX}' line"),
            BookFormatError::NotKeyValue { word } => {
                write!(
                    f,
                    "'{word}' in the '{SETTINGS_PREFIX}' line is not key=value"
                )
            }
            BookFormatError::BadNumber { key, value, source } => {
                write!(f, "{key}={value}: {source}")
            }
            BookFormatError::BadScale { value } => {
                write!(f, "scale={value}: not 'common' or 'game'")
            }
            BookFormatError::BadVerifyEval { value } => {
                write!(f, "verify-eval={value}: not 'net' or 'hand-written'")
            }
            BookFormatError::UnknownKey { key } => {
                write!(f, "unknown key '{key}' in the '{SETTINGS_PREFIX}' line")
            }
            BookFormatError::NoWindow => write!(f, "the '{SETTINGS_PREFIX}' line names no window"),
            BookFormatError::NoSearch => {
                write!(
                    f,
                    "the '{SETTINGS_PREFIX}' line names neither depth nor nodes"
                )
            }
            BookFormatError::VerifyWindowWithoutSearch => write!(
                f,
                "the '{SETTINGS_PREFIX}' line names a verify-window but neither verify-depth nor \
                 verify-nodes"
            ),
            BookFormatError::OtherGame { found, expected } => {
                write!(f, "the book is of {found}, not of {expected}")
            }
            BookFormatError::Openings(e) => e.fmt(f),
            BookFormatError::NoScore { line } => write!(
                f,
                "book line {line}: no score after '#' (a book's line ends '# <score>')"
            ),
            BookFormatError::BadCandidateCount {
                line,
                number,
                source,
            } => write!(f, "'{CANDIDATES_PREFIX}{line}': '{number}': {source}"),
            BookFormatError::UnknownCandidateCount { line, what } => {
                write!(f, "'{CANDIDATES_PREFIX}{line}': unknown count '{what}'")
            }
        }
    }
}

/// The openings' error is the refusal itself (its message is this one's) and passes its own source
/// on; a number's parse error is the source of the message that names the setting.
impl Error for BookFormatError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            BookFormatError::BadNumber { source, .. }
            | BookFormatError::BadCandidateCount { source, .. } => Some(source),
            BookFormatError::Openings(e) => e.source(),
            _ => None,
        }
    }
}

impl From<OpeningsError> for BookFormatError {
    fn from(e: OpeningsError) -> BookFormatError {
        BookFormatError::Openings(e)
    }
}
