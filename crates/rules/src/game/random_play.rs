//! Seeded random play: the positions of random games, for the tests of every layer and for anyone
//! who wants positions a game really reaches.

use super::{Game, MoveList, Rng};

/// Every position of `games` seeded random games from `start` (uniform among the legal moves), each
/// of at most `plies` plies and ending early where the game is decided or the side to move has no
/// move: the start and each position reached, game after game.
pub fn random_positions<G: Game>(start: &G, seed: u64, games: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            if pos.decided_winner().is_some() {
                break;
            }
            pos.generate_moves(&mut moves);
            let Some(&mv) = rng.pick(&moves) else { break };
            let next = pos.make_move(mv);
            positions.push(std::mem::replace(&mut pos, next));
        }
        positions.push(pos);
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;

    #[test]
    fn each_game_follows_legal_moves_from_the_start_to_its_end_or_the_cap() {
        const PLIES: usize = 60;
        let start = Duel::start();
        let positions = random_positions(&start, 3, 20, PLIES);
        let mut moves = MoveList::new();
        let (mut games, mut plies, mut ended_early) = (1, 0, 0);
        for pair in positions.windows(2) {
            let (pos, next) = (&pair[0], &pair[1]);
            pos.generate_moves(&mut moves);
            if moves.iter().any(|&mv| pos.make_move(mv) == *next) {
                assert!(
                    pos.decided_winner().is_none(),
                    "play after the end: {}",
                    pos.to_text()
                );
                plies += 1;
                continue;
            }
            // A game's last position, then the next game's start.
            assert!(
                *next == start,
                "not a move: {} to {}",
                pos.to_text(),
                next.to_text()
            );
            let ended = pos.decided_winner().is_some() || moves.is_empty();
            assert!(
                plies == PLIES || ended,
                "cut short at {plies}: {}",
                pos.to_text()
            );
            ended_early += usize::from(plies < PLIES);
            (games, plies) = (games + 1, 0);
        }
        assert_eq!(games, 20);
        assert!(ended_early > 0, "no game was decided within {PLIES} plies");
    }
}
