//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod dame;

/// Seeded random games' positions: the library's, shared with its unit tests.
pub use duel_rules::game::random_positions;
use duel_rules::game::{Game, MoveList, Rng};

// The same guard as the unit tests' (one file, no crate for it).
#[path = "../../crates/tools/src/temp_dir.rs"]
pub mod temp_dir;

/// The legal moves of `pos`, in generation order.
pub fn legal_moves<G: Game>(pos: &G) -> Vec<G::Move> {
    let mut moves = MoveList::new();
    pos.generate_moves(&mut moves);
    moves.to_vec()
}

/// The texts of the legal moves of `pos`, sorted.
pub fn legal_texts<G: Game>(pos: &G) -> Vec<String> {
    let mut texts: Vec<String> = legal_moves(pos)
        .iter()
        .map(|&mv| pos.format_move(mv))
        .collect();
    texts.sort();
    texts
}

/// Every position of one seeded random game from `start` of at most `plies` plies. When some legal
/// moves are `favoured` and `take_favoured` says so, the move is picked among those: with uniform
/// play a game's rare rules seldom come up.
pub fn favouring_playout<G: Game>(
    start: &G,
    rng: &mut Rng,
    plies: usize,
    favoured: impl Fn(G::Move) -> bool,
    take_favoured: impl Fn(&mut Rng) -> bool,
) -> Vec<G> {
    let mut moves = MoveList::new();
    let mut pos = start.clone();
    let mut positions = vec![pos.clone()];
    for _ in 0..plies {
        pos.generate_moves(&mut moves);
        let preferred: Vec<G::Move> = moves.iter().copied().filter(|&m| favoured(m)).collect();
        let pool: &[G::Move] = if !preferred.is_empty() && take_favoured(rng) {
            &preferred
        } else {
            &moves
        };
        let Some(&mv) = rng.pick(pool) else { break };
        pos = pos.make_move(mv);
        positions.push(pos.clone());
    }
    positions
}
