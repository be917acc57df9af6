//! The training samples of `duel train`: every kept position of a set of datagen files, as its
//! features from the side to move's view and from the other side's, and its target, a blend of the
//! game's result and the search's score. Every `validation_every`-th game is held out for the
//! validation loss, so that no position of a held-out game is trained on.

use super::database_results;
use crate::datagen::format::{MATE_SCORE, complete_length, read_games};
use duel_engine::search::tablebase::Tablebases;
use duel_rules::game::{Searchable, Side};
use std::path::PathBuf;

/// Positions as the net sees them.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The features of every sample, the side to move's list, then the other side's.
    features: Vec<u16>,
    /// Where each list starts in `features`: sample `i`'s lists are `2i` and `2i + 1`; one more
    /// entry closes the last.
    starts: Vec<u32>,
    /// How many real features (not the trainer's coarse ones) the side to move has active: what
    /// picks the output bucket.
    active: Vec<u16>,
    /// The search's score for the side to move.
    scores: Vec<i16>,
    /// The game's result for the side to move: 1, ½ or 0.
    results: Vec<f32>,
    /// What the net should output, after the sigmoid ([`Samples::set_targets`]).
    targets: Vec<f32>,
}

/// One sample as the model reads it.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// The side to move's features, coarse ones included.
    pub us: &'a [u16],
    /// The other side's.
    pub them: &'a [u16],
    /// How many real features the side to move has active.
    pub active: usize,
    /// What the net should output, after the sigmoid.
    pub target: f32,
}

/// How a target is made: `wdl × result + (1 − wdl) × sigmoid(score / scale)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The weight of the game's result (0: the score alone; 1: the result alone).
    pub wdl: f32,
    /// The score that a sigmoid turns into a win chance of about 73%, in the game's unit.
    pub scale: f32,
}

