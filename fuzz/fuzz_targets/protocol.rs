//! Fuzzes the engine protocol (UCI and UGI) through the thread-free [`Session`] the browser build
//! drives: lines in, searches run in slices of nodes, every line printed read back.
//!
//! Input, in one of two forms:
//! - a script (first byte `0xFF`): the rest is lines of text, each sent as it is, except that
//!   `step <n>` runs a slice of at most `n` nodes; the seeds are scripts;
//! - otherwise, through `arbitrary`: up to [`MAX_ACTIONS`] actions, each a protocol line, a slice
//!   of at most [`MAX_SLICE`] nodes, or `stop`. Lines come from a small grammar so that most get
//!   past the first word (`uci`, `ugi`, `isready`, `position startpos|fen … moves …` with legal
//!   moves of a shadow game the target keeps, `go` with depth, nodes, movetime, clocks, `ponder`,
//!   `infinite`, `searchmoves`, `go perft`, `setoption` with every real option name and the games'
//!   names, `eval`, `d`, `query`, …), from words thrown together, or are any string.
//!
//! Work is bounded: at most 3 for the grammar's `go depth` and any `go perft`, `Hash` at most 4 MB
//! (1 MB from the start), no `bench`, no file or folder but Dame's net, and the input ends with
//! `stop` and slices until the search owes nothing.
//!
//! Properties:
//! - nothing panics, and no line says `internal error` or tells of a search fault (a failed
//!   search, an illegal or missing move): each is a bug the session would only have reported;
//! - each `go` that started a search (or was answered at once, the game being over) gets exactly
//!   one `bestmove`: never more answers than searches, never more than one search owed, all earlier
//!   ones answered when a `go` returns, and all answered once a slice says nothing is owed;
//!   a `go` refused (bad syntax, a `searchmoves` move that is not legal) and `go perft` get none;
//! - a structured `position` is accepted exactly when the game's rules accept its text and moves;
//! - `quit` returns [`Flow::Quit`], and after it nothing more is done or printed.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use duel_engine::protocol::{Capture, Flow, Session};
use duel_fuzz::is_fault_line;
use duel_rules::game::Game;
use duel_rules::games::{AnyGame, Duel, VARIANTS};
use libfuzzer_sys::fuzz_target;

/// The most actions of one input.
const MAX_ACTIONS: usize = 24;
/// The most nodes of one slice.
const MAX_SLICE: u64 = 1000;
/// The most slices after the final `stop` before the search is deemed never to end.
const MAX_FINAL_SLICES: usize = 100;

/// One step of the input.
#[derive(Arbitrary, Debug)]
enum Action {
    /// Sends a line.
    Line(Line),
    /// Runs a slice of `1 + n % MAX_SLICE` nodes.
    Step(u16),
    /// Sends `stop`.
    Stop,
}

/// A protocol line.
#[derive(Arbitrary, Debug)]
enum Line {
    Uci,
    Ugi,
    IsReady,
    /// `ucinewgame`, or `uginewgame` when true.
    NewGame(bool),
    /// `debug`, `debug on`, `debug off` or `debug x`.
    Debug(u8),
    /// `position startpos moves …`: each pick chooses among the shadow game's legal moves.
    StartPos {
        picks: Vec<u8>,
        bad_move: Option<Word>,
    },
    /// `position fen <text> moves …`: the text of the position `plies` picks reach from the start,
    /// perhaps with one character replaced, then the moves `picks` choose.
    Fen {
        plies: Vec<u8>,
        edit: Option<(u8, char)>,
        picks: Vec<u8>,
    },
    Go(Vec<GoPart>),
    /// `go perft <n % 4>`.
    Perft(u8),
    Stop,
    PonderHit,
    Quit,
    SetOption(SetOption),
    Eval,
    Display,
    /// `query p1turn|gameover|result|x`.
    Query(u8),
    /// Words thrown together (those that would cost too much sent as `isready`, as for `Raw`).
    Words(Vec<Word>),
    /// Any text (some lines that would cost too much are sent as `isready` instead).
    Raw(String),
}

