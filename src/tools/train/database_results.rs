//! Training results from the endgame databases (`duel train --tablebase`). A game's result says
//! what two searches at a few thousand nodes made of its ending; where the game reaches positions
//! the databases hold, their value says what the ending is worth. So every kept position from the
//! first one the databases hold gets its own value, and every earlier one the value of the first
//! held position it led to; a game that never reaches one keeps its result.

use crate::game::{Searchable, Side};
use crate::search::tablebase::Tablebases;
use crate::tools::datagen::format::GameData;

/// The result (1, ½ or 0 for its side to move) of each of `game`'s kept positions, in the order of
/// [`GameData::training_positions`], with the databases' values where they reach.
pub fn kept_results<G: Searchable>(game: &GameData<G>, tables: &Tablebases) -> Vec<f32> {
    // The database's result of every position of the game, the one after the last ply included.
    let value_of = |pos: &G| {
        let value = tables.probe(pos)?;
        Some((pos.side_to_move(), (value.wdl() + 1) as f32 / 2.0))
    };
    let mut position = game.start.clone();
    let mut before_plies = Vec::with_capacity(game.plies.len());
    for ply in &game.plies {
        before_plies.push((position.side_to_move(), value_of(&position)));
        position = position.make_move(ply.mv);
    }
    // Walking back from the end, the value of the nearest held position at or after each ply.
    let mut later: Option<(Side, f32)> = value_of(&position);
    let mut results = Vec::new();
    for (ply, &(side, value)) in game.plies.iter().zip(&before_plies).rev() {
        later = value.or(later);
        if ply.kept {
            results.push(match later {
                Some((holder, result)) if holder == side => result,
                Some((_, result)) => 1.0 - result,
                None => game.outcome.score_for(side) as f32,
            });
        }
    }
    results.reverse();
    results
}
