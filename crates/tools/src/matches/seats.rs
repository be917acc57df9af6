//! The players of one worker: its engine processes, which live across its games, and the built-in
//! players, seeded afresh for each game.

use super::MatchConfig;
use super::builtin::BuiltinPlayer;
use super::engines::EngineKind;
use super::game::{PlayedGame, play_game};
use super::player::Player;
use super::process_player::ProcessPlayer;
use duel_rules::game::{Game, GameRecord};
use duel_rules::games::HostedGame;
use std::sync::atomic::AtomicBool;

/// One worker's players, a seat per engine index; a process sits in its seat between games.
pub struct Seats<'a, G: Game> {
    config: &'a MatchConfig,
    seats: Vec<Option<Box<dyn Player<G>>>>,
}

impl<'a, G: HostedGame> Seats<'a, G> {
    /// Empty seats for the engines of `config`.
    pub fn new(config: &'a MatchConfig) -> Self {
        Seats {
            config,
            seats: config.engines.iter().map(|_| None).collect(),
        }
    }

    /// Plays one game between engine indices `white` and `black`, returning the players to their
    /// seats.
    pub fn play(
        &mut self,
        (white, black): (usize, usize),
        seed: u64,
        opening: &GameRecord<G>,
        stop: &AtomicBool,
    ) -> PlayedGame<G> {
        let mut white_player = self.take(white, seed);
        let mut black_player = self.take(black, seed ^ 1);
        let game = play_game(
            opening,
            white_player.as_mut(),
            black_player.as_mut(),
            &self.config.game,
            self.config.clocks(white, black),
            stop,
        );
        self.seats[white] = Some(white_player);
        self.seats[black] = Some(black_player);
        game
    }

    /// Ends the engine processes.
    pub fn shut_down(&mut self) {
        for player in self.seats.iter_mut().flatten() {
            player.shut_down();
        }
    }

    /// The player for engine `index` in a game seeded by `seed`: the worker's process (started when
    /// first needed), or a built-in player seeded for this game alone.
    fn take(&mut self, index: usize, seed: u64) -> Box<dyn Player<G>> {
        let config = self.config;
        match &config.engines[index].kind {
            EngineKind::Builtin(kind) => Box::new(BuiltinPlayer::new(*kind, seed)),
            EngineKind::Process(command) => self.seats[index].take().unwrap_or_else(|| {
                Box::new(ProcessPlayer::new(
                    command.clone(),
                    config.timeout,
                    config.game.time_margin,
                ))
            }),
        }
    }
}
