//! The Texel fit: a linear evaluation `w · f` predicts a game's result through the logistic curve
//! `1 / (1 + 10^(−K·eval/400))`; `K` is fitted first with the weights fixed, then the weights by Adam on
//! the mean squared error of the prediction against the results.

/// Positions as feature rows, each with its target: the result of its game (1 White won, ½ drawn, 0
/// Black won), or a blend of it with the search's score (see `labels`), and that score when there is one.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    width: usize,
    features: Vec<f64>,
    results: Vec<f64>,
    /// The mover's search score of the position, in centipawns for White.
    scores: Vec<Option<i32>>,
}

impl Dataset {
    /// An empty dataset of rows with `width` features.
    pub fn new(width: usize) -> Dataset {
        Dataset {
            width,
            ..Dataset::default()
        }
    }

    /// Adds a position: its features (`width` of them) and its game's result for White.
    pub fn push(&mut self, features: &[i32], result: f64) {
        self.push_scored(features, result, None);
    }

    /// Adds a position with the score the search gave it, in centipawns for White, when there is one.
    pub fn push_scored(&mut self, features: &[i32], result: f64, score: Option<i32>) {
        assert_eq!(
            features.len(),
            self.width,
            "a row has one value per feature"
        );
        self.features.extend(features.iter().map(|&f| f64::from(f)));
        self.results.push(result);
        self.scores.push(score);
    }

    /// The targets of the rows, in order.
    pub fn results(&self) -> &[f64] {
        &self.results
    }

    /// The search scores of the rows (centipawns for White), in order.
    pub fn scores(&self) -> &[Option<i32>] {
        &self.scores
    }

    /// The same rows with `targets` in place of their results.
    pub fn relabelled(&self, targets: Vec<f64>) -> Dataset {
        assert_eq!(targets.len(), self.len(), "one target per row");
        Dataset {
            results: targets,
            ..self.clone()
        }
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Splits off every `nth` row (a validation set), keeping the rest.
    pub fn split_every(&self, nth: usize) -> (Dataset, Dataset) {
        let mut kept = Dataset::new(self.width);
        let mut held_out = Dataset::new(self.width);
        let labels = self.results.iter().zip(&self.scores);
        for (index, (row, (&result, &score))) in self.rows().zip(labels).enumerate() {
            let target = if index % nth == nth - 1 {
                &mut held_out
            } else {
                &mut kept
            };
            target.features.extend_from_slice(row);
            target.results.push(result);
            target.scores.push(score);
        }
        (kept, held_out)
    }

    fn rows(&self) -> std::slice::ChunksExact<'_, f64> {
        self.features.chunks_exact(self.width.max(1))
    }
}

/// The predicted score for White of a position evaluated `eval` centipawns for White.
pub fn predicted(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn dot(weights: &[f64], row: &[f64]) -> f64 {
    weights.iter().zip(row).map(|(w, f)| w * f).sum()
}

/// The mean squared error of the predictions of `weights` at scale `k`.
pub fn mean_error(data: &Dataset, weights: &[f64], k: f64) -> f64 {
    let total: f64 = data
        .rows()
        .zip(&data.results)
        .map(|(row, result)| (predicted(k, dot(weights, row)) - result).powi(2))
        .sum();
    total / data.len().max(1) as f64
}

/// The scale `K` (between 0.01 and 10) that fits `weights` best, by golden-section search on log K.
pub fn fit_scale(data: &Dataset, weights: &[f64]) -> f64 {
    let error = |log_k: f64| mean_error(data, weights, log_k.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.01f64.ln(), 10f64.ln());
    while high - low > 1e-4 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct FitSettings {
    /// Full passes over the data.
    pub iterations: u32,
    /// Adam's step size in centipawns at the first pass; it falls linearly, to `rate / iterations` at
    /// the last.
    pub rate: f64,
}

/// Weights that lower the mean squared error from `start` at scale `k`, by Adam over full passes.
/// `fixed[i]` keeps weight `i` at its start value.
pub fn fit_weights(
    data: &Dataset,
    start: &[f64],
    fixed: &[bool],
    k: f64,
    settings: FitSettings,
) -> Vec<f64> {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-9;
    let mut weights = start.to_vec();
    let mut first = vec![0.0; start.len()];
    let mut second = vec![0.0; start.len()];
    // d/d(eval) of the prediction is p(1 − p) · ln 10 · K / 400.
    let slope = std::f64::consts::LN_10 * k / 400.0;
    for step in 1..=settings.iterations {
        let mut gradient = vec![0.0; start.len()];
        for (row, result) in data.rows().zip(&data.results) {
            let p = predicted(k, dot(&weights, row));
            let factor = 2.0 * (p - result) * p * (1.0 - p) * slope;
            for (g, f) in gradient.iter_mut().zip(row) {
                *g += factor * f;
            }
        }
        let rate = settings.rate * (1.0 - f64::from(step - 1) / f64::from(settings.iterations));
        let t = step as i32;
        for i in 0..weights.len() {
            if fixed.get(i).copied().unwrap_or(false) {
                continue;
            }
            let g = gradient[i] / data.len().max(1) as f64;
            first[i] = BETA1 * first[i] + (1.0 - BETA1) * g;
            second[i] = BETA2 * second[i] + (1.0 - BETA2) * g * g;
            let m = first[i] / (1.0 - BETA1.powi(t));
            let v = second[i] / (1.0 - BETA2.powi(t));
            weights[i] -= rate * m / (v.sqrt() + EPSILON);
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::Rng;

    /// Positions whose results are the exact predictions of `weights` at scale `k` (soft labels), so
    /// the best fit is `weights` itself with zero error.
    fn synthetic(weights: &[f64], k: f64, rows: usize) -> Dataset {
        let mut rng = Rng::new(11);
        let mut data = Dataset::new(weights.len());
        for _ in 0..rows {
            let row: Vec<i32> = (0..weights.len())
                .map(|_| rng.below(9) as i32 - 4)
                .collect();
            let eval = dot(
                weights,
                &row.iter().map(|&f| f64::from(f)).collect::<Vec<_>>(),
            );
            data.push(&row, predicted(k, eval));
        }
        data
    }

    #[test]
    fn the_scale_is_recovered() {
        let weights = [100.0, 30.0, -20.0];
        let data = synthetic(&weights, 1.3, 2_000);
        assert!((fit_scale(&data, &weights) - 1.3).abs() < 0.01);
    }

    #[test]
    fn the_weights_are_recovered_from_a_poor_start() {
        let truth = [100.0, 30.0, -20.0, 5.0];
        let data = synthetic(&truth, 1.0, 4_000);
        let start = [100.0, 0.0, 0.0, 0.0];
        let settings = FitSettings {
            iterations: 1_500,
            rate: 2.0,
        };
        let fitted = fit_weights(&data, &start, &[true, false, false, false], 1.0, settings);
        assert_eq!(fitted[0], 100.0, "a fixed weight stays");
        for (fit, want) in fitted.iter().zip(truth) {
            assert!((fit - want).abs() < 1.0, "{fitted:?}");
        }
        assert!(mean_error(&data, &fitted, 1.0) < 1e-5);
        assert!(mean_error(&data, &start, 1.0) > 1e-3);
    }

    #[test]
    fn every_nth_row_is_held_out() {
        let data = synthetic(&[1.0], 1.0, 10);
        let (kept, held_out) = data.split_every(5);
        assert_eq!((kept.len(), held_out.len()), (8, 2));
    }
}
