//! The command handler for one game: the state each command works on, and the dispatch of each
//! command to what it does. What a command with arguments does is in its file under `command/`
//! (`go`, `position`, `setoption`, `query`, `d`, `eval`, `bench`); the commands without arguments are
//! handled here.
//!
//! Commands are handled one at a time, in the order they arrived, and each has taken effect when
//! [`Handler::handle`] returns; that is what makes `isready` a barrier. The only work that outlives its
//! command is a search, which runs on the engine's worker thread, so `isready`, `stop` and `ponderhit`
//! are handled at once while it runs. Commands that need the table or replace the search (`go`,
//! `ucinewgame`, `setoption Hash|Clear Hash|UCI_Variant`, `go perft`, `bench`, `quit`) stop the running
//! search first; its `bestmove` is printed before they take effect. `position` does not stop it: the
//! search works on its own copy of the position.

use super::command::Command;
use super::dialect::Dialect;
use super::options::{self, Target};
use super::output::Output;
use super::{Flow, Host};
use crate::engine::{ENGINE_AUTHOR, ENGINE_NAME, Engine, EngineParts};
use duel_rules::games::HostedGame;

/// The protocol's state for game `G`: the engine, and how to talk.
pub struct Handler<G: HostedGame> {
    pub(super) out: Output,
    pub(super) dialect: Dialect,
    pub(super) engine: Engine<G>,
    /// Set when an option chose another game: the loop hands the state to that game's handler.
    pub(super) switching: Option<&'static str>,
    /// The folder of endgame databases an option named, kept to load the next game's databases.
    pub(super) tablebases: Option<TablebaseFolder>,
}

/// A folder of endgame databases, and the option that named it (for messages).
pub(super) struct TablebaseFolder {
    pub(super) option: &'static str,
    pub(super) folder: String,
}

/// What outlives one game's handler when `UCI_Variant` changes the game.
pub struct HandlerParts {
    out: Output,
    dialect: Dialect,
    /// The game to go on with.
    pub(super) variant: &'static str,
    engine: EngineParts,
    tablebases: Option<TablebaseFolder>,
}

impl<G: HostedGame> Handler<G> {
    /// A handler with a new engine at the start position, printing to `out`.
    pub fn new(out: Output) -> Self {
        Handler::with_engine(out, Engine::new())
    }

    /// A handler whose engine, at the start position with a table of `hash_mb` MiB, runs its
    /// searches in slices on the caller's thread, each started by [`Host::step`] (see
    /// [`Engine::set_sliced`]).
    pub fn sliced(out: Output, hash_mb: usize) -> Self {
        let mut engine = Engine::with_hash(hash_mb);
        engine.set_sliced(true);
        Handler::with_engine(out, engine)
    }

    fn with_engine(out: Output, engine: Engine<G>) -> Self {
        Handler {
            out,
            dialect: Dialect::default(),
            engine,
            switching: None,
            tablebases: None,
        }
    }

    /// The handler of game `G` at its start position, with the output, dialect, options and table of
    /// an earlier one; where `TablebasePath` names a folder, `G`'s databases in it are loaded.
    pub fn from_parts(parts: HandlerParts) -> Self {
        let mut handler = Handler {
            out: parts.out,
            dialect: parts.dialect,
            engine: Engine::from_parts(parts.engine),
            switching: None,
            tablebases: None,
        };
        match parts.tablebases {
            Some(TablebaseFolder { option, folder }) if !G::endgame_signatures(2).is_empty() => {
                handler.load_tablebases(option, Some(folder));
            }
            // A game without databases keeps the folder quietly, for the next game that has some.
            kept => handler.tablebases = kept,
        }
        handler
    }

    /// `uci` and `ugi`: the engine's name, its options, and the dialect's `…ok`.
    fn identify(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        let mut text = format!("id name {ENGINE_NAME}\nid author {ENGINE_AUTHOR}\n");
        for line in options::declarations(&G::SEARCH) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(dialect.ok());
        self.out.block(&text);
    }

    fn ponderhit(&mut self) {
        if !self.engine.ponderhit() {
            self.out.error("ponderhit: no search is pondering");
        }
    }
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
            Command::SetOption { name, value } => return self.set_option(&name, value.as_deref()),
            Command::Query(question) => self.query(question),
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
            tablebases,
        } = *self;
        HandlerParts {
            out,
            dialect,
            variant: switching.unwrap_or(G::NAME),
            engine: engine.into_parts(),
            tablebases,
        }
    }
}
