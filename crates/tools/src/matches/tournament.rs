//! A match, or the shard of it that a run plays, in the steps of fastchess's tournament:
//! [`Tournament::prepare`] reads back what a resumed run already played, opens the PGN file and counts
//! the results so far; [`Tournament::play`] hands the pairs out to the workers and takes in each
//! finished game as it comes; [`Tournament::finish`] prints the summary and writes the results file.

use super::MatchConfig;
use super::collector::{Collector, CountedGame};
use super::game::{GameSettings, PlayedGame};
use super::opening_book::OpeningBook;
use super::report::Progress;
use super::results::{MatchResults, PairingResult};
use super::resume::{Expected, Resumed, games_to_play, read_finished};
use super::schedule::{PairSlot, Plan, game_seed};
use super::seats::Seats;
use super::stats::Tally;
use crate::progress::ProgressLine;
use crate::shard::{Shard, ShardSet};
use crate::time_control::TimeControl;
use crossbeam_channel::{Sender, unbounded};
use duel_rules::game::Game;
use duel_rules::games::HostedGame;
use duel_rules::record::game_end::{self, GameEnd};
use duel_rules::record::pgn::{self, GameTags};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// One finished game, sent from a worker to the collector.
struct Finished<G: Game> {
    slot: PairSlot,
    /// 0: the pairing's first engine has White; 1: colours swapped.
    leg: usize,
    game: PlayedGame<G>,
}

/// What a run plays: fixed once it is prepared, and shared by its workers.
struct Work<'a, G: Game> {
    config: &'a MatchConfig,
    plan: Plan,
    book: OpeningBook<G>,
    /// The pairs still to play, each with the legs it misses.
    pairs: Vec<(PairSlot, Vec<usize>)>,
}

/// What a run has played so far.
struct Standing {
    collector: Collector,
    /// The file every finished game is appended to.
    pgn_file: Option<File>,
    /// The games finished, those read back by `--resume` included.
    done: u64,
    /// All the games of the run.
    total: u64,
}

/// A match, or the shard of it that this run plays.
pub struct Tournament<'a, G: HostedGame> {
    work: Work<'a, G>,
    standing: Standing,
}

impl<'a, G: HostedGame> Tournament<'a, G> {
    /// Checks the configuration, reads back the games a resumed run played (saying so on `out`),
    /// opens the PGN file and counts the games already played.
    pub fn prepare(config: &'a MatchConfig, out: &mut dyn Write) -> Result<Self, String> {
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
        let names = config.engine_names();
        let shard = config.shard.unwrap_or(Shard::WHOLE);
        let total = 2 * shard.pairs(plan.total_pairs()).count() as u64;
        let expected = Expected {
            plan: &plan,
            shard,
            names: &names,
            book: &book,
        };
        let resumed = resume(config, &expected, total, out)?;
        let pgn_file = open_pgn(config)?;
        let results = initial_results::<G>(config, &names, &plan);
        let mut collector = Collector::new(results, names, plan.clone());
        for game in &resumed.games {
            collector.add(game);
        }
        let pairs = games_to_play(&plan, shard, &resumed.games);
        let done = resumed.games.len() as u64;
        Ok(Tournament {
            work: Work {
                config,
                plan,
                book,
                pairs,
            },
            standing: Standing {
                collector,
                pgn_file,
                done,
                total,
            },
        })
    }

