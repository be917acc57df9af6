//! The fit of a win-rate model, as Stockfish's WDL tooling makes its own: the positions are split
//! into bins of equal count by phase, `a` and `b` are fitted in each bin by maximum likelihood of
//! the results, and then cubic polynomials in the phase are fitted to the bins' `a` and `b`,
//! weighted by the bins' sizes.

use super::samples::WdlSample;
use duel_rules::game::{WinRateModel, polynomial};

/// One bin's fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BinFit {
    /// The median phase of its positions.
    pub phase: f64,
    /// Its positions.
    pub count: usize,
    /// The score of an even chance to win.
    pub a: f64,
    /// The spread of the logistic curve.
    pub b: f64,
}

/// The fitted model and the bins it was made from.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The model.
    pub model: WinRateModel,
    /// The per-bin fits the polynomials go through.
    pub bins: Vec<BinFit>,
}

/// Fits the model of `game` to `samples` (at least one per bin) with `bins` bins of phase.
pub fn fit(game: &str, samples: &[WdlSample], bins: usize) -> Result<Fit, String> {
    if samples.len() < bins.max(1) * 20 {
        return Err(format!(
            "{} positions are too few to fit {bins} bins (at least 20 a bin)",
            samples.len()
        ));
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(|x, y| x.phase.total_cmp(&y.phase));
    let chunk = sorted.len().div_ceil(bins.max(1));
    let fits: Vec<BinFit> = sorted.chunks(chunk).map(fit_bin).collect();
    let x: Vec<f64> = fits.iter().map(|f| f.phase).collect();
    let weights: Vec<f64> = fits.iter().map(|f| f.count as f64).collect();
    let a = cubic(&x, &fits.iter().map(|f| f.a).collect::<Vec<_>>(), &weights);
    let range = (x[0], x[x.len() - 1]);
    let b = positive_cubic(
        &x,
        &fits.iter().map(|f| f.b).collect::<Vec<_>>(),
        &weights,
        range,
    );
    let median = sorted[sorted.len() / 2].phase.clamp(range.0, range.1);
    let model = WinRateModel::new(game, a, b, range, median).map_err(|e| e.to_string())?;
    Ok(Fit { model, bins: fits })
}

/// The maximum-likelihood `a` (at least 0) and `b` of one bin.
fn fit_bin(samples: &[WdlSample]) -> BinFit {
    let spread = (samples.iter().map(|s| s.score * s.score).sum::<f64>() / samples.len() as f64)
        .sqrt()
        .max(1.0);
    // Gradient ascent on (a, ln b), each step halved until the likelihood rises.
    let (mut a, mut log_b) = (0.1 * spread, (0.5 * spread).ln());
    let mut best = log_likelihood(samples, a, log_b.exp());
    let mut step = 0.1;
    for _ in 0..400 {
        let (ga, gb) = gradient(samples, a, log_b.exp());
        let norm = (ga * ga + gb * gb).sqrt();
        if norm < 1e-9 {
            break;
        }
        loop {
            let next_a = (a + step * spread * ga / norm).max(0.0);
            let next_log_b = log_b + step * gb / norm;
            let next = log_likelihood(samples, next_a, next_log_b.exp());
            if next > best {
                (a, log_b, best) = (next_a, next_log_b, next);
                step *= 1.5;
                break;
            }
            step /= 2.0;
            if step < 1e-7 {
                break;
            }
        }
        if step < 1e-7 {
            break;
        }
    }
    BinFit {
        phase: samples[samples.len() / 2].phase,
        count: samples.len(),
        a,
        b: log_b.exp(),
    }
}

/// The chances of a win, a draw and a loss at `score` under `a` and `b`, each kept off 0.
fn probabilities(score: f64, a: f64, b: f64) -> (f64, f64, f64) {
    let win = 1.0 / (1.0 + ((a - score) / b).exp());
    let loss = 1.0 / (1.0 + ((a + score) / b).exp());
    let floor = 1e-9;
    (
        win.max(floor),
        (1.0 - win - loss).max(floor),
        loss.max(floor),
    )
}

/// The mean log-likelihood of the bin's results.
fn log_likelihood(samples: &[WdlSample], a: f64, b: f64) -> f64 {
    samples
        .iter()
        .map(|s| {
            let (win, draw, loss) = probabilities(s.score, a, b);
            s.result.pick(win, draw, loss).ln()
        })
        .sum::<f64>()
        / samples.len() as f64
}

/// The mean log-likelihood's gradient in `a` (per unit of the bin's spread, as the step takes it)
/// and in `ln b`.
fn gradient(samples: &[WdlSample], a: f64, b: f64) -> (f64, f64) {
    let (mut da, mut dlog_b) = (0.0, 0.0);
    for s in samples {
        let (win, draw, loss) = probabilities(s.score, a, b);
        let (zw, zl) = ((s.score - a) / b, (-s.score - a) / b);
        let (sw, sl) = (win * (1.0 - win), loss * (1.0 - loss));
        // d(win)/da = −sw/b, d(win)/d ln b = −sw·zw; the same for a loss; a draw takes the rest.
        let (dwin_a, dloss_a) = (-sw / b, -sl / b);
        let (dwin_b, dloss_b) = (-sw * zw, -sl * zl);
        let (pa, pb) = match s.result.pick(0, 1, 2) {
            0 => (dwin_a / win, dwin_b / win),
            2 => (dloss_a / loss, dloss_b / loss),
            _ => (-(dwin_a + dloss_a) / draw, -(dwin_b + dloss_b) / draw),
        };
        da += pa;
        dlog_b += pb;
    }
    let n = samples.len() as f64;
    let spread = b.max(1.0);
    (da * spread / n, dlog_b / n)
}

/// The weighted least-squares polynomial of degree up to 3 through `(x, y)`: the highest degree the
/// points allow (one fewer than their count).
fn cubic(x: &[f64], y: &[f64], weights: &[f64]) -> [f64; 4] {
    least_squares(x, y, weights, (x.len().max(1) - 1).min(3))
}

/// [`cubic`], lowered in degree until it stays positive over `range` (a constant, the weighted
/// mean, always does for positive `y`).
fn positive_cubic(x: &[f64], y: &[f64], weights: &[f64], range: (f64, f64)) -> [f64; 4] {
    let mut degree = (x.len().max(1) - 1).min(3);
    loop {
        let c = least_squares(x, y, weights, degree);
        let positive = (0..=20)
            .all(|i| polynomial(&c, range.0 + (range.1 - range.0) * f64::from(i) / 20.0) > 0.0);
        if positive || degree == 0 {
            return c;
        }
        degree -= 1;
    }
}

/// The weighted least-squares polynomial of `degree` (coefficients constant first, zero-padded),
/// by the normal equations: at most 4 unknowns.
fn least_squares(x: &[f64], y: &[f64], weights: &[f64], degree: usize) -> [f64; 4] {
    let n = degree + 1;
    let mut matrix = [[0.0; 5]; 4];
    for ((&xi, &yi), &wi) in x.iter().zip(y).zip(weights) {
        let powers: Vec<f64> = (0..n).map(|k| xi.powi(k as i32)).collect();
        for row in 0..n {
            for column in 0..n {
                matrix[row][column] += wi * powers[row] * powers[column];
            }
            matrix[row][4] += wi * powers[row] * yi;
        }
    }
    // Gaussian elimination with partial pivoting.
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&i, &j| matrix[i][column].abs().total_cmp(&matrix[j][column].abs()))
            .unwrap_or(column);
        matrix.swap(column, pivot);
        if matrix[column][column].abs() < 1e-12 {
            continue;
        }
        let pivot_row = matrix[column];
        for (index, row) in matrix.iter_mut().enumerate().take(n) {
            if index != column {
                let factor = row[column] / pivot_row[column];
                for (value, pivot_value) in row.iter_mut().zip(pivot_row).skip(column) {
                    *value -= factor * pivot_value;
                }
            }
        }
    }
    let mut coefficients = [0.0; 4];
    for (k, coefficient) in coefficients.iter_mut().enumerate().take(n) {
        if matrix[k][k].abs() >= 1e-12 {
            *coefficient = matrix[k][4] / matrix[k][k];
        }
    }
    coefficients
}