/// A part of a `go` line.
#[derive(Arbitrary, Debug)]
enum GoPart {
    /// `depth <n % 4>` (0 is refused).
    Depth(u8),
    /// `nodes <n % 3000>` (0 is refused).
    Nodes(u16),
    /// `movetime <n % 30>`.
    Movetime(u8),
    /// A clock's time left, in the UCI or UGI spelling, White's or Black's.
    Time {
        ugi: bool,
        white: bool,
        ms: i16,
    },
    /// A clock's increment.
    Increment {
        ugi: bool,
        white: bool,
        ms: u8,
    },
    /// `movestogo <n>`.
    MovesToGo(u8),
    /// `mate <1 + n % 3>`.
    Mate(u8),
    Infinite,
    Ponder,
    /// `searchmoves` and the legal moves picked (a bad one for a pick of 255).
    SearchMoves(Vec<u8>),
    /// A word that may not belong.
    Word(Word),
}

/// A `setoption` line: each real option with values in and out of its range.
#[derive(Arbitrary, Debug)]
enum SetOption {
    /// `Hash` of `n % 5` MB (0 is refused).
    Hash(u8),
    Threads(u8),
    MultiPv(u8),
    MoveOverhead(u16),
    ClearHash,
    Ponder(Check),
    /// `UCI_Variant`: a game (its index in `VARIANTS`, upper-cased when `shout`), or a name no
    /// game has for an index past them.
    Variant {
        game: u8,
        shout: bool,
    },
    SkillLevel(u8),
    LimitStrength(Check),
    Elo(u16),
    Contempt(u8),
    UseNnue(Check),
    /// `EvalFile`: the embedded net, Dame's net file, or a file that does not exist.
    EvalFile(u8),
    /// `TablebasePath`: none, or a folder that does not exist.
    TablebasePath(bool),
    /// A name no option has, and maybe a value.
    Unknown(Word, Option<Word>),
    /// No value where one is needed.
    NoValue(u8),
}

/// A check option's value, and values that are none.
#[derive(Arbitrary, Debug)]
enum Check {
    True,
    False,
    Other(Word),
}

/// Words the protocol knows, and some it does not.
#[derive(Arbitrary, Debug)]
enum Word {
    Uci,
    Go,
    Position,
    Startpos,
    Fen,
    Moves,
    Setoption,
    Name,
    Value,
    Depth,
    Nodes,
    Movetime,
    Wtime,
    Btime,
    Winc,
    Binc,
    P1time,
    Movestogo,
    Infinite,
    Ponder,
    Searchmoves,
    Stop,
    Query,
    Isready,
    /// A number, negative or beyond `u64`.
    Number(i64),
    Huge,
    Empty,
    Tab,
    Text(String),
}

impl Word {
    fn text(&self) -> String {
        match self {
            Word::Uci => "uci",
            Word::Go => "go",
            Word::Position => "position",
            Word::Startpos => "startpos",
            Word::Fen => "fen",
            Word::Moves => "moves",
            Word::Setoption => "setoption",
            Word::Name => "name",
            Word::Value => "value",
            Word::Depth => "depth",
            Word::Nodes => "nodes",
            Word::Movetime => "movetime",
            Word::Wtime => "wtime",
            Word::Btime => "btime",
            Word::Winc => "winc",
            Word::Binc => "binc",
            Word::P1time => "p1time",
            Word::Movestogo => "movestogo",
            Word::Infinite => "infinite",
            Word::Ponder => "ponder",
            Word::Searchmoves => "searchmoves",
            Word::Stop => "stop",
            Word::Query => "query",
            Word::Isready => "isready",
            Word::Number(n) => return n.to_string(),
            Word::Huge => "99999999999999999999999",
            Word::Empty => "",
            Word::Tab => "\t",
            Word::Text(text) => return text.clone(),
        }
        .to_string()
    }
}

impl Check {
    fn text(&self) -> String {
        match self {
            Check::True => "true".to_string(),
            Check::False => "false".to_string(),
            Check::Other(word) => word.text(),
        }
    }
}