impl Target {
    /// The target of a position whose side to move scored `score` and got `result` (1, ½ or 0).
    pub fn of(&self, score: i16, result: f32) -> f32 {
        self.wdl * result + (1.0 - self.wdl) * sigmoid(f32::from(score) / self.scale)
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Samples {
    /// How many samples there are.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Makes every sample's target by `target`.
    pub fn set_targets(&mut self, target: Target) {
        let pairs = self.scores.iter().zip(&self.results);
        self.targets = pairs.map(|(&s, &r)| target.of(s, r)).collect();
    }

    /// The scale at which the sigmoid of the scores best predicts the results (least squared error),
    /// from 10 to 10,000 units: the unit of a game's evaluation, which differs from game to game.
    pub fn fitted_scale(&self) -> f32 {
        // About 200,000 samples, evenly spread, are plenty for one number.
        let step = (self.len() / 200_000).max(1);
        let error = |scale: f32| -> f64 {
            let pairs = self.scores.iter().zip(&self.results).step_by(step);
            pairs
                .map(|(&s, &r)| f64::from(sigmoid(f32::from(s) / scale) - r).powi(2))
                .sum()
        };
        // Golden-section search over the scale's logarithm.
        let (mut low, mut high) = (10f32.ln(), 10_000f32.ln());
        let ratio = (5f32.sqrt() - 1.0) / 2.0;
        for _ in 0..40 {
            let (a, b) = (high - ratio * (high - low), low + ratio * (high - low));
            if error(a.exp()) < error(b.exp()) {
                high = b;
            } else {
                low = a;
            }
        }
        ((low + high) / 2.0).exp()
    }

    /// Sample `index`.
    pub fn get(&self, index: usize) -> Sample<'_> {
        let bound = |i: usize| self.starts[i] as usize;
        let (us, them, end) = (bound(2 * index), bound(2 * index + 1), bound(2 * index + 2));
        Sample {
            us: &self.features[us..them],
            them: &self.features[them..end],
            active: usize::from(self.active[index]),
            target: self.targets[index],
        }
    }

    /// The most real features any sample's side to move has active (0 for none): what the output
    /// buckets are spread over.
    pub fn most_active(&self) -> usize {
        self.active.iter().max().map_or(0, |&n| usize::from(n))
    }

    /// Adds a sample: `pos` as the net sees it, with the search's score and the game's result for
    /// its side to move.
    pub fn push<G: Searchable>(&mut self, pos: &G, score: i16, result: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let side = pos.side_to_move();
        for perspective in [side, side.opponent()] {
            let real = training_features(pos, perspective, &mut self.features);
            if perspective == side {
                self.active.push(real as u16);
            }
            self.starts.push(self.features.len() as u32);
        }
        self.scores.push(score.clamp(-MATE_SCORE, MATE_SCORE));
        self.results.push(result);
    }
}

/// Appends the features the trainer sees of `pos` from `perspective`: the real ones, then each one's
/// coarse feature (numbered after the real ones) where the game has a factoriser. Returns how many
/// real ones there are.
pub fn training_features<G: Searchable>(pos: &G, perspective: Side, into: &mut Vec<u16>) -> usize {
    let start = into.len();
    pos.active_features(perspective, into);
    let real = into.len() - start;
    if G::FACTOR_COUNT > 0 {
        for at in start..into.len() {
            into.push(G::FEATURE_COUNT as u16 + G::factor(into[at]));
        }
    }
    real
}

/// The training and validation samples of a set of files.
#[derive(Debug, Default)]
pub struct Dataset {
    /// The samples trained on.
    pub training: Samples,
    /// The held-out samples.
    pub validation: Samples,
    /// Whole games read.
    pub games: usize,
    /// Files that ended in a partial game (a run still writing them), which was left out.
    pub cut_short: usize,
    /// Samples whose result the endgame databases changed.
    pub results_changed: usize,
}

/// Reads the kept positions of `files` (datagen files of game `G`), holding out every
/// `validation_every`-th game (none for 0), with the results of `tables` where they reach
/// ([`database_results`]); the targets are still to be set. Errors name the file.
pub fn load<G: Searchable>(
    files: &[PathBuf],
    validation_every: usize,
    tables: Option<&Tablebases>,
) -> Result<Dataset, String> {
    let mut data = Dataset::default();
    for path in files {
        let named = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let bytes = std::fs::read(path).map_err(|e| named(&e))?;
        // A run still writing the file ends in a partial game: train on the whole ones.
        let (whole, _) = complete_length::<G>(&bytes).map_err(|e| named(&e))?;
        data.cut_short += usize::from(whole < bytes.len());
        let (_, games) = read_games::<G>(&bytes[..whole]).map_err(|e| named(&e))?;
        for game in games {
            data.games += 1;
            let held_out = validation_every > 0 && data.games % validation_every == 0;
            let samples = if held_out {
                &mut data.validation
            } else {
                &mut data.training
            };
            let kept = game.training_positions();
            let results = match tables {
                Some(tables) => database_results::kept_results(&game, tables),
                None => kept.iter().map(|k| k.result).collect(),
            };
            for (kept, result) in kept.iter().zip(results) {
                data.results_changed += usize::from(result != kept.result);
                samples.push(&kept.position, kept.score, result);
            }
        }
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fitted_scale_is_the_one_the_results_follow() {
        let scores: Vec<i16> = (-600..=600).step_by(7).collect();
        let results = scores
            .iter()
            .map(|&s| sigmoid(f32::from(s) / 120.0))
            .collect();
        let samples = Samples {
            scores,
            results,
            ..Samples::default()
        };
        let fitted = samples.fitted_scale();
        assert!((fitted - 120.0).abs() < 0.5, "{fitted}");
    }

    #[test]
    fn a_target_blends_the_result_and_the_score() {
        let target = Target {
            wdl: 0.25,
            scale: 100.0,
        };
        assert_eq!(target.of(0, 1.0), 0.25 + 0.75 * 0.5);
        assert!((target.of(100, 0.0) - 0.75 * sigmoid(1.0)).abs() < 1e-6);
    }
}
