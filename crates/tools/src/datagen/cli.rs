//! The command-line arguments of `duel datagen`, checked into [`DatagenSettings`].

use super::DatagenSettings;
use crate::cli_error::CliError;
use crate::shard::Shard;
use crate::tool::{Call, Tool};
use clap::Args;
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;

/// `duel datagen`: self-play games with search scores, for training a net.
#[derive(Args, Debug, Clone)]
pub struct DatagenArgs {
    /// Games of the whole run (over all shards).
    #[arg(long)]
    pub games: u64,
    /// The node count of each move's search (a soft limit, as the search checks it).
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random plies after the shipped book's opening.
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// The seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play only shard K of N (`K/N`, K from 0): game i belongs to shard i mod N.
    #[arg(long, default_value = "0/1")]
    pub shard: String,
    /// The data file; run the same command again to resume it.
    #[arg(long)]
    pub out: PathBuf,
    /// Search with the game's hand-written evaluation rather than its embedded net (the first
    /// round's data, before a net exists).
    #[arg(long)]
    pub hand_written: bool,
}

impl DatagenArgs {
    /// The run's settings, `command` being the command line for the header; errors name the
    /// argument.
    pub fn settings(&self, command: String) -> Result<DatagenSettings, String> {
        if self.games == 0 {
            return Err("--games must be at least 1".to_string());
        }
        if self.nodes == 0 {
            return Err("--nodes must be at least 1".to_string());
        }
        Ok(DatagenSettings {
            games: self.games,
            nodes: self.nodes,
            random_plies: self.random_plies,
            seed: self.seed,
            use_net: !self.hand_written,
            shard: Shard::parse(&self.shard)?,
            out: self.out.clone(),
            command,
        })
    }
}

impl Tool for DatagenArgs {
    type Settings = DatagenSettings;

    fn settings(&self, call: &Call<'_>) -> Result<DatagenSettings, String> {
        self.settings(call.command_line.to_string())
    }

    /// Plays from the game's shipped book, progress on standard error.
    fn run<G: HostedGame>(settings: &DatagenSettings) -> Result<ExitCode, CliError> {
        let summary =
            super::run::<G>(settings, G::BOOK, &mut std::io::stderr()).map_err(CliError::Failed)?;
        eprintln!(
            "datagen: {} games played now ({} were in the file), {} plies, {} positions kept, in {}",
            summary.played,
            summary.resumed,
            summary.plies,
            summary.kept,
            settings.out.display()
        );
        Ok(ExitCode::SUCCESS)
    }
}
