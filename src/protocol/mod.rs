//! The engine protocol: UCI and its dialect UGI, over standard input and output.
//!
//! Three kinds of thread share the work (the design of Stockfish and Rustic):
//! - the input thread (`reader.rs`) turns each line into a [`Command`] and sends it over a channel;
//! - the engine thread (the caller of [`run`]) owns the game record, the options and the table, and
//!   handles one command at a time (`engine.rs`);
//! - each search runs on a worker thread (`worker.rs`) that prints its `info` lines and its `bestmove`
//!   through the shared [`Output`] (`printer.rs`), and is stopped through an atomic flag.
//!
//! Nothing here knows the rules of any game: everything goes through [`Game`], and the engine state is
//! `Engine<G>`. The loop talks to it through the object-safe [`Host`], so a later `UCI_Variant` option
//! can swap one game's engine for another's at this seam.

mod bench;
mod command;
mod dialect;
mod engine;
mod go;
mod info;
mod options;
mod output;
mod position;
mod printer;
mod query;
mod reader;
mod table;
mod worker;

pub use bench::{DEFAULT_DEPTH as DEFAULT_BENCH_DEPTH, run_bench};
pub use command::{Command, CommandError};
pub use engine::{ENGINE_AUTHOR, ENGINE_NAME, Engine, EngineParts};
pub use output::{Output, one_line, quote};
pub use reader::{Line, MAX_LINE_BYTES, read_line};
pub use table::Table;
pub use worker::{Job, Listener, SearchFn, Worker, engine_search};

use crate::game::Game;
use crate::games::{GameTask, with_variant};
use std::any::Any;
use std::io::{self, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// End the loop (`quit` or end of input).
    Quit,
    /// Hand the engine's state to the engine of the game now named by `UCI_Variant`.
    SwitchVariant,
}

/// What the loop drives: one game's engine.
pub trait Host {
    /// Carries out one command; it has taken effect when this returns.
    fn handle(&mut self, command: Command) -> Flow;
    /// Gives up the state that outlives a game: output, dialect, options and table.
    fn into_parts(self: Box<Self>) -> EngineParts;
}

/// Builds the engine of a game from the parts of the previous one.
struct Rehost(EngineParts);

impl GameTask for Rehost {
    type Output = Box<dyn Host>;
    fn run<G: Game>(self) -> Box<dyn Host> {
        Box::new(Engine::<G>::from_parts(self.0))
    }
}

/// Runs the engine for game `G`, reading commands from `input` and answering on `output`, until `quit`
/// or end of input. Returns only when the input thread cannot be started.
pub fn run<G: Game>(
    input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let out = Output::new(output);
    let commands = reader::spawn(input)?;
    serve(Box::new(Engine::<G>::new(out.clone())), &commands, &out);
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
        match message {
            Err(e) => out.error(e),
            Ok(command) => {
                // A bug in one command must not take the engine (and the game in progress) down.
                match catch_unwind(AssertUnwindSafe(|| host.handle(command))) {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Quit) => return,
                    Ok(Flow::SwitchVariant) => {
                        let parts = host.into_parts();
                        let variant = parts.options.variant;
                        host = with_variant(variant, Rehost(parts))
                            .expect("UCI_Variant accepts only the names in games::VARIANTS");
                    }
                    Err(payload) => out.error(format!("internal error: {}", panic_text(&*payload))),
                }
            }
        }
    }
}

/// The message of a caught panic.
pub fn panic_text(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown panic".to_string()
    }
}
