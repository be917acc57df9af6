//! Search threads: the state each one owns, what they share, how they notice it is time to stop, and
//! Lazy SMP — helpers search the same root with the same shared table and no coordination beyond it,
//! while the main thread reports, enforces the limits and gives the answer.

use super::clock::Instant;
use super::control::SearchControl;
use super::eval_cache::EvalCache;
use super::frame::{Frame, new_stack};
use super::limits::Limits;
use super::nnue::NetStack;
use super::ordering::History;
use super::params::TIME_CHECK_INTERVAL;
use super::reduction::Reductions;
use super::report::{Report, SearchResult, SearchSummary};
use super::request::SearchRequest;
use super::root_moves::{RootMove, keep_database_result, root_moves};
use super::score::{MAX_PLY, reported};
use super::settings::Settings;
use super::skill;
use super::time::TimeManager;
use super::tt::TranspositionTable;
use duel_rules::game::{MoveList, SearchProfile, Searchable};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A thread's published counts, on a cache line of their own, so that threads publishing them do not
/// slow each other down.
#[repr(align(64))]
#[derive(Default)]
pub(super) struct Counters {
    nodes: AtomicU64,
    /// Positions whose value the endgame databases gave.
    tbhits: AtomicU64,
}

/// What all threads of one search share.
pub(super) struct Shared<'a, G: Searchable> {
    pub root: &'a G,
    /// Keys of the positions before the root, oldest first.
    pub history: &'a [u64],
    pub limits: &'a Limits<G::Move>,
    pub settings: &'a Settings,
    pub control: &'a SearchControl,
    pub tt: &'a TranspositionTable,
    pub started: Instant,
    /// The moves to search at the root, in their initial order (those that keep the endgame
    /// databases' result, where they know the root's moves).
    pub root_moves: Vec<G::Move>,
    /// The database probes that chose the root moves.
    pub root_tbhits: u64,
    /// Set by the main thread when the search is over, to stop the helpers.
    pub stop: AtomicBool,
    /// Each thread's counts, as last published.
    pub counters: Vec<Counters>,
    /// The level played when below full strength (see [`skill`]).
    pub level: Option<u8>,
    /// `Contempt` in the game's evaluation scale (see [`SearchThread::draw_value`]).
    pub contempt: i32,
    /// The game's search profile, with the tuning options' values (see [`SearchThread::profile`]).
    profile: SearchProfile,
    /// The late move reductions of `profile`.
    pub reductions: Reductions,
}

/// The state of one search thread.
pub(super) struct SearchThread<'a, G: Searchable> {
    pub shared: &'a Shared<'a, G>,
    /// 0 for the main thread.
    pub id: usize,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Positions this thread had the endgame databases' value of.
    pub tbhits: u64,
    /// This thread aborts once `nodes` reaches this (the main thread under a node limit).
    node_limit: u64,
    /// Set once the search must end; every node returns at once from then on.
    pub aborted: bool,
    /// The deepest ply reached in the current iteration.
    pub seldepth: usize,
    /// The depth of the iteration being searched.
    pub root_depth: i32,
    /// Keys of the history, the root and the current search path (the current node last).
    pub keys: Vec<u64>,
    /// Where the root's key is in `keys`.
    pub root_index: usize,
    /// One frame per ply; taken out while a search runs on it.
    pub stack: Vec<Frame<G::Move>>,
    pub history: History,
    /// Static evaluations already computed by this thread.
    pub eval_cache: EvalCache,
    /// The net's accumulators, one per ply, when the search evaluates with a net.
    pub net: Option<NetStack<G>>,
    pub root_moves: Vec<RootMove<G::Move>>,
    pub time: TimeManager,
    /// Whether this thread last saw the search pondering.
    ponder_seen: bool,
    /// The last fully searched depth.
    pub completed_depth: u32,
    /// At a level, the main thread's lines of the last completed iteration, best first: the moves
    /// the level draws from (an iteration cut short mixes scores of two depths).
    pub settled_lines: Vec<RootMove<G::Move>>,
}

