//! A folder's databases of one game, loaded whole into memory and probed by position: what the
//! engine is to probe through, and the generator reads its finished files with.

use super::{EndgameValue, Table, TablebaseLoadError, resolve};
use duel_rules::game::{EndgameIndex, Signature};
use std::collections::HashMap;
use std::path::Path;

/// The file name of `signature`'s table: `<game>-<signature>.tb`.
pub fn file_name<G: EndgameIndex>(signature: Signature) -> String {
    format!("{}-{}.tb", G::NAME, G::signature_name(signature))
}

/// Reads the table in `path`, refusing (with the file's name and the reason) one that is not a
/// whole table of this game, whose signature is not one of the game's, or whose size is not its
/// signature's.
pub fn read_table<G: EndgameIndex>(path: &Path) -> Result<Table, TablebaseLoadError> {
    let bytes = std::fs::read(path).map_err(TablebaseLoadError::reading(path))?;
    let table = Table::from_bytes(&bytes, G::NAME).map_err(|source| TablebaseLoadError::Table {
        path: path.to_path_buf(),
        source,
    })?;
    // Only a signature the game lists is one its databases are built for.
    let signature = table.signature;
    if !G::endgame_signatures(G::signature_pieces(signature)).contains(&signature) {
        return Err(TablebaseLoadError::UnknownSignature {
            path: path.to_path_buf(),
            signature_name: table.signature_name,
            code: signature.0,
        });
    }
    let expected = G::endgame_position_count(signature);
    if table.positions != expected {
        return Err(TablebaseLoadError::WrongSize {
            path: path.to_path_buf(),
            positions: table.positions,
            signature_name: table.signature_name,
            expected,
        });
    }
    Ok(table)
}

/// The tables of one game found in a folder.
#[derive(Default)]
pub struct Tablebases {
    tables: HashMap<Signature, Table>,
    /// The most pieces of any loaded signature: a position with more is not probed.
    max_pieces: u32,
}

/// Two sets of tables are the same when they hold the same signatures (the engine's settings compare
/// by this: the values of one signature cannot differ between two correct tables).
impl PartialEq for Tablebases {
    fn eq(&self, other: &Tablebases) -> bool {
        self.tables.len() == other.tables.len()
            && self.tables.keys().all(|s| other.tables.contains_key(s))
    }
}

impl Eq for Tablebases {}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("signatures", &self.tables.len())
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

