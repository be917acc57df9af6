//! `duel.Engine`: the engine in-process, one game's. `analyse` and `play` release the GIL while
//! the search runs on its own thread, and `stop` from another Python thread ends it: the search's
//! answer is then its best so far. `analyse` reports as the protocol's `info` lines do: the score on
//! the common scale, and the chances it gives.

use crate::board::{Board, value_error};
use crate::moves::Move;
use crate::score::{Score, Wdl};
use crossbeam_channel::{Receiver, Sender, unbounded};
use duel_engine::engine::{Engine as GameEngine, Listener, SearchFault};
use duel_engine::search::{Limits, Report, chances, on_common_scale};
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use parking_lot::Mutex;
use pyo3::exceptions::PyRuntimeWarning;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::BTreeMap;
use std::ffi::CString;
use std::sync::Arc;
use std::time::Duration;

/// One principal variation as a search reported it.
struct Line {
    depth: u32,
    seldepth: u32,
    multipv: u32,
    /// On the common scale.
    score: Score,
    wdl: Wdl,
    nodes: u64,
    elapsed: Duration,
    hashfull: u32,
    pv: Vec<Move>,
}

/// What a search tells the waiting caller.
enum Event {
    Report(Line),
    Fault(String),
    Finished(Option<Move>),
}

/// A search's limits, as Python gave them.
#[derive(Clone, Copy, Default)]
struct Request {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime: Option<Duration>,
    multipv: usize,
}

/// One game's engine behind an object-safe face.
trait Searcher: Send {
    /// Starts a search of `board`'s game; its events go to `events`.
    fn start(
        &mut self,
        board: &Board,
        request: Request,
        events: Sender<Event>,
    ) -> Result<(), String>;
    /// Stops the search, which then gives its answer.
    fn stop(&mut self);
    /// Empties the table: a new game.
    fn new_game(&mut self);
}

/// Relays a search's reports and answer, with moves in the positions they are played from.
struct Relay<G: HostedGame> {
    root: G,
    events: Sender<Event>,
}

impl<G: HostedGame> Listener<G> for Relay<G> {
    fn report(&self, report: &Report<G::Move>) {
        let mut position = self.root.clone();
        let pv = report
            .pv
            .iter()
            .map(|&mv| {
                let before = position.clone();
                position = position.make_move(mv);
                Move::single(before, mv)
            })
            .collect();
        let line = Line {
            depth: report.depth,
            seldepth: report.seldepth,
            multipv: report.multipv,
            score: on_common_scale::<G>(report.score).into(),
            // From the search's own score: the model reads the game's scale, not the common one.
            wdl: chances(&self.root, report.score).into(),
            nodes: report.nodes,
            elapsed: report.elapsed,
            hashfull: report.hashfull,
            pv,
        };
        let _ = self.events.send(Event::Report(line));
    }

    fn fault(&self, fault: &SearchFault) {
        let _ = self.events.send(Event::Fault(fault.to_string()));
    }

    fn finished(&self, best: Option<G::Move>, _ponder: Option<G::Move>) {
        let best = best.map(|mv| Move::single(self.root.clone(), mv));
        let _ = self.events.send(Event::Finished(best));
    }
}

impl<G: HostedGame> Searcher for GameEngine<G> {
    fn start(
        &mut self,
        board: &Board,
        request: Request,
        events: Sender<Event>,
    ) -> Result<(), String> {
        let Some(record) = board.game.record::<G>() else {
            return Err(format!(
                "this engine plays {}, the board is {}",
                G::NAME,
                board.game.name()
            ));
        };
        self.set_position(record.clone());
        self.configure(|settings| settings.multipv = request.multipv);
        let limits = Limits {
            depth: request.depth,
            nodes: request.nodes,
            movetime: request.movetime,
            ..Limits::default()
        };
        let root = record.current().clone();
        self.go(limits, Arc::new(Relay { root, events }));
        Ok(())
    }

    fn stop(&mut self) {
        GameEngine::stop(self);
    }

    fn new_game(&mut self) {
        GameEngine::new_game(self);
    }
}

/// An engine of the game it is handed, set up as `Engine(…)` asked: its name and searcher, or why
/// the table cannot have that size.
struct NewSearcher {
    threads: usize,
    hash_mb: usize,
    nnue: bool,
    skill_level: u8,
}

