//! How a suite is made: seeded random games from the start, played with a game's reference
//! generator, and the positions among them whose shortest forced win the solver proves to be one of
//! the suite's lengths. Generic over the game ([`Candidate`]); each suite states its [`Plan`].
//!
//! With the same plan and the same reference generator it writes the same file.

use super::solver::{Solvable, shortest_win, winning_moves};
use super::suite::Entry;
use duel_rules::game::Rng;
use std::collections::HashSet;

/// What generation needs of a reference position beyond the solver's part.
pub trait Candidate: Solvable + Clone {
    /// The start position.
    fn start() -> Self;
    /// The position text, as the suite file holds it.
    fn text(&self) -> String;
    /// Every legal move in canonical notation, marks included (each is a successor's text, perhaps
    /// with marks appended).
    fn marked_moves(&self) -> Vec<String>;
    /// Whether the position may stand in the suite at all (Duel: far from the quiet-ply draw that
    /// the solver ignores).
    fn admissible(&self) -> bool;
}

/// A suite's recipe.
pub struct Plan {
    /// The seed of the random games.
    pub seed: u64,
    /// The lengths of the wins kept, in the winner's moves, in the file's order.
    pub mates: &'static [u32],
    /// How many positions the suite keeps for each length.
    pub per_mate: usize,
    /// The first ply looked at in each game: before it, random play rarely leaves a forced win.
    pub first_ply: usize,
    /// Plies between the positions looked at in one game, so that they differ by more than a move.
    pub stride: usize,
    /// The longest game played.
    pub max_plies: usize,
    /// A position is kept only if at most one legal move in this many wins: where almost every move
    /// wins, finding one proves nothing about the search.
    pub max_winning_share: usize,
    /// Games are given up on after this many, whether or not the quotas are full.
    pub max_games: usize,
}

/// The next position of a random game: odd-numbered games prefer captures (two times in three when
/// there is one; a capture's text holds an `x` in both games' notations), which thins the board out
/// and gives the suite sparse positions as well as crowded ones.
fn random_step<P: Candidate>(pos: &P, prefer_captures: bool, rng: &mut Rng) -> Option<P> {
    let successors = pos.successors();
    let captures: Vec<&(String, P)> = successors
        .iter()
        .filter(|(text, _)| text.contains('x'))
        .collect();
    if prefer_captures && !captures.is_empty() && rng.below(3) > 0 {
        return rng.pick(&captures).map(|(_, next)| next.clone());
    }
    rng.pick(&successors).map(|(_, next)| next.clone())
}

/// The suite entry for `pos` if its shortest win is `n`: the winning first moves in canonical
/// notation, marks included, sorted.
pub fn entry<P: Candidate>(pos: &P, n: u32) -> Entry {
    let marked = pos.marked_moves();
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
        position: pos.text(),
        mate: n,
        winning: texts,
    }
}

/// The board and side to move of a position text, without counters.
pub fn board_of(text: &str) -> String {
    text.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// Plays random games until every quota of `plan` is full, taking at most one position per length
/// from each game, and returns the entries sorted by length, then in the order they were found.
/// `progress` hears about every position kept.
pub fn generate<P: Candidate>(plan: &Plan, progress: &mut dyn FnMut(&Entry)) -> Vec<Entry> {
    let lengths = plan.mates.len();
    let longest = plan.mates.iter().copied().max().unwrap_or(0);
    let mut rng = Rng::new(plan.seed);
    let mut found: Vec<Vec<Entry>> = vec![Vec::new(); lengths];
    let mut seen = HashSet::new();
    let full = |found: &[Vec<Entry>]| found.iter().all(|f| f.len() >= plan.per_mate);
    for game in 0..plan.max_games {
        if full(&found) {
            break;
        }
        let prefer_captures = game % 2 == 1;
        let mut taken = vec![false; lengths];
        let mut pos = P::start();
        for ply in 0..plan.max_plies {
            if pos.winner().is_some() {
                break;
            }
            let open = (0..lengths).any(|d| !taken[d] && found[d].len() < plan.per_mate);
            if open
                && ply >= plan.first_ply
                && (ply - plan.first_ply).is_multiple_of(plan.stride)
                && pos.admissible()
                && let Some(n) = shortest_win(&pos, longest)
                && let Some(d) = plan.mates.iter().position(|&m| m == n)
            {
                let board = board_of(&pos.text());
                if !taken[d] && found[d].len() < plan.per_mate && !seen.contains(&board) {
                    let candidate = entry(&pos, n);
                    if candidate.winning.len() * plan.max_winning_share <= pos.successors().len() {
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
