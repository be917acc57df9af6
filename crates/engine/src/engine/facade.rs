//! [`Engine`]: the game record, the options that shape a search, the transposition table and the
//! running search, and what each request does to them.

use super::bench::{self, BenchResult};
use super::fault::SearchFault;
use super::listener::Listener;
use super::perft;
use super::slices::SlicedSearch;
use super::worker::{Job, SearchFn, Worker, candidates};
use crate::search::nnue::FileHeader;
use crate::search::nnue::Network;
use crate::search::tablebase::Tablebases;
use crate::search::{self, Instant, Limits, SearchRequest, Settings, TranspositionTable};
use duel_rules::game::{GameRecord, Perft, Searchable, WinRateModel};
use std::collections::TryReserveError;
use std::fmt;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;

/// The engine's name, as `id name` gives it and PGN files record it.
pub const ENGINE_NAME: &str = concat!("duel ", env!("CARGO_PKG_VERSION"));
/// The engine's author, as `id author` gives it.
pub const ENGINE_AUTHOR: &str = "the duel developers";

/// One game's engine: a position to search, a search at a time, and the options that shape it.
///
/// Every method returns once its request has taken effect; only a search outlives the call that
/// started it. Methods that need the table or replace the search (`go`, `ponder`, `stop`,
/// `new_game`, `set_hash_mb`, `clear_hash`, `perft`, `bench`, `into_parts`, dropping the engine)
/// first stop the running search, whose listener has its answer when they go on. The others leave it
/// running: it works on its own copy of the position, and settings are read when a search starts.
pub struct Engine<G: Searchable> {
    record: GameRecord<G>,
    /// The table size asked for, in MiB (kept in step with the table when a resize fails).
    hash_mb: usize,
    settings: Settings,
    /// `None` while a search has it (or after it was lost to an internal error).
    table: Option<TranspositionTable>,
    worker: Option<Worker>,
    /// Whether searches run in slices on the caller's thread instead of on a worker thread.
    sliced: bool,
    /// The search in slices under way, if any.
    slices: Option<SlicedSearch<G>>,
}

/// What outlives one game's engine when another game takes over: the options and the table.
pub struct EngineParts {
    hash_mb: usize,
    settings: Settings,
    table: Option<TranspositionTable>,
    sliced: bool,
}

/// Why the table could not be resized; it has `kept` MiB.
#[derive(Debug)]
pub struct HashError {
    /// The size asked for, in MiB.
    pub wanted: usize,
    /// The size the table has now, in MiB.
    pub kept: usize,
    /// Why the memory could not be had.
    pub cause: TryReserveError,
}

impl fmt::Display for HashError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate {} MB for the transposition table ({}); keeping {} MB",
            self.wanted, self.cause, self.kept
        )
    }
}

impl std::error::Error for HashError {}

impl<G: Searchable> Default for Engine<G> {
    fn default() -> Self {
        Engine::new()
    }
}

impl<G: Searchable> Engine<G> {
    /// An engine at the start position with the default options and a table of the default size.
    pub fn new() -> Self {
        Engine::with_hash(TranspositionTable::DEFAULT_MB)
    }

    /// [`Engine::new`] with a table of `hash_mb` MiB (at least 1) from the start, for hosts that
    /// would otherwise allocate the default table only to shrink it at once.
    pub fn with_hash(hash_mb: usize) -> Self {
        let hash_mb = hash_mb.max(1);
        Engine {
            record: GameRecord::new(G::start()),
            hash_mb,
            settings: Settings::DEFAULT,
            table: Some(TranspositionTable::new(hash_mb)),
            worker: None,
            sliced: false,
            slices: None,
        }
    }

    /// The engine of game `G` at its start position, with the options and table of an earlier one
    /// (the table emptied: keys of another game mean nothing here).
    pub fn from_parts(parts: EngineParts) -> Self {
        if let Some(table) = &parts.table {
            table.clear();
        }
        Engine {
            record: GameRecord::new(G::start()),
            hash_mb: parts.hash_mb,
            settings: parts.settings,
            table: parts.table,
            worker: None,
            sliced: parts.sliced,
            slices: None,
        }
    }

