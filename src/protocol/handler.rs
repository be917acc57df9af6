//! The engine thread's state for one game: the game record, the options, the transposition table and
//! the running search, and what each command does to them.
//!
//! Commands are handled one at a time, in the order they arrived, and each has taken effect when
//! [`Engine::handle`] returns; that is what makes `isready` a barrier. The only work that outlives its
//! command is a search, which runs on a [`Worker`] thread, so `isready`, `stop` and `ponderhit` are
//! handled at once while it runs. Commands that need the table or replace the search (`go`,
//! `ucinewgame`, `setoption Hash|Clear Hash`, `go perft`, `bench`, `quit`) stop the running search first;
//! its `bestmove` is printed before they take effect. `position` does not stop it: the search works
//! on its own copy of the position.

use super::bench;
use super::command::{Command, Go, PositionCommand};
use super::dialect::Dialect;
use super::go;
use super::options::{Effect, Options};
use super::output::Output;
use super::position;
use super::printer::Printer;
use super::query;
use super::table::Table;
use super::worker::{Job, Worker, engine_search};
use super::{Flow, Host};
use crate::game::{Game, GameRecord, MoveList};
use crate::tools::perft;
use std::fmt::Write;
use std::sync::Arc;

/// The name the engine gives in `id name`.
pub const ENGINE_NAME: &str = concat!("duel ", env!("CARGO_PKG_VERSION"));
/// The author the engine gives in `id author`.
pub const ENGINE_AUTHOR: &str = "the duel developers";

/// The engine state for game `G`.
pub struct Engine<G: Game> {
    out: Output,
    dialect: Dialect,
    options: Options,
    record: GameRecord<G>,
    /// `None` while a search has it (or after it was lost to an internal error).
    table: Option<Table>,
    search: Option<Worker>,
    /// Set by `setoption name UCI_Variant`: the loop hands the state to that game's engine.
    switching: bool,
}

/// What outlives one game's engine when `UCI_Variant` changes the game.
pub struct EngineParts {
    out: Output,
    dialect: Dialect,
    pub(super) options: Options,
    table: Option<Table>,
}

impl<G: Game> Engine<G> {
    /// An engine at the start position with default options, printing to `out`.
    pub fn new(out: Output) -> Self {
        let options = Options {
            variant: G::NAME,
            ..Options::default()
        };
        let table = Some(Table::new(options.hash_mb));
        Engine::from_parts(EngineParts {
            out,
            dialect: Dialect::default(),
            options,
            table,
        })
    }

    /// The engine of game `G` at its start position, with the options and table of an earlier one
    /// (the table emptied: keys of another game mean nothing here).
    pub fn from_parts(parts: EngineParts) -> Self {
        if let Some(table) = &parts.table {
            table.clear();
        }
        Engine {
            out: parts.out,
            dialect: parts.dialect,
            options: parts.options,
            record: GameRecord::new(G::start()),
            table: parts.table,
            search: None,
            switching: false,
        }
    }

    /// Ends the running search, if any; its `bestmove` has been printed when this returns.
    fn stop_search(&mut self) {
        if let Some(worker) = self.search.take() {
            self.table = worker.stop().or(self.table.take());
        }
    }

    /// The table, once no search holds it. A table lost to an internal error is replaced.
    fn table(&mut self) -> &mut Table {
        self.stop_search();
        let megabytes = self.options.hash_mb;
        self.table.get_or_insert_with(|| Table::new(megabytes))
    }

    fn identify(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        let mut text = format!("id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n");
        for line in Options::declarations() {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(dialect.ok());
        self.out.block(&text);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Err(e) => self.out.error(format!("setoption: {e}")),
            Ok(Effect::None) => {}
            Ok(Effect::ResizeHash) => {
                let megabytes = self.options.hash_mb;
                let table = self.table();
                if let Err(e) = table.resize(megabytes) {
                    let kept = table.size_mb();
                    self.options.hash_mb = kept;
                    self.out.error(format!(
                        "setoption: cannot allocate {megabytes} MB for Hash ({e}); keeping {kept} MB"
                    ));
                }
            }
            Ok(Effect::ClearHash) => self.table().clear(),
            Ok(Effect::SwitchVariant) => {
                self.stop_search();
                self.switching = true;
            }
        }
    }

    fn new_game(&mut self) {
        self.table().clear();
        self.record = GameRecord::new(G::start());
    }

    fn set_position(&mut self, command: &PositionCommand) {
        match position::build(command) {
            Ok(record) => self.record = record,
            Err(e) => self.out.error(e),
        }
    }

