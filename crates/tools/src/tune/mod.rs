//! `duel tune`: fits the evaluation's weights to the results of played games (Texel tuning).
//!
//! The recipe: play games with `duel match --pgnout`, then `duel tune <pgn files>`. The quiet positions
//! of the games (see [`samples`]) are labelled with their game's result, or with a blend of it and the
//! mover's search score (`--score-weight`, see [`labels`]); the scale `K` of the logistic curve is
//! fitted to the current weights, then the weights themselves ([`fit`]). Every tenth position is held
//! out to show whether the fit generalizes. The output ends with the weight table in the game's source
//! form, to be pasted over the old one.

mod cli;
pub mod fit;
pub mod labels;
mod report;
pub mod samples;

pub use cli::{TuneArgs, TuneSettings};

use duel_rules::games::HostedGame;
use duel_rules::record::pgn;
use fit::Dataset;
use report::TuneReport;
use samples::SampleCounts;
use std::collections::HashSet;
use std::io::Write;

/// Reads the games, fits, and prints the report and the new weights to `out`.
pub fn run<G: HostedGame>(args: &TuneArgs, out: &mut dyn Write) -> Result<(), String> {
    let weights = G::eval_weights();
    if weights.is_empty() {
        return Err(format!("{}'s evaluation has no tunable weights", G::NAME));
    }
    let settings = args.settings(weights)?;
    let features = G::start().eval_features().len();
    if features != weights.len() {
        return Err(format!(
            "{}'s evaluation gives {features} features for {} weights",
            G::NAME,
            weights.len()
        ));
    }
    let data = load_dataset::<G>(&settings, out)?;
    let sets = Sets::split(&data, &settings, out)?;
    let report = TuneReport::fit(weights, &settings, &sets)?;
    write!(out, "{report}").map_err(|e| e.to_string())
}

/// The positions of the games in the settings' files, their counts told on `out`.
fn load_dataset<G: HostedGame>(
    settings: &TuneSettings,
    out: &mut dyn Write,
) -> Result<Dataset, String> {
    let mut data = Dataset::new(G::eval_weights().len());
    let mut counts = SampleCounts::default();
    let mut seen = HashSet::new();
    for path in &settings.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let games = pgn::read::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in &games {
            samples::add_game(game, settings.selection, &mut seen, &mut data, &mut counts);
        }
    }
    write_counts(&counts, settings.selection.scored_only, out).map_err(|e| e.to_string())?;
    if data.len() < 10 {
        return Err(format!(
            "too few positions to fit ({}): play more games",
            data.len()
        ));
    }
    Ok(data)
}

/// The line that says which positions were kept and why the others were not.
fn write_counts(
    counts: &SampleCounts,
    scored_only: bool,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    write!(
        out,
        "games {} ({} unfinished, {} lost by a fault and {} repeated, skipped); positions kept {}, left out: opening {}, tactical {}, decided {}",
        counts.games,
        counts.unfinished,
        counts.faulted,
        counts.repeated,
        counts.kept,
        counts.opening,
        counts.tactical,
        counts.decided
    )?;
    if scored_only {
        writeln!(out, ", unscored {}", counts.unscored)
    } else {
        writeln!(out)
    }
}

/// The positions split for fitting: every tenth held out for validation.
struct Sets {
    /// The positions fitted to, labelled with their targets.
    train: Dataset,
    /// The positions held out, labelled alike.
    validation: Dataset,
    /// The training positions labelled with their game results alone.
    train_results: Dataset,
    /// The held-out positions labelled with their game results alone.
    validation_results: Dataset,
}

impl Sets {
    /// Splits `data`; with `--score-weight`, the targets blend in the search scores through the
    /// scale fitted to the training positions (told on `out`).
    fn split(data: &Dataset, settings: &TuneSettings, out: &mut dyn Write) -> Result<Sets, String> {
        let (train, validation) = data.split_every(10);
        // The results alone, to show what blending in the scores does to how well results are
        // predicted.
        let (train_results, validation_results) = (train.clone(), validation.clone());
        let (train, validation) = if settings.selection.scored_only {
            let weight = settings.score_weight;
            // Every row has a score; the scale comes from the training rows alone.
            let scale = labels::score_scale(&train).ok_or("no position has a search score")?;
            writeln!(
                out,
                "search scores: K_s {scale:.4}; targets {weight:.2}·score + {:.2}·result",
                1.0 - weight
            )
            .map_err(|e| e.to_string())?;
            (
                labels::blend(&train, weight, scale),
                labels::blend(&validation, weight, scale),
            )
        } else {
            (train, validation)
        };
        Ok(Sets {
            train,
            validation,
            train_results,
            validation_results,
        })
    }
}