    /// Plays the pairs left on the configuration's workers, taking in each finished game as it
    /// comes: appended to the PGN file, counted, shown on `progress` (on a terminal after every
    /// game, in a log after every tenth and the last). `stop` ends the run early (Ctrl-C); it is
    /// set here when the SPRT decides.
    pub fn play(
        &mut self,
        stop: &AtomicBool,
        progress: &mut ProgressLine<impl Write>,
    ) -> Result<(), String> {
        let Tournament { work, standing } = self;
        let work = &*work;
        let pairings = &standing.collector.results.pairings;
        if pairings.iter().any(|p| work.config.sprt_stops(&p.tally)) {
            stop.store(true, Ordering::Relaxed);
        }
        let next_pair = AtomicUsize::new(0);
        let (sender, receiver) = unbounded::<Finished<G>>();
        let total = standing.total;
        let rate = Progress::new(total, standing.done);
        std::thread::scope(|scope| -> Result<(), String> {
            for _ in 0..work.config.concurrency.max(1) {
                let (sender, next_pair) = (sender.clone(), &next_pair);
                scope.spawn(move || work.play_pairs(next_pair, stop, &sender));
            }
            drop(sender);
            for finished in receiver.iter() {
                let Some((done, entry)) = standing.take_in(work, &finished)? else {
                    continue; // interrupted: does not count
                };
                let line = rate.line(done, entry, work.config.sprt.as_ref());
                progress.show(&line, done.is_multiple_of(10) || done == total);
                if work.config.sprt_stops(&entry.tally) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            Ok(())
        })?;
        progress.end();
        Ok(())
    }

    /// Prints the summary to `out` and writes the results file; returns the results.
    pub fn finish(self, out: &mut dyn Write) -> Result<MatchResults, String> {
        let config = self.work.config;
        let results = self.standing.collector.results;
        let _ = write!(out, "{}", results.summary(config.anchor.as_deref()));
        if let Some(path) = &config.results_out {
            let json = serde_json::to_string_pretty(&results).map_err(|e| e.to_string())?;
            std::fs::write(path, json + "\n")
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(results)
    }
}

impl<G: HostedGame> Work<'_, G> {
    /// One worker: plays the next pair no worker has taken until none is left or `stop` is set,
    /// sending each finished game.
    fn play_pairs(&self, next_pair: &AtomicUsize, stop: &AtomicBool, sender: &Sender<Finished<G>>) {
        let mut seats = Seats::new(self.config);
        loop {
            let index = next_pair.fetch_add(1, Ordering::Relaxed);
            if index >= self.pairs.len() || stop.load(Ordering::Relaxed) {
                break;
            }
            let (slot, legs) = &self.pairs[index];
            let opening = self.book.for_round(slot.round);
            for &leg in legs {
                let players = self.plan.players(slot.pairing, leg);
                let seed = game_seed(self.config.seed, *slot, leg);
                let game = seats.play(players, seed, &opening, stop);
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
        seats.shut_down();
    }

    /// The PGN of a finished game.
    fn pgn_text(&self, finished: &Finished<G>) -> String {
        let config = self.config;
        let game = &finished.game;
        let (white, black) = self.plan.players(finished.slot.pairing, finished.leg);
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
            ..GameTags::default()
        };
        let mut comments: Vec<Option<String>> = vec![None; game.opening_plies];
        comments.extend(
            game.comments
                .iter()
                .map(|comment| Some(comment.to_string())),
        );
        let (record, end) = (&game.record, Some(&game.end));
        game_end::write_pgn(tags, record, &comments, end, GameEnd::describe)
    }
}

impl Standing {
    /// Takes in one finished game: appends it to the PGN file and counts it; returns the games done
    /// and its pairing's results, or `None` for an interrupted game, which does not count.
    fn take_in<G: HostedGame>(
        &mut self,
        work: &Work<G>,
        finished: &Finished<G>,
    ) -> Result<Option<(u64, &PairingResult)>, String> {
        let end = &finished.game.end;
        let Some(outcome) = end.outcome() else {
            return Ok(None);
        };
        self.done += 1;
        if let Some(file) = self.pgn_file.as_mut() {
            let text = work.pgn_text(finished);
            file.write_all(text.as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the PGN file: {e}"))?;
        }
        let entry = self.collector.add(&CountedGame {
            slot: finished.slot,
            leg: finished.leg,
            outcome,
            termination: end.termination_tag(),
            fault: match end {
                GameEnd::Fault(side, fault) => Some((*side, fault.clone())),
                _ => None,
            },
        });
        Ok(Some((self.done, entry)))
    }
}

/// The games a resumed run finished, read back from its PGN file (what was found said on `out`);
/// none when the run does not resume.
fn resume<G: HostedGame>(
    config: &MatchConfig,
    expected: &Expected<G>,
    total: u64,
    out: &mut dyn Write,
) -> Result<Resumed, String> {
    let path = match (&config.pgn_out, config.resume) {
        (Some(path), true) => path,
        (None, true) => return Err("--resume needs --pgnout, the file it resumes".to_string()),
        (_, false) => return Ok(Resumed::default()),
    };
    let resumed = read_finished::<G>(path, expected)?;
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
        "Resuming from {}: {} of {total} games played",
        path.display(),
        resumed.games.len()
    );
    Ok(resumed)
}

/// The PGN file, opened to append, when the match writes one.
fn open_pgn(config: &MatchConfig) -> Result<Option<File>, String> {
    let open = |path: &std::path::PathBuf| {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))
    };
    config.pgn_out.as_ref().map(open).transpose()
}

/// The results before the first game: every pairing of the plan at nought.
fn initial_results<G: Game>(config: &MatchConfig, names: &[String], plan: &Plan) -> MatchResults {
    MatchResults {
        variant: G::NAME.to_string(),
        engines: names.to_vec(),
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
    }
}

/// The TimeControl tag: the clock both sides share (`?` when they differ), else the fixed time per
/// move, else `-`.
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
