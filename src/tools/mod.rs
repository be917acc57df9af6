//! Command-line tools built on the engine and the protocol: the match runner, the opening-book
//! maker, self-play training data (`datagen`) and the trainer of nets (`train`), terminal play, the browser page (`gui`), the evaluation tuner, the engine processes the
//! match runner and the page start, and the vocabulary they share: how a game ended (`game_end`),
//! PGN and time controls.
//!
//! Without the `native` feature only what the browser build needs is built: how a game ended, PGN
//! and the rules service of the page (`gui`).

#[cfg(feature = "native")]
pub mod book;
#[cfg(feature = "native")]
pub mod cli_error;
#[cfg(feature = "native")]
pub mod datagen;
#[cfg(feature = "native")]
pub mod engine_process;
pub mod game_end;
pub mod gui;
#[cfg(feature = "native")]
pub mod matches;
pub mod pgn;
#[cfg(feature = "native")]
pub mod play;
#[cfg(feature = "native")]
pub mod time_control;
#[cfg(feature = "native")]
pub mod train;
#[cfg(feature = "native")]
pub mod tune;