    /// Stops the running search and gives up what another game's engine can take over.
    pub fn into_parts(mut self) -> EngineParts {
        self.stop();
        EngineParts {
            hash_mb: self.hash_mb,
            // A net and a win-rate model loaded from files and the databases are this game's: the
            // next game starts with its own net and model and no databases.
            settings: Settings {
                net: None,
                win_rate_model: None,
                tablebases: None,
                ..std::mem::take(&mut self.settings)
            },
            table: self.table.take(),
            sliced: self.sliced,
        }
    }

    // ----- the position -----------------------------------------------------------------------

    /// The game searched by the next `go`: its current position and the history before it.
    pub fn record(&self) -> &GameRecord<G> {
        &self.record
    }

    /// Sets the game the next `go` searches. A running search goes on with its own position.
    pub fn set_position(&mut self, record: GameRecord<G>) {
        self.record = record;
    }

    /// A new game: stops the search, empties the table and goes back to the start position.
    pub fn new_game(&mut self) {
        self.table().clear();
        self.record = GameRecord::new(G::start());
    }

    // ----- searching --------------------------------------------------------------------------

    /// Stops the running search, if any, and searches the current position within `limits`, telling
    /// `listener` what it finds. Returns at once; the answer comes when the search ends (by its
    /// limits, or by [`Engine::stop`]). Under `limits.infinite` the answer waits for `stop` even when
    /// the search is done. If no thread can be started, `listener` hears the fault and the first
    /// allowed move before this returns. The caller decides whether a finished game is searched.
    pub fn go(&mut self, limits: Limits<G::Move>, listener: Arc<dyn Listener<G>>) {
        self.start(limits, false, listener);
    }

    /// [`Engine::go`] on the opponent's time (`go ponder`): time limits wait for
    /// [`Engine::ponderhit`], and the answer waits for `ponderhit` or `stop`.
    pub fn ponder(&mut self, limits: Limits<G::Move>, listener: Arc<dyn Listener<G>>) {
        self.start(limits, true, listener);
    }

    /// Ends the running search, if any: its listener has had its answer when this returns.
    pub fn stop(&mut self) {
        if let Some(worker) = self.worker.take() {
            self.table = worker.stop().or(self.table.take());
        }
        if let Some(slices) = self.slices.take() {
            slices.finish(table_or_new(&mut self.table, self.hash_mb));
        }
    }

    /// The opponent played the expected move: a pondering search becomes a normal one, its time
    /// limits counting from now. False when no search is pondering.
    pub fn ponderhit(&mut self) -> bool {
        if let Some(slices) = &self.slices {
            return slices.ponderhit();
        }
        self.join_finished();
        self.worker.as_ref().is_some_and(Worker::ponderhit)
    }

    /// From the next search on, searches run in slices on the caller's thread, each started by
    /// [`Engine::step`], instead of on a thread of their own: for a caller without threads (the
    /// browser build). The caller reads its input between slices, so `stop` still ends a search.
    pub fn set_sliced(&mut self, sliced: bool) {
        self.sliced = sliced;
    }

    /// Runs the next slice, of at most `nodes` nodes, of the search in slices under way. Returns
    /// whether the search still owes its answer; when it is due, the listener has it before this
    /// returns false. False also when no search runs in slices.
    pub fn step(&mut self, nodes: u64) -> bool {
        let Some(slices) = &mut self.slices else {
            return false;
        };
        if slices.step(table_or_new(&mut self.table, self.hash_mb), nodes) {
            return true;
        }
        self.stop();
        false
    }