/// The game the engine plays, as far as the structured lines tell: the game named by the last
/// `UCI_Variant` and the position of the last `position` accepted. Used to write legal moves and
/// to know which positions the engine must accept.
struct Shadow {
    variant: &'static str,
    game: AnyGame,
}

impl Shadow {
    fn start(variant: &'static str) -> Shadow {
        let game = AnyGame::new(variant, None).expect("every hosted game starts");
        Shadow { variant, game }
    }
}

/// Plays the legal moves `picks` choose in `game` (while it goes on); their texts.
fn play_picks(game: &mut AnyGame, picks: &[u8]) -> Vec<String> {
    let mut texts = Vec::new();
    for &pick in picks {
        if game.termination().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let Some(text) = legal.get(usize::from(pick) % legal.len().max(1)) else {
            break;
        };
        let played = game.play_text(text).expect("a legal move plays");
        texts.push(played);
    }
    texts
}

/// The text of `line`, and the game the engine must then hold where the shadow knows it: `Some(Ok)`
/// for a position the rules accept, `Some(Err(()))` for one they refuse.
fn line_text(line: &Line, shadow: &Shadow) -> (String, Option<Result<AnyGame, ()>>) {
    let text = match line {
        Line::Uci => "uci".to_string(),
        Line::Ugi => "ugi".to_string(),
        Line::IsReady => "isready".to_string(),
        Line::NewGame(ugi) => if *ugi { "uginewgame" } else { "ucinewgame" }.to_string(),
        Line::Debug(n) => ["debug", "debug on", "debug off", "debug x"][usize::from(n % 4)].into(),
        Line::StartPos { picks, bad_move } => {
            let mut game = Shadow::start(shadow.variant).game;
            let mut moves = play_picks(&mut game, picks);
            let mut expected = Some(Ok(game));
            if let Some(word) = bad_move {
                let word = word.text();
                // A lone mark joins the move before it (`join_marks`), and several words or none
                // are several moves or none: the rules' replay of the words judges only one word.
                expected = match word.split_whitespace().collect::<Vec<_>>().as_slice() {
                    [one] if !["+", "++"].contains(one) => {
                        let mut all = moves.clone();
                        all.push(one.to_string());
                        Some(AnyGame::replay(shadow.variant, None, &all).map_err(|_| ()))
                    }
                    _ => None,
                };
                moves.push(word);
            }
            let text = if moves.is_empty() {
                "position startpos".to_string()
            } else {
                format!("position startpos moves {}", moves.join(" "))
            };
            return (text, expected);
        }
        Line::Fen { plies, edit, picks } => {
            let mut game = Shadow::start(shadow.variant).game;
            play_picks(&mut game, plies);
            let mut fen = game.position_text();
            if let Some((at, c)) = edit {
                let chars: Vec<char> = fen.chars().collect();
                let at = usize::from(*at) % chars.len().max(1);
                fen = chars
                    .iter()
                    .enumerate()
                    .map(|(i, &old)| if i == at { *c } else { old })
                    .collect();
            }
            let words: Vec<&str> = fen.split_whitespace().collect();
            if words.is_empty() || words.contains(&"moves") {
                // Cut or split where the line's syntax would: not the game's to judge.
                return (format!("position fen {fen}"), None);
            }
            let fen = words.join(" ");
            let Ok(mut game) = AnyGame::new(shadow.variant, Some(&fen)) else {
                return (format!("position fen {fen}"), Some(Err(())));
            };
            let moves = play_picks(&mut game, picks);
            let text = if moves.is_empty() {
                format!("position fen {fen}")
            } else {
                format!("position fen {fen} moves {}", moves.join(" "))
            };
            return (text, Some(Ok(game)));
        }
        Line::Go(parts) => go_text(parts, shadow),
        Line::Perft(n) => format!("go perft {}", n % 4),
        Line::Stop => "stop".to_string(),
        Line::PonderHit => "ponderhit".to_string(),
        Line::Quit => "quit".to_string(),
        Line::SetOption(option) => setoption_text(option),
        Line::Eval => "eval".to_string(),
        Line::Display => "d".to_string(),
        Line::Query(n) => format!(
            "query {}",
            ["p1turn", "gameover", "result", "x"][usize::from(n % 4)]
        ),
        Line::Words(words) => words.iter().map(Word::text).collect::<Vec<_>>().join(" "),
        Line::Raw(text) => text.clone(),
    };
    (text, None)
}

