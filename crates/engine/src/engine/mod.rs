//! The engine runtime between the search and the front ends, in the manner of Stockfish's
//! `engine.cpp` beside its `uci.cpp`: [`Engine`] holds one game's record, the options that shape a
//! search and the transposition table, runs one search at a time, and tells a [`Listener`] what the
//! search finds. It parses and prints nothing: the UCI/UGI text layer (`protocol`), `duel play` and
//! tests drive the same facade.
//!
//! Threads:
//! - The caller's thread owns the [`Engine`] and makes every request. Each has taken effect when its
//!   method returns, so a front end that handles its input in order gets `isready` as a barrier.
//! - Each search runs on a worker thread of its own (`worker.rs`), started by `go` and joined by
//!   `stop` or by the next request that needs the table. The listener hears the reports and the one
//!   answer on that thread. A panic in the search is caught there, and the answer falls back on the
//!   last reported move or a legal one ([`SearchFault`] says why); so does a search whose thread
//!   cannot be started.
//! - A search is stopped through an atomic flag that it polls (`search::SearchControl`), and
//!   `ponderhit` clears its pondering flag the same way: the caller never waits for the search
//!   except to join it after `stop`, when the answer is due anyway.
//! - The transposition table is moved into the worker when a search starts and handed back when it is
//!   joined, so no lock is held while searching and the caller cannot touch it meanwhile.
//!
//! - Without threads (the browser build), [`Engine::set_sliced`] makes each search run in slices on
//!   the caller's thread instead (`slices.rs`), each started by [`Engine::step`].
//!
//! Also here: the services that run on the engine's thread instead of a search (`perft`, `bench`) and
//! the engine's name.

pub mod bench;
mod facade;
mod fault;
mod listener;
mod panic;
pub mod perft;
#[cfg(test)]
mod recorder;
mod slices;
mod worker;

pub use facade::{ENGINE_AUTHOR, ENGINE_NAME, Engine, EngineParts, HashError};
pub use fault::SearchFault;
pub use listener::Listener;
pub use panic::panic_text;
