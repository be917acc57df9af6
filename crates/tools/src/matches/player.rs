//! What the runner asks of a player, whether an engine process or a built-in one.

use duel_engine::search::Score;
use duel_rules::game::{Game, GameRecord, Wdl};
use duel_rules::record::game_end::Fault;
use std::time::Duration;

/// The limits of one move, as sent in `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// Both clocks (White, Black), increments and moves to go, when a time control applies.
    pub clocks: Option<ClockState>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed depth.
    pub depth: Option<u32>,
    /// Fixed node count.
    pub nodes: Option<u64>,
}

/// The clocks at the moment of a `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Time left for White and Black.
    pub remaining: [Duration; 2],
    /// Increments for White and Black.
    pub increment: [Duration; 2],
    /// Moves to the next period for the side to move.
    pub moves_to_go: Option<u32>,
}

/// A player's answer: its move as text and what it said about it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The move as the player wrote it.
    pub text: String,
    /// The last score it reported, from its own point of view.
    pub score: Option<Score>,
    /// The last depth it reported.
    pub depth: Option<u32>,
    /// The chances it gave beside that score (`wdl`), from its own point of view.
    pub wdl: Option<Wdl>,
}

/// A player of game `G`.
pub trait Player<G: Game>: Send {
    /// Prepares for a new game (starting the engine process if needed).
    fn new_game(&mut self) -> Result<(), Fault>;
    /// Chooses a move in the current position of `record`.
    fn choose(&mut self, record: &GameRecord<G>, go: &GoRequest) -> Result<Reply, Fault>;
    /// Ends the player (quits its process).
    fn shut_down(&mut self) {}
}
