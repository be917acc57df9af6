//! Fuzzes the page's rules service: a JSON message from the page read by `parse_request` and
//! answered by `rules::answer`, the reply written by `Reply::to_json`, as the browser build's
//! `Web::rules` and `duel gui`'s server do.
//!
//! Input: the first byte picks the form of the message. Bit 0 clear: the rest is the message's
//! text (invalid UTF-8 read as U+FFFD, as the browser build reads it). Bit 0 set: the rest, through
//! `arbitrary`, writes a request of a known type (`state`, `pgn`, `load_pgn`, `review`, `engine`,
//! `restart`): a game (its name, perhaps upper-cased or unknown; a start reached by legal moves,
//! perhaps edited; legal moves picked, perhaps a bad one after them; a fallen flag), the engine's
//! comments, names, clock and date; for `load_pgn`, the PGN the `pgn` request writes for that game,
//! perhaps edited; for `review`, an entry a position (perhaps one too many or too few): White's
//! expected result (perhaps outside 0..100, or not a number) and a best move (a legal one picked,
//! or any text), or `null`. So most messages reach the games' rules, the PGN reader and writer and
//! the review.
//!
//! Properties:
//! - nothing panics (the service turns a panic into an `internal error` reply, which counts as a
//!   failure too);
//! - every reply is one JSON object whose `type` is a reply's and whose `id` is the request's;
//! - for a game of legal moves, a `state` request is answered with its position (the game's name,
//!   one history entry per move) and a `pgn` request with PGN text that `load_pgn` reads back to
//!   the same game, start and moves;
//! - for a game of legal moves and a well-formed `review` (one entry a position, each expected
//!   result within 0..100, each best move legal, `null` only where the game is over), the review
//!   has a verdict a move, each mark for a loss of 5 points or more, and every accuracy within
//!   0..100.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use duel_engine::page_service::messages::{Reply, parse_request};
use duel_engine::page_service::rules::answer;
use duel_fuzz::is_fault;
use duel_rules::games::{AnyGame, VARIANTS};
use duel_rules::record::review::INACCURACY_LOSS;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

/// The most moves picked for a game.
const MAX_MOVES: usize = 80;

/// A request written from the input.
#[derive(Arbitrary, Debug)]
struct Written {
    kind: Kind,
    id: Option<u64>,
    /// The game's index in `VARIANTS`; one past them is a name no game has.
    game: u8,
    shout: bool,
    /// The start: the position these picks reach from the game's start, perhaps edited.
    start: Option<(Vec<u8>, Option<Edit>)>,
    /// The moves, each a pick among the legal ones.
    picks: Vec<u8>,
    /// A move text after the picked ones.
    bad_move: Option<String>,
    /// The side whose flag fell: White for true.
    forfeit: Option<bool>,
    comments: Vec<Option<Comment>>,
    white: String,
    black: String,
    time_control: Option<String>,
    date: Option<Date>,
    /// A change to the PGN text a `load_pgn` reads.
    pgn_edit: Option<Edit>,
}

/// The type of a written request.
#[derive(Arbitrary, Debug)]
enum Kind {
    State,
    Pgn,
    LoadPgn,
    /// The entries of `positions`, taken one a position and repeated or cut to their number, which
    /// `miscount` makes one more (true) or one less (false).
    Review {
        entries: Vec<Entry>,
        miscount: Option<bool>,
    },
    Engine(String),
    Restart,
}

/// An entry of a `review` request's `positions`.
#[derive(Arbitrary, Debug)]
enum Entry {
    /// `{"expected": centi / 100 (negative with `below`), "best": …}`.
    Searched { centi: u16, below: bool, best: Best },
    /// `null`.
    Null,
    /// `{"expected": text}`: not a number.
    Text(String),
    /// A bare number instead of an object.
    Number(i64),
}

/// The best move of a review's entry.
#[derive(Arbitrary, Debug)]
enum Best {
    None,
    /// A legal move of the position, picked.
    Pick(u8),
    /// Any text.
    Text(String),
}

