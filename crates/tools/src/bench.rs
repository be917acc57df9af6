//! `duel bench`: the engine's fixed search over the game's bench positions, whose node count names
//! the search (the protocol's `bench` prints the same).

use crate::cli_error::CliError;
use crate::tool::{Call, Tool};
use clap::Args;
use duel_engine::engine::bench;
use duel_engine::search::Settings;
use duel_rules::games::HostedGame;
use std::process::ExitCode;

/// `duel bench`: search the bench positions to a fixed depth.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// How many plies deep.
    #[arg(default_value_t = bench::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(bench::MAX_DEPTH)))]
    pub depth: u32,
}

impl Tool for BenchArgs {
    type Settings = u32;

    fn settings(&self, _: &Call<'_>) -> Result<u32, String> {
        Ok(self.depth)
    }

    fn run<G: HostedGame>(depth: &u32) -> Result<ExitCode, CliError> {
        bench::run_bench::<G>(*depth, &Settings::DEFAULT, &mut std::io::stdout().lock())
            .map_err(|e| CliError::Failed(format!("bench: {e}")))?;
        Ok(ExitCode::SUCCESS)
    }
}