    fn start(&mut self, mut limits: Limits<G::Move>, ponder: bool, listener: Arc<dyn Listener<G>>) {
        // The clock runs from the request, not from when the worker gets going.
        limits.since.get_or_insert_with(Instant::now);
        self.stop();
        let root = self.record.current().clone();
        let job = Job {
            root: root.clone(),
            searchmoves: limits.searchmoves.clone(),
            infinite: limits.infinite,
            ponder,
        };
        let history = self.record.earlier_keys().to_vec();
        if self.sliced {
            self.slices = Some(SlicedSearch::new(
                job,
                history,
                limits,
                self.settings.clone(),
                listener,
            ));
            return;
        }
        let megabytes = self.hash_mb;
        let table = self
            .table
            .take()
            .unwrap_or_else(|| TranspositionTable::new(megabytes));
        let searchmoves = job.searchmoves.clone();
        let search = engine_search(root, history, limits, self.settings.clone());
        match Worker::start(job, table, search, Arc::clone(&listener)) {
            Ok(worker) => self.worker = Some(worker),
            Err(e) => {
                // Without a thread there is no search, but the answer is still owed.
                let best = candidates(self.record.current(), &searchmoves)
                    .first()
                    .copied();
                listener.fault(&SearchFault::NoThread(e));
                listener.finished(best, None);
            }
        }
    }

    /// Joins a search that has ended by itself, which gives back the table.
    fn join_finished(&mut self) {
        if self.worker.as_ref().is_some_and(Worker::is_finished) {
            self.stop();
        }
    }

    /// The table, once no search holds it. A table lost to an internal error is replaced.
    fn table(&mut self) -> &mut TranspositionTable {
        self.stop();
        table_or_new(&mut self.table, self.hash_mb)
    }

    // ----- options ----------------------------------------------------------------------------

    /// The table size, in MiB.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Stops the search and replaces the table by an empty one of `megabytes` MiB (at least 1). When
    /// that much memory cannot be had, the table keeps (about) its old size, which the error tells.
    pub fn set_hash_mb(&mut self, megabytes: usize) -> Result<(), HashError> {
        self.hash_mb = megabytes.max(1);
        let table = self.table();
        let Err(cause) = table.resize(megabytes) else {
            return Ok(());
        };
        let kept = table.size_mb();
        self.hash_mb = kept;
        Err(HashError {
            wanted: megabytes,
            kept,
            cause,
        })
    }

    /// Stops the search and empties the table.
    pub fn clear_hash(&mut self) {
        self.table().clear();
    }

    /// The settings the next search starts with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes the settings the next search starts with (a running search keeps its own): the one
    /// entry point of the options that are plain values. Whatever `change` sets, the counts of
    /// threads and lines stay at least 1 and the level at most [`search::MAX_LEVEL`].
    pub fn configure(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        let settings = &mut self.settings;
        settings.threads = settings.threads.max(1);
        settings.multipv = settings.multipv.max(1);
        settings.strength.skill_level = settings.strength.skill_level.min(search::MAX_LEVEL);
    }

    /// `EvalFile`: the next searches evaluate with the net in `bytes` (read from `path`, which errors
    /// name), or with the game's embedded net again when `bytes` is `None`. A file that is not a net
    /// of this game is refused, naming what is wrong, and the net in use is kept.
    pub fn set_net_file(&mut self, path: &str, bytes: Option<&[u8]>) -> Result<(), String> {
        if G::FEATURE_COUNT == 0 {
            return Err(format!("{} has no neural evaluation", G::NAME));
        }
        self.settings.net = match bytes {
            None => None,
            Some(bytes) => {
                let net = Network::from_bytes(bytes, G::NAME, G::FEATURE_COUNT)
                    .map_err(|e| format!("{path}: {e}"))?;
                Some(Arc::new(net))
            }
        };
        Ok(())
    }

