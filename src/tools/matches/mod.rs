//! `duel match`: engine-vs-engine matches with clocks, adjudication, fault handling, SPRT and PGN,
//! generic over the [`Game`] trait.
//!
//! Work is handed out as game pairs (one opening, colours swapped) to `concurrency` worker threads,
//! each with its own engine processes; the main thread collects finished games, writes each to the
//! PGN file at once, keeps the statistics and stops the match when the SPRT decides or on Ctrl-C.
//!
//! A match can be split over processes and machines (`--shard K/N`, [`Shard`]): every shard plays
//! its own pairs, writes its own PGN and results, and `duel results` merges the results into those
//! of the whole match. A killed run restarted with `--resume` counts the games its PGN holds and
//! plays the rest.

mod adjudication;
mod builtin;
mod cli;
mod collector;
mod engines;
mod game;
mod openings;
mod player;
mod process_player;
mod ratings;
mod report;
mod results;
mod resume;
mod schedule;
mod shard;
mod stats;

pub use crate::protocol::Dialect;
pub use crate::tools::engine_process::EngineCommand;
pub use crate::tools::time_control::TimeControl;
pub use adjudication::{DrawRule, ResignRule};
pub use builtin::{BuiltinKind, BuiltinPlayer};
pub use cli::{MatchArgs, ResultsArgs};
pub use engines::{EngineKind, EngineSpec};
pub use game::{GameSettings, PlayedGame, play_game};
pub use openings::{load as load_openings, random as random_opening};
pub use player::{GoRequest, Player, Reply};
pub use process_player::ProcessPlayer;
pub use ratings::{Rating, RatingList, rating_list};
pub use results::{MatchResults, PairingResult};
pub use schedule::Schedule;
pub use shard::{Shard, ShardSet};
pub use stats::{
    EloEstimate, Sprt, SprtVerdict, Tally, elo_from_score, normal_cdf, score_from_elo,
};

use crate::game::{Game, GameRecord, Outcome};
use crate::tools::game_end::GameEnd;
use crate::tools::pgn::{self, GameTags};
use collector::{Collector, CountedGame};
use crossbeam_channel::unbounded;
use openings::OpeningBook;
use report::Progress;
use resume::{Expected, games_to_play, read_finished};
use schedule::{PairSlot, Plan, game_seed};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
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
    fn clocks(&self, white: usize, black: usize) -> Option<[TimeControl; 2]> {
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
}

/// One finished game, sent from a worker to the collector.
struct Finished<G: Game> {
    slot: PairSlot,
    /// 0: the pairing's first engine has White; 1: colours swapped.
    leg: usize,
    game: PlayedGame<G>,
}

