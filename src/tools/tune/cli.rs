//! The command-line arguments of `duel tune`.

use clap::Args;
use std::path::PathBuf;

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
}
