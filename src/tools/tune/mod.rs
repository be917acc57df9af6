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
pub mod samples;

pub use cli::TuneArgs;

use crate::game::Tuning;
use crate::tools::pgn;
use fit::{Dataset, FitSettings};
use samples::{SampleCounts, Selection};
use std::collections::HashSet;
use std::io::Write;

/// Reads the games, fits, and prints the report and the new weights to `out`.
pub fn run<G: Tuning>(args: &TuneArgs, out: &mut dyn Write) -> Result<(), String> {
    let weights = G::eval_weights();
    if weights.is_empty() {
        return Err(format!("{}'s evaluation has no tunable weights", G::NAME));
    }
    let fixed: Vec<bool> = match &args.fix {
        None => (0..weights.len()).map(|i| i == 0).collect(),
        Some(names) => {
            if let Some(unknown) = names.iter().find(|n| !weights.iter().any(|w| w.name == *n)) {
                let known: Vec<&str> = weights.iter().map(|w| w.name).collect();
                return Err(format!(
                    "--fix: no weight '{unknown}' (the weights: {})",
                    known.join(", ")
                ));
            }
            weights
                .iter()
                .map(|w| names.iter().any(|n| n == w.name))
                .collect()
        }
    };
    if args.iterations == 0 {
        return Err("--iterations: must be at least 1".to_string());
    }
    if !args.rate.is_finite() || args.rate <= 0.0 {
        return Err(format!(
            "--rate: must be a positive number of centipawns, not {}",
            args.rate
        ));
    }
    let score_weight = args.score_weight;
    if !(0.0..=1.0).contains(&score_weight) {
        return Err(format!(
            "--score-weight: must be a number from 0 to 1, not {score_weight}"
        ));
    }
    let features = G::start().eval_features().len();
    if features != weights.len() {
        return Err(format!(
            "{}'s evaluation gives {features} features for {} weights",
            G::NAME,
            weights.len()
        ));
    }

    let mut data = Dataset::new(weights.len());
    let mut counts = SampleCounts::default();
    let mut seen = HashSet::new();
    let selection = Selection {
        keep_decided: args.keep_decided,
        scored_only: score_weight > 0.0,
    };
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let games = pgn::read::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in &games {
            samples::add_game(game, selection, &mut seen, &mut data, &mut counts);
        }
    }
    let write_error = |e: std::io::Error| e.to_string();
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
    )
    .map_err(write_error)?;
    if selection.scored_only {
        writeln!(out, ", unscored {}", counts.unscored).map_err(write_error)?;
    } else {
        writeln!(out).map_err(write_error)?;
    }
    if data.len() < 10 {
        return Err(format!(
            "too few positions to fit ({}): play more games",
            data.len()
        ));
    }

    let (train, validation) = data.split_every(10);
    // The results alone, to show what blending in the scores does to how well results are predicted.
    let (train_results, validation_results) = (train.clone(), validation.clone());
    let (train, validation) = if selection.scored_only {
        // Every row has a score; the scale comes from the training rows alone.
        let scale = labels::score_scale(&train).ok_or("no position has a search score")?;
        writeln!(
            out,
            "search scores: K_s {scale:.4}; targets {score_weight:.2}·score + {:.2}·result",
            1.0 - score_weight
        )
        .map_err(write_error)?;
        (
            labels::blend(&train, score_weight, scale),
            labels::blend(&validation, score_weight, scale),
        )
    } else {
        (train, validation)
    };
    let start: Vec<f64> = weights.iter().map(|w| f64::from(w.value)).collect();
    let k = fit::fit_scale(&train, &start);
    let settings = FitSettings {
        iterations: args.iterations,
        rate: args.rate,
    };
    let fitted = fit::fit_weights(&train, &start, &fixed, k, settings);
    if fitted.iter().any(|w| !w.is_finite()) {
        return Err(format!(
            "the fit diverged (a weight is not a number): try a smaller --rate than {}",
            args.rate
        ));
    }
    let rounded: Vec<f64> = fitted.iter().map(|w| w.round()).collect();
    writeln!(out, "K {k:.4}").map_err(write_error)?;
    for (name, set) in [("training", &train), ("validation", &validation)] {
        writeln!(
            out,
            "{name} positions {}: mean squared error {:.6} before, {:.6} after",
            set.len(),
            fit::mean_error(set, &start, k),
            fit::mean_error(set, &rounded, k),
        )
        .map_err(write_error)?;
    }
    if selection.scored_only {
        // Each weight set at the scale that fits it to the training results best.
        let result_error = |weights: &[f64]| {
            let k = fit::fit_scale(&train_results, weights);
            fit::mean_error(&validation_results, weights, k)
        };
        writeln!(
            out,
            "against the game results alone, validation: mean squared error {:.6} before, {:.6} after",
            result_error(&start),
            result_error(&rounded),
        )
        .map_err(write_error)?;
    }
    let name_width = weights.iter().map(|w| w.name.len()).max().unwrap_or(0);
    let term_width = weights.iter().map(|w| w.term.len()).max().unwrap_or(0);
    writeln!(
        out,
        "\n{:<name_width$} {:<term_width$} {:>7} {:>7}",
        "weight", "term", "before", "after"
    )
    .map_err(write_error)?;
    for ((weight, new), fixed) in weights.iter().zip(&rounded).zip(&fixed) {
        let mark = if *fixed { " (fixed)" } else { "" };
        writeln!(
            out,
            "{:<name_width$} {:<term_width$} {:>7} {:>7}{mark}",
            weight.name, weight.term, weight.value, *new as i32
        )
        .map_err(write_error)?;
    }
    writeln!(out, "\nThe weights in source form:").map_err(write_error)?;
    for (weight, new) in weights.iter().zip(&rounded) {
        writeln!(
            out,
            "    EvalWeight::new({:?}, {:?}, {}),",
            weight.term, weight.name, *new as i32
        )
        .map_err(write_error)?;
    }
    Ok(())
}