impl<'a, G: Searchable> Shared<'a, G> {
    /// The shared state of a search of `request` on `settings.threads` threads, its clock started
    /// when the limits say (now if they do not).
    pub fn new(request: &SearchRequest<'a, G>) -> Self {
        let started = request.limits.since.unwrap_or_else(Instant::now);
        let mut root_moves = root_moves(request.root, &request.limits.searchmoves, request.tt);
        let profile = request.settings.profile.applied_to(G::SEARCH);
        let root_tbhits = match &request.settings.tablebases {
            Some(tables) => keep_database_result(request.root, &mut root_moves, tables),
            None => 0,
        };
        Shared {
            root: request.root,
            history: request.history,
            limits: request.limits,
            settings: request.settings,
            control: request.control,
            tt: request.tt,
            started,
            root_moves,
            root_tbhits,
            stop: AtomicBool::new(false),
            counters: (0..request.settings.threads.max(1))
                .map(|_| Counters::default())
                .collect(),
            level: request.settings.strength.limited(&G::LEVELS),
            contempt: request.settings.contempt.of::<G>(),
            profile,
            reductions: Reductions::new(&profile),
        }
    }

    /// The node limit of the whole search: the `go`'s, lowered by the level's cap; none under
    /// `infinite`.
    pub fn node_limit(&self) -> Option<u64> {
        if self.limits.infinite {
            return None;
        }
        let cap = self.level.map(skill::node_cap);
        match (self.limits.nodes, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The depth limit: the `go`'s, lowered by the level's cap.
    pub fn depth_limit(&self) -> Option<u32> {
        let cap = self.level.map(skill::depth_cap);
        match (self.limits.depth, cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The principal variations searched: the `MultiPV` asked for, and at a level at least the
    /// candidates the move is drawn from.
    pub fn lines(&self) -> usize {
        let wanted = match self.level {
            Some(_) => self.settings.multipv.max(skill::CANDIDATES),
            None => self.settings.multipv,
        };
        wanted.clamp(1, self.root_moves.len().max(1))
    }

    /// Runs the search on `settings.threads` threads and returns the main thread's answer. Helpers
    /// live in a scope, so none outlives the search; one that cannot be started is done without.
    pub fn search(&self, report: &mut dyn FnMut(&Report<G::Move>)) -> SearchSummary<G::Move> {
        std::thread::scope(|scope| {
            for id in 1..self.counters.len() {
                let helper = std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .spawn_scoped(scope, move || {
                        SearchThread::new(self, id).iterate(&mut |_| {})
                    });
                if helper.is_err() {
                    break;
                }
            }
            let mut main = SearchThread::new(self, 0);
            main.iterate(report);
            self.stop.store(true, Ordering::Relaxed);
            main.finish()
        })
    }
}

impl<'a, G: Searchable> SearchThread<'a, G> {
    /// A thread's state at the start of the search.
    pub fn new(shared: &'a Shared<'a, G>, id: usize) -> Self {
        let limits = shared.limits;
        let mut keys = Vec::with_capacity(shared.history.len() + MAX_PLY + 2);
        keys.extend_from_slice(shared.history);
        keys.push(shared.root.hash());
        let node_limit = match shared.node_limit() {
            Some(limit) if id == 0 => limit,
            _ => u64::MAX,
        };
        SearchThread {
            shared,
            id,
            nodes: 0,
            tbhits: 0,
            node_limit,
            aborted: false,
            seldepth: 0,
            root_depth: 0,
            root_index: keys.len() - 1,
            keys,
            stack: new_stack(),
            history: History::new(),
            eval_cache: EvalCache::new(),
            net: shared
                .settings
                .network::<G>()
                .map(|net| NetStack::new(net, MAX_PLY + 2)),
            root_moves: shared
                .root_moves
                .iter()
                .map(|&mv| RootMove::new(mv))
                .collect(),
            time: TimeManager::new(limits, shared.settings, shared.started),
            ponder_seen: shared.control.is_pondering(),
            completed_depth: 0,
            settled_lines: Vec::new(),
        }
    }

    /// The search profile this search runs with: the game's, with the tuning options' values.
    #[inline]
    pub fn profile(&self) -> &SearchProfile {
        &self.shared.profile
    }

    /// Whether this is the thread that reports and decides.
    #[inline]
    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Counts a node and tells whether the search must end. Runs at every node: the flags are two
    /// relaxed loads, and the clock is read only every [`TIME_CHECK_INTERVAL`] nodes. Once aborted, a
    /// node is not counted: the callers unwinding from an abort may still enter one (a re-search of a
    /// score of 0 inside the window), and a node limit must hold exactly.
    #[inline]
    pub fn enter_node(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes & (TIME_CHECK_INTERVAL - 1) == 0 {
            self.checkpoint();
        }
        if self.nodes >= self.node_limit
            || self.shared.control.stopped()
            || self.shared.stop.load(Ordering::Relaxed)
        {
            self.abort();
        }
        self.aborted
    }

    /// Starts loading the table entries a child with hash `key` reads first, its transposition table
    /// slot and its evaluation cache slot, while the parent finishes making the move: both loads
    /// then overlap each other and that work instead of stalling the child one after the other.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.shared.tt.prefetch(key);
        self.eval_cache.prefetch(key);
    }

    /// Ends this thread's search; the main thread takes the helpers along.
    pub fn abort(&mut self) {
        self.aborted = true;
        if self.is_main() {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Publishes the node count and, on the main thread, enforces the node limit over all threads and
    /// the hard time limit.
    #[cold]
    fn checkpoint(&mut self) {
        let counters = &self.shared.counters[self.id];
        counters.nodes.store(self.nodes, Ordering::Relaxed);
        counters.tbhits.store(self.tbhits, Ordering::Relaxed);
        if !self.is_main() {
            return;
        }
        let over_nodes = self.shared.counters.len() > 1
            && self
                .shared
                .node_limit()
                .is_some_and(|limit| self.total_nodes() >= limit);
        if over_nodes || (!self.pondering() && self.time.hard_exceeded(Instant::now())) {
            self.abort();
        }
    }

    /// Whether time limits are suspended. When pondering has just ended, the limits start counting
    /// from the recorded `ponderhit` (or from now, if the protocol only cleared the flag).
    pub fn pondering(&mut self) -> bool {
        let control = self.shared.control;
        if control.is_pondering() {
            self.ponder_seen = true;
            return true;
        }
        if self.ponder_seen {
            self.ponder_seen = false;
            let origin = control
                .ponderhit_instant()
                .filter(|&hit| hit >= self.shared.started)
                .unwrap_or_else(Instant::now);
            self.time.restart(origin);
        }
        false
    }

    /// Nodes of all threads: this thread's exact count plus the others' last published ones.
    pub fn total_nodes(&self) -> u64 {
        self.nodes + self.others(|counters| &counters.nodes)
    }

    /// Database hits of all threads and the root, counted as [`SearchThread::total_nodes`] are.
    pub fn total_tbhits(&self) -> u64 {
        self.shared.root_tbhits + self.tbhits + self.others(|counters| &counters.tbhits)
    }

    /// The sum of one count over the other threads, as last published.
    fn others(&self, count: impl Fn(&Counters) -> &AtomicU64) -> u64 {
        self.shared
            .counters
            .iter()
            .enumerate()
            .filter(|&(id, _)| id != self.id)
            .map(|(_, counters)| count(counters).load(Ordering::Relaxed))
            .sum()
    }

    /// The answer (the best root move and the reply expected after it) and the statistics.
    fn finish(&self) -> SearchSummary<G::Move> {
        let best = self.chosen();
        SearchSummary {
            result: SearchResult {
                best: best.map(|rm| rm.mv),
                ponder: best.and_then(|rm| self.ponder_move(rm)),
            },
            score: best
                .filter(|_| self.completed_depth > 0)
                .map(|rm| reported(rm.latest_score())),
            depth: self.completed_depth,
            nodes: self.total_nodes(),
        }
    }

    /// The root move played: the best one, or at a level the one drawn among the best lines (see
    /// [`skill::pick`]), seeded by the root's hash.
    fn chosen(&self) -> Option<&RootMove<G::Move>> {
        let best = self.root_moves.first();
        let Some(level) = self.shared.level.filter(|_| !self.settled_lines.is_empty()) else {
            return best;
        };
        let lines: Vec<(usize, i32)> = self
            .settled_lines
            .iter()
            .enumerate()
            .map(|(i, rm)| (i, rm.score))
            .collect();
        let index = skill::pick(&lines, level, G::EVAL_UNIT, self.shared.root.hash());
        self.settled_lines.get(index)
    }

    /// The second move of the principal variation or, if it has none, the table's move for the
    /// position after `best`, checked for legality.
    fn ponder_move(&self, best: &RootMove<G::Move>) -> Option<G::Move> {
        if let Some(&reply) = best.pv.get(1) {
            return Some(reply);
        }
        let next = self.shared.root.make_move(best.mv);
        let code = self.shared.tt.probe(next.hash(), 1)?.mv?;
        // The code may spell a move that is not legal here (see `SearchHooks::decode_move`).
        let reply = next.decode_move(code)?;
        let mut legal = MoveList::new();
        next.generate_moves(&mut legal);
        legal.contains(&reply).then_some(reply)
    }
}
