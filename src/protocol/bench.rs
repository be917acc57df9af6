//! `bench [depth]` (the protocol command) and `duel bench [depth]` (the shell command) both run the
//! search's bench.

pub use crate::tools::bench::{DEFAULT_DEPTH, run_bench};
