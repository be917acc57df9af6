//! `duel match`: engine-vs-engine matches with clocks, adjudication, fault handling, SPRT and PGN,
//! generic over the [`Game`] trait.
//!
//! Work is handed out as game pairs (one opening, colours swapped) to `concurrency` worker threads,
//! each with its own engine processes; the main thread collects finished games, writes each to the
//! PGN file at once, keeps the statistics and stops the match when the SPRT decides or on Ctrl-C.

mod adjudication;
mod builtin;
mod cli;
mod engine_process;
mod engines;
mod game;
mod openings;
mod player;
mod report;
mod stats;

pub use crate::tools::time_control::TimeControl;
pub use adjudication::{DrawRule, ResignRule};
pub use builtin::{BuiltinKind, BuiltinPlayer};
pub use cli::{MatchArgs, ResultsArgs};
pub use engine_process::{Dialect, EngineCommand, ProcessPlayer};
pub use engines::{EngineKind, EngineSpec};
pub use game::{GameSettings, PlayedGame, play_game};
pub use player::{GoRequest, Player, Reply};
pub use report::{MatchResults, PairingResult};
pub use stats::{EloEstimate, Sprt, SprtVerdict, Tally, elo_from_score, score_from_elo};

use crate::game::{Game, GameRecord, Outcome, Rng, Side};
use crate::tools::pgn::{self, Fault, GameEnd, GameTags};
use crossbeam_channel::unbounded;
use std::collections::{BTreeMap, HashMap};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

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
    /// The SPRT (two engines only).
    pub sprt: Option<Sprt>,
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
    fn clocks(&self, white: usize, black: usize) -> Option<[TimeControl; 2]> {
        let clock_of = |index: usize| self.engines[index].tc.or(self.game.tc);
        clock_of(white).zip(clock_of(black)).map(|(w, b)| [w, b])
    }
}

/// One finished game, sent from a worker to the collector.
struct Finished<G: Game> {
    round: u32,
    pairing: usize,
    /// 0: the pairing's first engine has White; 1: colours swapped.
    leg: usize,
    game: PlayedGame<G>,
}

/// The pairings of engine indices for a schedule.
fn pairings(engines: usize, schedule: Schedule) -> Vec<(usize, usize)> {
    match schedule {
        Schedule::Gauntlet => (1..engines).map(|i| (0, i)).collect(),
        Schedule::RoundRobin => (0..engines)
            .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
            .collect(),
    }
}

/// A seed for one game's built-in players: the same for the same match seed, round and leg.
fn game_seed(seed: u64, round: u32, pairing: usize, leg: usize) -> u64 {
    let mut rng = Rng::new(seed ^ (round as u64) << 20 ^ (pairing as u64) << 8 ^ leg as u64);
    rng.next_u64()
}

