//! Match statistics: win/draw/loss and pentanomial counts, Elo with a 95% interval, normalized Elo,
//! and the sequential probability ratio test on the pentanomial model.
//!
//! Games are played in pairs (one opening, colours swapped), and a pair's score — 0, ½, 1, 1½ or 2
//! points — is one sample. Pairs cancel most of the opening's bias, so their variance is smaller than
//! that of single games and the test decides sooner than a trinomial model would.

use serde::{Deserialize, Serialize};

/// The 97.5% quantile of the standard normal distribution: a 95% two-sided interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// What an empty bucket counts as in the SPRT, so that a one-sided result still has a variance.
const EMPTY_BUCKET_WEIGHT: f64 = 1e-3;

/// Results from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Game pairs by points scored: `[0, ½, 1, 1½, 2]`.
    pub pentanomial: [u64; 5],
    /// Split pairs: those in which each engine won one game (a win and a loss, in either order), so
    /// the colour or the opening decided both games. A part of the middle pentanomial bucket, which
    /// also holds the pairs of two draws. `None` in the results files of older builds, which did
    /// not count them (see [`Tally::split_pairs`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<u64>,
}

impl Tally {
    /// The tally seen from the other engine: wins and losses swapped, the pentanomial reversed.
    pub fn mirrored(&self) -> Tally {
        let mut pentanomial = self.pentanomial;
        pentanomial.reverse();
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
            pentanomial,
            split: self.split,
        }
    }

    /// Records one game scored 1, ½ or 0 (given in half points: 2, 1, 0).
    pub fn add_game(&mut self, half_points: u32) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Records a finished pair whose games scored `first` and `second` (each 0, 1 or 2 half
    /// points) for the first engine.
    pub fn add_pair(&mut self, first: u32, second: u32) {
        // Counted before the pair joins the buckets: a tally without pairs counts from zero.
        let split = u64::from(first.abs_diff(second) == 2);
        self.split = self.split_pairs().map(|count| count + split);
        self.pentanomial[(first + second).min(4) as usize] += 1;
    }

    /// The split pairs (see [`Tally::split`]): `None` when they were not counted.
    pub fn split_pairs(&self) -> Option<u64> {
        // No pairs, without summing them (a results file's counts may not sum).
        self.split.or((self.pentanomial == [0; 5]).then_some(0))
    }

    /// The pairs that carried information about which engine is stronger: those scoring other
    /// than 1 of 2 points, that is outside the pentanomial's middle bucket.
    pub fn informative_pairs(&self) -> u64 {
        self.pairs() - self.pentanomial[2]
    }

    /// The sum of two tallies (for combining runs); panics when a count of the sum does not fit in
    /// a `u64` (see [`Tally::checked_combined`]).
    pub fn combined(&self, other: &Tally) -> Tally {
        self.checked_combined(other)
            .expect("the counts of a sum of tallies fit in a u64")
    }

    /// [`Tally::combined`], or `None` when a count of the sum does not fit in a `u64` (the tallies
    /// of results files hold any numbers).
    pub fn checked_combined(&self, other: &Tally) -> Option<Tally> {
        let mut pentanomial = self.pentanomial;
        for (a, b) in pentanomial.iter_mut().zip(other.pentanomial) {
            *a = a.checked_add(b)?;
        }
        let split = match (self.split_pairs(), other.split_pairs()) {
            (Some(a), Some(b)) => Some(a.checked_add(b)?),
            _ => None,
        };
        Some(Tally {
            wins: self.wins.checked_add(other.wins)?,
            draws: self.draws.checked_add(other.draws)?,
            losses: self.losses.checked_add(other.losses)?,
            pentanomial,
            split,
        })
    }

    /// [`Tally::games`], or `None` when the sum does not fit in a `u64`.
    pub fn checked_games(&self) -> Option<u64> {
        self.wins.checked_add(self.draws)?.checked_add(self.losses)
    }

    /// [`Tally::pairs`], or `None` when the sum does not fit in a `u64`.
    pub fn checked_pairs(&self) -> Option<u64> {
        (self.pentanomial.iter()).try_fold(0u64, |sum, &n| sum.checked_add(n))
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Pairs completed.
    pub fn pairs(&self) -> u64 {
        self.pentanomial.iter().sum()
    }

    /// The score fraction over all games, 0..1.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }
}

/// The pentanomial counts with every empty bucket given a small weight.
fn regularized(tally: &Tally) -> [f64; 5] {
    tally.pentanomial.map(|c| {
        if c == 0 {
            EMPTY_BUCKET_WEIGHT
        } else {
            c as f64
        }
    })
}

/// The pair score per game of each pentanomial bucket: 0, ¼, ½, ¾, 1.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The distribution over the five buckets that maximizes the likelihood of `counts` among those whose
/// mean pair score is `mean` (0 < mean < 1). By Lagrange, p_i = f_i / (1 + λ(a_i − mean)) with f the
/// observed frequencies and a the bucket scores; λ is the root of Σ f_i (a_i − mean) / (1 + λ(a_i −
/// mean)) = 0 on the interval where every denominator is positive. That sum falls strictly with λ, so
/// bisection finds the root.
fn constrained_mle(counts: &[f64; 5], mean: f64) -> [f64; 5] {
    let n: f64 = counts.iter().sum();
    let freq = counts.map(|c| c / n);
    let gap = PAIR_SCORES.map(|a| a - mean);
    let slope = |lambda: f64| -> f64 {
        freq.iter()
            .zip(&gap)
            .map(|(f, d)| f * d / (1.0 + lambda * d))
            .sum()
    };
    // Denominators stay positive for λ in (−1 / (1 − mean), 1 / mean).
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    let margin = 1e-12 * (high - low);
    (low, high) = (low + margin, high - margin);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let lambda = 0.5 * (low + high);
    let mut p = [0.0; 5];
    for i in 0..5 {
        p[i] = freq[i] / (1.0 + lambda * gap[i]);
    }
    let total: f64 = p.iter().sum();
    p.map(|x| x / total)
}

/// Mean and variance of the pair score per game (0, ¼, ½, ¾, 1) over the buckets `counts`.
pub fn pair_mean_variance(counts: &[f64; 5]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    if n <= 0.0 {
        return (0.5, 0.0);
    }
    let value = |i: usize| i as f64 / 4.0;
    let mean = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * value(i))
        .sum::<f64>()
        / n;
    let variance = counts
        .iter()
        .enumerate()
        .map(|(i, c)| c * (value(i) - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, variance)
}

/// The standard normal distribution function Φ(z), from the complementary error function of
/// Numerical Recipes (`erfcc`, a Chebyshev fit with a relative error below 1.2e-7 everywhere).
pub fn normal_cdf(z: f64) -> f64 {
    let x = -z / std::f64::consts::SQRT_2;
    let a = x.abs();
    let t = 1.0 / (1.0 + 0.5 * a);
    let poly = -1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * (-a * a + poly).exp();
    0.5 * if x >= 0.0 { erfc } else { 2.0 - erfc }
}

/// The logistic Elo difference that gives an expected score `score` (0 < score < 1).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Logistic Elo.
    pub elo: f64,
    /// Half-width of the 95% interval of `elo` (the interval is not symmetric; this is its mean
    /// half-width).
    pub elo_error: f64,
    /// Normalized Elo: the score's distance from ½ in units of its per-game standard deviation.
    pub nelo: f64,
    /// Half-width of the 95% interval of `nelo`.
    pub nelo_error: f64,
}

