//! What a match is: its engines, schedule, openings, limits and outputs, as `duel match`'s
//! arguments give them ([`super::MatchArgs::config`]).

use super::engines::EngineSpec;
use super::game::GameSettings;
use super::schedule::Schedule;
use super::stats::{Sprt, SprtVerdict, Tally};
use crate::shard::Shard;
use crate::time_control::TimeControl;
use std::path::PathBuf;
use std::time::Duration;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The participants (at least two).
    pub engines: Vec<EngineSpec>,
    /// Who plays whom.
    pub schedule: Schedule,
    /// Rounds: in each, every pairing plays one opening twice, colours swapped.
    pub rounds: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// Seed of the opening choice and the built-in players.
    pub seed: u64,
    /// Openings from a file's text; random openings when `None`.
    pub openings: Option<String>,
    /// Random plies of a generated opening.
    pub opening_plies: u32,
    /// Limits and adjudication of every game.
    pub game: GameSettings,
    /// The SPRT (two engines only). A shard does not stop on it: `duel results` decides on the
    /// merged shards.
    pub sprt: Option<Sprt>,
    /// The part of the match this run plays; `None` for all of it.
    pub shard: Option<Shard>,
    /// Count the games the PGN file already holds and play only the rest.
    pub resume: bool,
    /// The rating list's anchor (rated 0) with three or more engines; the first engine when `None`.
    pub anchor: Option<String>,
    /// Append every finished game here.
    pub pgn_out: Option<PathBuf>,
    /// Write the final statistics here (JSON).
    pub results_out: Option<PathBuf>,
    /// The PGN Event tag.
    pub event: String,
    /// How long an engine may stay silent past its time, or in a handshake.
    pub timeout: Duration,
}

impl MatchConfig {
    /// The clocks of a game between engine indices `white` and `black`: each engine's own `tc=`, else
    /// the match's `--tc`; `None` without clocks (the configuration gives every engine a clock or
    /// none).
    pub fn clocks(&self, white: usize, black: usize) -> Option<[TimeControl; 2]> {
        let clock_of = |index: usize| self.engines[index].tc.or(self.game.tc);
        clock_of(white).zip(clock_of(black)).map(|(w, b)| [w, b])
    }

    /// A fingerprint of everything that decides which games the match plays and how, the seed and
    /// the shard apart: the engines (names, commands, options, clocks), the schedule and rounds,
    /// the openings, the limits and adjudication, the timeouts. The shards of one match share it.
    /// It is the 64-bit FNV-1a hash of these settings' debug text, so every machine running the
    /// same build with the same command line computes the same one.
    pub fn fingerprint(&self) -> String {
        let text = format!(
            "{:?}|{:?}|{}|{:?}|{}|{:?}|{:?}",
            self.engines,
            self.schedule,
            self.rounds,
            self.openings,
            self.opening_plies,
            self.game,
            self.timeout
        );
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("{hash:016x}")
    }

    /// The engines' names, by index.
    pub fn engine_names(&self) -> Vec<String> {
        self.engines.iter().map(|e| e.name.clone()).collect()
    }

    /// Whether the SPRT has decided on `tally`, which stops the run. A shard's SPRT sees a part of the evidence: only a
    /// whole run stops on it.
    pub fn sprt_stops(&self, tally: &Tally) -> bool {
        self.sprt
            .filter(|_| self.shard.is_none())
            .is_some_and(|sprt| sprt.verdict(sprt.llr(tally)) != SprtVerdict::Continue)
    }
}