/// A `go` line of `parts`.
fn go_text(parts: &[GoPart], shadow: &Shadow) -> String {
    let mut line = String::from("go");
    for part in parts.iter().take(6) {
        let text = match part {
            GoPart::Depth(n) => format!("depth {}", n % 4),
            GoPart::Nodes(n) => format!("nodes {}", n % 3000),
            GoPart::Movetime(n) => format!("movetime {}", n % 30),
            GoPart::Time { ugi, white, ms } => {
                let field = match (ugi, white) {
                    (false, true) => "wtime",
                    (false, false) => "btime",
                    (true, true) => "p1time",
                    (true, false) => "p2time",
                };
                format!("{field} {ms}")
            }
            GoPart::Increment { ugi, white, ms } => {
                let field = match (ugi, white) {
                    (false, true) => "winc",
                    (false, false) => "binc",
                    (true, true) => "p1inc",
                    (true, false) => "p2inc",
                };
                format!("{field} {ms}")
            }
            GoPart::MovesToGo(n) => format!("movestogo {n}"),
            GoPart::Mate(n) => format!("mate {}", 1 + n % 3),
            GoPart::Infinite => "infinite".to_string(),
            GoPart::Ponder => "ponder".to_string(),
            GoPart::SearchMoves(picks) => {
                let legal = shadow.game.legal_moves();
                let mut text = String::from("searchmoves");
                for &pick in picks.iter().take(4) {
                    text.push(' ');
                    match legal.get(usize::from(pick) % legal.len().max(1)) {
                        Some(mv) if pick != 255 => text.push_str(mv),
                        _ => text.push_str("Z9-Z9"),
                    }
                }
                text
            }
            GoPart::Word(word) => word.text(),
        };
        line.push(' ');
        line.push_str(&text);
    }
    line
}

/// A `setoption` line.
fn setoption_text(option: &SetOption) -> String {
    let (name, value) = match option {
        SetOption::Hash(n) => ("Hash", Some((n % 5).to_string())),
        SetOption::Threads(n) => ("Threads", Some((n % 5).to_string())),
        SetOption::MultiPv(n) => ("MultiPV", Some((n % 5).to_string())),
        SetOption::MoveOverhead(n) => ("Move Overhead", Some((n % 6000).to_string())),
        SetOption::ClearHash => ("Clear Hash", None),
        SetOption::Ponder(check) => ("Ponder", Some(check.text())),
        SetOption::Variant { game, shout } => {
            let name = VARIANTS
                .get(usize::from(*game) % (VARIANTS.len() + 1))
                .copied()
                .unwrap_or("chess");
            let name = if *shout {
                name.to_ascii_uppercase()
            } else {
                name.to_string()
            };
            ("UCI_Variant", Some(name))
        }
        SetOption::SkillLevel(n) => ("Skill Level", Some((n % 25).to_string())),
        SetOption::LimitStrength(check) => ("UCI_LimitStrength", Some(check.text())),
        SetOption::Elo(n) => ("UCI_Elo", Some(n.to_string())),
        SetOption::Contempt(n) => ("Contempt", Some(n.to_string())),
        SetOption::UseNnue(check) => ("Use NNUE", Some(check.text())),
        SetOption::EvalFile(n) => {
            let path = match n % 3 {
                0 => "<embedded>".to_string(),
                1 => concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../crates/rules/nets/dame.nnue"
                )
                .into(),
                _ => "/nonexistent/duel-fuzz/net.nnue".to_string(),
            };
            ("EvalFile", Some(path))
        }
        SetOption::TablebasePath(none) => {
            let folder = if *none {
                "<empty>"
            } else {
                "/nonexistent/duel-fuzz/tables"
            };
            ("TablebasePath", Some(folder.to_string()))
        }
        SetOption::Unknown(name, value) => {
            return match value {
                Some(value) => format!("setoption name {} value {}", name.text(), value.text()),
                None => format!("setoption name {}", name.text()),
            };
        }
        SetOption::NoValue(n) => {
            let names = ["Hash", "UCI_Variant", "Ponder", "Skill Level", "EvalFile"];
            return format!("setoption name {} value", names[usize::from(n % 5)]);
        }
    };
    match value {
        Some(value) => format!("setoption name {name} value {value}"),
        None => format!("setoption name {name}"),
    }
}

