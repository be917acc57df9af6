//! The command-line arguments of `duel match` and `duel results`, turned into a [`MatchConfig`].

mod combine_error;
mod game_options;

pub use combine_error::CombineError;
pub use game_options::GameOptions;

use super::MatchConfig;
use super::engines::EngineSpec;
use super::results::MatchResults;
use super::schedule::Schedule;
use super::stats::Sprt;
use crate::cli_error::CliError;
use crate::shard::Shard;
use crate::tool::{Call, Tool, finished};
use clap::Args;
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Random plies of an opening for a game without a shipped book.
const DEFAULT_OPENING_PLIES: u32 = 8;

/// `duel match`: play engines against each other.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// A participant: `name=<n> cmd=<path> [args="…"] [proto=uci|ugi] [option.<Name>=<v>]…` or
    /// `name=<n> builtin=random|greedy`. Give it at least twice. (clap's derive flattens the
    /// occurrences; the command line passes them to [`MatchArgs::config`] grouped.)
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", required = true, action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
    /// How each game is played.
    #[command(flatten)]
    pub game: GameOptions,
    /// Total games (rounded up to whole rounds of colour-swapped pairs).
    #[arg(long, conflicts_with = "rounds")]
    pub games: Option<u32>,
    /// Rounds: each pairing plays one opening twice, colours swapped.
    #[arg(long)]
    pub rounds: Option<u32>,
    /// Seed of the opening choice and the built-in players.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// With more than two engines: the first plays each other one (default: round robin).
    #[arg(long)]
    pub gauntlet: bool,
    /// Sequential probability ratio test: `elo0=<a> elo1=<b> [alpha=<x>] [beta=<y>]`.
    #[arg(long, num_args = 2..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Append every finished game to this PGN file.
    #[arg(long)]
    pub pgnout: Option<PathBuf>,
    /// Write the final statistics to this JSON file (combine runs with `duel results`).
    #[arg(long)]
    pub results: Option<PathBuf>,
    /// The PGN Event tag.
    #[arg(long, default_value = "duel match")]
    pub event: String,
    /// Play shard K of N (K from 0): the pairs whose number is K modulo N. Merge the shards'
    /// results files with `duel results`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Count the games the --pgnout file already holds and play only the rest (restart a killed
    /// run or shard with the same command and this flag).
    #[arg(long)]
    pub resume: bool,
    /// With three or more engines: the engine the rating list rates 0 (default: the first).
    #[arg(long, value_name = "NAME")]
    pub anchor: Option<String>,
}

impl MatchArgs {
    /// Checks the arguments and builds the match configuration of the game `variant`; `engines`
    /// holds the words of each `--engine` occurrence.
    pub fn config(&self, engines: &[Vec<String>], variant: &str) -> Result<MatchConfig, String> {
        let engines = participants(engines)?;
        let tc = self.game.clock(&engines)?;
        if let Some(anchor) = &self.anchor
            && !engines.iter().any(|e| e.name == *anchor)
        {
            return Err(format!("--anchor {anchor}: no engine has that name"));
        }
        let shard = self.shard.as_deref().map(Shard::parse).transpose()?;
        if self.game.concurrency == 0 {
            return Err("--concurrency must be at least 1".to_string());
        }
        let schedule = if self.gauntlet {
            Schedule::Gauntlet
        } else {
            Schedule::RoundRobin
        };
        let rounds = self.rounds(schedule, engines.len())?;
        Ok(MatchConfig {
            engines,
            schedule,
            rounds,
            concurrency: self.game.concurrency,
            seed: self.seed,
            openings: self.game.openings(variant)?,
            opening_plies: self.game.opening_plies.unwrap_or(DEFAULT_OPENING_PLIES),
            game: self.game.game_settings(tc)?,
            sprt: self.sprt.as_deref().map(Sprt::parse).transpose()?,
            shard,
            resume: self.resume,
            anchor: self.anchor.clone(),
            pgn_out: self.pgnout.clone(),
            results_out: self.results.clone(),
            event: self.event.clone(),
            timeout: Duration::from_millis(self.game.timeout),
        })
    }

    /// The rounds: `--rounds`, or enough for `--games` games of `engines` engines under `schedule`.
    fn rounds(&self, schedule: Schedule, engines: usize) -> Result<u32, String> {
        let pairings = match schedule {
            Schedule::Gauntlet => engines - 1,
            Schedule::RoundRobin => engines * (engines - 1) / 2,
        } as u32;
        let rounds = match (self.rounds, self.games) {
            (Some(r), _) => r,
            (None, Some(g)) => g.div_ceil(2 * pairings),
            (None, None) => return Err("give --games or --rounds".to_string()),
        };
        if rounds == 0 {
            return Err("the match has no game".to_string());
        }
        Ok(rounds)
    }
}

