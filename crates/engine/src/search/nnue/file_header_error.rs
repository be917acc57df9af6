//! Why the header of one of the engine's binary files ([`super::FileHeader`]) was refused: the file
//! is of another kind or version, the header is cut short or malformed, or a line the reader needs
//! is missing or not a number. The messages name the file's kind and the line.

use super::file_kind::FileKind;
use std::fmt;

/// Why a file's header was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileHeaderError {
    /// The file does not start with the magic bytes of `kind` (or is shorter than a header's start).
    WrongMagic {
        /// The kind of file expected.
        kind: FileKind,
    },
    /// The file is of another format version than `kind`'s.
    OtherVersion {
        /// The kind of file expected, with the version this build reads.
        kind: FileKind,
        /// The version the file states.
        found: u16,
    },
    /// The file ends inside the header's text.
    Truncated,
    /// The header's text is not UTF-8.
    NotUtf8,
    /// A header line has no `=`.
    LineWithoutEquals {
        /// The line.
        line: String,
    },
    /// The header's first line is not `game=`.
    NoGameLine,
    /// The header has no line `key=`.
    MissingKey {
        /// The key looked for.
        key: String,
    },
    /// The line `key=` is not a number.
    NotANumber {
        /// The line's key.
        key: String,
        /// What the line holds.
        value: String,
    },
}

impl fmt::Display for FileHeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileHeaderError::WrongMagic { kind } => {
                let magic = String::from_utf8_lossy(kind.magic);
                write!(f, "not a {} (it does not start with {magic})", kind.name)
            }
            FileHeaderError::OtherVersion { kind, found } => write!(
                f,
                "{} format version {found}; this build reads version {}",
                kind.name, kind.version
            ),
            FileHeaderError::Truncated => f.write_str("the header is cut short"),
            FileHeaderError::NotUtf8 => f.write_str("the header is not UTF-8"),
            FileHeaderError::LineWithoutEquals { line } => {
                write!(f, "header line without '=': {line:?}")
            }
            FileHeaderError::NoGameLine => f.write_str("the header does not start with game="),
            FileHeaderError::MissingKey { key } => write!(f, "the header has no {key}="),
            FileHeaderError::NotANumber { key, value } => {
                write!(f, "{key}={value} is not a number")
            }
        }
    }
}

impl std::error::Error for FileHeaderError {}