/// Plays the match, printing progress and the summary to `out`; `stop` ends it early (Ctrl-C).
pub fn run<G: Game>(
    config: &MatchConfig,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> Result<MatchResults, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".to_string());
    }
    let pairs = pairings(config.engines.len(), config.schedule);
    if config.sprt.is_some() && pairs.len() != 1 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    let file_openings = match &config.openings {
        Some(text) => {
            let mut list = openings::load::<G>(text)?;
            shuffle(&mut list, config.seed);
            Some(list)
        }
        None => None,
    };
    let mut pgn_file = match &config.pgn_out {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        ),
        None => None,
    };

    let total_pairs = config.rounds as usize * pairs.len();
    let total_games = 2 * total_pairs as u64;
    let next_pair = AtomicUsize::new(0);
    let (sender, receiver) = unbounded::<Finished<G>>();
    let opening_for = |round: u32| -> GameRecord<G> {
        match &file_openings {
            Some(list) => list[round as usize % list.len()].clone(),
            None => openings::random::<G>(
                &mut Rng::new(config.seed.wrapping_add(round as u64)),
                config.opening_plies,
            ),
        }
    };

    let mut results = MatchResults {
        variant: G::NAME.to_string(),
        pairings: pairs
            .iter()
            .map(|&(a, b)| PairingResult {
                first: config.engines[a].name.clone(),
                second: config.engines[b].name.clone(),
                tally: Tally::default(),
            })
            .collect(),
        terminations: BTreeMap::new(),
        faults: BTreeMap::new(),
        sprt: config.sprt,
    };
    let terminal = std::io::stdout().is_terminal();
    let mut done = 0u64;
    let mut half_pairs: HashMap<(u32, usize), u32> = HashMap::new();

    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (next_pair, pairs, opening_for) = (&next_pair, &pairs, &opening_for);
            scope.spawn(move || {
                let mut seats: Seats<G> = config.engines.iter().map(|_| None).collect();
                loop {
                    let index = next_pair.fetch_add(1, Ordering::Relaxed);
                    if index >= total_pairs || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let round = (index / pairs.len()) as u32;
                    let pairing = index % pairs.len();
                    let opening = opening_for(round);
                    for leg in 0..2 {
                        let (a, b) = pairs[pairing];
                        let (white, black) = if leg == 0 { (a, b) } else { (b, a) };
                        let seed = game_seed(config.seed, round, pairing, leg);
                        let game =
                            play_between(config, &mut seats, (white, black), seed, &opening, stop);
                        if sender
                            .send(Finished {
                                round,
                                pairing,
                                leg,
                                game,
                            })
                            .is_err()
                        {
                            return;
                        }
                    }
                }
                for player in seats.iter_mut().flatten() {
                    player.shut_down();
                }
            });
        }
        drop(sender);

        for finished in receiver.iter() {
            let Some(outcome) = finished.game.end.outcome() else {
                continue; // interrupted: does not count
            };
            let (a, b) = pairs[finished.pairing];
            let (white, black) = if finished.leg == 0 { (a, b) } else { (b, a) };
            done += 1;
            if let Some(file) = pgn_file.as_mut() {
                let text = pgn_text(config, &finished, white, black, outcome);
                file.write_all(text.as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("cannot write the PGN file: {e}"))?;
            }
            let end = &finished.game.end;
            *results
                .terminations
                .entry(end.termination_tag().to_string())
                .or_default() += 1;
            if let GameEnd::Fault(side, fault) = end {
                let offender = if *side == Side::White { white } else { black };
                let kind = fault.termination_tag().to_string() + ": " + &fault_kind(fault);
                *results
                    .faults
                    .entry(config.engines[offender].name.clone())
                    .or_default()
                    .entry(kind)
                    .or_default() += 1;
            }
            let first_side = if finished.leg == 0 {
                Side::White
            } else {
                Side::Black
            };
            let half_points = (2.0 * outcome.score_for(first_side)) as u32;
            let entry = &mut results.pairings[finished.pairing];
            entry.tally.add_game(half_points);
            let pair_key = (finished.round, finished.pairing);
            match half_pairs.remove(&pair_key) {
                Some(first_leg) => entry.tally.add_pair(first_leg + half_points),
                None => {
                    half_pairs.insert(pair_key, half_points);
                }
            }
            let line = report::progress_line(done, total_games, entry, config.sprt.as_ref());
            if terminal {
                let _ = write!(out, "\r{line}\x1b[K");
                let _ = out.flush();
            } else if done.is_multiple_of(10) || done == total_games {
                let _ = writeln!(out, "{line}");
            }
            if let Some(sprt) = &config.sprt
                && sprt.verdict(sprt.llr(&entry.tally)) != SprtVerdict::Continue
            {
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;

    if terminal {
        let _ = writeln!(out);
    }
    let _ = write!(out, "{}", results.summary());
    if let Some(path) = &config.results_out {
        let json = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
        std::fs::write(path, json + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(results)
}

/// The short name of a fault for the statistics.
fn fault_kind(fault: &Fault) -> String {
    match fault {
        Fault::IllegalMove { .. } => "illegal move".to_string(),
        Fault::TimeForfeit => "loses on time".to_string(),
        Fault::Handshake(what) => format!("no {what}"),
        Fault::Silent(_) => "no bestmove".to_string(),
        Fault::Crashed(_) => "crashed".to_string(),
    }
}

/// The players of one worker: engine processes live across games (one slot per engine index).
type Seats<G> = Vec<Option<Box<dyn Player<G>>>>;

/// The player for engine `index` in a game seeded by `seed`: the worker's process (started when
/// first needed), or a built-in player seeded for this game alone.
fn take_player<G: Game>(
    config: &MatchConfig,
    seats: &mut Seats<G>,
    index: usize,
    seed: u64,
) -> Box<dyn Player<G>> {
    match &config.engines[index].kind {
        EngineKind::Builtin(kind) => Box::new(BuiltinPlayer::new(*kind, seed)),
        EngineKind::Process(command) => seats[index].take().unwrap_or_else(|| {
            Box::new(ProcessPlayer::new(
                command.clone(),
                config.timeout,
                config.game.time_margin,
            ))
        }),
    }
}

/// Plays one game between engine indices `white` and `black`, returning the players to their seats.
fn play_between<G: Game>(
    config: &MatchConfig,
    seats: &mut Seats<G>,
    (white, black): (usize, usize),
    seed: u64,
    opening: &GameRecord<G>,
    stop: &AtomicBool,
) -> PlayedGame<G> {
    let mut white_player = take_player(config, seats, white, seed);
    let mut black_player = take_player(config, seats, black, seed ^ 1);
    let game = play_game(
        opening,
        white_player.as_mut(),
        black_player.as_mut(),
        &config.game,
        config.clocks(white, black),
        stop,
    );
    seats[white] = Some(white_player);
    seats[black] = Some(black_player);
    game
}

/// The PGN of a finished game.
fn pgn_text<G: Game>(
    config: &MatchConfig,
    finished: &Finished<G>,
    white: usize,
    black: usize,
    outcome: Outcome,
) -> String {
    let game = &finished.game;
    let clocks = config.clocks(white, black);
    let tags = GameTags {
        event: config.event.clone(),
        site: "duel match".to_string(),
        date: pgn::today(),
        round: format!("{}.{}", finished.round + 1, finished.leg + 1),
        white: config.engines[white].name.clone(),
        black: config.engines[black].name.clone(),
        time_control: time_control_tag(&config.game, clocks),
        side_time_controls: clocks
            .filter(|[white, black]| white != black)
            .map(|clocks| clocks.map(|tc| tc.pgn())),
        termination: game.end.termination_tag(),
    };
    let mut comments: Vec<Option<String>> = vec![None; game.opening_plies];
    comments.extend(
        game.comments
            .iter()
            .map(|comment| Some(comment.to_string())),
    );
    pgn::write(
        &tags,
        &game.record,
        &comments,
        outcome.pgn(),
        Some(&game.end.describe()),
    )
}

fn time_control_tag(settings: &GameSettings, clocks: Option<[TimeControl; 2]>) -> String {
    if let Some([white, black]) = clocks {
        if white == black {
            white.pgn()
        } else {
            "?".to_string()
        }
    } else if let Some(t) = settings.movetime {
        format!("{}/move", t.as_secs_f64())
    } else {
        "-".to_string()
    }
}

/// Shuffles `items` reproducibly by `seed` (Fisher–Yates).
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules() {
        assert_eq!(pairings(2, Schedule::RoundRobin), vec![(0, 1)]);
        assert_eq!(
            pairings(3, Schedule::RoundRobin),
            vec![(0, 1), (0, 2), (1, 2)]
        );
        assert_eq!(pairings(3, Schedule::Gauntlet), vec![(0, 1), (0, 2)]);
    }
}
