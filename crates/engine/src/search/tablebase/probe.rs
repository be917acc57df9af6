//! A folder's databases of one game, loaded whole into memory and probed by position: what the
//! engine is to probe through, and the generator reads its finished files with.

use super::{EndgameValue, Table, resolve};
use duel_rules::game::{EndgameIndex, Signature};
use std::collections::HashMap;
use std::path::Path;

/// The file name of `signature`'s table: `<game>-<signature>.tb`.
pub fn file_name<G: EndgameIndex>(signature: Signature) -> String {
    format!("{}-{}.tb", G::NAME, G::signature_name(signature))
}

/// Reads the table in `path`, refusing (with the file's name and the reason) one that is not a
/// whole table of this game, or whose size is not its signature's.
pub fn read_table<G: EndgameIndex>(path: &Path) -> Result<Table, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table =
        Table::from_bytes(&bytes, G::NAME).map_err(|e| format!("{}: {e}", path.display()))?;
    if table.positions != G::endgame_position_count(table.signature) {
        return Err(format!(
            "{}: {} positions, but {} has {}",
            path.display(),
            table.positions,
            table.signature_name,
            G::endgame_position_count(table.signature)
        ));
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
    pub fn load<G: EndgameIndex>(folder: &Path) -> Result<(Tablebases, Vec<String>), String> {
        let entries =
            std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
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
    pub fn load_some<G: EndgameIndex>(folder: &Path) -> Result<(Tablebases, Vec<String>), String> {
        if G::endgame_signatures(2).is_empty() {
            return Err(format!("{} has no endgame databases", G::NAME));
        }
        let (tables, refused) = Tablebases::load::<G>(folder)?;
        if tables.is_empty() {
            let mut reason = format!("no {} database in {}", G::NAME, folder.display());
            for file in &refused {
                reason.push_str(&format!("; left out {file}"));
            }
            return Err(reason);
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
