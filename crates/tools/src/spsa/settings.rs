//! A `duel spsa` run once its arguments are checked: what `cli.rs` makes and `run.rs` plays.

use super::state::State;
use crate::engine_process::EngineCommand;
use crate::matches::MatchConfig;
use std::path::PathBuf;

/// A checked `duel spsa` run.
#[derive(Debug)]
pub struct Settings {
    /// The match of one iteration: θ + c_k·Δ (first) against θ − c_k·Δ, a round per pair.
    pub template: MatchConfig,
    /// The engine's command as given, for the check of its options.
    pub command: EngineCommand,
    /// The run as it starts (or as the state file left it, with `--resume`).
    pub state: State,
    /// Where the state is written.
    pub state_path: PathBuf,
    /// Where the picture is written.
    pub svg: PathBuf,
    /// Replays allowed of an iteration whose engine died.
    pub retries: u32,
}