/// Whether a line from outside the grammar would cost too much or reach outside the process: a
/// `bench`, a `perft` deeper than 3 or not written `go perft <n>`, or a `setoption` of the table's
/// size or of a file or folder; or, where `shadowed`, of the game (which the shadow would then not
/// know).
fn too_costly(line: &str, shadowed: bool) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let lower = line.to_ascii_lowercase();
    match words.as_slice() {
        ["bench", ..] => true,
        ["setoption", ..] => {
            let variant = shadowed && lower.contains("variant");
            variant
                || ["hash", "evalfile", "tablebase"]
                    .iter()
                    .any(|word| lower.contains(word))
        }
        ["go", "perft", depth] => depth.parse::<u32>().is_ok_and(|depth| depth > 3),
        _ => words.contains(&"perft"),
    }
}

/// The session under test and what its output has told so far.
struct Run {
    session: Session,
    capture: Capture,
    /// `go` lines that started a search, or were answered at once.
    searches: usize,
    /// `bestmove` lines printed.
    answers: usize,
    quit: bool,
}

impl Run {
    /// The lines printed since the last call, checked for the lines that are never right; counts
    /// the answers among them.
    fn new_lines(&mut self) -> Vec<String> {
        let bytes = self.capture.with_bytes(std::mem::take);
        let text = String::from_utf8(bytes).expect("the engine prints UTF-8");
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        for line in &lines {
            assert!(!is_fault_line(line), "the engine printed: {line}");
            if line.starts_with("bestmove ") {
                self.answers += 1;
            }
        }
        assert!(
            !self.quit || lines.is_empty(),
            "printed after quit: {lines:?}"
        );
        lines
    }

    /// Checks that there are no more answers than searches, and at most one search owed.
    fn check_counts(&self) {
        assert!(
            self.answers <= self.searches,
            "{} bestmove lines for {} searches",
            self.answers,
            self.searches
        );
        assert!(
            self.answers + 1 >= self.searches,
            "more than one search owed: {} answers for {} searches",
            self.answers,
            self.searches
        );
    }

    /// Sends `line`; returns the lines it printed.
    fn input(&mut self, line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let searched_before = self.searches;
        let flow = self.session.input(line);
        if self.quit {
            assert_eq!(flow, Flow::Quit, "a line after quit: {line:?}");
        } else if flow == Flow::Quit {
            assert_eq!(words, ["quit"], "quit without quit: {line:?}");
        } else {
            assert_eq!(flow, Flow::Continue);
        }
        // Read before `quit` counts: it may print the answer of the search it stops.
        let lines = self.new_lines();
        self.quit = flow == Flow::Quit;
        if !self.quit && words.first() == Some(&"go") && !words.contains(&"perft") {
            // Refused: a syntax error (the line never reaches the engine), or a move of
            // `searchmoves` not legal (after the search under way was stopped). The game being
            // over is answered at once, as one search.
            let error = |l: &&String| l.starts_with("info string error: go: ");
            let over = |l: &String| l.starts_with("info string error: go: the game is over");
            let bad_move = |l: &String| l.starts_with("info string error: go: searchmoves ");
            let syntax = lines.iter().filter(error).any(|l| !over(l) && !bad_move(l));
            let bad_move = lines.iter().any(bad_move);
            if !syntax && !bad_move {
                self.searches += 1;
            }
            if !syntax {
                assert!(
                    self.answers >= searched_before,
                    "a go left an earlier search unanswered: {line:?}"
                );
            }
        }
        self.check_counts();
        lines
    }

