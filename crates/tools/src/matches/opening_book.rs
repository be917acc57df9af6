//! The opening of each round of a match, from an openings file or random plies.

use crate::openings::{load, random};
use duel_rules::game::{Game, GameRecord, Rng};
use duel_rules::games::HostedGame;

/// The opening of every round: the file's openings shuffled by the match seed and used in turn, or
/// random plies seeded by the match seed and the round. A round's opening depends on nothing else,
/// so every shard of a match, and every resumed run, plays it alike.
pub struct OpeningBook<G: Game> {
    /// The file's openings, shuffled; `None` for random openings.
    list: Option<Vec<GameRecord<G>>>,
    seed: u64,
    plies: u32,
}

impl<G: HostedGame> OpeningBook<G> {
    /// The book of an openings file's text, or of `plies` random plies without one.
    pub fn new(text: Option<&str>, seed: u64, plies: u32) -> Result<OpeningBook<G>, String> {
        let list = match text {
            Some(text) => {
                let mut list = load::<G>(text).map_err(|e| e.to_string())?;
                shuffle(&mut list, seed);
                Some(list)
            }
            None => None,
        };
        Ok(OpeningBook { list, seed, plies })
    }

    /// The opening of `round` (from 0).
    pub fn for_round(&self, round: u32) -> GameRecord<G> {
        match &self.list {
            Some(list) => list[round as usize % list.len()].clone(),
            None => random::<G>(
                &mut Rng::new(self.seed.wrapping_add(round as u64)),
                self.plies,
            ),
        }
    }
}

/// Shuffles `items` reproducibly by `seed` (Fisher–Yates).
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}
