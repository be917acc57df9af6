//! Training results from the endgame databases (`duel train --tablebase`). A game's result says
//! what two searches at a few thousand nodes made of its ending; where the game reaches positions
//! the databases hold, their value says what the ending is worth. So every kept position from the
//! first one the databases hold gets its own value, and every earlier one the value of the first
//! held position it led to; a game that never reaches one keeps its result.

use crate::datagen::format::GameData;
use duel_engine::search::tablebase::Tablebases;
use duel_rules::game::{Outcome, Searchable};

/// The result (1, ½ or 0 for its side to move) of each of `game`'s kept positions, in the order of
/// [`GameData::training_positions`], with the databases' values where they reach.
pub fn kept_results<G: Searchable>(game: &GameData<G>, tables: &Tablebases) -> Vec<f32> {
    // The databases' value of a position as the game's outcome under perfect play from there.
    let outcome_of = |pos: &G| {
        let side = pos.side_to_move();
        tables.probe(pos).map(|value| match value.wdl() {
            1 => Outcome::Win(side),
            0 => Outcome::Draw,
            _ => Outcome::Win(side.opponent()),
        })
    };
    let mut position = game.start.clone();
    let mut before_plies = Vec::with_capacity(game.plies.len());
    for ply in &game.plies {
        before_plies.push((position.side_to_move(), outcome_of(&position)));
        position = position.make_move(ply.mv);
    }
    // Walking back from the end (the position after the last ply included), the outcome of the
    // nearest held position at or after each ply.
    let mut later = outcome_of(&position);
    let mut results = Vec::new();
    for (ply, &(side, outcome)) in game.plies.iter().zip(&before_plies).rev() {
        later = outcome.or(later);
        if ply.kept {
            results.push(later.unwrap_or(game.outcome).score_for(side) as f32);
        }
    }
    results.reverse();
    results
}
