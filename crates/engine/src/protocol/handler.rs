//! The command handler for one game: each command's text turned into requests to the
//! [`Engine`], and the engine's answers turned into lines.
//!
//! Commands are handled one at a time, in the order they arrived, and each has taken effect when
//! [`Handler::handle`] returns; that is what makes `isready` a barrier. The only work that outlives its
//! command is a search, which runs on the engine's worker thread, so `isready`, `stop` and `ponderhit`
//! are handled at once while it runs. Commands that need the table or replace the search (`go`,
//! `ucinewgame`, `setoption Hash|Clear Hash|UCI_Variant`, `go perft`, `bench`, `quit`) stop the running
//! search first; its `bestmove` is printed before they take effect. `position` does not stop it: the
//! search works on its own copy of the position.

use super::command::{Command, Go, PositionCommand};
use super::dialect::Dialect;
use super::go;
use super::options::{self, Setting};
use super::output::Output;
use super::position;
use super::printer::Printer;
use super::query;
use super::{Flow, Host};
use crate::engine::{ENGINE_AUTHOR, ENGINE_NAME, Engine, EngineParts, bench};
use duel_rules::game::MoveList;
use duel_rules::games::HostedGame;
use std::fmt::Write;
use std::sync::Arc;

/// The protocol's state for game `G`: the engine, and how to talk.
pub struct Handler<G: HostedGame> {
    out: Output,
    dialect: Dialect,
    engine: Engine<G>,
    /// Set by `setoption name UCI_Variant`: the loop hands the state to that game's handler.
    switching: Option<&'static str>,
    /// `TablebasePath`, kept to load the databases of the next game `UCI_Variant` chooses.
    tablebase_path: Option<String>,
}

/// What outlives one game's handler when `UCI_Variant` changes the game.
pub struct HandlerParts {
    out: Output,
    dialect: Dialect,
    /// The game to go on with.
    pub(super) variant: &'static str,
    engine: EngineParts,
    tablebase_path: Option<String>,
}

impl<G: HostedGame> Handler<G> {
    /// A handler with a new engine at the start position, printing to `out`.
    pub fn new(out: Output) -> Self {
        Handler {
            out,
            dialect: Dialect::default(),
            engine: Engine::new(),
            switching: None,
            tablebase_path: None,
        }
    }

    /// [`Handler::new`] whose searches run in slices on the caller's thread, each started by
    /// [`Host::step`] (see [`Engine::set_sliced`]).
    pub fn sliced(out: Output) -> Self {
        let mut handler = Handler::new(out);
        handler.engine.set_sliced(true);
        handler
    }

    /// The handler of game `G` at its start position, with the output, dialect, options and table of
    /// an earlier one; where `TablebasePath` names a folder, `G`'s databases in it are loaded.
    pub fn from_parts(parts: HandlerParts) -> Self {
        let mut handler = Handler {
            out: parts.out,
            dialect: parts.dialect,
            engine: Engine::from_parts(parts.engine),
            switching: None,
            tablebase_path: None,
        };
        // A game without databases keeps the path quietly, for the next game that has some.
        if parts.tablebase_path.is_some() && !G::endgame_signatures(2).is_empty() {
            handler.set_tablebase_path(parts.tablebase_path);
        } else {
            handler.tablebase_path = parts.tablebase_path;
        }
        handler
    }

