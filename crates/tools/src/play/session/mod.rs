//! The session: the game in progress, who plays which side, the clocks, the running search, the log,
//! and what each event does to them.
//!
//! Every change to the game (a move, `undo`, `new`, `load`, a flag falling) ends the same way
//! ([`Session::settle`]): the log is rewritten, the end of the game or whose turn it is is shown, and
//! the engine starts thinking when it is its move.
//!
//! The [`Session`] and its life (begin, events, close) are here; what it does, one concept a file:
//! `input` (a line read as a command or a move), `moves` (the legal moves listed), `history` (a move
//! played or taken back, a new or loaded game), `clocks`, `searches` (the engine's moves and hints,
//! and their events), `saving` (the log, `save`, `load`) and `status` (the board, whose turn it is).

mod clocks;
mod history;
mod input;
mod moves;
mod saving;
mod searches;
mod status;

use super::log::Log;
use super::screen::Screen;
use super::thinking::{Purpose, Thinking};
use super::{EngineLimit, Event, PlayConfig};
use crate::time_control::GameClock;
use clocks::fresh_clocks;
use crossbeam_channel::Sender;
use duel_engine::engine::Engine;
use duel_engine::protocol::one_line;
use duel_rules::game::{GameRecord, Side};
use duel_rules::games::HostedGame;
use duel_rules::record::game_end::GameEnd;
use std::path::Path;
use std::time::Instant;

/// One session of `duel play`.
pub struct Session<G: HostedGame> {
    start: G,
    humans: [bool; 2],
    limit: EngineLimit,
    record: GameRecord<G>,
    /// A PGN comment per move (the engine's score, depth and time).
    comments: Vec<Option<String>>,
    flipped: bool,
    clocks: Option<[GameClock; 2]>,
    /// When the side to move began its turn, for its clock.
    turn_started: Instant,
    /// The side whose flag fell.
    forfeit: Option<Side>,
    /// Searches for the engine's moves and for hints (with the default options).
    engine: Engine<G>,
    thinking: Option<Thinking<G>>,
    next_search: u64,
    events: Sender<Event<G::Move>>,
    screen: Screen,
    log: Option<Log>,
    input_ended: bool,
    quit: bool,
}

impl<G: HostedGame> Session<G> {
    /// A session at the start of its first game; searches send their events to `events`.
    pub fn new(
        config: PlayConfig<G>,
        log: Option<Log>,
        screen: Screen,
        events: Sender<Event<G::Move>>,
    ) -> Session<G> {
        let limit = config.limit;
        Session {
            record: GameRecord::new(config.start.clone()),
            start: config.start,
            humans: config.humans,
            limit,
            comments: Vec::new(),
            // Players see their own side at the bottom; White when both or neither play.
            flipped: config.humans == [false, true],
            clocks: fresh_clocks(limit),
            turn_started: Instant::now(),
            forfeit: None,
            engine: Engine::new(),
            thinking: None,
            next_search: 0,
            events,
            screen,
            log,
            input_ended: false,
            quit: false,
        }
    }

    /// Says who plays what, shows the board and starts the first turn.
    pub fn begin(&mut self) {
        let intro = self.intro();
        let mut text = format!("{intro} Type help for the commands.");
        if let Some(log) = &self.log {
            text.push_str(&format!("\nEvery game is logged in {}.", shown(log.path())));
        }
        self.screen.text(&text);
        self.draw_board();
        self.settle();
    }

    /// Whether the session is over: `quit`, or the input has ended and nothing more can happen
    /// without it. With the engine on both sides the game is played to its end first.
    pub fn done(&self) -> bool {
        let engine_plays_on = self.humans == [false, false] && self.end().is_none();
        self.quit || (self.input_ended && !engine_plays_on)
    }

    /// Ends the session: stops the search, saves the game in the log, leaves the terminal clean.
    pub fn close(&mut self, interrupted: bool) {
        self.cancel_search();
        self.write_log();
        if interrupted {
            self.screen.text("\nInterrupted.");
        }
        if let Some(log) = &self.log {
            let path = shown(log.path());
            self.screen.text(&format!("The games are in {path}."));
        }
        self.screen.restore(interrupted);
    }

    /// Reports a bug caught while handling an event; the session goes on.
    pub fn internal_error(&mut self, message: &str) {
        self.screen
            .error(&format!("internal error: {message}; the game goes on"));
    }

    /// Handles one event.
    pub fn handle(&mut self, event: Event<G::Move>) {
        match event {
            Event::Input(line) => {
                self.input(line);
                if !self.done() && self.waiting_for_player() {
                    self.screen.prompt();
                }
            }
            Event::Search { id, event } => self.search_event(id, event),
        }
    }

    /// How the game ended: by the rules, or a flag fell; `None` while it goes on.
    fn end(&self) -> Option<GameEnd> {
        GameEnd::of_record(&self.record, self.forfeit)
    }

    /// The end in words: "White wins: Black has no legal move (DUEL-MATT)".
    fn end_text(&self, end: &GameEnd) -> String {
        end.explain(self.record.current())
    }

    fn is_human(&self, side: Side) -> bool {
        self.humans[side.index()]
    }

    /// Whether the next thing to happen is the player's input (not the engine's move).
    fn waiting_for_player(&self) -> bool {
        let engine_moving = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.purpose == Purpose::Move);
        !engine_moving && (self.end().is_some() || self.is_human(self.record.side_to_move()))
    }

    /// After every change: log, show the end or whose turn it is, let the engine move.
    fn settle(&mut self) {
        self.write_log();
        self.status();
        let side = self.record.side_to_move();
        if self.end().is_none() && !self.is_human(side) {
            self.start_search(Purpose::Move);
        }
    }
}

/// A path as the player typed it, made safe to print (no control characters from the input).
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string())
}
