//! The session's PGN files: the `--log` file that every game goes into, and `save` / `load`.
//!
//! The log is rewritten after every move, so the game in progress is on disk at every moment: a Ctrl-C,
//! the end of the input or even a killed process loses nothing. What the file held before the session
//! is kept, and each game of the session follows it, the one in progress last (with result `*` until it
//! ends). A game in which nothing happened (no move, no flag fallen) is not logged.

use duel_rules::game::Game;
use duel_rules::record::pgn::{self, PgnGame};
use std::path::{Path, PathBuf};

/// The `--log` file.
pub struct Log {
    path: PathBuf,
    /// The file's text before the session, then the session's games that are no longer in progress.
    earlier: String,
}

impl Log {
    /// Opens the log at `path`, keeping what it holds; checks at once that it can be written.
    pub fn open(path: &Path) -> Result<Log, String> {
        let mut earlier = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("cannot read the log file {}: {e}", path.display())),
        };
        if !earlier.is_empty() && !earlier.ends_with('\n') {
            earlier.push('\n');
        }
        let log = Log {
            path: path.to_path_buf(),
            earlier,
        };
        log.write("")?;
        Ok(log)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Rewrites the file with `current`, the PGN of the game in progress (empty when it has no move).
    pub fn write(&self, current: &str) -> Result<(), String> {
        let text = format!("{}{current}", self.earlier);
        std::fs::write(&self.path, text)
            .map_err(|e| format!("cannot write the log file {}: {e}", self.path.display()))
    }

    /// The game in progress (its PGN `current`) is over or abandoned: it stays in the file as it is,
    /// and the next game follows it.
    pub fn close_game(&mut self, current: &str) {
        self.earlier.push_str(current);
    }
}

/// `save`: writes one game's PGN to `path`, replacing the file.
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot save to {}: {e}", path.display()))
}

/// `load`: the last game of the PGN file at `path`, and how many games the file holds.
pub fn load<G: Game>(path: &Path) -> Result<(PgnGame<G>, usize), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot load {}: {e}", path.display()))?;
    let mut games =
        pgn::read::<G>(&text).map_err(|e| format!("cannot load {}: {e}", path.display()))?;
    let count = games.len();
    match games.pop() {
        Some(game) => Ok((game, count)),
        None => Err(format!("cannot load {}: it holds no game", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::temp_dir::TempDir;
    use duel_rules::games::Duel;

    #[test]
    fn the_log_keeps_what_was_there_and_rewrites_the_current_game() {
        let dir = TempDir::new("duel-play-log");
        let path = dir.join("keep.pgn");
        std::fs::write(&path, "old text").unwrap();
        let mut log = Log::open(&path).unwrap();
        log.write("game 1 *\n").unwrap();
        log.write("game 1 longer *\n").unwrap();
        log.close_game("game 1 done 1-0\n");
        log.write("game 2 *\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "old text\ngame 1 done 1-0\ngame 2 *\n"
        );
    }

    #[test]
    fn unusable_files_are_named_in_the_error() {
        let dir = TempDir::new("duel-play-log");
        let error = Log::open(dir.path()).err().unwrap();
        assert!(error.starts_with("cannot read the log file "), "{error}");
        let missing = dir.join("missing.pgn");
        let error = load::<Duel>(&missing).err().unwrap();
        assert!(error.contains("missing.pgn"), "{error}");
        let empty = dir.join("empty.pgn");
        std::fs::write(&empty, "").unwrap();
        assert!(
            load::<Duel>(&empty)
                .err()
                .unwrap()
                .ends_with("it holds no game")
        );
    }
}
