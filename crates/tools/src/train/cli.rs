//! The command-line arguments of `duel train`, checked into [`TrainSettings`].

use super::TrainSettings;
use crate::cli_error::CliError;
use crate::tool::{Call, Tool};
use clap::Args;
use duel_engine::search::nnue::{MAX_HIDDEN, MAX_OUTPUT_BUCKETS};
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;

/// `duel train`: fits a net to datagen files.
#[derive(Args, Debug, Clone)]
pub struct TrainArgs {
    /// The datagen files to train on (of the game of --variant).
    #[arg(long, num_args = 1.., required = true)]
    pub data: Vec<PathBuf>,
    /// The net file to write (rewritten after every epoch; the checkpoint goes to OUT.checkpoint).
    #[arg(long)]
    pub out: PathBuf,
    /// Neurons of the hidden layer (per perspective).
    #[arg(long, default_value_t = 128)]
    pub hidden: usize,
    /// Output layers, one picked per position by its side to move's count of active features (its
    /// pieces), spread evenly up to the data's most (1: none).
    #[arg(long, default_value_t = 1)]
    pub output_buckets: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// The starting learning rate (AdamW), falling along a cosine to a hundredth of it.
    #[arg(long, default_value_t = 0.001)]
    pub lr: f32,
    /// The weight of the game's result in the target, the rest going to the sigmoid of the score.
    #[arg(long, default_value_t = 0.3)]
    pub wdl: f32,
    /// The score, in the game's unit, that the sigmoid maps to a 73% win chance, and so the net's
    /// output unit [default: fitted to the data's scores and results]
    #[arg(long)]
    pub scale: Option<f32>,
    /// The seed of the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads computing each batch's gradient.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Hold out every Nth game for the validation loss (0: none).
    #[arg(long, default_value_t = 20)]
    pub validation_every: usize,
    /// A folder of endgame databases (`duel tablebase`): a position they hold gets its value for
    /// result instead of the game's, and an earlier one that of the first held position it led to.
    #[arg(long)]
    pub tablebase: Option<PathBuf>,
    /// Go on from OUT.checkpoint, written by a run with the same settings.
    #[arg(long)]
    pub resume: bool,
}

impl TrainArgs {
    /// The run's settings, `command` being the command line for the net's header; errors name the
    /// argument.
    pub fn settings(&self, command: String) -> Result<TrainSettings, String> {
        let positive = [
            ("--hidden", self.hidden),
            ("--batch", self.batch),
            ("--threads", self.threads),
            ("--epochs", self.epochs as usize),
            ("--output-buckets", self.output_buckets),
        ];
        if let Some((name, _)) = positive.iter().find(|(_, v)| *v == 0) {
            return Err(format!("{name} must be at least 1"));
        }
        if self.hidden > MAX_HIDDEN {
            return Err(format!("--hidden {} is above {MAX_HIDDEN}", self.hidden));
        }
        if self.output_buckets > MAX_OUTPUT_BUCKETS {
            return Err(format!(
                "--output-buckets {} is above {MAX_OUTPUT_BUCKETS}",
                self.output_buckets
            ));
        }
        if !(0.0..=1.0).contains(&self.wdl) {
            return Err(format!("--wdl must be from 0 to 1, found {}", self.wdl));
        }
        if !(self.lr > 0.0 && self.lr.is_finite()) {
            return Err(format!("--lr must be positive, found {}", self.lr));
        }
        if let Some(scale) = self.scale
            && !(1.0..=100_000.0).contains(&scale)
        {
            return Err(format!("--scale must be from 1 to 100000, found {scale}"));
        }
        Ok(TrainSettings {
            data: self.data.clone(),
            out: self.out.clone(),
            hidden: self.hidden,
            output_buckets: self.output_buckets,
            epochs: self.epochs,
            batch: self.batch,
            rate: self.lr,
            wdl: self.wdl,
            scale: self.scale,
            seed: self.seed,
            threads: self.threads,
            validation_every: self.validation_every,
            tablebase: self.tablebase.clone(),
            resume: self.resume,
            command,
        })
    }
}

impl Tool for TrainArgs {
    type Settings = TrainSettings;

    fn settings(&self, call: &Call<'_>) -> Result<TrainSettings, String> {
        self.settings(call.command_line.to_string())
    }

    /// Trains with progress on standard error.
    fn run<G: HostedGame>(settings: &TrainSettings) -> Result<ExitCode, CliError> {
        let summary =
            super::run::<G>(settings, &mut std::io::stderr()).map_err(CliError::Failed)?;
        let last = summary.epochs.last();
        eprintln!(
            "train: wrote {} after epoch {} (validation loss {})",
            settings.out.display(),
            last.map_or(0, |e| e.epoch),
            last.and_then(|e| e.validation_loss)
                .map_or("-".to_string(), |l| format!("{l:.6}"))
        );
        Ok(ExitCode::SUCCESS)
    }
}