    /// `WDLFile`: scores and chances are shown with the win-rate model in `text` (read from `path`,
    /// which errors name), or with the game's shipped model again when `text` is `None`. A text that
    /// is not a model of this game is refused, naming what is wrong, and the model in use is kept.
    pub fn set_win_rate_model_file(
        &mut self,
        path: &str,
        text: Option<&str>,
    ) -> Result<(), String> {
        self.settings.win_rate_model = match text {
            None => None,
            Some(text) => {
                let model =
                    WinRateModel::parse(text, Some(G::NAME)).map_err(|e| format!("{path}: {e}"))?;
                Some(Arc::new(model))
            }
        };
        Ok(())
    }

    /// `TablebasePath`: the next searches probe this game's endgame databases found in `folder`
    /// (none for `None`). Returns each file left out, with its name and why (truncated, of another
    /// game or version, corrupt). `Err` where the folder cannot be read, holds no database of this
    /// game, or the game has none: the searches then go on without databases.
    pub fn set_tablebases(&mut self, folder: Option<&Path>) -> Result<Vec<String>, String> {
        self.settings.tablebases = None;
        let Some(folder) = folder else {
            return Ok(Vec::new());
        };
        let (tables, refused) = Tablebases::load_some::<G>(folder).map_err(|e| e.to_string())?;
        self.settings.tablebases = Some(Arc::new(tables));
        Ok(refused.iter().map(ToString::to_string).collect())
    }

    /// The current position's evaluation by the net the next search evaluates with, and the net's
    /// header; `None` when the search evaluates with the game's hand-written evaluation.
    pub fn net_evaluation(&self) -> Option<(i32, FileHeader)> {
        let net = self.settings.network::<G>()?;
        let score = search::nnue::evaluate_afresh(&net, self.record.current());
        Some((score, net.header().clone()))
    }

    // ----- services ---------------------------------------------------------------------------

    /// Stops the search and writes the perft of the current position to `depth` to `out` (see
    /// [`perft::report`]); returns the leaf count.
    pub fn perft(&mut self, depth: u32, out: &mut impl Write) -> io::Result<u64>
    where
        G: Perft,
    {
        self.stop();
        perft::report(self.record.current(), depth, out)
    }

    /// Stops the search and runs the bench of game `G` to `depth` with this engine's evaluation and
    /// search parameters, writing to `out` (see [`bench::run_bench`]). The bench has a table of its
    /// own, so this engine's is left as it is.
    pub fn bench(&mut self, depth: u32, out: &mut impl Write) -> io::Result<BenchResult> {
        self.stop();
        bench::run_bench::<G>(depth, &self.settings, out)
    }
}

impl<G: Searchable> Drop for Engine<G> {
    /// However the caller ends, a running search still owes its answer.
    fn drop(&mut self) {
        self.stop();
    }
}

/// The table in `table`, or a new one of `megabytes` MiB put there when it was lost.
fn table_or_new(
    table: &mut Option<TranspositionTable>,
    megabytes: usize,
) -> &mut TranspositionTable {
    table.get_or_insert_with(|| TranspositionTable::new(megabytes))
}