/// The participants from the words of each `--engine`: at least two, with different names.
fn participants(engines: &[Vec<String>]) -> Result<Vec<EngineSpec>, String> {
    let engines = engines
        .iter()
        .map(|words| EngineSpec::parse(words))
        .collect::<Result<Vec<_>, _>>()?;
    if engines.len() < 2 {
        return Err("give at least two --engine".to_string());
    }
    let mut names: Vec<&str> = engines.iter().map(|e| e.name.as_str()).collect();
    names.sort();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return Err("engine names must differ (use name=…)".to_string());
    }
    Ok(engines)
}

/// `duel results`: merge the results files of several runs or shards and print the combined
/// statistics, with the rating list when three or more engines played.
#[derive(Args, Debug)]
pub struct ResultsArgs {
    /// Results files written by `duel match --results`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Evaluate this SPRT on the combined counts: `elo0=<a> elo1=<b> [alpha=<x>] [beta=<y>]`.
    #[arg(long, num_args = 2..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Write the combined results to this JSON file.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// The engine the rating list rates 0 (default: the first).
    #[arg(long, value_name = "NAME")]
    pub anchor: Option<String>,
}

impl ResultsArgs {
    /// Reads, checks and merges the files; returns the combined results. Any bad file (unreadable,
    /// malformed, of another game, a shard of another match or one given twice) is an error that
    /// names it, and then nothing is merged or written.
    pub fn combine(&self) -> Result<MatchResults, CombineError> {
        let mut total: Option<MatchResults> = None;
        for path in &self.files {
            let path_buf = || path.clone();
            let text = std::fs::read_to_string(path).map_err(|source| CombineError::Read {
                path: path_buf(),
                source,
            })?;
            let results: MatchResults =
                serde_json::from_str(&text).map_err(|source| CombineError::NotResults {
                    path: path_buf(),
                    source,
                })?;
            results.check().map_err(|source| CombineError::Invalid {
                path: path_buf(),
                source,
            })?;
            match total.as_mut() {
                Some(total) => total
                    .combine(&results)
                    .map_err(|source| CombineError::Merge {
                        path: path_buf(),
                        source,
                    })?,
                None => total = Some(results),
            }
        }
        let mut total = total.ok_or(CombineError::NoFiles)?;
        if let Some(anchor) = &self.anchor
            && !total.engine_names().contains(anchor)
        {
            return Err(CombineError::NoSuchAnchor {
                anchor: anchor.clone(),
                engines: total.engine_names(),
            });
        }
        if let Some(words) = &self.sprt {
            total.sprt = Some(Sprt::parse(words).map_err(CombineError::Sprt)?);
        }
        if let Some(path) = &self.output {
            let json = serde_json::to_string_pretty(&total).map_err(CombineError::Json)?;
            std::fs::write(path, json + "\n").map_err(|source| CombineError::Write {
                path: path.clone(),
                source,
            })?;
        }
        Ok(total)
    }
}

impl Tool for MatchArgs {
    type Settings = MatchConfig;

    fn settings(&self, call: &Call<'_>) -> Result<MatchConfig, String> {
        self.config(call.engines, call.variant)
    }

    fn run<G: HostedGame>(config: &MatchConfig) -> Result<ExitCode, CliError> {
        finished(super::run_until_interrupted::<G>(config))
    }
}

/// `duel results`' files, read and merged, with the engine its rating list rates 0.
pub struct Combined {
    results: MatchResults,
    anchor: Option<String>,
}

/// `duel results` reads the files of any game: it takes no `--variant`, and its work is the same
/// whatever game [`crate::tool::run`] names.
impl Tool for ResultsArgs {
    type Settings = Combined;

    fn settings(&self, _: &Call<'_>) -> Result<Combined, String> {
        Ok(Combined {
            results: self.combine().map_err(|e| e.to_string())?,
            anchor: self.anchor.clone(),
        })
    }

    fn run<G: HostedGame>(combined: &Combined) -> Result<ExitCode, CliError> {
        print!("{}", combined.results.summary(combined.anchor.as_deref()));
        Ok(ExitCode::SUCCESS)
    }
}
