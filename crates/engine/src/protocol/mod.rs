//! The engine protocol: UCI and its dialect UGI, over standard input and output. This is the text
//! layer over [`crate::engine::Engine`]: it parses commands, speaks the two dialects and prints what
//! the engine reports.
//!
//! Three kinds of thread share the work (the design of Stockfish and Rustic):
//! - the input thread (`reader.rs`) turns each line into a [`Command`] and sends it over a channel;
//! - the command loop (the caller of [`run`]) hands one command at a time to the [`Handler`]
//!   (`handler.rs`), which owns the engine and translates each command into requests to it (each
//!   command's syntax, errors and meaning in its file under `command/`; the engine options in one
//!   table, `options/`);
//! - each search runs on the engine's worker thread, whose listener (`printer.rs`) prints its `info`
//!   lines and its `bestmove` through the shared [`Output`]; it is stopped through an atomic flag.
//!
//! Nothing here knows the rules of any game: everything goes through [`duel_rules::game::Game`], and
//! the handler is `Handler<G>`. The loop talks to it through the object-safe [`Host`], so the
//! `UCI_Variant` option swaps one game's handler for another's at this seam: the library's
//! [`for_variant`] picks the game named, as it does for every front end that chooses a game at run
//! time. (A boxed `Host` rather than an enum of handlers generated from the list of games: the
//! handler is the engine's whole state, switched only by `UCI_Variant`, so the one virtual call per
//! command costs nothing, and an enum would need a second expansion of the list in this crate.)

mod command;
mod dialect;
mod handler;
mod info;
mod line;
mod options;
mod output;
mod printer;
mod reader;
mod sliced;

pub use command::{Command, CommandError};
pub use dialect::Dialect;
pub use handler::{Handler, HandlerParts};
pub use line::{Line, MAX_LINE_BYTES, read_line};
pub use options::{SHOW_WDL_OPTION, VARIANT_OPTION, options_markdown};
pub use output::{Capture, Output, one_line, quote};
pub use sliced::Session;

use crate::engine::panic_text;
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use std::io::{self, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// End the loop (`quit` or end of input).
    Quit,
    /// Hand the state to the handler of the game now named by `UCI_Variant`.
    SwitchVariant,
}

/// What the loop drives: one game's handler.
pub trait Host {
    /// Carries out one command; it has taken effect when this returns.
    fn handle(&mut self, command: Command) -> Flow;
    /// Runs the next slice, of at most `nodes` nodes, of a search in slices; whether its answer is
    /// still owed (see [`crate::engine::Engine::step`]).
    fn step(&mut self, nodes: u64) -> bool;
    /// Gives up the state that outlives a game: output, dialect, options and table.
    fn into_parts(self: Box<Self>) -> HandlerParts;
}

/// Runs the engine for game `G`, reading commands from `input` and answering on `output`, until `quit`
/// or end of input. Returns only when the input thread cannot be started.
pub fn run<G: HostedGame>(
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let out = Output::new(output);
    let commands = reader::spawn(input)?;
    serve(Box::new(Handler::<G>::new(out.clone())), &commands, &out);
    Ok(())
}

/// The loop: hands each command to `host` and reports each bad line, until `quit`.
fn serve(
    mut host: Box<dyn Host>,
    commands: &crossbeam_channel::Receiver<reader::Message>,
    out: &Output,
) {
    loop {
        // A closed channel means the input thread is gone, which is as final as end of input.
        let message = commands.recv().unwrap_or(Ok(Command::Quit));
        match dispatch(host, message, out) {
            Some(next) => host = next,
            None => return,
        }
    }
}

/// Carries out one message: reports a bad line, or hands the command to `host`. Returns the host to
/// go on with (another game's after `UCI_Variant`), or `None` after `quit`.
fn dispatch(
    mut host: Box<dyn Host>,
    message: reader::Message,
    out: &Output,
) -> Option<Box<dyn Host>> {
    match message {
        Err(e) => out.error(e),
        Ok(command) => {
            // A bug in one command must not take the engine (and the game in progress) down.
            match catch_unwind(AssertUnwindSafe(|| host.handle(command))) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Quit) => return None,
                Ok(Flow::SwitchVariant) => {
                    // The handler of the game now named, built from the parts of the last.
                    let parts = host.into_parts();
                    host = for_variant(parts.variant, FromParts { parts })
                        .expect("the variant option accepts only the names in games::VARIANTS");
                }
                Err(payload) => out.error(format!("internal error: {}", panic_text(&*payload))),
            }
        }
    }
    Some(host)
}

/// The handler of the game it is handed, built from the parts of the last one.
struct FromParts {
    parts: HandlerParts,
}

impl GameVisitor for FromParts {
    type Output = Box<dyn Host>;

    fn visit<G: HostedGame>(self) -> Box<dyn Host> {
        Box::new(Handler::<G>::from_parts(self.parts))
    }
}
