//! One iteration's games: θ + c_k·Δ against θ − c_k·Δ, the same engine command with each side's
//! values set by `setoption`, played by the match runner ([`crate::matches::run`]: its engine
//! processes, openings, limits, adjudication and concurrency) as a match of whole colour-swapped
//! pairs. A game lost because an engine died or fell silent (PGN Termination `abandoned`) is never
//! counted: the iteration is played again, up to a number of retries.

use crate::matches::{EngineKind, MatchConfig, MatchResults};
use duel_rules::games::HostedGame;
use std::sync::atomic::{AtomicBool, Ordering};

/// The PGN Termination of a game an engine lost by dying, silence or a failed handshake.
const ABANDONED: &str = "abandoned";

/// What an iteration's games scored, from θ + c_k·Δ's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won by θ + c_k·Δ.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Score {
    /// fishtest's result: wins − losses of θ + c_k·Δ.
    pub fn result(&self) -> f64 {
        self.wins as f64 - self.losses as f64
    }
}

/// Why an iteration gave no score.
#[derive(Debug, PartialEq, Eq)]
pub enum Unplayed {
    /// Ctrl-C stopped it.
    Interrupted,
    /// It could not be played (the match runner's error, or engines that kept dying).
    Failed(String),
}

/// The two sides of an iteration: each tuned option's value for θ + c_k·Δ and for θ − c_k·Δ.
pub struct Sides<'a> {
    /// The options' names.
    pub names: &'a [String],
    /// The values of θ + c_k·Δ.
    pub plus: &'a [i64],
    /// The values of θ − c_k·Δ.
    pub minus: &'a [i64],
}

/// Plays an iteration on `template` (two engines, θ + c_k·Δ first; its rounds are the pairs) with
/// the openings of `seed`; a try that lost a game to a dead engine is played again, at most
/// `retries` more times.
pub fn play<G: HostedGame>(
    template: &MatchConfig,
    sides: &Sides<'_>,
    seed: u64,
    retries: u32,
    stop: &AtomicBool,
) -> Result<Score, Unplayed> {
    let config = configure(template, sides, seed);
    let mut tries = 0;
    loop {
        let results = crate::matches::run::<G>(&config, stop, &mut std::io::sink())
            .map_err(Unplayed::Failed)?;
        if stop.load(Ordering::Relaxed) {
            return Err(Unplayed::Interrupted);
        }
        if results.terminations.get(ABANDONED).copied().unwrap_or(0) == 0 {
            return Ok(score(&results));
        }
        tries += 1;
        eprintln!(
            "warning: an engine died: {}; the iteration is played again",
            faults(&results)
        );
        if tries > retries {
            return Err(Unplayed::Failed(format!(
                "an engine died in {tries} tries of one iteration: {}",
                faults(&results)
            )));
        }
    }
}

/// The template with each side's option values and the iteration's seed.
fn configure(template: &MatchConfig, sides: &Sides<'_>, seed: u64) -> MatchConfig {
    let mut config = template.clone();
    config.seed = seed;
    for (engine, values) in config.engines.iter_mut().zip([sides.plus, sides.minus]) {
        if let EngineKind::Process(command) = &mut engine.kind {
            let tuned = sides.names.iter().zip(values);
            command
                .options
                .extend(tuned.map(|(name, value)| (name.clone(), value.to_string())));
        }
    }
    config
}

/// The score of the first engine (θ + c_k·Δ).
fn score(results: &MatchResults) -> Score {
    results
        .pairings
        .first()
        .map_or_else(Score::default, |p| Score {
            wins: p.tally.wins,
            draws: p.tally.draws,
            losses: p.tally.losses,
        })
}

/// The engines' faults in words: `plus: crashed (×1)`.
fn faults(results: &MatchResults) -> String {
    let mut words = Vec::new();
    for (engine, reasons) in &results.faults {
        for (reason, count) in reasons {
            words.push(format!("{engine}: {reason} (×{count})"));
        }
    }
    words.join(", ")
}
