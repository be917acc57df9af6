//! Fuzzes the browser engine's input (`duel_web::Web`, what the Web Worker's C ABI calls): command
//! lines for the protocol session, slices of search, and requests about the rules.
//!
//! Input, through `arbitrary`: up to 30 actions, each a command line (from a small grammar of the
//! real commands, with legal moves picked by the rules, or raw bytes), a slice of at most 2000 nodes,
//! or a rules request (JSON from a small grammar of `state`, `pgn`, `load_pgn` and the engine's
//! requests, or raw bytes). Searches are bounded: `go depth` at most 3, `go nodes` at most 5000,
//! raw lines that would run work of their own (`perft`, `bench`, a table size, a file to load) are
//! skipped, and the run ends with `stop` and slices until the search is done. Properties:
//! - nothing panics (the session's and the rules service's own guards turn a panic into an
//!   "internal error" line or reply, which libFuzzer's panic hook aborts on first);
//! - no output line is an error that tells of a bug (an "internal error" or a search fault), and
//!   the output is lines of UTF-8 text;
//! - every rules reply is one JSON object with a string `type`, its message no "internal error", and
//!   `Web::reply` gives it again;
//! - after `quit` the engine takes no more input and runs no search;
//! - after `stop` no search owes its answer.

#![no_main]

use arbitrary::Arbitrary;
use duel_fuzz::{is_fault, is_fault_line};
use duel_rules::games::{AnyGame, VARIANTS};
use duel_web::Web;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

/// The most actions one input takes.
const MAX_ACTIONS: usize = 30;
/// The most nodes of one slice.
const MAX_SLICE: u16 = 2000;
/// The slices the final `stop` may take to end the search (it should take none).
const FINAL_SLICES: usize = 8;
/// Words of a raw line that would make it run work of its own, unbounded by the slices: perft,
/// bench, a transposition table to allocate, a file or folder to read, threads to start.
const COSTLY: [&str; 7] = [
    "perft",
    "bench",
    "hash",
    "evalfile",
    "tablebase",
    "threads",
    "multipv",
];

/// One thing the loader does.
#[derive(Arbitrary, Debug)]
enum Action {
    /// A command line from the grammar.
    Command(Command),
    /// A command line of any bytes.
    RawLine(Vec<u8>),
    /// A slice of `n % (MAX_SLICE + 1)` nodes.
    Step(u16),
    /// A rules request from the grammar.
    Rules(Request),
    /// A rules request of any bytes.
    RawRules(Vec<u8>),
}

/// A command line of the protocol.
#[derive(Arbitrary, Debug)]
enum Command {
    Uci,
    Ugi,
    IsReady,
    NewGame,
    Debug(bool),
    Display,
    Eval,
    Stop,
    PonderHit,
    Quit,
    /// `query p1turn`, `gameover` or `result`.
    Query(u8),
    /// `setoption name UCI_Variant value <the game>`.
    Variant(u8),
    /// One of the cheap options, with a value from its range (or not).
    SetOption(u8, u16),
    /// `position startpos moves …` or `position fen <a position reached> moves …`.
    Position(Line),
    Go(Go),
}

/// A game's moves, each picked among the legal moves by its byte, the first `fen_after` of them
/// made into the start position's text.
#[derive(Arbitrary, Debug)]
struct Line {
    variant: u8,
    moves: Vec<u8>,
    fen_after: Option<u8>,
}

/// The searches a `go` starts, each bounded.
#[derive(Arbitrary, Debug)]
enum Go {
    /// `go depth 1..=3`.
    Depth(u8),
    /// `go nodes 1..=5000`.
    Nodes(u16),
    /// `go mate 1..=3`.
    Mate(u8),
    /// `go infinite`, ended by `stop`.
    Infinite,
    /// `go ponder depth 1..=3`, answered after `ponderhit` or `stop`.
    Ponder(u8),
}

/// An engine's comment on a move, as the page keeps it: `cp`, `mate`, `depth`, `ms`.
#[derive(Arbitrary, Debug)]
struct Comment {
    cp: Option<i16>,
    mate: Option<i8>,
    depth: Option<u8>,
    ms: Option<u16>,
}

/// A request about the rules, or one the rules service leaves to the engine.
#[derive(Arbitrary, Debug)]
enum Request {
    State {
        id: Option<u16>,
        game: Line,
        forfeit: Option<bool>,
        bad_move: Option<String>,
    },
    Pgn {
        id: Option<u16>,
        game: Line,
        comments: Vec<Option<Comment>>,
        white: String,
        black: String,
        time_control: Option<String>,
        date: Option<String>,
    },
    /// `load_pgn` of the last `pgn` reply's text (or of `text` when there was none), maybe cut
    /// short.
    LoadPgn {
        id: Option<u16>,
        variant: u8,
        text: String,
        cut: Option<u16>,
    },
    Engine(String),
    Restart,
}