impl EloEstimate {
    /// The estimate from the pentanomial counts of `tally`; `None` before any pair or when every pair
    /// scored the same (no variance: the interval is undefined).
    pub fn from_pairs(tally: &Tally) -> Option<EloEstimate> {
        let counts = tally.pentanomial.map(|c| c as f64);
        let n = tally.pairs() as f64;
        let (mean, variance) = pair_mean_variance(&counts);
        if n == 0.0 || variance <= 0.0 {
            return None;
        }
        let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
        let spread = Z_95 * (variance / n).sqrt();
        let low = elo_from_score(clamp(mean - spread));
        let high = elo_from_score(clamp(mean + spread));
        let per_game_deviation = (2.0 * variance).sqrt();
        let nelo_scale = 800.0 / std::f64::consts::LN_10;
        Some(EloEstimate {
            elo: elo_from_score(clamp(mean)),
            elo_error: (high - low) / 2.0,
            nelo: (mean - 0.5) / per_game_deviation * nelo_scale,
            nelo_error: spread / per_game_deviation * nelo_scale,
        })
    }
}

/// A sequential probability ratio test between H0: Elo = `elo0` and H1: Elo = `elo1` (logistic Elo).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// The test's verdict so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SprtVerdict {
    /// The LLR fell below the lower bound: H0 accepted.
    AcceptH0,
    /// The LLR rose above the upper bound: H1 accepted.
    AcceptH1,
    /// Keep playing.
    Continue,
}

