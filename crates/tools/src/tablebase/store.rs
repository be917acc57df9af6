//! The database files of a folder: one per signature, `<game>-<signature>.tb`, written whole under
//! a temporary name and then renamed, so that a file under its own name is complete and a run that
//! was stopped resumes from the signatures it finished.

use duel_engine::search::tablebase::{Table, file_name, read_table};
use duel_rules::game::{EndgameIndex, Signature};
use std::path::{Path, PathBuf};

/// The file of `signature` in `folder`.
pub fn path_of<G: EndgameIndex>(folder: &Path, signature: Signature) -> PathBuf {
    folder.join(file_name::<G>(signature))
}

/// The table in `path` if it is there, whole and of this game and signature; `Ok(None)` where
/// there is no file, `Err` (the reason) where there is one that cannot be used.
pub fn read<G: EndgameIndex>(path: &Path, signature: Signature) -> Result<Option<Table>, String> {
    if !path.exists() {
        return Ok(None);
    }
    let table = read_table::<G>(path).map_err(|e| e.to_string())?;
    if table.signature != signature {
        return Err(format!(
            "{}: holds {}, not {}",
            path.display(),
            table.signature_name,
            G::signature_name(signature)
        ));
    }
    Ok(Some(table))
}

/// Writes `table` to `path` whole: to a temporary file first, renamed when it is written.
pub fn write(path: &Path, table: &Table) -> Result<(), String> {
    let partial = path.with_extension("tb.partial");
    std::fs::write(&partial, table.to_bytes())
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}
