//! Command-line tools built on the generic layer.

pub mod bench;
pub mod matches;
pub mod perft;
pub mod pgn;
pub mod play;
pub mod time_control;
pub mod tune;
