//! `duel play`: a game against the engine (or between two players, or the engine against itself) in
//! the terminal.
//!
//! Three kinds of thread share the work, as in the protocol:
//! - the input thread reads the player's lines and sends them to the session loop;
//! - the session loop (the caller of [`run`]) owns the game and the screen, and handles one event at a
//!   time: a line of input, a search's report or answer, or an interrupt (Ctrl-C);
//! - each search runs on the engine's worker thread ([`duel_engine::engine::Engine`], driven from
//!   `thinking.rs`) and sends its reports and its answer to the loop, so input is answered at once
//!   while the engine thinks.
//!
//! Nothing here knows the rules of any game: the board, the announcements and the reasons a game
//! ended come from the game's traits ([`HostedGame`]).

mod cli;
mod commands;
mod log;
mod screen;
mod session;
mod thinking;

pub use cli::{Colour, PlayArgs};
pub use screen::Terminal;

use crate::time_control::TimeControl;
use crossbeam_channel::{Receiver, Sender, never, select};
use duel_engine::engine::panic_text;
use duel_engine::protocol::{Line, read_line};
use duel_rules::games::HostedGame;
use session::Session;
use std::io::{self, BufReader, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::thread;
use std::time::Duration;
use thinking::SearchEvent;

/// How much the engine may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineLimit {
    /// To this depth.
    Depth(u32),
    /// This long.
    MoveTime(Duration),
    /// On a clock; the player's clock runs too, and whoever runs out of time loses.
    Clock(TimeControl),
}

/// Everything a session needs.
#[derive(Clone, Debug)]
pub struct PlayConfig<G: HostedGame> {
    /// Where each game starts (`--fen`, else the start position).
    pub start: G,
    /// Which sides a person plays, White first; the engine plays the others.
    pub humans: [bool; 2],
    /// How much the engine thinks.
    pub limit: EngineLimit,
    /// The PGN file every game goes into.
    pub log: Option<PathBuf>,
    /// What the terminal can do.
    pub terminal: Terminal,
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// `quit`, or the end of the input.
    Quit,
    /// Ctrl-C.
    Interrupted,
}

/// What the session loop receives.
#[derive(Debug)]
pub enum Event<M> {
    /// A line from the player, or the end of the input.
    Input(Line),
    /// Something a search said.
    Search {
        /// Which search.
        id: u64,
        /// What it said.
        event: SearchEvent<M>,
    },
}

/// Plays until `quit`, the end of `input` or a message on `interrupt`, writing to `output`. Fails
/// only when the session cannot start (the log file cannot be used, no thread can be started).
pub fn run<G: HostedGame>(
    config: PlayConfig<G>,
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    interrupt: Receiver<()>,
) -> Result<Exit, String> {
    let log = config.log.as_deref().map(log::Log::open).transpose()?;
    let (sender, events) = crossbeam_channel::unbounded();
    spawn_input(input, sender.clone())
        .map_err(|e| format!("cannot start the input thread: {e}"))?;
    let screen = screen::Screen::new(output, config.terminal);
    let mut session = Session::new(config, log, screen, sender);
    session.begin();
    let mut interrupt = interrupt;
    loop {
        if session.done() {
            session.close(false);
            return Ok(Exit::Quit);
        }
        select! {
            // The session holds a sender, so this channel never closes.
            recv(events) -> event => if let Ok(event) = event {
                // A bug in one command must not take the game down with it: the log already holds
                // every move played, and the loop goes on.
                if let Err(payload) = catch_unwind(AssertUnwindSafe(|| session.handle(event))) {
                    session.internal_error(&panic_text(&*payload));
                }
            },
            recv(interrupt) -> signal => match signal {
                Ok(()) => {
                    session.close(true);
                    return Ok(Exit::Interrupted);
                }
                // Nobody can interrupt any more (the handler is gone): stop listening.
                Err(_) => interrupt = never(),
            },
        }
    }
}

/// Starts the thread that reads the player's lines; the last thing it sends is [`Line::End`].
fn spawn_input<M: Send + 'static>(
    input: impl Read + Send + 'static,
    sender: Sender<Event<M>>,
) -> io::Result<()> {
    thread::Builder::new().name("input".into()).spawn(move || {
        let mut input = BufReader::new(input);
        loop {
            // An input that fails is as gone as one that ended.
            let line = read_line(&mut input).unwrap_or(Line::End);
            let end = line == Line::End;
            if sender.send(Event::Input(line)).is_err() || end {
                return;
            }
        }
    })?;
    Ok(())
}
