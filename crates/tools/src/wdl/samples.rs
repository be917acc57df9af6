//! The positions a win-rate model is fitted on and checked against: every position of the games of
//! datagen files whose search score is an evaluation (not a forced result), with its phase and the
//! game's result for its side to move.

use crate::datagen::format::read_games;
use duel_rules::game::{Evaluation, Searchable, Side};
use std::path::Path;

/// Scores at or beyond this are forced results (mates, database wins), not evaluations: the
/// datagen format writes mates as ±32,000 and the search's database band starts above 29,000.
const FORCED: i16 = 20_000;

/// A game's result for one side: what a model's chances are scored against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome3 {
    /// The side won.
    Win,
    /// A draw.
    Draw,
    /// The side lost.
    Loss,
}

impl Outcome3 {
    /// The one of three values that belongs to this result.
    pub fn pick<T>(self, win: T, draw: T, loss: T) -> T {
        match self {
            Outcome3::Win => win,
            Outcome3::Draw => draw,
            Outcome3::Loss => loss,
        }
    }

    /// The result of a score of 1, ½ or 0.
    fn of(score: f64) -> Outcome3 {
        if score > 0.75 {
            Outcome3::Win
        } else if score < 0.25 {
            Outcome3::Loss
        } else {
            Outcome3::Draw
        }
    }
}

/// One position: the search's score and the result, both for the side to move, and the phase.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WdlSample {
    /// The search's score, in the game's evaluation scale.
    pub score: f64,
    /// [`Evaluation::phase`].
    pub phase: f64,
    /// The game's result for the side to move.
    pub result: Outcome3,
}

/// The samples of every game in the datagen files `paths`, of game `G`; a file that does not read
/// is named with the reason.
pub fn read<G: Searchable>(paths: &[impl AsRef<Path>]) -> Result<Vec<WdlSample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (_, games) = read_games::<G>(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        for game in games {
            let mut position = game.start.clone();
            for ply in &game.plies {
                if ply.score.abs() < FORCED {
                    samples.push(sample(
                        &position,
                        ply.score,
                        game.outcome.score_for(Side::White),
                    ));
                }
                position = position.make_move(ply.mv);
            }
        }
    }
    Ok(samples)
}

/// The sample of `position`, scored `score` for its side to move, in a game White scored
/// `white_result` in.
fn sample<G: Evaluation>(position: &G, score: i16, white_result: f64) -> WdlSample {
    let result = match position.side_to_move() {
        Side::White => white_result,
        Side::Black => 1.0 - white_result,
    };
    WdlSample {
        score: f64::from(score),
        phase: position.phase(),
        result: Outcome3::of(result),
    }
}