#[cfg(test)]
mod tests {
    use super::super::samples::Outcome3;
    use super::*;
    use duel_rules::game::Rng;

    /// Samples drawn from a known model: `a` and `b` linear in the phase.
    fn drawn_from(a: [f64; 2], b: [f64; 2], count: usize) -> Vec<WdlSample> {
        let mut rng = Rng::new(7);
        (0..count)
            .map(|_| {
                let phase = rng.below(1000) as f64 / 1000.0;
                let score = rng.below(801) as f64 - 400.0;
                let (win, draw, _) = probabilities(score, a[0] + a[1] * phase, b[0] + b[1] * phase);
                let roll = rng.below(1_000_000) as f64 / 1e6;
                let result = if roll < win {
                    Outcome3::Win
                } else if roll < win + draw {
                    Outcome3::Draw
                } else {
                    Outcome3::Loss
                };
                WdlSample {
                    score,
                    phase,
                    result,
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_finds_the_model_the_results_were_drawn_from() {
        let samples = drawn_from([150.0, -100.0], [60.0, 20.0], 60_000);
        let fit = fit("dame", &samples, 6).unwrap();
        for phase in [0.2, 0.5, 0.8] {
            let a = polynomial(&fit.model.a, phase);
            let b = polynomial(&fit.model.b, phase);
            assert!(
                (a - (150.0 - 100.0 * phase)).abs() < 12.0,
                "a({phase}) = {a}"
            );
            assert!((b - (60.0 + 20.0 * phase)).abs() < 8.0, "b({phase}) = {b}");
        }
    }

    #[test]
    fn a_game_without_draws_fits_a_at_zero() {
        let samples = drawn_from([0.0, 0.0], [80.0, 0.0], 20_000);
        let fit = fit("duel", &samples, 4).unwrap();
        assert!(fit.bins.iter().all(|bin| bin.a < 8.0), "{:?}", fit.bins);
    }

    #[test]
    fn least_squares_passes_through_a_cubic() {
        let x = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
        let y: Vec<f64> = x
            .iter()
            .map(|&v| 1.0 - 2.0 * v + 3.0 * v * v - 0.5 * v * v * v)
            .collect();
        let c = cubic(&x, &y, &[1.0; 6]);
        for (got, want) in c.iter().zip([1.0, -2.0, 3.0, -0.5]) {
            assert!((got - want).abs() < 1e-6, "{c:?}");
        }
    }

    #[test]
    fn too_few_positions_are_refused() {
        let samples = drawn_from([0.0, 0.0], [80.0, 0.0], 50);
        assert!(fit("duel", &samples, 8).unwrap_err().contains("too few"));
    }
}
