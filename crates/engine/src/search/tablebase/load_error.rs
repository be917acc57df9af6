//! Why a database file or a folder of them was not loaded ([`super::read_table`],
//! [`super::Tablebases::load`]): it cannot be read, its contents are refused ([`TableError`]), its
//! signature is not the game's or its size not its signature's, or a folder leaves nothing to
//! probe. Each message starts with the file's or the folder's name.

use super::TableError;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a database file or folder was not loaded.
#[derive(Debug)]
pub enum TablebaseLoadError {
    /// The file or folder cannot be read.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a whole database of this game ([`TableError`] says how).
    Table {
        /// The file.
        path: PathBuf,
        /// How its contents are wrong.
        source: TableError,
    },
    /// The file's signature is none of the game's, which numbers positions of its own only.
    UnknownSignature {
        /// The file.
        path: PathBuf,
        /// The signature's name, as the file gives it.
        signature_name: String,
        /// The signature's code, as the file gives it.
        code: u32,
    },
    /// The file holds another count of positions than its signature numbers.
    WrongSize {
        /// The file.
        path: PathBuf,
        /// The positions it holds.
        positions: u64,
        /// Its signature's name.
        signature_name: String,
        /// The positions the signature numbers.
        expected: u64,
    },
    /// The game has no endgame databases.
    NoDatabases {
        /// The game's name.
        game: &'static str,
    },
    /// The folder holds no database of the game that could be loaded.
    NoneInFolder {
        /// The game's name.
        game: &'static str,
        /// The folder.
        folder: PathBuf,
        /// The game's files that were refused, each with why.
        refused: Vec<TablebaseLoadError>,
    },
}

impl TablebaseLoadError {
    /// How a failure to read `path` (a file or a folder) is reported: for `map_err`.
    pub(super) fn reading(path: &Path) -> impl FnOnce(std::io::Error) -> TablebaseLoadError {
        let path = path.to_path_buf();
        move |source| TablebaseLoadError::Io { path, source }
    }
}

impl fmt::Display for TablebaseLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseLoadError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            TablebaseLoadError::Table { path, source } => {
                write!(f, "{}: {source}", path.display())
            }
            TablebaseLoadError::UnknownSignature {
                path,
                signature_name,
                code,
            } => write!(
                f,
                "{}: {signature_name} (signature code {code:#x}) is not a signature of the game",
                path.display()
            ),
            TablebaseLoadError::WrongSize {
                path,
                positions,
                signature_name,
                expected,
            } => write!(
                f,
                "{}: {positions} positions, but {signature_name} has {expected}",
                path.display()
            ),
            TablebaseLoadError::NoDatabases { game } => {
                write!(f, "{game} has no endgame databases")
            }
            TablebaseLoadError::NoneInFolder {
                game,
                folder,
                refused,
            } => {
                write!(f, "no {game} database in {}", folder.display())?;
                refused
                    .iter()
                    .try_for_each(|file| write!(f, "; left out {file}"))
            }
        }
    }
}

impl std::error::Error for TablebaseLoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TablebaseLoadError::Io { source, .. } => Some(source),
            TablebaseLoadError::Table { source, .. } => Some(source),
            _ => None,
        }
    }
}
