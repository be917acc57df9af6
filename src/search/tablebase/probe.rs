//! A folder's databases of one game, loaded whole into memory and probed by position: what the
//! engine is to probe through, and the generator reads its finished files with.

use super::{EndgameValue, Table, resolve};
use crate::game::{EndgameIndex, Signature};
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
                    tablebases.tables.insert(table.signature, table);
                }
                Err(reason) => refused.push(reason),
            }
        }
        Ok((tablebases, refused))
    }

    /// How many signatures are loaded.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The value of `pos` for the side to move, where the loaded tables hold it (and those its
    /// captures lead to, where a capture is due).
    pub fn probe<G: EndgameIndex>(&self, pos: &G) -> Option<EndgameValue> {
        resolve(pos, &|signature, index| {
            self.tables.get(&signature)?.value(index)
        })
    }
}