    /// Runs a slice of `nodes`; returns whether a search is still owed.
    fn step(&mut self, nodes: u64) -> bool {
        let owed = self.session.step(nodes);
        assert!(!(self.quit && owed), "a search after quit");
        self.new_lines();
        self.check_counts();
        if !owed {
            assert_eq!(
                self.answers, self.searches,
                "nothing owed, yet not every search was answered"
            );
        }
        owed
    }
}

/// The first byte of a script: the rest is lines of text, sent as they are.
const SCRIPT: u8 = 0xFF;

fuzz_target!(|input: &[u8]| {
    let capture = Capture::default();
    let mut run = Run {
        // 1 MB rather than the default 16: allocating and clearing the table (`ucinewgame`, a game
        // switch) would otherwise take most of a run.
        session: Session::with_hash::<Duel>(capture.clone(), 1),
        capture,
        searches: 0,
        answers: 0,
        quit: false,
    };
    match input.split_first() {
        Some((&SCRIPT, script)) => run_script(&mut run, &String::from_utf8_lossy(script)),
        _ => {
            let Ok(actions) = Vec::<Action>::arbitrary_take_rest(Unstructured::new(input)) else {
                return;
            };
            run_actions(&mut run, &actions);
        }
    }
    if !run.quit {
        run.input("stop");
    }
    let mut slices = 0;
    while run.step(MAX_SLICE) {
        slices += 1;
        assert!(
            slices < MAX_FINAL_SLICES,
            "the search never ended after stop"
        );
    }
    assert_eq!(run.answers, run.searches);
});

/// Sends the lines of `script`, except that `step <n>` runs a slice of at most `n` nodes (at most
/// [`MAX_SLICE`]) and the lines that would cost too much are sent as `isready`.
fn run_script(run: &mut Run, script: &str) {
    for line in script.lines().take(2 * MAX_ACTIONS) {
        match line.strip_prefix("step ").map(str::parse::<u64>) {
            Some(Ok(nodes)) => {
                run.step(nodes.clamp(1, MAX_SLICE));
            }
            _ if too_costly(line, false) => {
                run.input("isready");
            }
            _ => {
                run.input(line);
            }
        }
    }
}

/// Carries out `actions`, keeping the shadow game in step with the structured lines.
fn run_actions(run: &mut Run, actions: &[Action]) {
    let mut shadow = Shadow::start(Duel::NAME);
    for action in actions.iter().take(MAX_ACTIONS) {
        match action {
            Action::Step(n) => {
                run.step(1 + u64::from(*n) % MAX_SLICE);
            }
            Action::Stop => {
                run.input("stop");
            }
            Action::Line(line) => {
                let (text, expected) = line_text(line, &shadow);
                if matches!(line, Line::Raw(_) | Line::Words(_)) && too_costly(&text, true) {
                    run.input("isready");
                    continue;
                }
                let printed = run.input(&text);
                if run.quit {
                    continue;
                }
                if let Some(expected) = expected {
                    let refused = printed
                        .iter()
                        .any(|l| l.starts_with("info string error: position:"));
                    match expected {
                        Ok(game) => {
                            assert!(!refused, "{text:?} refused: {printed:?}");
                            shadow.game = game;
                        }
                        Err(()) => assert!(refused, "{text:?} accepted"),
                    }
                }
                match line {
                    Line::SetOption(SetOption::Variant { game, .. }) => {
                        let index = usize::from(*game) % (VARIANTS.len() + 1);
                        if let Some(&variant) = VARIANTS.get(index) {
                            shadow = Shadow::start(variant);
                        }
                    }
                    Line::NewGame(_) => shadow = Shadow::start(shadow.variant),
                    _ => {}
                }
            }
        }
    }
}
