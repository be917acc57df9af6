//! `duel.batch_playouts`: many random games played inside the module, the GIL released and the
//! games shared out over threads, for throughput where the per-move API is too slow.

use crate::board::new_game;
use crate::rules::typed_mut;
use duel_rules::game::Rng;
use pyo3::prelude::*;
use std::thread;

/// Plays `games` games of uniformly random moves from `fen` (the start when `None`), each until it
/// ends or `max_plies` are played, over `threads` threads. Returns each game's plies and outcome
/// (1 White won, −1 Black won, 0 drawn or unfinished) as two lists; the same `seed` gives the same
/// games whatever the threads.
#[pyfunction]
#[pyo3(signature = (game, games, *, seed = 0, fen = None, max_plies = 1000, threads = 1))]
#[allow(clippy::too_many_arguments)]
pub fn batch_playouts(
    py: Python<'_>,
    game: &str,
    games: usize,
    seed: u64,
    fen: Option<&str>,
    max_plies: u32,
    threads: usize,
) -> PyResult<(Vec<u32>, Vec<i8>)> {
    let start = new_game(game, fen)?;
    let threads = threads.clamp(1, games.max(1));
    let results = py.detach(|| {
        let mut results = vec![(0, 0); games];
        let chunk = games.div_ceil(threads).max(1);
        thread::scope(|scope| {
            for (part, slots) in results.chunks_mut(chunk).enumerate() {
                let start = &start;
                scope.spawn(move || {
                    for (offset, slot) in slots.iter_mut().enumerate() {
                        // One generator per game, seeded by its number: the threads do not matter.
                        let number = (part * chunk + offset) as u64;
                        let mut rng = Rng::new(seed ^ number.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                        let mut board = start.clone();
                        *slot = typed_mut(&mut board).random_playout(&mut rng, max_plies);
                    }
                });
            }
        });
        results
    });
    Ok(results.into_iter().unzip())
}