/// A move's comment, in the page's fields.
#[derive(Arbitrary, Debug)]
struct Comment {
    cp: Option<i32>,
    mate: Option<i32>,
    depth: Option<u32>,
    ms: Option<u64>,
}

/// A Date tag: one of the tag's shape, or any text.
#[derive(Arbitrary, Debug)]
enum Date {
    Shaped {
        year: u16,
        month: u8,
        day: u8,
        unknown: bool,
    },
    Text(String),
}

/// Replaces the characters `at..at + cut` of a text (clamped) by `insert`.
#[derive(Arbitrary, Debug)]
struct Edit {
    at: u16,
    cut: u8,
    insert: String,
}

impl Edit {
    fn apply(&self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let at = usize::from(self.at).min(chars.len());
        let end = (at + usize::from(self.cut)).min(chars.len());
        let mut edited: String = chars[..at].iter().collect();
        edited.push_str(&self.insert);
        edited.extend(&chars[end..]);
        edited
    }
}

/// Plays the legal moves `picks` choose in `game` while it goes on; the texts played.
fn play_picks(game: &mut AnyGame, picks: &[u8]) -> Vec<String> {
    let mut texts = Vec::new();
    for &pick in picks.iter().take(MAX_MOVES) {
        if game.termination().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let Some(text) = legal.get(usize::from(pick) % legal.len().max(1)) else {
            break;
        };
        texts.push(game.play_text(text).expect("a legal move plays"));
    }
    texts
}

/// What a written request is expected to give where it is a game of legal moves: its game's name,
/// start (`None` for the game's own) and the canonical texts of its moves.
struct Legal {
    variant: &'static str,
    start: Option<String>,
    moves: Vec<String>,
}

/// The JSON text of a written request, and its game where the game is legal.
fn request_text(written: &Written) -> (String, Option<Legal>) {
    let known = VARIANTS.get(usize::from(written.game) % (VARIANTS.len() + 1));
    let name = known.copied().unwrap_or("chess");
    let name = if written.shout {
        name.to_ascii_uppercase()
    } else {
        name.to_string()
    };
    let mut start = None;
    let mut legal_start = true;
    let mut game = AnyGame::new(&name, None).ok();
    if let (Some((plies, edit)), Some(reached)) = (&written.start, &mut game) {
        play_picks(reached, plies);
        let mut text = reached.position_text();
        if let Some(edit) = edit {
            text = edit.apply(&text);
            legal_start = false;
        }
        game = AnyGame::new(&name, Some(&text)).ok();
        start = Some(text);
    }
    let mut moves = Vec::new();
    if let Some(game) = &mut game {
        moves = play_picks(game, &written.picks);
    }
    if let Some(bad) = &written.bad_move {
        moves.push(bad.clone());
    }
    let legal = match (known, &game) {
        (Some(&variant), Some(game)) if legal_start && written.bad_move.is_none() => {
            let own_start = AnyGame::new(variant, None)
                .expect("a game starts")
                .position_text();
            Some(Legal {
                variant,
                start: start.clone().filter(|text| *text != own_start),
                moves: game.move_texts(),
            })
        }
        _ => None,
    };
    let mut request = json!({ "variant": name, "moves": moves });
    if let Some(start) = &start {
        request["start"] = json!(start);
    }
    if let Some(id) = written.id {
        request["id"] = json!(id);
    }
    if let Some(white) = written.forfeit {
        request["forfeit"] = json!(if white { "white" } else { "black" });
    }
    match &written.kind {
        Kind::State => request["type"] = json!("state"),
        Kind::Pgn => pgn_fields(&mut request, written),
        Kind::LoadPgn => {
            // The game as the `pgn` request writes it, perhaps edited, read back.
            pgn_fields(&mut request, written);
            let reply = answer(parse_request(&request.to_string()).expect("a pgn request reads"));
            let text = match reply {
                Some(Reply::Pgn { text, .. }) => text,
                _ => String::new(),
            };
            let text = match &written.pgn_edit {
                Some(edit) => edit.apply(&text),
                None => text,
            };
            let legal = legal.filter(|_| written.pgn_edit.is_none() && !text.is_empty());
            let mut load = json!({ "type": "load_pgn", "variant": name, "text": text });
            if let Some(id) = written.id {
                load["id"] = json!(id);
            }
            return (load.to_string(), legal);
        }
        Kind::Review { entries, miscount } => {
            request["type"] = json!("review");
            let (positions, well_formed) =
                review_positions(&name, start.as_deref(), &moves, entries, *miscount);
            request["positions"] = json!(positions);
            let legal = legal.filter(|_| well_formed);
            return (request.to_string(), legal);
        }
        Kind::Engine(line) => return (json!({ "type": "engine", "line": line }).to_string(), None),
        Kind::Restart => return (json!({ "type": "restart" }).to_string(), None),
    }
    (request.to_string(), legal)
}

