//! `duel perft`: the leaf counts of the legal-move tree, per root move, then the total and the
//! speed (the engine's `perft`, which the protocol's `go perft` prints too).

use crate::cli_error::CliError;
use crate::tool::{Call, Tool};
use clap::Args;
use duel_engine::engine::perft;
use duel_rules::games::HostedGame;
use std::process::ExitCode;

/// `duel perft`: count the leaves of the move tree.
#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// How many plies deep.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(perft::MAX_DEPTH)))]
    pub depth: u32,
    /// Start from this position (DFEN for Duel) instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
}

/// The position is the game's to read, so the arguments are checked in the run.
impl Tool for PerftArgs {
    type Settings = PerftArgs;

    fn settings(&self, _: &Call<'_>) -> Result<PerftArgs, String> {
        Ok(self.clone())
    }

    fn run<G: HostedGame>(args: &PerftArgs) -> Result<ExitCode, CliError> {
        let position = match &args.fen {
            Some(text) => G::from_text(text)
                .map_err(|e| CliError::Failed(format!("invalid position: {e}")))?,
            None => G::start(),
        };
        perft::report(&position, args.depth, &mut std::io::stdout().lock())
            .map_err(|e| CliError::Failed(e.to_string()))?;
        Ok(ExitCode::SUCCESS)
    }
}
