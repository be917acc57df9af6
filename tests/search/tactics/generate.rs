//! How the suite was made: seeded random games from the start, played with the reference generator,
//! and the positions among them whose shortest forced win the solver proves to be 1, 2 or 3 moves.
//!
//! Regenerate with `cargo test --release --test search -- --ignored regenerate_suite` (a few minutes
//! on one core); with the same seed and the same reference generator it writes the same file.

use super::solver::{shortest_win, winning_moves};
use super::suite::Entry;
use crate::duel_reference::RefPosition;
use duel::game::Rng;
use std::collections::HashSet;

/// The seed of the random games.
pub const SEED: u64 = 20_261_121;
/// How many positions the suite keeps for a win in 1, 2 and 3 moves.
pub const PER_DEPTH: [usize; 3] = [20, 20, 20];
/// The first ply looked at in each game: before it, random play rarely leaves a forced win.
const FIRST_PLY: usize = 10;
/// Plies between the positions looked at in one game, so that they differ by more than a move or two.
const STRIDE: usize = 7;
/// The longest game played.
const MAX_PLIES: usize = 80;
/// The most quiet plies a suite position may have: far enough from the 100-ply draw that no win of
/// 5 plies can run into it (the solver ignores draw rules).
pub const MAX_QUIET_PLIES: u32 = 90;
/// A position is kept only if at most one legal move in this many wins: where almost every move
/// wins (a bare king boxed in), finding one proves nothing about the search.
const MAX_WINNING_SHARE: usize = 4;
/// Games are given up on after this many, whether or not the quotas are full.
const MAX_GAMES: usize = 2_000;

/// The next position of a random game: odd-numbered games prefer captures (two times in three when
/// there is one), which thins the board out and gives the suite positions with few pieces as well as
/// crowded ones.
fn random_step(pos: &RefPosition, prefer_captures: bool, rng: &mut Rng) -> Option<RefPosition> {
    let successors = pos.successors();
    let captures: Vec<&(String, RefPosition)> = successors
        .iter()
        .filter(|(text, _)| text.contains('x'))
        .collect();
    if prefer_captures && !captures.is_empty() && rng.below(3) > 0 {
        return rng.pick(&captures).map(|(_, next)| next.clone());
    }
    rng.pick(&successors).map(|(_, next)| next.clone())
}

/// The suite entry for `pos` if its shortest win is `n`: the winning first moves in canonical
/// notation, marks included, as the reference generator writes them.
pub fn entry(pos: &RefPosition, n: u32) -> Entry {
    let marked = pos.legal_moves();
    let winning = winning_moves(pos, n);
    let mut texts: Vec<String> = winning
        .iter()
        .map(|plain| {
            marked
                .iter()
                .find(|m| m.trim_end_matches('+') == plain)
                .expect("every winning move is a legal move")
                .clone()
        })
        .collect();
    texts.sort();
    Entry {
        dfen: pos.to_dfen(),
        mate: n,
        winning: texts,
    }
}

/// Plays random games until every quota of [`PER_DEPTH`] is full, taking at most one position per
/// depth from each game, and returns the entries sorted by depth, then in the order they were found.
/// `progress` hears about every position kept.
pub fn generate(progress: &mut dyn FnMut(&Entry)) -> Vec<Entry> {
    let mut rng = Rng::new(SEED);
    let mut found: [Vec<Entry>; 3] = Default::default();
    let mut seen = HashSet::new();
    let full = |found: &[Vec<Entry>; 3]| (0..3).all(|d| found[d].len() >= PER_DEPTH[d]);
    for game in 0..MAX_GAMES {
        if full(&found) {
            break;
        }
        let prefer_captures = game % 2 == 1;
        let mut taken = [false; 3];
        let mut pos = RefPosition::startpos();
        for ply in 0..MAX_PLIES {
            if pos.winner().is_some() {
                break;
            }
            let open = (0..3).any(|d| !taken[d] && found[d].len() < PER_DEPTH[d]);
            if open
                && ply >= FIRST_PLY
                && (ply - FIRST_PLY).is_multiple_of(STRIDE)
                && pos.plies_since_capture() <= MAX_QUIET_PLIES
                && let Some(n) = shortest_win(&pos, 3)
            {
                let d = n as usize - 1;
                let board = pos
                    .to_dfen()
                    .split(' ')
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                if !taken[d] && found[d].len() < PER_DEPTH[d] && !seen.contains(&board) {
                    let candidate = entry(&pos, n);
                    if candidate.winning.len() * MAX_WINNING_SHARE <= pos.successors().len() {
                        progress(&candidate);
                        found[d].push(candidate);
                        taken[d] = true;
                        seen.insert(board);
                    }
                }
            }
            let Some(next) = random_step(&pos, prefer_captures, &mut rng) else {
                break;
            };
            pos = next;
        }
    }
    found.into_iter().flatten().collect()
}