fuzz_target!(|actions: Vec<Action>| {
    let mut run = Run {
        // 1 MB rather than the default 16, whose allocation would take most of a run.
        web: Web::with_hash(1),
        quit: false,
        last_pgn: None,
    };
    for action in actions.into_iter().take(MAX_ACTIONS) {
        run.act(action);
    }
    run.line(b"stop");
    if !run.quit {
        let mut slices = 0;
        while run.web.step(u32::from(MAX_SLICE)) {
            slices += 1;
            assert!(slices < FINAL_SLICES, "a search runs on after stop");
        }
        run.check_output();
    }
});

/// The engine, and what the checks need to know of what it was given.
struct Run {
    web: Web,
    /// Whether `quit` was carried out.
    quit: bool,
    /// The text of the last `pgn` reply, for a `load_pgn` to read.
    last_pgn: Option<String>,
}

impl Run {
    fn act(&mut self, action: Action) {
        match action {
            Action::Command(command) => self.line(command.text().as_bytes()),
            Action::RawLine(bytes) => {
                let lower = String::from_utf8_lossy(&bytes).to_lowercase();
                if !COSTLY.iter().any(|word| lower.contains(word)) {
                    self.line(&bytes);
                }
            }
            Action::Step(nodes) => {
                let searching = self.web.step(u32::from(nodes % (MAX_SLICE + 1)));
                assert!(!(searching && self.quit), "a search runs after quit");
                self.check_output();
            }
            Action::Rules(request) => {
                let json = request.json(self.last_pgn.as_deref()).to_string();
                self.rules(json.as_bytes());
            }
            Action::RawRules(bytes) => self.rules(&bytes),
        }
    }

    /// Gives the engine one line and checks what it printed.
    fn line(&mut self, line: &[u8]) {
        let going_on = self.web.input(line);
        assert!(!(going_on && self.quit), "input is taken after quit");
        self.quit |= !going_on;
        self.check_output();
    }

    /// Checks the output not yet read, and empties it as the loader does.
    fn check_output(&mut self) {
        let bytes = self.web.with_output(std::mem::take);
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => panic!("the output is not UTF-8: {e}"),
        };
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "a line unended: {text:?}"
        );
        for line in text.lines() {
            assert!(!is_fault_line(line), "{line}");
        }
    }

    /// Asks the rules and checks the reply.
    fn rules(&mut self, request: &[u8]) {
        let reply = self.web.rules(request).to_string();
        assert_eq!(self.web.reply(), reply, "the reply is not kept");
        let value: Value = match serde_json::from_str(&reply) {
            Ok(value) => value,
            Err(e) => panic!("the reply is not JSON ({e}): {reply}"),
        };
        // The message only: an error's message may quote the request, whatever it holds.
        let message = value.get("message").and_then(Value::as_str);
        assert!(!message.is_some_and(is_fault), "{reply}");
        let kind = value.get("type").and_then(Value::as_str);
        assert!(kind.is_some(), "a reply without its type: {reply}");
        if kind == Some("pgn") {
            self.last_pgn = value["text"].as_str().map(str::to_string);
        }
    }
}

impl Command {
    /// The line.
    fn text(&self) -> String {
        match self {
            Command::Uci => "uci".into(),
            Command::Ugi => "ugi".into(),
            Command::IsReady => "isready".into(),
            Command::NewGame => "ucinewgame".into(),
            Command::Debug(on) => format!("debug {}", if *on { "on" } else { "off" }),
            Command::Display => "d".into(),
            Command::Eval => "eval".into(),
            Command::Stop => "stop".into(),
            Command::PonderHit => "ponderhit".into(),
            Command::Quit => "quit".into(),
            Command::Query(q) => format!("query {}", ["p1turn", "gameover", "result"][pick(*q, 3)]),
            Command::Variant(v) => {
                format!("setoption name UCI_Variant value {}", variant(*v))
            }
            Command::SetOption(option, value) => set_option(*option, *value),
            Command::Position(line) => {
                let (start, moves) = line.play();
                let start = start.map_or("startpos".to_string(), |fen| format!("fen {fen}"));
                format!("position {start} moves {}", moves.join(" "))
            }
            Command::Go(go) => match go {
                Go::Depth(d) => format!("go depth {}", 1 + pick(*d, 3)),
                Go::Nodes(n) => format!("go nodes {}", 1 + n % 5000),
                Go::Mate(m) => format!("go mate {}", 1 + pick(*m, 3)),
                Go::Infinite => "go infinite".into(),
                Go::Ponder(d) => format!("go ponder depth {}", 1 + pick(*d, 3)),
            },
        }
    }
}

