//! The options of `duel match` that say how each game is played (limits, openings, adjudication,
//! time-outs, games at once), which `duel spsa` takes too: written once, flattened into both.

use crate::matches::adjudication::{DrawRule, ResignRule};
use crate::matches::engines::EngineSpec;
use crate::matches::game::GameSettings;
use crate::openings::shipped;
use crate::time_control::TimeControl;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// How each game of a match is played.
#[derive(Args, Debug, Clone)]
pub struct GameOptions {
    /// Time control `[moves/]base[+increment]` in seconds, e.g. `10+0.1` or `40/60+0.6`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Fixed time per move in milliseconds.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Fixed depth per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Fixed nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds a move may arrive after the clock ran out before it loses on time.
    #[arg(long, default_value_t = 50)]
    pub timemargin: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings file: one DFEN, `startpos [moves …]` or `fen <DFEN> [moves …]` per line, `#`
    /// starting a comment. It takes precedence over --opening-plies; without either, the game's
    /// shipped book (`crates/rules/books/<variant>.txt`, built into the binary) gives the openings.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Random plies from the start as each round's opening, instead of the shipped book.
    #[arg(long)]
    pub opening_plies: Option<u32>,
    /// Resign adjudication: `movecount=N score=S`, S in centipawns of the common scale the engines
    /// report in (100: a 75% expected result at the game's typical middle game).
    #[arg(long, num_args = 2, value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// Draw adjudication: `movenumber=N movecount=N score=S`, S in centipawns of the common scale
    /// the engines report in.
    #[arg(long, num_args = 3, value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Draw a game after this many plies (after the opening).
    #[arg(long)]
    pub maxplies: Option<u32>,
    /// Milliseconds an engine may stay silent past its time, and in handshakes, before it loses.
    #[arg(long, default_value_t = 5000)]
    pub timeout: u64,
}

impl GameOptions {
    /// The match's `--tc`, checked against the engines' own clocks: every engine plays under a clock
    /// (its own `tc=` or `--tc`), or none does; without clocks another limit is needed.
    pub(super) fn clock(&self, engines: &[EngineSpec]) -> Result<Option<TimeControl>, String> {
        let tc = self
            .tc
            .as_deref()
            .map(TimeControl::parse)
            .transpose()
            .map_err(|e| format!("--tc: {e}"))?;
        let clocked = engines.iter().filter(|e| e.tc.or(tc).is_some()).count();
        if clocked > 0 && clocked < engines.len() {
            return Err("with tc= on some engines, give --tc or tc= to every engine".to_string());
        }
        if clocked == 0 && self.movetime.is_none() && self.depth.is_none() && self.nodes.is_none() {
            return Err("give a limit: --tc, --movetime, --depth or --nodes".to_string());
        }
        Ok(tc)
    }

    /// An openings file's text, else `None` for random plies when asked for, else the game's shipped
    /// book (random plies for a game without one).
    pub(super) fn openings(&self, variant: &str) -> Result<Option<String>, String> {
        Ok(match (&self.openings, self.opening_plies) {
            (Some(path), _) => Some(
                std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
            ),
            (None, Some(_)) => None,
            (None, None) => shipped(variant).map(str::to_string),
        })
    }

    /// The limits and adjudication of every game, under the match's clock `tc`.
    pub(super) fn game_settings(&self, tc: Option<TimeControl>) -> Result<GameSettings, String> {
        Ok(GameSettings {
            tc,
            movetime: self.movetime.map(Duration::from_millis),
            depth: self.depth,
            nodes: self.nodes,
            time_margin: Duration::from_millis(self.timemargin),
            resign: self.resign.as_deref().map(ResignRule::parse).transpose()?,
            draw: self.draw.as_deref().map(DrawRule::parse).transpose()?,
            max_plies: self.maxplies,
        })
    }
}
