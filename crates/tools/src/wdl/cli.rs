//! The command-line arguments of `duel wdl`, checked into [`WdlSettings`].

use super::WdlSettings;
use crate::cli_error::CliError;
use crate::tool::{Call, Tool};
use clap::Args;
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;

/// `duel wdl`: fits a game's win-rate model to its engine's own games.
#[derive(Args, Debug, Clone)]
pub struct WdlArgs {
    /// The datagen files to fit the model to (of the game of --variant).
    #[arg(long, num_args = 1.., required = true, value_name = "FILE")]
    pub data: Vec<PathBuf>,
    /// Datagen files of other games to check the model on: the reliability table, the log loss
    /// and the Brier score against simpler predictions.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub check: Vec<PathBuf>,
    /// Where to write the model (the file the engine ships as `nets/<game>.wdl`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Where to write the picture of the fit and of the check, as SVG.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Bins of equal count by phase, each fitted on its own before the polynomials go through
    /// them (1 to 32).
    #[arg(long, default_value_t = 8)]
    pub bins: usize,
}

impl Tool for WdlArgs {
    type Settings = WdlSettings;

    fn settings(&self, call: &Call<'_>) -> Result<WdlSettings, String> {
        if !(1..=32).contains(&self.bins) {
            return Err(format!("--bins must be from 1 to 32, found {}", self.bins));
        }
        Ok(WdlSettings {
            data: self.data.clone(),
            check: self.check.clone(),
            out: self.out.clone(),
            svg: self.svg.clone(),
            bins: self.bins,
            command: call.command_line.to_string(),
        })
    }

    /// Fits, prints the figures on standard output and writes the files asked for.
    fn run<G: HostedGame>(settings: &WdlSettings) -> Result<ExitCode, CliError> {
        let report = super::run::<G>(settings).map_err(CliError::Failed)?;
        print!("{report}");
        Ok(ExitCode::SUCCESS)
    }
}