impl GameVisitor for NewSearcher {
    type Output = Result<(&'static str, Box<dyn Searcher>), String>;

    fn visit<G: HostedGame>(self) -> Self::Output {
        let mut engine = GameEngine::<G>::new();
        engine.configure(|settings| {
            settings.threads = self.threads;
            settings.use_net = self.nnue;
            settings.strength.skill_level = self.skill_level;
        });
        engine
            .set_hash_mb(self.hash_mb)
            .map_err(|error| error.to_string())?;
        Ok((G::NAME, Box::new(engine)))
    }
}

/// The engine in-process: `Engine(game="duel", threads=1, hash_mb=16, nnue=True, skill_level=20)`.
#[pyclass(module = "duel")]
pub struct Engine {
    game: &'static str,
    searcher: Mutex<Box<dyn Searcher>>,
}

/// What a finished search said: its last line per principal variation, its answer, its faults.
struct Answer {
    lines: BTreeMap<u32, Line>,
    best: Option<Move>,
    faults: Vec<String>,
}

/// Waits for the search's answer, keeping each variation's last report.
fn wait(events: &Receiver<Event>) -> Answer {
    let mut answer = Answer {
        lines: BTreeMap::new(),
        best: None,
        faults: Vec::new(),
    };
    while let Ok(event) = events.recv() {
        match event {
            Event::Report(line) => {
                answer.lines.insert(line.multipv, line);
            }
            Event::Fault(fault) => answer.faults.push(fault),
            Event::Finished(best) => {
                answer.best = best;
                break;
            }
        }
    }
    answer
}

impl Engine {
    /// Starts a search of `board` and waits for its answer, the GIL released meanwhile.
    fn search(&self, py: Python<'_>, board: &Board, request: Request) -> PyResult<Answer> {
        if request.depth.is_none() && request.nodes.is_none() && request.movetime.is_none() {
            return value_error("a search needs a limit: depth, nodes or movetime");
        }
        let (sender, events) = unbounded();
        self.searcher
            .lock()
            .start(board, request, sender)
            .or_else(value_error)?;
        let answer = py.detach(|| wait(&events));
        for fault in &answer.faults {
            let category = py.get_type::<PyRuntimeWarning>();
            PyErr::warn(py, &category, &CString::new(fault.as_str())?, 1)?;
        }
        Ok(answer)
    }
}

/// The seconds of `movetime`, checked.
fn movetime(seconds: Option<f64>) -> PyResult<Option<Duration>> {
    seconds
        .map(|s| {
            Duration::try_from_secs_f64(s)
                .or_else(|_| value_error(format!("movetime {s}: not a number of seconds")))
        })
        .transpose()
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (game = "duel", threads = 1, hash_mb = 16, nnue = true, skill_level = 20))]
    fn new(
        game: &str,
        threads: usize,
        hash_mb: usize,
        nnue: bool,
        skill_level: u8,
    ) -> PyResult<Engine> {
        if skill_level > duel_engine::search::MAX_LEVEL {
            return value_error(format!(
                "skill_level {skill_level}: out of range 0..={}",
                duel_engine::search::MAX_LEVEL
            ));
        }
        let settings = NewSearcher {
            threads,
            hash_mb,
            nnue,
            skill_level,
        };
        let (game, searcher) = for_variant(game, settings)
            .or_else(|unknown| value_error(unknown.to_string()))?
            .or_else(value_error)?;
        Ok(Engine {
            game,
            searcher: Mutex::new(searcher),
        })
    }

    /// The game this engine plays.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Searches `board` within the limits (`movetime` in seconds) and returns what it found: with
    /// `multipv=None` one dict (`score` on the common scale, `wdl` the chances it gives, `pv`,
    /// `depth`, `seldepth`, `nodes`, `nps`, `time`, `hashfull`, `multipv`), with `multipv=k` a list
    /// of k of them, best first. The GIL is released while it searches; `stop()` from another
    /// thread ends it early.
    #[pyo3(signature = (board, *, depth = None, nodes = None, movetime = None, multipv = None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        multipv: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let request = Request {
            depth,
            nodes,
            movetime: self::movetime(movetime)?,
            multipv: multipv.unwrap_or(1).max(1),
        };
        let answer = self.search(py, board, request)?;
        let mut infos = Vec::new();
        for line in answer.lines.into_values() {
            infos.push(info(py, line)?);
        }
        if multipv.is_some() {
            return Ok(infos.into_pyobject(py)?.into_any());
        }
        match infos.into_iter().next() {
            Some(info) => Ok(info.into_any()),
            None => Ok(PyDict::new(py).into_any()),
        }
    }

    /// The move the engine plays in `board` within the limits (`movetime` in seconds); `None` when
    /// the position has no legal move. Leaves `board` as it is.
    #[pyo3(signature = (board, *, depth = None, nodes = None, movetime = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
    ) -> PyResult<Option<Move>> {
        let request = Request {
            depth,
            nodes,
            movetime: self::movetime(movetime)?,
            multipv: 1,
        };
        Ok(self.search(py, board, request)?.best)
    }

    /// Ends the running search, if any: its `analyse` or `play` returns its best so far.
    fn stop(&self, py: Python<'_>) {
        let searcher = &self.searcher;
        py.detach(|| searcher.lock().stop());
    }

    /// A new game: empties the transposition table.
    fn new_game(&self, py: Python<'_>) {
        let searcher = &self.searcher;
        py.detach(|| searcher.lock().new_game());
    }

    fn __repr__(&self) -> String {
        format!("Engine(game={})", crate::quoted(self.game))
    }
}

/// One line as a Python dict.
fn info(py: Python<'_>, line: Line) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    let seconds = line.elapsed.as_secs_f64();
    dict.set_item("depth", line.depth)?;
    dict.set_item("seldepth", line.seldepth)?;
    dict.set_item("multipv", line.multipv)?;
    dict.set_item("score", line.score)?;
    dict.set_item("wdl", line.wdl)?;
    dict.set_item("nodes", line.nodes)?;
    dict.set_item("nps", (line.nodes as f64 / seconds.max(1e-6)) as u64)?;
    dict.set_item("time", seconds)?;
    dict.set_item("hashfull", line.hashfull)?;
    dict.set_item("pv", line.pv)?;
    Ok(dict)
}