/// The legal moves of each position of the game `name` from `start` through `moves`, the start
/// first, and whether its last position ends the game; empty lists where the game does not replay.
fn legal_along(name: &str, start: Option<&str>, moves: &[String]) -> (Vec<Vec<String>>, bool) {
    let Ok(mut game) = AnyGame::new(name, start) else {
        return (vec![Vec::new(); moves.len() + 1], false);
    };
    let mut legal = vec![game.legal_moves()];
    for text in moves {
        if game.play_text(text).is_err() {
            legal.resize(moves.len() + 1, Vec::new());
            return (legal, false);
        }
        legal.push(game.legal_moves());
    }
    (legal, game.termination().is_some())
}

/// A `review` request's `positions` from the written entries, and whether they are well formed:
/// one a position, each expected result within 0..100, each best move legal (or none), `null`
/// only for a last position that ends the game.
fn review_positions(
    name: &str,
    start: Option<&str>,
    moves: &[String],
    entries: &[Entry],
    miscount: Option<bool>,
) -> (Vec<Value>, bool) {
    let (legal, over) = legal_along(name, start, moves);
    let count = match miscount {
        None => moves.len() + 1,
        Some(true) => moves.len() + 2,
        Some(false) => moves.len(),
    };
    let mut well_formed = miscount.is_none() && !entries.is_empty();
    let positions = (0..count)
        .map(|index| {
            let Some(entry) = entries.get(index % entries.len().max(1)) else {
                return Value::Null;
            };
            let moves_here = legal.get(index).map_or(&[][..], Vec::as_slice);
            match entry {
                Entry::Searched { centi, below, best } => {
                    let expected = f64::from(*centi) / 100.0 * if *below { -1.0 } else { 1.0 };
                    well_formed &= (0.0..=100.0).contains(&expected);
                    let best = match best {
                        Best::None => Value::Null,
                        Best::Pick(pick) => {
                            let picked =
                                moves_here.get(usize::from(*pick) % moves_here.len().max(1));
                            well_formed &= picked.is_some() || moves_here.is_empty();
                            json!(picked)
                        }
                        Best::Text(text) => {
                            well_formed = false;
                            json!(text)
                        }
                    };
                    json!({ "expected": expected, "best": best })
                }
                Entry::Null => {
                    well_formed &= over && index == moves.len();
                    Value::Null
                }
                Entry::Text(text) => {
                    well_formed = false;
                    json!({ "expected": text })
                }
                Entry::Number(number) => {
                    well_formed = false;
                    json!(number)
                }
            }
        })
        .collect();
    (positions, well_formed)
}

/// Makes `request` a `pgn` request with the written comments, names, clock and date.
fn pgn_fields(request: &mut Value, written: &Written) {
    request["type"] = json!("pgn");
    let comments: Vec<Value> = written
        .comments
        .iter()
        .take(MAX_MOVES)
        .map(|comment| match comment {
            Some(c) => json!({ "cp": c.cp, "mate": c.mate, "depth": c.depth, "ms": c.ms }),
            None => Value::Null,
        })
        .collect();
    request["comments"] = json!(comments);
    request["white"] = json!(written.white);
    request["black"] = json!(written.black);
    if let Some(clock) = &written.time_control {
        request["time_control"] = json!(clock);
    }
    match &written.date {
        None => {}
        Some(Date::Shaped {
            year,
            month,
            day,
            unknown,
        }) => {
            let date = if *unknown {
                format!("{:04}.??.??", year % 10_000)
            } else {
                format!("{:04}.{:02}.{:02}", year % 10_000, month % 100, day % 100)
            };
            request["date"] = json!(date);
        }
        Some(Date::Text(text)) => request["date"] = json!(text),
    }
}

