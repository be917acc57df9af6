//! Command-line tools built on the engine and the protocol: the match runner, terminal play, the
//! evaluation tuner, and the PGN and time-control vocabulary they share.

pub mod engine_process;
pub mod matches;
pub mod pgn;
pub mod play;
pub mod time_control;
pub mod tune;