/// A `setoption` of one of the options that cost nothing to set, its value from `value`.
fn set_option(option: u8, value: u16) -> String {
    let (name, value) = match option % 8 {
        0 => ("Skill Level", (value % 25).to_string()),
        1 => ("UCI_LimitStrength", bool_text(value)),
        2 => ("UCI_Elo", value.to_string()),
        3 => ("Contempt", (value % 120).to_string()),
        4 => ("Use NNUE", bool_text(value)),
        5 => ("Ponder", bool_text(value)),
        6 => ("Move Overhead", (value % 6000).to_string()),
        _ => return "setoption name Clear Hash".into(),
    };
    format!("setoption name {name} value {value}")
}

fn bool_text(value: u16) -> String {
    ["true", "false", "maybe"][usize::from(value % 3)].to_string()
}

/// `n` modulo `count`, as an index.
fn pick(n: u8, count: usize) -> usize {
    usize::from(n) % count
}

/// The game `v` picks.
fn variant(v: u8) -> &'static str {
    VARIANTS[pick(v, VARIANTS.len())]
}

impl Line {
    /// The start position's text (`None`: the game's start) and the moves from it, each legal
    /// where it is played, none after the end of the game.
    fn play(&self) -> (Option<String>, Vec<String>) {
        let mut game = AnyGame::new(variant(self.variant), None).expect("a hosted game");
        let mut start = None;
        let mut moves = Vec::new();
        for (index, &choice) in self.moves.iter().enumerate() {
            if self
                .fen_after
                .is_some_and(|after| usize::from(after) == index)
            {
                start = Some(game.position_text());
                moves.clear();
            }
            let legal = game.legal_moves();
            if legal.is_empty() || game.termination().is_some() {
                break;
            }
            let text = legal[usize::from(choice) % legal.len()].clone();
            game.play_text(&text).expect("a legal move");
            moves.push(text);
        }
        (start, moves)
    }

    /// The game as the page sends it: `variant`, `start`, `moves`.
    fn json(&self) -> serde_json::Map<String, Value> {
        let (start, moves) = self.play();
        let mut game = serde_json::Map::new();
        game.insert("variant".into(), variant(self.variant).into());
        if let Some(start) = start {
            game.insert("start".into(), start.into());
        }
        game.insert("moves".into(), moves.into());
        game
    }
}

impl Request {
    /// The request's JSON; a `load_pgn` reads `last_pgn` when there is one.
    fn json(&self, last_pgn: Option<&str>) -> Value {
        let mut request = match self {
            Request::State {
                id,
                game,
                forfeit,
                bad_move,
            } => {
                let mut request = game.json();
                request.insert("type".into(), "state".into());
                request.insert("id".into(), json!(id));
                if let Some(white) = forfeit {
                    request.insert("forfeit".into(), side(*white).into());
                }
                if let (Some(text), Some(Value::Array(moves))) =
                    (bad_move, request.get_mut("moves"))
                {
                    moves.push(text.clone().into());
                }
                request
            }
            Request::Pgn {
                id,
                game,
                comments,
                white,
                black,
                time_control,
                date,
            } => {
                let mut request = game.json();
                let comments: Vec<Value> = comments
                    .iter()
                    .map(|c| match c {
                        None => Value::Null,
                        Some(c) => {
                            json!({"cp": c.cp, "mate": c.mate, "depth": c.depth, "ms": c.ms})
                        }
                    })
                    .collect();
                request.insert("type".into(), "pgn".into());
                request.insert("id".into(), json!(id));
                request.insert("comments".into(), comments.into());
                request.insert("white".into(), white.clone().into());
                request.insert("black".into(), black.clone().into());
                request.insert("time_control".into(), json!(time_control));
                request.insert("date".into(), json!(date));
                request
            }
            Request::LoadPgn {
                id,
                variant: v,
                text,
                cut,
            } => {
                let mut text = last_pgn.unwrap_or(text).to_string();
                if let Some(cut) = cut {
                    let mut at = usize::from(*cut) % (text.len() + 1);
                    while !text.is_char_boundary(at) {
                        at -= 1;
                    }
                    text.truncate(at);
                }
                let request =
                    json!({"type": "load_pgn", "id": id, "variant": variant(*v), "text": text});
                return request;
            }
            Request::Engine(line) => return json!({"type": "engine", "line": line}),
            Request::Restart => return json!({"type": "restart"}),
        };
        request.retain(|_, value| !value.is_null());
        Value::Object(request)
    }
}

/// A side's name in the page's JSON.
fn side(white: bool) -> &'static str {
    if white { "white" } else { "black" }
}