    fn identify(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        let mut text = format!("id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n");
        for line in options::declarations() {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(dialect.ok());
        self.out.block(&text);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let setting = match options::parse(name, value) {
            Ok(setting) => setting,
            Err(e) => return self.out.error(format!("setoption: {e}")),
        };
        match setting {
            Setting::Hash(megabytes) => {
                if let Err(e) = self.engine.set_hash_mb(megabytes) {
                    self.out.error(format!(
                        "setoption: cannot allocate {} MB for Hash ({}); keeping {} MB",
                        e.wanted, e.cause, e.kept
                    ));
                }
            }
            Setting::Threads(threads) => self.engine.set_threads(threads),
            Setting::MultiPv(lines) => self.engine.set_multipv(lines),
            Setting::MoveOverhead(overhead) => self.engine.set_move_overhead(overhead),
            Setting::ClearHash => self.engine.clear_hash(),
            // The engine ponders whenever `go ponder` asks; the option only tells the GUI it may.
            Setting::Ponder(_) => {}
            Setting::Variant(variant) => {
                self.engine.stop();
                self.switching = Some(variant);
            }
            Setting::SkillLevel(level) => self.engine.set_skill_level(level),
            Setting::LimitStrength(limit) => self.engine.set_limit_strength(limit),
            Setting::Elo(elo) => self.engine.set_elo(elo),
            Setting::Contempt(contempt) => self.engine.set_contempt(contempt),
            Setting::UseNet(use_net) => self.engine.set_use_net(use_net),
            Setting::EvalFile(path) => self.set_eval_file(path),
            Setting::TablebasePath(path) => self.set_tablebase_path(path),
        }
    }

    /// `TablebasePath`: loads this game's endgame databases from the folder `path` names (none for
    /// `None`) and says what the searches now probe. A folder that cannot be read or holds no
    /// database of this game is reported, and the engine plays on without databases; each file
    /// refused is named, with why, and left out.
    fn set_tablebase_path(&mut self, path: Option<String>) {
        let loaded = self
            .engine
            .set_tablebases(path.as_deref().map(std::path::Path::new));
        match (loaded, &path) {
            (Ok(refused), Some(folder)) => {
                for reason in refused {
                    self.out
                        .error(format!("setoption: TablebasePath: left out {reason}"));
                }
                if let Some(tables) = &self.engine.settings().tablebases {
                    self.out.info_string(format!(
                        "TablebasePath: probing {} {} databases of up to {} pieces from {folder}",
                        tables.len(),
                        G::NAME,
                        tables.max_pieces()
                    ));
                }
            }
            (Ok(_), None) => {}
            (Err(e), _) => self.out.error(format!(
                "setoption: TablebasePath: {e}; playing on without endgame databases"
            )),
        }
        self.tablebase_path = path;
    }

    /// `EvalFile`: loads the net at `path` (the embedded one for `None`) and says which net the
    /// engine now uses; a file that cannot be read or is not a net of this game is refused by name,
    /// the net in use kept.
    fn set_eval_file(&mut self, path: Option<String>) {
        let loaded = match &path {
            None => self.engine.set_net_file(options::EMBEDDED_NET, None),
            Some(path) => match std::fs::read(path) {
                Ok(bytes) => self.engine.set_net_file(path, Some(&bytes)),
                Err(e) => Err(format!("cannot read {path}: {e}")),
            },
        };
        match loaded {
            Ok(()) => {
                let what = path.as_deref().unwrap_or(options::EMBEDDED_NET);
                self.out
                    .info_string(format!("EvalFile: evaluating with {what}"));
            }
            Err(e) => self
                .out
                .error(format!("setoption: EvalFile: {e}; keeping the net in use")),
        }
    }

    fn set_position(&mut self, command: &PositionCommand) {
        match position::build(command) {
            Ok(record) => self.engine.set_position(record),
            Err(e) => self.out.error(e),
        }
    }

    fn go(&mut self, go: &Go) {
        self.engine.stop();
        let record = self.engine.record();
        if let Some(end) = record.termination() {
            self.out.error(format!(
                "go: the game is over ({end}, {}); there is no move to search",
                end.outcome().pgn()
            ));
            self.out.line(&self.dialect.bestmove(None, None));
            return;
        }
        let root = record.current().clone();
        let prepared = match go::prepare(go, &root) {
            Ok(prepared) => prepared,
            Err(e) => return self.out.error(e),
        };
        for note in &prepared.notes {
            self.out.info_string(note);
        }
        let printer = Arc::new(Printer {
            out: self.out.clone(),
            root,
            dialect: self.dialect,
            show_multipv: self.engine.settings().multipv > 1,
        });
        if go.ponder {
            self.engine.ponder(prepared.limits, printer);
        } else {
            self.engine.go(prepared.limits, printer);
        }
    }

    fn ponderhit(&mut self) {
        if !self.engine.ponderhit() {
            self.out.error("ponderhit: no search is pondering");
        }
    }

    fn perft(&mut self, depth: u32) {
        self.engine.stop();
        let mut sink = self.out.lines();
        if let Err(e) = self.engine.perft(depth, &mut sink) {
            drop(sink);
            self.out.error(format!("go perft: {e}"));
        }
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.engine.stop();
        let mut sink = self.out.lines();
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
        if let Err(e) = self.engine.bench(depth, &mut sink) {
            drop(sink);
            self.out.error(format!("bench: {e}"));
        }
    }

    /// `d`: the diagram, the position text, the hash key, the check state (for a game with check),
    /// the legal-move count and whether the game is over.
    fn display(&self) {
        let record = self.engine.record();
        let position = record.current();
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
        if G::HAS_CHECK {
            let _ = writeln!(text, "In check: {}", yes_no(position.in_check()));
        }
        let _ = writeln!(text, "Legal moves: {}", moves.len());
        let _ = match record.termination() {
            None => writeln!(text, "Game over: no"),
            Some(end) => writeln!(text, "Game over: yes, {end} ({})", end.outcome().pgn()),
        };
        self.out.block(&text);
    }

    /// `eval`: every term of the hand-written evaluation for both sides, then the total, and the
    /// net's evaluation where the search uses a net.
    fn eval(&self) {
        let position = self.engine.record().current();
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
        match self.engine.net_evaluation() {
            Some((score, header)) => {
                let of = |key: &str| header.get(key).unwrap_or("?").to_string();
                let _ = writeln!(
                    text,
                    "NNUE evaluation: {score} cp for the side to move, which the search uses (net: {} hidden neurons, trained on {} positions)",
                    of("hidden"),
                    of("positions")
                );
            }
            None => {
                let _ = writeln!(text, "The search uses this evaluation.");
            }
        }
        self.out.block(&text);
    }
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

impl<G: HostedGame> Host for Handler<G> {
    fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => self.identify(Dialect::Uci),
            Command::Ugi => self.identify(Dialect::Ugi),
            Command::Debug => {}
            Command::IsReady => self.out.line("readyok"),
            Command::NewGame => self.engine.new_game(),
            Command::Position(command) => self.set_position(&command),
            Command::Go(go) => self.go(&go),
            Command::Perft(depth) => self.perft(depth),
            // `stop` without a search is harmless (GUIs send it to be safe) and is ignored.
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.ponderhit(),
            Command::Quit => {
                self.engine.stop();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                self.set_option(&name, value.as_deref());
                if self.switching.is_some() {
                    return Flow::SwitchVariant;
                }
            }
            Command::Query(question) => self
                .out
                .line(&query::answer(question, self.engine.record())),
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Bench(depth) => self.bench(depth),
        }
        Flow::Continue
    }