/// Plays the match (or its shard), printing progress and the summary to `out`; `stop` ends it
/// early (Ctrl-C).
pub fn run<G: Game>(
    config: &MatchConfig,
    stop: &AtomicBool,
    out: &mut dyn Write,
) -> Result<MatchResults, String> {
    if config.engines.len() < 2 {
        return Err("a match needs at least two --engine".to_string());
    }
    let plan = Plan::new(config.engines.len(), config.schedule, config.rounds);
    if config.sprt.is_some() && plan.pairings.len() != 1 {
        return Err("--sprt needs exactly two engines".to_string());
    }
    let book = OpeningBook::<G>::new(
        config.openings.as_deref(),
        config.seed,
        config.opening_plies,
    )?;
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let shard = config.shard.unwrap_or(Shard::WHOLE);
    let total_games = 2 * shard.pairs(plan.total_pairs()).count() as u64;
    let resumed = match (&config.pgn_out, config.resume) {
        (Some(path), true) => {
            let expected = Expected {
                plan: &plan,
                shard,
                names: &names,
                book: &book,
            };
            let resumed = read_finished::<G>(path, &expected)?;
            if resumed.dropped_bytes > 0 {
                let _ = writeln!(
                    out,
                    "Cut an unfinished game ({} bytes) from the end of {}",
                    resumed.dropped_bytes,
                    path.display()
                );
            }
            let _ = writeln!(
                out,
                "Resuming from {}: {} of {total_games} games played",
                path.display(),
                resumed.games.len()
            );
            resumed
        }
        (None, true) => return Err("--resume needs --pgnout, the file it resumes".to_string()),
        (_, false) => Default::default(),
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

    let results = MatchResults {
        variant: G::NAME.to_string(),
        engines: names.clone(),
        seed: Some(config.seed),
        settings: Some(config.fingerprint()),
        shards: config.shard.map(ShardSet::of),
        pairings: plan
            .pairings
            .iter()
            .map(|&(a, b)| PairingResult {
                first: names[a].clone(),
                second: names[b].clone(),
                tally: Tally::default(),
            })
            .collect(),
        terminations: BTreeMap::new(),
        faults: BTreeMap::new(),
        sprt: config.sprt,
    };
    let mut collector = Collector::new(results, names, plan.clone());
    for game in &resumed.games {
        collector.add(game);
    }
    let work = games_to_play(&plan, shard, &resumed.games);
    let mut done = resumed.games.len() as u64;
    // A shard's SPRT sees a part of the evidence: only a whole run stops on it.
    let sprt_stops = config.sprt.filter(|_| config.shard.is_none());
    let decided = |tally: &Tally| {
        sprt_stops.is_some_and(|sprt| sprt.verdict(sprt.llr(tally)) != SprtVerdict::Continue)
    };
    if collector.results.pairings.iter().any(|p| decided(&p.tally)) {
        stop.store(true, Ordering::Relaxed);
    }

    let next_pair = AtomicUsize::new(0);
    let (sender, receiver) = unbounded::<Finished<G>>();
    let terminal = std::io::stdout().is_terminal();
    let progress = Progress::new(total_games, done);
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (next_pair, plan, book, work) = (&next_pair, &plan, &book, &work);
            scope.spawn(move || {
                let mut seats: Seats<G> = config.engines.iter().map(|_| None).collect();
                loop {
                    let index = next_pair.fetch_add(1, Ordering::Relaxed);
                    if index >= work.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let (slot, legs) = &work[index];
                    let opening = book.for_round(slot.round);
                    for &leg in legs {
                        let players = plan.players(slot.pairing, leg);
                        let seed = game_seed(config.seed, *slot, leg);
                        let game = play_between(config, &mut seats, players, seed, &opening, stop);
                        let finished = Finished {
                            slot: *slot,
                            leg,
                            game,
                        };
                        if sender.send(finished).is_err() {
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
            done += 1;
            if let Some(file) = pgn_file.as_mut() {
                let text = pgn_text(config, &plan, &finished, outcome);
                file.write_all(text.as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(|e| format!("cannot write the PGN file: {e}"))?;
            }
            let end = &finished.game.end;
            let entry = collector.add(&CountedGame {
                slot: finished.slot,
                leg: finished.leg,
                outcome,
                termination: end.termination_tag(),
                fault: match end {
                    GameEnd::Fault(side, fault) => Some((*side, fault.clone())),
                    _ => None,
                },
            });
            let line = progress.line(done, entry, config.sprt.as_ref());
            if terminal {
                let _ = write!(out, "\r{line}\x1b[K");
                let _ = out.flush();
            } else if done.is_multiple_of(10) || done == total_games {
                let _ = writeln!(out, "{line}");
            }
            if decided(&entry.tally) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        Ok(())
    })?;

    if terminal {
        let _ = writeln!(out);
    }
    let results = collector.results;
    let _ = write!(out, "{}", results.summary(config.anchor.as_deref()));
    if let Some(path) = &config.results_out {
        let json = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
        std::fs::write(path, json + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(results)
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
    plan: &Plan,
    finished: &Finished<G>,
    outcome: Outcome,
) -> String {
    let game = &finished.game;
    let (white, black) = plan.players(finished.slot.pairing, finished.leg);
    let clocks = config.clocks(white, black);
    let tags = GameTags {
        event: config.event.clone(),
        site: "duel match".to_string(),
        date: pgn::today(),
        round: format!("{}.{}", finished.slot.round + 1, finished.leg + 1),
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