    fn go(&mut self, go: &Go) {
        self.stop_search();
        if let Some(end) = self.record.termination() {
            self.out.error(format!(
                "go: the game is over ({end}, {}); there is no move to search",
                end.outcome().pgn()
            ));
            self.out.line(&self.dialect.bestmove(None, None));
            return;
        }
        let root = self.record.current().clone();
        let prepared = match go::prepare(go, &root) {
            Ok(prepared) => prepared,
            Err(e) => return self.out.error(e),
        };
        for note in &prepared.notes {
            self.out.info_string(note);
        }
        let job = Job {
            root: root.clone(),
            searchmoves: prepared.limits.searchmoves.clone(),
            infinite: go.infinite,
            ponder: go.ponder,
        };
        let printer = Arc::new(Printer {
            out: self.out.clone(),
            root: root.clone(),
            dialect: self.dialect,
            show_multipv: self.options.multipv > 1,
        });
        let history = self.record.earlier_keys().to_vec();
        let settings = self.options.settings();
        let limits = prepared.limits;
        let search = engine_search(root, history, limits, settings);
        let megabytes = self.options.hash_mb;
        let table = self.table.take().unwrap_or_else(|| Table::new(megabytes));
        match Worker::start(job, table, search, printer) {
            Ok(worker) => self.search = Some(worker),
            Err(e) => {
                // Without a thread there is no search, but the `go` is still owed a move.
                self.out.error(format!(
                    "go: cannot start the search thread ({e}); playing a legal move"
                ));
                let moves = go::candidates(self.record.current(), &[]);
                let best = moves
                    .first()
                    .map(|&mv| self.record.current().format_move(mv));
                self.out.line(&self.dialect.bestmove(best.as_deref(), None));
            }
        }
    }

    fn ponderhit(&mut self) {
        if !self.search.as_ref().is_some_and(Worker::ponderhit) {
            self.out.error("ponderhit: no search is pondering");
        }
    }

    fn perft(&mut self, depth: u32) {
        self.stop_search();
        let mut sink = self.out.lines();
        if let Err(e) = perft::report(self.record.current(), depth, &mut sink) {
            drop(sink);
            self.out.error(format!("go perft: {e}"));
        }
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.stop_search();
        let mut sink = self.out.lines();
        if let Err(e) = bench::run_bench::<G>(depth.unwrap_or(bench::DEFAULT_DEPTH), &mut sink) {
            drop(sink);
            self.out.error(format!("bench: {e}"));
        }
    }

    /// `d`: the diagram, the position text, the hash key, the check state, the legal-move count and
    /// whether the game is over.
    fn display(&self) {
        let position = self.record.current();
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let mut text = position.diagram();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        // `position fen` takes this text back (for Duel it is the DFEN).
        let _ = writeln!(text, "Fen: {}", position.to_text());
        let _ = writeln!(text, "Key: {:016X}", position.hash());
        let _ = writeln!(text, "Side to move: {}", position.side_to_move());
        let _ = writeln!(text, "In check: {}", yes_no(position.in_check()));
        let _ = writeln!(text, "Legal moves: {}", moves.len());
        let _ = match self.record.termination() {
            None => writeln!(text, "Game over: no"),
            Some(end) => writeln!(text, "Game over: yes, {end} ({})", end.outcome().pgn()),
        };
        self.out.block(&text);
    }

    /// `eval`: every term for both sides, then the total.
    fn eval(&self) {
        let position = self.record.current();
        let mut text = format!(
            "{:<12} {:>7} {:>7} {:>7}\n",
            "Term", "White", "Black", "W-B"
        );
        let mut sum = 0;
        for term in position.eval_terms() {
            let difference = term.white - term.black;
            sum += difference;
            let _ = writeln!(
                text,
                "{:<12} {:>7} {:>7} {:>7}",
                term.name, term.white, term.black, difference
            );
        }
        let _ = writeln!(text, "{:<12} {:>7} {:>7} {:>7}", "Sum", "", "", sum);
        let _ = writeln!(
            text,
            "Evaluation: {} cp for the side to move ({})",
            position.evaluate(),
            position.side_to_move()
        );
        self.out.block(&text);
    }
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

impl<G: Game> Host for Engine<G> {
    fn handle(&mut self, command: Command) -> Flow {
        // A search that ended by itself is joined at the next command, which takes back the table.
        if self.search.as_ref().is_some_and(Worker::is_finished) {
            self.stop_search();
        }
        match command {
            Command::Uci => self.identify(Dialect::Uci),
            Command::Ugi => self.identify(Dialect::Ugi),
            Command::Debug => {}
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => self.new_game(),
            Command::Position(command) => self.set_position(&command),
            Command::Go(go) => self.go(&go),
            Command::Perft(depth) => self.perft(depth),
            // `stop` without a search is harmless (GUIs send it to be safe) and is ignored.
            Command::Stop => self.stop_search(),
            Command::PonderHit => self.ponderhit(),
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                self.set_option(&name, value.as_deref());
                if std::mem::take(&mut self.switching) {
                    return Flow::SwitchVariant;
                }
            }
            Command::Query(question) => self.out.line(&query::answer(question, &self.record)),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Bench(depth) => self.bench(depth),
        }
        Flow::Continue
    }

    fn into_parts(mut self: Box<Self>) -> EngineParts {
        self.stop_search();
        EngineParts {
            out: self.out.clone(),
            dialect: self.dialect,
            options: self.options.clone(),
            table: self.table.take(),
        }
    }
}

impl<G: Game> Drop for Engine<G> {
    /// However the loop ends, a running search still owes its `bestmove`.
    fn drop(&mut self) {
        self.stop_search();
    }
}