impl Tablebases {
    /// Loads every `<game>-*.tb` file of `folder`; returns the tables and, for each file refused,
    /// its name and why. `Err` where the folder cannot be read.
    pub fn load<G: EndgameIndex>(
        folder: &Path,
    ) -> Result<(Tablebases, Vec<TablebaseLoadError>), TablebaseLoadError> {
        let entries = std::fs::read_dir(folder).map_err(TablebaseLoadError::reading(folder))?;
        let prefix = format!("{}-", G::NAME);
        let mut tablebases = Tablebases::default();
        let mut refused = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with(&prefix) || !name.ends_with(".tb") {
                continue;
            }
            match read_table::<G>(&entry.path()) {
                Ok(table) => {
                    let pieces = G::signature_pieces(table.signature);
                    tablebases.max_pieces = tablebases.max_pieces.max(pieces);
                    tablebases.tables.insert(table.signature, table);
                }
                Err(reason) => refused.push(reason),
            }
        }
        Ok((tablebases, refused))
    }

    /// Loads as [`Tablebases::load`] does, and refuses what leaves nothing to probe: a game without
    /// databases, or a folder holding none of this game (naming each file left out).
    pub fn load_some<G: EndgameIndex>(
        folder: &Path,
    ) -> Result<(Tablebases, Vec<TablebaseLoadError>), TablebaseLoadError> {
        if G::endgame_signatures(2).is_empty() {
            return Err(TablebaseLoadError::NoDatabases { game: G::NAME });
        }
        let (tables, refused) = Tablebases::load::<G>(folder)?;
        if tables.is_empty() {
            return Err(TablebaseLoadError::NoneInFolder {
                game: G::NAME,
                folder: folder.to_path_buf(),
                refused,
            });
        }
        Ok((tables, refused))
    }

    /// How many signatures are loaded.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The most pieces of a loaded signature (0 when none is loaded).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The value of `pos` for the side to move, where the loaded tables hold it (and those its
    /// captures lead to, where a capture is due). A position with more pieces than any table costs
    /// a count of its pieces and no more: the search asks at every node.
    #[inline]
    pub fn probe<G: EndgameIndex>(&self, pos: &G) -> Option<EndgameValue> {
        if pos.endgame_pieces() > self.max_pieces {
            return None;
        }
        resolve(pos, &|signature, index| {
            self.tables.get(&signature)?.value(index)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tablebase::TableError;
    use duel_rules::games::{Dame, Duel};
    use std::path::PathBuf;

    /// A new empty folder of its own under the system's temporary one.
    fn folder(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("duel-probe-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary folder");
        path
    }

    #[test]
    fn a_refused_file_carries_its_path_and_why() {
        let dir = folder("refused");
        let kvk = Dame::endgame_signatures(2)[0];
        let count = Dame::endgame_position_count(kvk) as usize;
        let name = Dame::signature_name(kvk);
        let whole = Table::encode("dame", &name, kvk, &vec![0; count]).to_bytes();
        let path = dir.join(file_name::<Dame>(kvk));

        std::fs::write(&path, &whole[..whole.len() - 9]).unwrap();
        let truncated = read_table::<Dame>(&path).unwrap_err();
        let TablebaseLoadError::Table {
            path: named,
            source,
        } = &truncated
        else {
            panic!("{truncated:?}");
        };
        assert_eq!((named, source), (&path, &TableError::Truncated));
        assert_eq!(
            truncated.to_string(),
            format!(
                "{}: truncated: the file ends before its contents",
                path.display()
            )
        );

        let other_game = Table::encode("alice", &name, kvk, &vec![0; count]).to_bytes();
        std::fs::write(&path, other_game).unwrap();
        assert!(matches!(
            read_table::<Dame>(&path),
            Err(TablebaseLoadError::Table {
                source: TableError::OtherGame(_),
                ..
            })
        ));

        std::fs::write(
            &path,
            Table::encode("dame", &name, kvk, &[0; 10]).to_bytes(),
        )
        .unwrap();
        let wrong_size = read_table::<Dame>(&path).unwrap_err();
        assert_eq!(
            wrong_size.to_string(),
            format!("{}: 10 positions, but {name} has {count}", path.display())
        );

        let missing = read_table::<Dame>(&dir.join("none.tb")).unwrap_err();
        let TablebaseLoadError::Io { source, .. } = &missing else {
            panic!("{missing:?}");
        };
        assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Found by the `database` fuzz target: a whole, checksummed file whose signature code is
    /// none of Dame's (15 men a side and 3 kings: more pieces than squares) made the loader ask
    /// the signature's size, whose count of free squares underflowed.
    #[test]
    fn fuzz_database_signature_the_game_does_not_list() {
        let dir = folder("unlisted");
        let path = dir.join("dame-KvK.tb");
        let unlisted = Signature(0xF0F3);
        std::fs::write(
            &path,
            Table::encode("dame", "KvK", unlisted, &[0; 10]).to_bytes(),
        )
        .unwrap();
        let refused = read_table::<Dame>(&path).unwrap_err();
        assert!(
            matches!(
                &refused,
                TablebaseLoadError::UnknownSignature { code: 0xF0F3, .. }
            ),
            "{refused:?}"
        );
        assert_eq!(
            refused.to_string(),
            format!(
                "{}: KvK (signature code 0xf0f3) is not a signature of the game",
                path.display()
            )
        );
        // Every game refuses what it does not list, a game without databases everything.
        std::fs::write(
            &path,
            Table::encode("duel", "KvK", Signature(0x101), &[]).to_bytes(),
        )
        .unwrap();
        assert!(matches!(
            read_table::<Duel>(&path),
            Err(TablebaseLoadError::UnknownSignature { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_with_nothing_to_probe_is_refused_naming_each_file_left_out() {
        let dir = folder("empty");
        let kvk = Dame::endgame_signatures(2)[0];
        let path = dir.join(file_name::<Dame>(kvk));
        std::fs::write(&path, b"DUELEGTB").unwrap();
        let refused = Tablebases::load_some::<Dame>(&dir).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "no dame database in {}; left out {}: truncated: the file ends before its contents",
                dir.display(),
                path.display()
            )
        );
        let TablebaseLoadError::NoneInFolder { game, refused, .. } = refused else {
            panic!("{refused:?}");
        };
        assert_eq!((game, refused.len()), ("dame", 1));
        let no_databases = Tablebases::load_some::<Duel>(&dir).unwrap_err();
        assert!(matches!(
            no_databases,
            TablebaseLoadError::NoDatabases { game: "duel" }
        ));
        assert_eq!(no_databases.to_string(), "duel has no endgame databases");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