    fn step(&mut self, nodes: u64) -> bool {
        self.engine.step(nodes)
    }

    fn into_parts(self: Box<Self>) -> HandlerParts {
        let Handler {
            out,
            dialect,
            engine,
            switching,
            tablebase_path,
        } = *self;
        HandlerParts {
            out,
            dialect,
            variant: switching.unwrap_or(G::NAME),
            engine: engine.into_parts(),
            tablebase_path,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Capture;
    use crate::search::{Settings, TranspositionTable};
    use duel_rules::games::Duel;

    fn set(handler: &mut Handler<Duel>, name: &str, value: Option<&str>) -> Flow {
        handler.handle(Command::SetOption {
            name: name.to_string(),
            value: value.map(str::to_string),
        })
    }

    #[test]
    fn options_reach_the_engine() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        set(&mut handler, "hash", Some("2"));
        set(&mut handler, "threads", Some("3"));
        set(&mut handler, "MultiPV", Some("4"));
        set(&mut handler, "move overhead", Some("0"));
        set(&mut handler, "Ponder", Some("true"));
        set(&mut handler, "Clear Hash", None);
        set(&mut handler, "Skill Level", Some("7"));
        set(&mut handler, "UCI_LimitStrength", Some("true"));
        set(&mut handler, "UCI_Elo", Some("1000"));
        set(&mut handler, "Contempt", Some("35"));
        assert_eq!(handler.engine.hash_mb(), 2);
        assert_eq!(
            *handler.engine.settings(),
            Settings {
                threads: 3,
                multipv: 4,
                move_overhead: std::time::Duration::ZERO,
                strength: crate::search::Strength {
                    skill_level: 7,
                    limit_strength: true,
                    elo: 1000,
                },
                contempt: duel_rules::game::Pieces::hundredths(35),
                use_net: true,
                net: None,
                tablebases: None,
            }
        );
        assert_eq!(
            set(&mut handler, "UCI_Variant", Some("Dipole")),
            Flow::SwitchVariant
        );
        assert_eq!(Box::new(handler).into_parts().variant, "dipole");
        assert!(capture.lines().is_empty(), "{:?}", capture.lines());
    }

    #[test]
    fn rejected_values_change_nothing() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        let rejected = [
            ("Hash", Some("0")),
            ("Threads", Some("-1")),
            ("Threads", Some("99999999999999999999999")),
            ("Threads", None),
            ("MultiPV", Some("0")),
            ("Move Overhead", Some("5001")),
            ("Skill Level", Some("21")),
            ("UCI_Elo", Some("2074")),
            ("UCI_LimitStrength", Some("yes")),
            ("Ponder", Some("yes")),
            ("UCI_Variant", Some("chess")),
            ("UCI_Variant", None),
            ("Contempt", Some("101")),
            ("Contempt", Some("-10")),
            ("SyzygyPath", Some("/tmp")),
        ];
        for (name, value) in rejected {
            assert_eq!(set(&mut handler, name, value), Flow::Continue);
        }
        assert_eq!(handler.engine.hash_mb(), TranspositionTable::DEFAULT_MB);
        assert_eq!(*handler.engine.settings(), Settings::DEFAULT);
        assert_eq!(handler.switching, None);
        let lines = capture.lines();
        assert_eq!(lines.len(), rejected.len());
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("info string error: setoption: ")),
            "{lines:?}"
        );
    }
}
