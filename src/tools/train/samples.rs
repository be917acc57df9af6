//! The training samples of `duel train`: every kept position of a set of datagen files, as its
//! features from the side to move's view and from the other side's, and its target, a blend of the
//! game's result and the search's score. Every `validation_every`-th game is held out for the
//! validation loss, so that no position of a held-out game is trained on.

use crate::game::{Game, NetInputs};
use crate::tools::datagen::format::{MATE_SCORE, complete_length, read_games};
use std::path::PathBuf;

/// Positions as the net sees them.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The features of every sample, the side to move's list, then the other side's.
    features: Vec<u16>,
    /// Where each list starts in `features`: sample `i`'s lists are `2i` and `2i + 1`; one more
    /// entry closes the last.
    starts: Vec<u32>,
    /// What the net should output, after the sigmoid.
    targets: Vec<f32>,
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
        let score = f32::from(score.clamp(-MATE_SCORE, MATE_SCORE));
        self.wdl * result + (1.0 - self.wdl) * sigmoid(score / self.scale)
    }
}

/// The logistic function.
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Samples {
    /// How many samples there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Sample `index`: the side to move's features, the other side's, and the target.
    pub fn get(&self, index: usize) -> (&[u16], &[u16], f32) {
        let bound = |i: usize| self.starts[i] as usize;
        let (us, them, end) = (bound(2 * index), bound(2 * index + 1), bound(2 * index + 2));
        (
            &self.features[us..them],
            &self.features[them..end],
            self.targets[index],
        )
    }

    /// Adds a sample: `pos` as the net sees it, with target `target`.
    pub fn push<G: Game>(&mut self, inputs: &NetInputs<G>, pos: &G, target: f32) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let side = pos.side_to_move();
        for perspective in [side, side.opponent()] {
            (inputs.active_features)(pos, perspective, &mut self.features);
            self.starts.push(self.features.len() as u32);
        }
        self.targets.push(target);
    }
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
}

/// Reads the kept positions of `files` (datagen files of game `G`), holding out every
/// `validation_every`-th game (none for 0). Errors name the file.
pub fn load<G: Game>(
    files: &[PathBuf],
    inputs: &NetInputs<G>,
    target: Target,
    validation_every: usize,
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
            for kept in game.training_positions() {
                samples.push(inputs, &kept.position, target.of(kept.score, kept.result));
            }
        }
    }
    Ok(data)
}
