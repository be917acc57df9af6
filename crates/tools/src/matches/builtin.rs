//! Built-in reference players that need no process: the strength floor every build must crush.

use super::player::{GoRequest, Player, Reply};
use duel_rules::game::{GameRecord, MoveList, Rng, wins_at_once};
use duel_rules::games::HostedGame;
use duel_rules::record::game_end::Fault;

/// Which built-in player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinKind {
    /// A uniformly random legal move.
    Random,
    /// Wins at once if it can, else captures the most valuable piece it can, else plays at random.
    Greedy,
}

impl BuiltinKind {
    /// Parses `random` or `greedy`.
    pub fn parse(name: &str) -> Option<BuiltinKind> {
        match name {
            "random" => Some(BuiltinKind::Random),
            "greedy" => Some(BuiltinKind::Greedy),
            _ => None,
        }
    }
}

/// A built-in player with its own seeded generator.
pub struct BuiltinPlayer {
    kind: BuiltinKind,
    rng: Rng,
}

impl BuiltinPlayer {
    /// A player of `kind` whose choices are fixed by `seed`.
    pub fn new(kind: BuiltinKind, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            kind,
            rng: Rng::new(seed),
        }
    }
}

impl<G: HostedGame> Player<G> for BuiltinPlayer {
    fn new_game(&mut self) -> Result<(), Fault> {
        Ok(())
    }

    fn choose(&mut self, record: &GameRecord<G>, _go: &GoRequest) -> Result<Reply, Fault> {
        let pos = record.current();
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let chosen = match self.kind {
            BuiltinKind::Random => self.rng.pick(&moves).copied(),
            BuiltinKind::Greedy => {
                let winning = moves.iter().copied().find(|&mv| wins_at_once(pos, mv));
                let best_capture = moves
                    .iter()
                    .map(|&mv| pos.capture_value(mv))
                    .max()
                    .unwrap_or(0);
                winning.or_else(|| {
                    let candidates: Vec<G::Move> = moves
                        .iter()
                        .copied()
                        .filter(|&mv| pos.capture_value(mv) == best_capture)
                        .collect();
                    self.rng.pick(&candidates).copied()
                })
            }
        };
        Ok(Reply {
            text: chosen.map_or_else(|| "(none)".to_string(), |mv| pos.format_move(mv)),
            ..Reply::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::game::Game;
    use duel_rules::games::Duel;

    #[test]
    fn greedy_wins_at_once_and_captures() {
        // White's king on E7 can step onto E8 and win.
        let record = GameRecord::new(Duel::from_text("w414bK3/4wK4/9/9/9/9/9/9 w").unwrap());
        let mut greedy = BuiltinPlayer::new(BuiltinKind::Greedy, 1);
        let reply = Player::<Duel>::choose(&mut greedy, &record, &GoRequest::default()).unwrap();
        assert_eq!(reply.text, "E7-E8");
        // Black's die on A2 can be taken by White's die on A1 (top 1) or by the king on B2.
        let record = GameRecord::new(Duel::from_text("bK8/9/9/9/9/9/b12wK7/w128 w").unwrap());
        for seed in 0..10 {
            let mut greedy = BuiltinPlayer::new(BuiltinKind::Greedy, seed);
            let reply =
                Player::<Duel>::choose(&mut greedy, &record, &GoRequest::default()).unwrap();
            assert!(
                ["A1xA2", "b2xa2"].contains(&reply.text.as_str()),
                "{}",
                reply.text
            );
        }
    }

    #[test]
    fn random_is_reproducible_by_seed() {
        let record = GameRecord::new(Duel::start());
        let picks = |seed| {
            let mut p = BuiltinPlayer::new(BuiltinKind::Random, seed);
            (0..10)
                .map(|_| {
                    Player::<Duel>::choose(&mut p, &record, &GoRequest::default())
                        .unwrap()
                        .text
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(picks(3), picks(3));
        assert_ne!(picks(3), picks(4));
    }
}
