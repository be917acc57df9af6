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
    /// How much of each position's target is the mover's search score (from its move's comment,
    /// through the curve that best turns scores into results) rather than the game's result: 0 (the
    /// default) fits the results alone, 1 the scores alone. Above 0, positions whose comment holds
    /// no score in centipawns are left out.
    #[arg(long, default_value_t = 0.0, value_name = "L")]
    pub score_weight: f64,
}
