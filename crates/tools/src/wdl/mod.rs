//! `duel wdl`: fits a game's win-rate model ([`duel_rules::game::WinRateModel`]) to the engine's
//! own games, the files `duel datagen` writes, and checks it on games it was not fitted on
//! (docs/wdl.md). The model it writes is what each game ships beside its net (`nets/<game>.wdl`):
//! the chances behind `wdl` in `info` lines, the page's bar and `duel annotate`, and the common
//! scale every game reports its scores in.

pub mod calibration;
mod cli;
pub mod fit;
mod picture;
pub mod samples;

pub use cli::WdlArgs;

use calibration::{ReliabilityRow, Scores};
use duel_rules::game::Searchable;
use fit::{BinFit, Fit};
use std::fmt::{self, Write as _};
use std::path::PathBuf;

/// What `duel wdl` is to do, checked.
#[derive(Clone, Debug)]
pub struct WdlSettings {
    /// The files to fit on.
    pub data: Vec<PathBuf>,
    /// The files to check on.
    pub check: Vec<PathBuf>,
    /// Where to write the model.
    pub out: Option<PathBuf>,
    /// Where to write the picture.
    pub svg: Option<PathBuf>,
    /// Bins of phase.
    pub bins: usize,
    /// The command line, recorded in the model's file.
    pub command: String,
}

/// The check of a model on fresh positions.
#[derive(Clone, Debug)]
pub struct Check {
    /// Its positions.
    pub positions: usize,
    /// The reliability table.
    pub reliability: Vec<ReliabilityRow>,
    /// The model's scores.
    pub model: Scores,
    /// The scores of the same form fitted with `a` and `b` constant: the score alone.
    pub score_only: Scores,
    /// The scores of the fitting data's shares of wins, draws and losses.
    pub constant: Scores,
}

/// What a run found, as it prints it.
#[derive(Clone, Debug)]
pub struct Report {
    /// The fit.
    pub fit: Fit,
    /// The positions fitted on.
    pub positions: usize,
    /// The check, when files to check on were given.
    pub check: Option<Check>,
}

/// Fits game `G`'s model, checks it and writes the files asked for.
pub fn run<G: Searchable>(settings: &WdlSettings) -> Result<Report, String> {
    let fitted = samples::read::<G>(&settings.data)?;
    let fit = fit::fit(G::NAME, &fitted, settings.bins)?;
    let check = if settings.check.is_empty() {
        None
    } else {
        let fresh = samples::read::<G>(&settings.check)?;
        Some(check(&fit, &fitted, &fresh)?)
    };
    if let Some(path) = &settings.out {
        let comment = format!(
            "The win-rate model of {} (docs/wdl.md), fitted to {} positions by:\n{}",
            G::NAME,
            fitted.len(),
            settings.command
        );
        std::fs::write(path, fit.model.to_text(&comment, fitted.len()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &settings.svg {
        let rows = check.as_ref().map_or(&[][..], |c| &c.reliability[..]);
        std::fs::write(path, picture::draw(&fit.model, &fitted, rows))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(Report {
        fit,
        positions: fitted.len(),
        check,
    })
}

/// The check of `fit` on `fresh` positions, against the score-only model and the constant rates
/// of `fitted`.
fn check(
    fit: &Fit,
    fitted: &[samples::WdlSample],
    fresh: &[samples::WdlSample],
) -> Result<Check, String> {
    if fresh.is_empty() {
        return Err("the files to check on hold no position with a score".into());
    }
    let chances = calibration::model_chances(&fit.model, fresh);
    let score_only = fit::fit(&fit.model.game, fitted, 1)?;
    let score_only_chances = calibration::model_chances(&score_only.model, fresh);
    let constant = vec![calibration::base_rates(fitted); fresh.len()];
    Ok(Check {
        positions: fresh.len(),
        reliability: calibration::reliability(fresh, &chances),
        model: calibration::scores(fresh, &chances),
        score_only: calibration::scores(fresh, &score_only_chances),
        constant: calibration::scores(fresh, &constant),
    })
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = &self.fit.model;
        writeln!(f, "{}: {} positions fitted", model.game, self.positions)?;
        writeln!(f, "  bin  phase  positions        a        b")?;
        for (i, BinFit { phase, count, a, b }) in self.fit.bins.iter().enumerate() {
            writeln!(
                f,
                "  {:>3}  {phase:.3}  {count:>9}  {a:>7.1}  {b:>7.1}",
                i + 1
            )?;
        }
        let list = |c: &[f64; 4]| {
            c.iter().fold(String::new(), |mut s, x| {
                let _ = write!(s, " {x:.3}");
                s
            })
        };
        writeln!(f, "  a(phase):{}", list(&model.a))?;
        writeln!(f, "  b(phase):{}", list(&model.b))?;
        writeln!(
            f,
            "  reference phase {:.3}; the common scale's 100 = {:.1} of the game's evaluation",
            model.reference_phase,
            model.unit()
        )?;
        if let Some(check) = &self.check {
            write!(f, "{check}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "check on {} fresh positions", self.positions)?;
        writeln!(
            f,
            "  predicted win  positions  predicted  observed  difference"
        )?;
        for row in &self.reliability {
            writeln!(
                f,
                "  {:.1}–{:.1}        {:>9}  {:>8.1}%  {:>7.1}%  {:>+9.1}",
                row.low,
                row.low + 0.1,
                row.count,
                100.0 * row.predicted,
                100.0 * row.observed,
                100.0 * (row.observed - row.predicted)
            )?;
        }
        writeln!(f, "                      log loss   Brier")?;
        for (name, scores) in [
            ("model", self.model),
            ("score alone", self.score_only),
            ("constant rates", self.constant),
        ] {
            writeln!(
                f,
                "  {name:<18}  {:>8.4}  {:>6.4}",
                scores.log_loss, scores.brier
            )?;
        }
        Ok(())
    }
}