/// The request's `id` as the page sent it, where the text is a JSON object with a number there.
fn sent_id(text: &str) -> Option<u64> {
    serde_json::from_str::<Value>(text)
        .ok()?
        .get("id")?
        .as_u64()
}

/// Answers `text` as the service does; checks the reply and returns it as JSON.
fn serve(text: &str) -> Option<Value> {
    let (reply, id) = match parse_request(text) {
        Ok(request) => (answer(request)?, sent_id(text)),
        Err(error) => (error, None),
    };
    let json = reply.to_json();
    let value: Value = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("the reply is not JSON ({e}): {json}"));
    let kind = value["type"].as_str().expect("a reply has a type");
    assert!(
        ["state", "pgn", "game", "review", "error"].contains(&kind),
        "a reply of type {kind}"
    );
    if kind == "error" {
        let message = value["message"].as_str().expect("an error has a message");
        // A caught panic, or a reply that could not be written.
        assert!(!is_fault(message), "{message}");
    }
    // An id the request read is echoed; one it could not read (a parse error) is not.
    assert_eq!(value["id"].as_u64(), id, "the reply's id: {json}");
    Some(value)
}

fuzz_target!(|input: &[u8]| {
    let Some((&first, rest)) = input.split_first() else {
        return;
    };
    if first & 1 == 0 {
        serve(&String::from_utf8_lossy(rest));
        return;
    }
    let Ok(written) = Written::arbitrary_take_rest(Unstructured::new(rest)) else {
        return;
    };
    let (text, legal) = request_text(&written);
    let reply = serve(&text);
    let Some(legal) = legal else {
        return;
    };
    let reply = reply.expect("a request about the rules is answered");
    match &written.kind {
        Kind::State => {
            assert_eq!(reply["type"], "state", "{reply}");
            assert_eq!(reply["variant"], legal.variant);
            let history = reply["history"].as_array().expect("a history");
            assert_eq!(history.len(), legal.moves.len());
        }
        Kind::Pgn => {
            if !matches!(written.date, Some(Date::Text(_))) {
                assert_eq!(reply["type"], "pgn", "{reply}");
            }
        }
        Kind::LoadPgn => {
            assert_eq!(reply["type"], "game", "{text}: {reply}");
            assert_eq!(reply["variant"], legal.variant);
            assert_eq!(reply["start"], json!(legal.start), "{text}");
            assert_eq!(reply["moves"], json!(legal.moves), "{text}");
        }
        Kind::Review { .. } => check_review(&reply, legal.moves.len()),
        Kind::Engine(_) | Kind::Restart => {}
    }
});

/// A well-formed review of a legal game of `moves` moves: a verdict a move, each mark for a loss of
/// at least the least mark's, every accuracy within 0..100.
fn check_review(reply: &Value, moves: usize) {
    assert_eq!(reply["type"], "review", "{reply}");
    let verdicts = reply["moves"].as_array().expect("the verdicts");
    assert_eq!(verdicts.len(), moves, "{reply}");
    let within = |value: &Value| value.as_f64().is_some_and(|a| (0.0..=100.0).contains(&a));
    for verdict in verdicts {
        assert!(within(&verdict["accuracy"]), "{verdict}");
        let loss = verdict["loss"].as_f64().expect("a loss");
        if !verdict["judgment"].is_null() {
            assert!(loss >= INACCURACY_LOSS, "{verdict}");
        }
    }
    for side in ["white", "black"] {
        let accuracy = &reply[side]["accuracy"];
        assert!(accuracy.is_null() || within(accuracy), "{reply}");
    }
}