/// The engine's search of `root`, as the worker runs it.
fn engine_search<G: Searchable>(
    root: G,
    history: Vec<u64>,
    limits: Limits<G::Move>,
    settings: Settings,
) -> SearchFn<G> {
    Box::new(move |table, control, report| {
        let request = SearchRequest {
            root: &root,
            history: &history,
            limits: &limits,
            settings: &settings,
            control,
            tt: table,
        };
        search::run(&request, report)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::recorder::{Heard, Recorder};
    use duel_rules::game::{Game, is_legal};
    use duel_rules::games::{Dipole, Duel};
    use std::thread;
    use std::time::Duration;

    fn depth(depth: u32) -> Limits<<Duel as Game>::Move> {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    fn after(moves: &[&str]) -> GameRecord<Duel> {
        let mut record = GameRecord::new(Duel::start());
        for text in moves {
            record.play_text(text).unwrap();
        }
        record
    }

    #[test]
    fn go_reports_and_answers_with_a_legal_move_then_gives_the_table_back() {
        let mut engine = Engine::<Duel>::new();
        engine.set_position(after(&["D1-e6"]));
        let recorder = Recorder::<Duel>::default();
        engine.go(depth(2), Arc::new(recorder.clone()));
        let heard = recorder.wait_finished();
        assert!(matches!(heard[0], Heard::Report(_)), "{heard:?}");
        let root = *engine.record().current();
        match heard.last() {
            Some(&Heard::Finished(Some(best), ponder)) => {
                assert!(is_legal(&root, best));
                assert!(ponder.is_none_or(|reply| is_legal(&root.make_move(best), reply)));
            }
            other => panic!("{other:?}"),
        }
        engine.stop();
        assert!(engine.table.is_some() && engine.worker.is_none());
    }

    #[test]
    fn an_infinite_search_answers_on_stop_and_keeps_its_own_position() {
        let mut engine = Engine::<Duel>::new();
        let recorder = Recorder::<Duel>::default();
        let limits = Limits {
            infinite: true,
            ..depth(1)
        };
        engine.go(limits, Arc::new(recorder.clone()));
        thread::sleep(Duration::from_millis(30));
        engine.set_position(after(&["D1-e6"]));
        let early = recorder.heard();
        assert!(
            !early.iter().any(|h| matches!(h, Heard::Finished(..))),
            "{early:?}"
        );
        engine.stop();
        match recorder.heard().last() {
            Some(&Heard::Finished(Some(best), _)) => assert!(is_legal(&Duel::start(), best)),
            other => panic!("{other:?}"),
        }
        assert_eq!(engine.record().moves().len(), 1);
    }

    #[test]
    fn ponderhit_needs_a_pondering_search() {
        let mut engine = Engine::<Duel>::new();
        assert!(!engine.ponderhit());
        let recorder = Recorder::<Duel>::default();
        engine.ponder(depth(1), Arc::new(recorder.clone()));
        assert!(engine.ponderhit());
        assert!(matches!(
            recorder.wait_finished().last(),
            Some(Heard::Finished(Some(_), _))
        ));
        assert!(!engine.ponderhit());
    }

    #[test]
    fn another_game_takes_over_the_options_and_the_table() {
        let mut engine = Engine::<Duel>::new();
        engine.set_hash_mb(2).unwrap();
        engine.configure(|settings| {
            settings.threads = 2;
            settings.multipv = 3;
            settings.move_overhead = Duration::ZERO;
        });
        engine.set_position(after(&["D1-e6"]));
        let settings = engine.settings().clone();
        let dipole = Engine::<Dipole>::from_parts(engine.into_parts());
        assert_eq!(dipole.hash_mb(), 2);
        assert_eq!(
            dipole.table.as_ref().map(TranspositionTable::size_mb),
            Some(2)
        );
        assert_eq!(*dipole.settings(), settings);
        assert_eq!(*dipole.record().current(), Dipole::start());
    }

    #[test]
    fn configure_keeps_the_settings_in_range() {
        let mut engine = Engine::<Duel>::new();
        assert_eq!(*engine.settings(), Settings::DEFAULT);
        assert_eq!(engine.hash_mb(), TranspositionTable::DEFAULT_MB);
        engine.configure(|settings| {
            settings.threads = 0;
            settings.multipv = 0;
            settings.strength.skill_level = search::MAX_LEVEL + 1;
        });
        let settings = engine.settings();
        assert_eq!((settings.threads, settings.multipv), (1, 1));
        assert_eq!(settings.strength.skill_level, search::MAX_LEVEL);
    }

    #[test]
    fn perft_counts_from_the_current_position() {
        let mut engine = Engine::<Duel>::new();
        let mut out = Vec::new();
        let nodes = engine.perft(1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(nodes, candidates(&Duel::start(), &[]).len() as u64);
        assert!(
            text.contains(&format!("Nodes searched: {nodes}\n")),
            "{text}"
        );
    }
}
