//! Command-line tools built on the generic layer.

pub mod bench;
pub mod perft;
