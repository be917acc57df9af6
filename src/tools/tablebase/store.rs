//! The database files of a folder: one per signature, `<game>-<signature>.tb`, written whole under
//! a temporary name and then renamed, so that a file under its own name is complete and a run that
//! was stopped resumes from the signatures it finished.

use crate::game::{EndgameIndex, Signature};
use crate::search::tablebase::Table;
use std::path::{Path, PathBuf};

/// The file of `signature` in `folder`.
pub fn path_of<G: EndgameIndex>(folder: &Path, signature: Signature) -> PathBuf {
    folder.join(format!("{}-{}.tb", G::NAME, G::signature_name(signature)))
}

/// The table in `path` if it is there, whole and of this game and signature; `Ok(None)` where
/// there is no file, `Err` (the reason) where there is one that cannot be used.
pub fn read<G: EndgameIndex>(path: &Path, signature: Signature) -> Result<Option<Table>, String> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let table =
        Table::from_bytes(&bytes, G::NAME).map_err(|e| format!("{}: {e}", path.display()))?;
    if table.signature != signature || table.positions != G::endgame_position_count(signature) {
        return Err(format!(
            "{}: holds {} with {} positions, not {}",
            path.display(),
            table.signature_name,
            table.positions,
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
