//! The fit and what `duel tune` prints of it: the scale, the errors before and after on the training
//! and validation positions, the weight table and the weights in the game's source form.

use super::fit;
use super::{Sets, TuneSettings};
use duel_rules::game::EvalWeight;
use std::fmt;

/// The mean squared error of one set of positions before and after the fit.
struct SetError {
    /// `training` or `validation`.
    name: &'static str,
    positions: usize,
    before: f64,
    after: f64,
}

/// A finished fit, as `duel tune` reports it.
pub struct TuneReport<'a> {
    weights: &'a [EvalWeight],
    fixed: &'a [bool],
    /// The scale of the logistic curve, fitted to the weights before.
    k: f64,
    errors: [SetError; 2],
    /// With `--score-weight`: the validation error against the game results alone, before and after.
    results_alone: Option<(f64, f64)>,
    /// The fitted weights, rounded.
    rounded: Vec<f64>,
}

impl<'a> TuneReport<'a> {
    /// Fits the scale and then `weights` to the training positions of `sets`.
    pub fn fit(
        weights: &'a [EvalWeight],
        settings: &'a TuneSettings,
        sets: &Sets,
    ) -> Result<Self, String> {
        let start: Vec<f64> = weights.iter().map(|w| f64::from(w.value)).collect();
        let k = fit::fit_scale(&sets.train, &start);
        let fitted = fit::fit_weights(&sets.train, &start, &settings.fixed, k, settings.fit);
        if fitted.iter().any(|w| !w.is_finite()) {
            return Err(format!(
                "the fit diverged (a weight is not a number): try a smaller --rate than {}",
                settings.fit.rate
            ));
        }
        let rounded: Vec<f64> = fitted.iter().map(|w| w.round()).collect();
        let errors =
            [("training", &sets.train), ("validation", &sets.validation)].map(|(name, set)| {
                SetError {
                    name,
                    positions: set.len(),
                    before: fit::mean_error(set, &start, k),
                    after: fit::mean_error(set, &rounded, k),
                }
            });
        // Each weight set at the scale that fits it to the training results best.
        let result_error = |weights: &[f64]| {
            let k = fit::fit_scale(&sets.train_results, weights);
            fit::mean_error(&sets.validation_results, weights, k)
        };
        let results_alone = (settings.selection.scored_only)
            .then(|| (result_error(&start), result_error(&rounded)));
        Ok(TuneReport {
            weights,
            fixed: &settings.fixed,
            k,
            errors,
            results_alone,
            rounded,
        })
    }

    /// Each weight's name, term, value before and after, and whether it was fixed.
    fn write_table(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name_width = self.weights.iter().map(|w| w.name.len()).max().unwrap_or(0);
        let term_width = self.weights.iter().map(|w| w.term.len()).max().unwrap_or(0);
        writeln!(
            f,
            "\n{:<name_width$} {:<term_width$} {:>7} {:>7}",
            "weight", "term", "before", "after"
        )?;
        for ((weight, new), fixed) in self.weights.iter().zip(&self.rounded).zip(self.fixed) {
            let mark = if *fixed { " (fixed)" } else { "" };
            writeln!(
                f,
                "{:<name_width$} {:<term_width$} {:>7} {:>7}{mark}",
                weight.name, weight.term, weight.value, *new as i32
            )?;
        }
        Ok(())
    }

    /// The fitted weights as the game's weight table writes them, to be pasted over the old one.
    fn write_source(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "\nThe weights in source form:")?;
        for (weight, new) in self.weights.iter().zip(&self.rounded) {
            writeln!(
                f,
                "    EvalWeight::new({:?}, {:?}, {}),",
                weight.term, weight.name, *new as i32
            )?;
        }
        Ok(())
    }
}

impl fmt::Display for TuneReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "K {:.4}", self.k)?;
        for set in &self.errors {
            writeln!(
                f,
                "{} positions {}: mean squared error {:.6} before, {:.6} after",
                set.name, set.positions, set.before, set.after
            )?;
        }
        if let Some((before, after)) = self.results_alone {
            writeln!(
                f,
                "against the game results alone, validation: mean squared error {before:.6} before, {after:.6} after"
            )?;
        }
        self.write_table(f)?;
        self.write_source(f)
    }
}