impl Sprt {
    /// Parses `elo0=<a> elo1=<b> alpha=<x> beta=<y>` (any order; alpha and beta default to 0.05).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--sprt: expected key=value, found '{word}'"))?;
            let number: f64 = value
                .parse()
                .map_err(|_| format!("--sprt: '{value}' is not a number (in '{word}')"))?;
            match key {
                "elo0" => sprt.elo0 = number,
                "elo1" => sprt.elo1 = number,
                "alpha" => sprt.alpha = number,
                "beta" => sprt.beta = number,
                _ => {
                    return Err(format!(
                        "--sprt: unknown key '{key}' (elo0, elo1, alpha, beta)"
                    ));
                }
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0=<a> and elo1=<b>".to_string());
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err("--sprt: elo0 must be below elo1".to_string());
        }
        let in_range = |p: f64| p > 0.0 && p < 0.5;
        if !in_range(sprt.alpha) || !in_range(sprt.beta) {
            return Err("--sprt: alpha and beta must lie strictly between 0 and 0.5".to_string());
        }
        Ok(sprt)
    }

    /// The lower bound of the LLR: below it, H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound of the LLR: above it, H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of the pentanomial counts: the generalized SPRT on the pentanomial
    /// model. For each hypothesis the most likely distribution of pair scores whose mean is that
    /// hypothesis' expected score is found (`constrained_mle`), and the LLR is the log of the ratio of
    /// the two likelihoods of the observed counts. Unlike the normal approximation, this stays sound
    /// for a handful of pairs (one won pair cannot decide a test). Empty buckets count as a small
    /// weight so that every outcome keeps a chance.
    pub fn llr(&self, tally: &Tally) -> f64 {
        if tally.pairs() == 0 {
            return 0.0;
        }
        let counts = regularized(tally);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        let (p0, p1) = (constrained_mle(&counts, s0), constrained_mle(&counts, s1));
        counts
            .iter()
            .zip(p0.iter().zip(&p1))
            .map(|(n, (q0, q1))| n * (q1 / q0).ln())
            .sum()
    }

    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        if llr >= self.upper_bound() {
            SprtVerdict::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_and_score_are_inverse() {
        assert!(close(score_from_elo(0.0), 0.5, 1e-12));
        // 10^(-100/400) = 0.562341; 1 / 1.562341 = 0.640065.
        assert!(close(score_from_elo(100.0), 0.640065, 1e-6));
        assert!(close(elo_from_score(0.75), 190.848, 1e-3));
        for elo in [-300.0, -5.0, 0.0, 42.0, 250.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }

    #[test]
    fn the_normal_distribution_function() {
        assert!(close(normal_cdf(0.0), 0.5, 1e-7));
        assert!(close(normal_cdf(Z_95), 0.975, 1e-7));
        assert!(close(normal_cdf(-Z_95), 0.025, 1e-7));
        // Φ(1) = 0.8413447461, Φ(−3) = 0.0013498980.
        assert!(close(normal_cdf(1.0), 0.841_344_746, 1e-7));
        assert!(close(normal_cdf(-3.0), 0.001_349_898, 1e-9));
        assert_eq!(normal_cdf(-40.0), 0.0);
        assert_eq!(normal_cdf(40.0), 1.0);
    }

    #[test]
    fn bounds_by_hand() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // ln(0.05 / 0.95) = −2.944439, ln(0.95 / 0.05) = 2.944439.
        assert!(close(sprt.lower_bound(), -2.944439, 1e-6));
        assert!(close(sprt.upper_bound(), 2.944439, 1e-6));
        let skewed = Sprt {
            alpha: 0.1,
            beta: 0.2,
            ..sprt
        };
        // ln(0.2 / 0.9) = −1.504077, ln(0.8 / 0.1) = 2.079442.
        assert!(close(skewed.lower_bound(), -1.504077, 1e-6));
        assert!(close(skewed.upper_bound(), 2.079442, 1e-6));
    }

    /// The normal approximation of the LLR, N · (s1 − s0) · (2μ − s0 − s1) / (2σ²), which the exact
    /// LLR approaches as the counts grow.
    fn normal_llr(sprt: &Sprt, tally: &Tally) -> f64 {
        let counts = tally.pentanomial.map(|c| c as f64);
        let n: f64 = counts.iter().sum();
        let (mean, variance) = pair_mean_variance(&counts);
        let (s0, s1) = (score_from_elo(sprt.elo0), score_from_elo(sprt.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    const SPRT_0_5: Sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn pentanomial_llr_by_hand() {
        // Symmetric counts: μ = 0.5, σ² = (10·¼ + 20·1/16 + 20·1/16 + 10·¼) / 100 = 0.075.
        // s1 = 0.5071951; normal approximation: 100 · 0.0071951 · (1 − 0.5 − 0.5071951) / 0.15
        // = −0.0345128. The exact LLR agrees to within a few per cent at this size.
        let even = Tally {
            pentanomial: [10, 20, 40, 20, 10],
            ..Tally::default()
        };
        assert!(close(normal_llr(&SPRT_0_5, &even), -0.0345128, 1e-6));
        // The exact LLR, from an independent Python implementation of the same maximisation
        // (bisection on λ, 300 steps): −0.0345069.
        assert!(
            close(SPRT_0_5.llr(&even), -0.0345069, 1e-6),
            "{}",
            SPRT_0_5.llr(&even)
        );
        // Skewed counts [5, 10, 40, 30, 15]: μ = 0.6, σ² = 0.065;
        // normal approximation 100 · 0.0071951 · (1.2 − 1.0071951) / 0.13 = 1.0671132.
        let ahead = Tally {
            pentanomial: [5, 10, 40, 30, 15],
            ..Tally::default()
        };
        assert!(close(normal_llr(&SPRT_0_5, &ahead), 1.0671132, 1e-6));
        // Exact (the same Python check): 0.8762380. The approximation is good only near the
        // hypotheses, and μ = 0.6 is 70 Elo away from them.
        assert!(
            close(SPRT_0_5.llr(&ahead), 0.8762380, 1e-6),
            "{}",
            SPRT_0_5.llr(&ahead)
        );
        assert_eq!(
            SPRT_0_5.verdict(SPRT_0_5.llr(&ahead)),
            SprtVerdict::Continue
        );
    }

    #[test]
    fn the_constrained_distribution_has_the_asked_mean() {
        let counts = [5.0, 10.0, 40.0, 30.0, 15.0];
        for mean in [0.3, 0.5, 0.507, 0.6, 0.8] {
            let p = constrained_mle(&counts, mean);
            let got: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
            assert!(close(got, mean, 1e-9), "{mean}: {got}");
            assert!(close(p.iter().sum::<f64>(), 1.0, 1e-12));
        }
        // At the observed mean the most likely distribution is the observed one.
        let p = constrained_mle(&counts, 0.6);
        for (p, c) in p.iter().zip(counts) {
            assert!(close(*p, c / 100.0, 1e-9));
        }
    }

    #[test]
    fn near_the_hypotheses_the_normal_approximation_agrees() {
        // μ = 0.515, close to s0 = 0.5 and s1 = 0.507: exact 10.9484, approximation 10.9718.
        let big = Tally {
            pentanomial: [900, 1900, 4000, 2100, 1100],
            ..Tally::default()
        };
        let (exact, normal) = (SPRT_0_5.llr(&big), normal_llr(&SPRT_0_5, &big));
        assert!(
            (exact - normal).abs() < 0.01 * normal.abs(),
            "{exact} vs {normal}"
        );
    }

    #[test]
    fn mirrored_results_mirror_the_llr() {
        let sym = Sprt {
            elo0: -5.0,
            elo1: 5.0,
            ..SPRT_0_5
        };
        let ahead = Tally {
            pentanomial: [5, 10, 40, 30, 15],
            ..Tally::default()
        };
        let behind = Tally {
            pentanomial: [15, 30, 40, 10, 5],
            ..Tally::default()
        };
        assert!(close(sym.llr(&ahead), -sym.llr(&behind), 1e-9));
        let even = Tally {
            pentanomial: [10, 20, 40, 20, 10],
            ..Tally::default()
        };
        assert!(close(sym.llr(&even), 0.0, 1e-9));
    }

    #[test]
    fn a_few_pairs_cannot_decide_but_many_can() {
        let sprt = Sprt {
            elo1: 10.0,
            ..SPRT_0_5
        };
        for won in 1..=3 {
            let early = Tally {
                pentanomial: [0, 0, 0, 0, won],
                ..Tally::default()
            };
            assert_eq!(
                sprt.verdict(sprt.llr(&early)),
                SprtVerdict::Continue,
                "{won} pairs"
            );
        }
        let crushing = Tally {
            pentanomial: [0, 0, 0, 0, 400],
            ..Tally::default()
        };
        assert_eq!(sprt.verdict(sprt.llr(&crushing)), SprtVerdict::AcceptH1);
        let hopeless = Tally {
            pentanomial: [400, 0, 0, 0, 0],
            ..Tally::default()
        };
        assert_eq!(sprt.verdict(sprt.llr(&hopeless)), SprtVerdict::AcceptH0);
    }

    #[test]
    fn elo_interval_by_hand() {
        // μ = 0.6, σ² = 0.065, N = 100: spread = 1.959964 · √0.00065 = 0.0499695.
        // Elo(0.6) = 70.4365; Elo(0.5500305) = 34.8815; Elo(0.6499695) = 107.5148.
        let tally = Tally {
            pentanomial: [5, 10, 40, 30, 15],
            ..Tally::default()
        };
        let estimate = EloEstimate::from_pairs(&tally).unwrap();
        assert!(close(estimate.elo, 70.4365, 1e-3), "{estimate:?}");
        assert!(
            close(estimate.elo_error, (107.5148 - 34.8815) / 2.0, 1e-3),
            "{estimate:?}"
        );
        // nElo = 0.1 / √0.13 · 800 / ln 10 = 96.3613; error = 0.0499695 / √0.13 · 347.4355 = 48.1512.
        assert!(close(estimate.nelo, 96.3613, 1e-3), "{estimate:?}");
        assert!(close(estimate.nelo_error, 48.1512, 1e-3), "{estimate:?}");
        assert!(EloEstimate::from_pairs(&Tally::default()).is_none());
    }

    #[test]
    fn sprt_arguments_are_checked() {
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let sprt = Sprt::parse(&words("elo0=0 elo1=5 alpha=0.05 beta=0.1")).unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 5.0, 0.05, 0.1)
        );
        assert!(Sprt::parse(&words("elo0=0")).is_err());
        assert!(Sprt::parse(&words("elo0=5 elo1=0")).is_err());
        assert!(Sprt::parse(&words("elo0=0 elo1=5 alpha=0.7")).is_err());
        assert!(Sprt::parse(&words("elo0=0 elo1=x")).is_err());
        assert!(Sprt::parse(&words("elo0=0 elo1=5 gamma=1")).is_err());
    }

    #[test]
    fn tallies_combine() {
        let mut a = Tally::default();
        a.add_game(2);
        a.add_game(1);
        a.add_pair(2, 1);
        let b = a.combined(&a);
        assert_eq!(
            (b.wins, b.draws, b.losses, b.pentanomial),
            (2, 2, 0, [0, 0, 0, 2, 0])
        );
        assert!(close(a.score(), 0.75, 1e-12));
        assert_eq!((b.split_pairs(), b.informative_pairs()), (Some(0), 2));
    }

    #[test]
    fn split_pairs_are_one_win_each() {
        let mut t = Tally::default();
        assert_eq!(t.split_pairs(), Some(0));
        t.add_pair(2, 0);
        t.add_pair(0, 2);
        t.add_pair(1, 1);
        t.add_pair(2, 2);
        assert_eq!(t.pentanomial, [0, 0, 3, 0, 1]);
        assert_eq!((t.split_pairs(), t.informative_pairs()), (Some(2), 1));
        // An older file's tally: pairs, but no split count; the sum does not invent one.
        let old = Tally {
            pentanomial: [0, 0, 1, 0, 0],
            ..Tally::default()
        };
        assert_eq!(old.split_pairs(), None);
        assert_eq!(t.combined(&old).split_pairs(), None);
        assert_eq!(t.combined(&Tally::default()).split_pairs(), Some(2));
    }
}
