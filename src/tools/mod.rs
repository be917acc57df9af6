//! Command-line tools built on the engine and the protocol: the match runner, the opening-book
//! maker, terminal play, the browser page (`gui`), the evaluation tuner, the engine processes the
//! match runner and the page start, and the vocabulary they share: how a game ended (`game_end`),
//! PGN and time controls.

pub mod book;
pub mod cli_error;
pub mod engine_process;
pub mod game_end;
pub mod gui;
pub mod matches;
pub mod pgn;
pub mod play;
pub mod time_control;
pub mod tune;
