//! `duel datagen`: training data for a neural evaluation from the engine's own games. The engine
//! plays itself at a fixed node count from the shipped book's openings plus a few random plies, and
//! writes each game with every ply's search score ([`format`](mod@format)); the quiet positions are
//! marked for training. Sharded like `duel match` (`--shard K/N`: game i belongs to shard i mod N) and resumable:
//! run the same command again and it goes on after the last whole game in the file.

mod cli;
pub mod format;
mod format_error;
pub mod selfplay;

pub use cli::DatagenArgs;

use crate::openings::load as load_openings;
use crate::shard::Shard;
use duel_engine::search::{Settings, TranspositionTable};
use duel_rules::games::HostedGame;
use format::{GameData, Header, complete_length};
use std::io::{Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::time::Instant;

/// The table of each game's searches, in MiB: a few thousand nodes a move fill little of it.
const TABLE_MIB: usize = 16;

/// What a run makes; the header records all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatagenSettings {
    /// Games of the whole run (over all shards).
    pub games: u64,
    /// The node count of each move's search.
    pub nodes: u64,
    /// Random plies after the book's opening.
    pub random_plies: u32,
    /// The seed of the openings.
    pub seed: u64,
    /// Whether the searches evaluate with the game's embedded net (where it has one) or with its
    /// hand-written evaluation (the first round's data, before any net).
    pub use_net: bool,
    /// This process's part of the run.
    pub shard: Shard,
    /// The data file (appended to when it holds this run's games already).
    pub out: PathBuf,
    /// The command line, for the header.
    pub command: String,
}

impl DatagenSettings {
    /// The header of this run's file for game `G`.
    pub fn header<G: HostedGame>(&self) -> Header {
        // The searches' own choice (`search::run_unattended` with these settings), so the header
        // cannot name an evaluation they do not use.
        let searches = Settings {
            use_net: self.use_net,
            ..Settings::DEFAULT
        };
        let eval = match searches.network::<G>() {
            Some(_) => "net",
            None => "hand-written",
        };
        let lines = [
            ("games", self.games.to_string()),
            ("nodes", self.nodes.to_string()),
            ("random_plies", self.random_plies.to_string()),
            ("seed", self.seed.to_string()),
            ("eval", eval.to_string()),
            ("shard", self.shard.to_string()),
            ("command", self.command.clone()),
        ];
        Header {
            game: G::NAME.to_string(),
            lines: lines.map(|(k, v)| (k.to_string(), v)).to_vec(),
        }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DatagenSummary {
    /// Games in the file at the start (a resumed run).
    pub resumed: u64,
    /// Games played now.
    pub played: u64,
    /// Plies played now.
    pub plies: u64,
    /// Of them, positions kept for training.
    pub kept: u64,
}

/// Runs `duel datagen` for game `G` with the openings of `book` (the game's shipped book, or none):
/// plays this shard's games not yet in the file, appending each whole game, and reports progress to
/// `progress` about once a second.
pub fn run<G: HostedGame>(
    settings: &DatagenSettings,
    book: Option<&str>,
    progress: &mut dyn Write,
) -> Result<DatagenSummary, String> {
    let openings = book
        .map(load_openings::<G>)
        .transpose()
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    let (mut file, resumed) = open::<G>(settings)?;
    let tt = TranspositionTable::new(TABLE_MIB);
    let mine: Vec<usize> = settings.shard.pairs(settings.games as usize).collect();
    let mut summary = DatagenSummary {
        resumed,
        ..DatagenSummary::default()
    };
    let started = Instant::now();
    let mut shown = started;
    for &index in mine.iter().skip(resumed as usize) {
        let opening = selfplay::opening(
            &openings,
            settings.seed,
            index as u64,
            settings.random_plies,
        );
        let game: GameData<G> = selfplay::play(opening, settings.nodes, settings.use_net, &tt);
        file.write_all(&game.encode())
            .map_err(|e| format!("--out {}: {e}", settings.out.display()))?;
        summary.played += 1;
        summary.plies += game.plies.len() as u64;
        summary.kept += game.plies.iter().filter(|p| p.kept).count() as u64;
        if shown.elapsed().as_secs() >= 1 || summary.resumed + summary.played == mine.len() as u64 {
            shown = Instant::now();
            report(
                progress,
                &summary,
                mine.len() as u64,
                started.elapsed().as_secs_f64(),
            );
        }
    }
    file.flush()
        .map_err(|e| format!("--out {}: {e}", settings.out.display()))?;
    Ok(summary)
}

/// Opens the data file: a new one gets the header; an existing one must have the same header, and
/// is cut after its last whole game. Returns the file, positioned to append, and its games.
fn open<G: HostedGame>(settings: &DatagenSettings) -> Result<(std::fs::File, u64), String> {
    let header = &settings.header::<G>();
    let path = &settings.out;
    let named = |e: &dyn std::fmt::Display| format!("--out {}: {e}", path.display());
    let existing = match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(named(&e)),
    };
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(path)
        .map_err(|e| named(&e))?;
    let Some(bytes) = existing.filter(|b| !b.is_empty()) else {
        file.write_all(&header.encode(format::FILE_KIND))
            .map_err(|e| named(&e))?;
        return Ok((file, 0));
    };
    let (found, _) = Header::decode(&bytes, format::FILE_KIND).map_err(|e| named(&e))?;
    // The command line may differ (another path, the options in another order); the settings not.
    let settings_of = |h: &Header| {
        let lines = h.lines.iter().filter(|(k, _)| k != "command");
        let lines: Vec<String> = lines.map(|(k, v)| format!("{k}={v}")).collect();
        format!("game={} {}", h.game, lines.join(" "))
    };
    if settings_of(&found) != settings_of(header) {
        return Err(named(&format!(
            "holds data made with other settings ({}); give another --out or the same settings",
            settings_of(&found)
        )));
    }
    let (length, games) = complete_length::<G>(&bytes).map_err(|e| named(&e))?;
    file.set_len(length as u64).map_err(|e| named(&e))?;
    file.seek(SeekFrom::End(0)).map_err(|e| named(&e))?;
    Ok((file, games as u64))
}

/// One progress line: games, positions kept, their rate and the time left.
fn report(out: &mut dyn Write, summary: &DatagenSummary, total: u64, seconds: f64) {
    let done = summary.resumed + summary.played;
    let rate = summary.kept as f64 / seconds.max(1e-9);
    let left = seconds / summary.played.max(1) as f64 * total.saturating_sub(done) as f64;
    let _ = writeln!(
        out,
        "datagen: game {done}/{total}, {} positions kept ({rate:.0} positions/s), {:.0} s left",
        summary.kept, left
    );
}
