//! The command-line arguments of `duel tune`, checked into [`TuneSettings`].

use super::fit::FitSettings;
use super::samples::Selection;
use crate::cli_error::CliError;
use crate::tool::{Call, Tool, finished};
use clap::Args;
use duel_rules::game::EvalWeight;
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;

/// `duel tune`: fit the evaluation weights to games.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// PGN files of played games (`duel match --pgnout`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Full passes of the optimizer over the positions.
    #[arg(long, default_value_t = 2_000)]
    pub iterations: u32,
    /// The optimizer's first step size, in centipawns (it falls linearly towards zero over the passes).
    #[arg(long, default_value_t = 2.0)]
    pub rate: f64,
    /// Weights (by their names in the table `duel tune` prints) kept as they are; by default the
    /// first weight is kept, which anchors the scale of the rest.
    #[arg(long, value_delimiter = ',')]
    pub fix: Option<Vec<String>>,
    /// Also use positions whose mover reported a forced win or loss.
    #[arg(long)]
    pub keep_decided: bool,
    /// How much of each position's target is the mover's search score (from its move's comment,
    /// through the curve that best turns scores into results) rather than the game's result: 0 (the
    /// default) fits the results alone, 1 the scores alone. Above 0, positions whose comment holds
    /// no score in centipawns are left out.
    #[arg(long, default_value_t = 0.0, value_name = "L")]
    pub score_weight: f64,
}

/// What `duel tune` does, checked.
#[derive(Clone, Debug)]
pub struct TuneSettings {
    /// The PGN files to read.
    pub files: Vec<PathBuf>,
    /// Which weights stay as they are, by index.
    pub fixed: Vec<bool>,
    /// How the weights are fitted.
    pub fit: FitSettings,
    /// Which positions are kept.
    pub selection: Selection,
    /// How much of a position's target is its search score.
    pub score_weight: f64,
}

impl TuneArgs {
    /// The settings for a game whose weights are `weights`; errors name the argument.
    pub fn settings(&self, weights: &[EvalWeight]) -> Result<TuneSettings, String> {
        let fixed = self.fixed(weights)?;
        if self.iterations == 0 {
            return Err("--iterations: must be at least 1".to_string());
        }
        if !self.rate.is_finite() || self.rate <= 0.0 {
            return Err(format!(
                "--rate: must be a positive number of centipawns, not {}",
                self.rate
            ));
        }
        let score_weight = self.score_weight;
        if !(0.0..=1.0).contains(&score_weight) {
            return Err(format!(
                "--score-weight: must be a number from 0 to 1, not {score_weight}"
            ));
        }
        Ok(TuneSettings {
            files: self.files.clone(),
            fixed,
            fit: FitSettings {
                iterations: self.iterations,
                rate: self.rate,
            },
            selection: Selection {
                keep_decided: self.keep_decided,
                scored_only: score_weight > 0.0,
            },
            score_weight,
        })
    }

    /// Which of `weights` `--fix` keeps: by default the first, which anchors the scale of the rest.
    fn fixed(&self, weights: &[EvalWeight]) -> Result<Vec<bool>, String> {
        let Some(names) = &self.fix else {
            return Ok((0..weights.len()).map(|i| i == 0).collect());
        };
        if let Some(unknown) = names.iter().find(|n| !weights.iter().any(|w| w.name == *n)) {
            let known: Vec<&str> = weights.iter().map(|w| w.name).collect();
            return Err(format!(
                "--fix: no weight '{unknown}' (the weights: {})",
                known.join(", ")
            ));
        }
        Ok(weights
            .iter()
            .map(|w| names.iter().any(|n| n == w.name))
            .collect())
    }
}

/// The arguments are checked against the game's weights ([`TuneArgs::settings`]), so in the run.
impl Tool for TuneArgs {
    type Settings = TuneArgs;

    fn settings(&self, _: &Call<'_>) -> Result<TuneArgs, String> {
        Ok(self.clone())
    }

    fn run<G: HostedGame>(args: &TuneArgs) -> Result<ExitCode, CliError> {
        finished(super::run::<G>(args, &mut std::io::stdout().lock()))
    }
}
