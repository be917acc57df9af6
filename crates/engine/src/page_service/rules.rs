//! What the server tells the page about games, from the rules (the [`Game`] trait) alone: a
//! position's board, legal moves, announcement and end; a game as PGN and back. Each request names its
//! game, and [`with_variant!`] picks the rules.

use super::messages::{CommentJson, GameJson, Reply, Request, check_game};
use crate::engine::panic_text;
use crate::search::Score;
use duel_rules::game::{Game, GameRecord, MoveList, Side};
use duel_rules::games::{HostedGame, with_variant};
use duel_rules::record::game_end::{self, GameEnd};
use duel_rules::record::pgn::{self, GameTags, MoveComment};
use serde_json::{Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// Answers a request about the rules (`state`, `pgn`, `load_pgn`); `None` for one about the engine.
/// The server's connections and the browser build (the `duel-web` crate) both answer with it.
pub fn answer(request: Request) -> Option<Reply> {
    Some(match request {
        Request::Engine { .. } | Request::Restart => return None,
        Request::State { id, game } => state_reply(id, &game),
        Request::Pgn {
            id,
            game,
            comments,
            white,
            black,
            time_control,
            date,
        } => {
            let names = PgnNames {
                white: &white,
                black: &black,
                time_control: time_control.as_deref(),
                date: date.as_deref(),
            };
            let text =
                check_game(&game).and_then(|()| guarded(|| game_pgn(&game, &comments, &names)));
            match text {
                Ok(text) => Reply::Pgn { id, text },
                Err(message) => Reply::error(id, message),
            }
        }
        Request::LoadPgn { id, variant, text } => match guarded(|| load_pgn(&variant, &text)) {
            Ok(game) => Reply::Game { id, game },
            Err(message) => Reply::error(id, message),
        },
    })
}

/// The answer to a `state` request: the position, or why the game cannot be read.
pub fn state_reply(id: Option<u64>, game: &GameJson) -> Reply {
    match check_game(game).and_then(|()| guarded(|| game_state(game))) {
        Ok(state) => Reply::State { id, state },
        Err(message) => Reply::error(id, message),
    }
}

/// Runs a request on the rules; a bug there becomes an error reply instead of a lost connection.
fn guarded<T>(work: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work))
        .unwrap_or_else(|payload| Err(format!("internal error: {}", panic_text(&*payload))))
}

/// The game the page sent, replayed: its start and every move checked by the rules.
fn replay<G: Game>(game: &GameJson) -> Result<GameRecord<G>, String> {
    GameRecord::replay_live(game.start.as_deref(), &game.moves).map_err(|e| e.to_string())
}

/// How the game ended: a flag fell (the page keeps the clocks), or the rules ended it.
fn end_of<G: Game>(record: &GameRecord<G>, forfeit: Option<Side>) -> Option<GameEnd> {
    GameEnd::of_record(record, forfeit)
}

/// The canonical text of every move played.
fn move_texts<G: Game>(record: &GameRecord<G>) -> Vec<String> {
    record
        .positions()
        .iter()
        .zip(record.moves())
        .map(|(pos, &mv)| pos.format_move(mv))
        .collect()
}

/// A legal move of `pos` for the page: its text, and how a pointer makes it when the game says.
fn move_json<G: HostedGame>(pos: &G, mv: G::Move) -> Value {
    let mut entry = serde_json::Map::new();
    entry.insert("text".to_string(), pos.format_move(mv).into());
    if let Some(Value::Object(fields)) = pos.web_move(mv) {
        entry.extend(fields);
    }
    Value::Object(entry)
}

/// The position after the page's game, as the page draws it (`docs/gui.md`, "state").
fn state<G: HostedGame>(game: &GameJson) -> Result<Value, String> {
    let record = replay::<G>(game)?;
    let current = record.current();
    let end = end_of(&record, game.forfeit);
    let mut legal = Vec::new();
    if end.is_none() {
        let mut moves = MoveList::new();
        current.generate_moves(&mut moves);
        legal.extend(moves.iter().map(|&mv| move_json(current, mv)));
    }
    let last_move = record
        .moves()
        .last()
        .zip(record.positions().iter().rev().nth(1))
        .map(|(&mv, before)| move_json(before, mv));
    let history: Vec<Value> = record
        .positions()
        .iter()
        .zip(move_texts(&record))
        .map(|(pos, text)| json!({ "text": text, "side": pos.side_to_move() }))
        .collect();
    let end = end.map(|end| {
        json!({
            "result": end.outcome().map_or("*", |o| o.pgn()),
            "text": end.explain(current),
            "termination": end.termination_tag().as_str(),
        })
    });
    Ok(json!({
        "variant": G::NAME,
        "start": record.start().to_text(),
        "position": current.to_text(),
        "side": current.side_to_move(),
        "move_number": record.move_number(),
        "history": history,
        "board": current.web_board(),
        "diagram": current.diagram(),
        "legal": legal,
        "last_move": last_move,
        "check": current.in_check(),
        "announcement": if record.moves().is_empty() { None } else { current.announcement() },
        "end": end,
    }))
}

/// The position after a game the page sent, or why the game cannot be read.
pub fn game_state(game: &GameJson) -> Result<Value, String> {
    with_variant!(&game.variant, G => state::<G>(game)).map_err(|e| e.to_string())?
}

/// A Date tag the page sent: `YYYY.MM.DD`, where any digit may be `?` (PGN's unknown).
fn date_tag(text: &str) -> Result<String, String> {
    let shape = text.len() == 10
        && text.char_indices().all(|(i, c)| match i {
            4 | 7 => c == '.',
            _ => c.is_ascii_digit() || c == '?',
        });
    if shape {
        Ok(text.to_string())
    } else {
        Err(format!("pgn: the date must read YYYY.MM.DD, not {text:?}"))
    }
}

/// A player's name made fit for a PGN tag: one line, not too long.
fn tag_value(text: &str, default: &str) -> String {
    let clean: String = text
        .chars()
        .filter(|c| !c.is_control())
        .take(super::messages::MAX_NAME_CHARS)
        .collect();
    if clean.trim().is_empty() {
        default.to_string()
    } else {
        clean
    }
}

/// The comment `duel match` writes for a move.
fn comment_text(comment: &CommentJson) -> Option<String> {
    let score = match (comment.mate, comment.cp) {
        (Some(mate), _) => Some(Score::Mate(mate)),
        (None, Some(cp)) => Some(Score::Centipawns(cp)),
        (None, None) => None,
    };
    let time = comment.ms.map(Duration::from_millis);
    if score.is_none() && time.is_none() {
        return None;
    }
    Some(
        MoveComment {
            score,
            depth: comment.depth,
            time,
        }
        .to_string(),
    )
}

/// The names and clock of a game to save.
pub struct PgnNames<'a> {
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The TimeControl tag.
    pub time_control: Option<&'a str>,
    /// The Date tag (today by the system clock when `None`).
    pub date: Option<&'a str>,
}

/// The page's game as PGN, with the match runner's writer.
pub fn game_pgn(
    game: &GameJson,
    comments: &[Option<CommentJson>],
    names: &PgnNames<'_>,
) -> Result<String, String> {
    with_variant!(&game.variant, G => pgn_of::<G>(game, comments, names))
        .map_err(|e| e.to_string())?
}

/// [`game_pgn`] for game `G`.
fn pgn_of<G: HostedGame>(
    game: &GameJson,
    comments: &[Option<CommentJson>],
    names: &PgnNames<'_>,
) -> Result<String, String> {
    let date = names.date.map_or_else(|| Ok(pgn::today()), date_tag)?;
    let record = replay::<G>(game)?;
    let end = end_of(&record, game.forfeit);
    let tags = GameTags {
        event: "duel gui".to_string(),
        site: "duel gui".to_string(),
        date,
        round: "-".to_string(),
        white: tag_value(names.white, "?"),
        black: tag_value(names.black, "?"),
        time_control: tag_value(names.time_control.unwrap_or("-"), "-"),
        ..GameTags::default()
    };
    let texts: Vec<Option<String>> = comments
        .iter()
        .map(|c| c.as_ref().and_then(comment_text))
        .collect();
    let explain = |end: &GameEnd| end.explain(record.current());
    Ok(game_end::write_pgn(
        tags,
        &record,
        &texts,
        end.as_ref(),
        explain,
    ))
}

/// The value of the last Variant tag in a PGN text, if any.
fn variant_tag(text: &str) -> Option<String> {
    text.lines()
        .rev()
        .find_map(|line| {
            line.trim()
                .strip_prefix("[Variant \"")
                .and_then(|rest| rest.strip_suffix("\"]"))
        })
        .map(str::to_string)
}

/// The last game of a PGN text, for the page: its game, start, moves, comments, names and result.
/// The Variant tag names the game; `variant` is used for a text without one.
pub fn load_pgn(variant: &str, text: &str) -> Result<Value, String> {
    let variant = variant_tag(text).unwrap_or_else(|| variant.to_string());
    with_variant!(&variant, G => loaded_pgn::<G>(text)).map_err(|e| e.to_string())?
}

/// [`load_pgn`] for game `G`.
fn loaded_pgn<G: HostedGame>(text: &str) -> Result<Value, String> {
    let games = pgn::read::<G>(text).map_err(|e| e.to_string())?;
    let game = games.last().ok_or("the text holds no PGN game")?;
    let comments: Vec<Value> = game
        .comments
        .iter()
        .map(|c| match c.as_deref().and_then(MoveComment::parse) {
            Some(comment) => json!(CommentJson {
                cp: match comment.score {
                    Some(Score::Centipawns(cp)) => Some(cp),
                    _ => None,
                },
                mate: match comment.score {
                    Some(Score::Mate(n)) => Some(n),
                    _ => None,
                },
                depth: comment.depth,
                ms: comment.time.map(|t| t.as_millis() as u64),
            }),
            None => Value::Null,
        })
        .collect();
    let start = game.record.start();
    Ok(json!({
        "variant": G::NAME,
        "start": (start.to_text() != G::start().to_text()).then(|| start.to_text()),
        "moves": move_texts(&game.record),
        "comments": comments,
        "white": game.tag("White"),
        "black": game.tag("Black"),
        "result": game.result,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: &str, moves: &[&str]) -> GameJson {
        GameJson {
            variant: variant.to_string(),
            start: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            forfeit: None,
        }
    }

    #[test]
    fn a_state_has_the_board_the_moves_and_the_announcement() {
        let state = game_state(&game("duel", &["F1xe6"])).unwrap();
        assert_eq!(state["history"][0]["text"], "F1-e6+");
        assert_eq!(state["side"], "black");
        assert_eq!(state["board"]["kind"], "duel");
        assert_eq!(state["announcement"], "DUEL! (Black's king is attacked)");
        let legal = state["legal"].as_array().unwrap();
        assert!(
            legal
                .iter()
                .all(|m| m["text"].is_string() && m["from"].is_string())
        );
        assert_eq!(state["end"], Value::Null);
        assert_eq!(
            state["last_move"],
            json!({"text": "F1-e6+", "from": "F1", "to": "E6", "via": "F6"})
        );
    }

    #[test]
    fn illegal_moves_and_unknown_games_are_refused_with_the_reason() {
        let err = game_state(&game("duel", &["D1-e6", "D1-D2"])).unwrap_err();
        assert!(err.starts_with("move 2 'D1-D2': "), "{err}");
        assert!(
            game_state(&game("chess", &[]))
                .unwrap_err()
                .contains("unknown variant")
        );
        let mut bad = game("dipole", &[]);
        bad.start = Some("9/9 w".to_string());
        assert!(game_state(&bad).unwrap_err().starts_with("position: "));
    }

    #[test]
    fn a_fallen_flag_ends_the_game() {
        let mut lost = game("duel", &["D1-e6"]);
        lost.forfeit = Some(Side::Black);
        let state = game_state(&lost).unwrap();
        assert_eq!(state["end"]["result"], "1-0");
        assert_eq!(state["end"]["text"], "White wins: Black ran out of time");
        assert!(state["legal"].as_array().unwrap().is_empty());
    }

    #[test]
    fn pgn_round_trip() {
        let played = game("dipole", &["e1-e5", "d8-d4"]);
        let comments = [
            Some(CommentJson {
                cp: Some(35),
                depth: Some(4),
                ms: Some(100),
                ..CommentJson::default()
            }),
            None,
        ];
        let names = PgnNames {
            white: "me\n[Evil \"x\"]",
            black: "duel",
            time_control: None,
            date: None,
        };
        let text = game_pgn(&played, &comments, &names).unwrap();
        assert!(text.contains("[Variant \"dipole\"]"), "{text}");
        assert!(
            text.contains(&format!("[Date \"{}\"]", pgn::today())),
            "{text}"
        );
        assert!(text.contains("{+0.35/4 0.100s}"), "{text}");
        assert!(!text.contains("\n[Evil"), "{text}");
        let loaded = load_pgn("duel", &text).unwrap();
        assert_eq!(loaded["variant"], "dipole");
        assert_eq!(loaded["moves"], json!(["e1-e5", "d8-d4"]));
        assert_eq!(
            loaded["comments"][0],
            json!({"cp": 35, "depth": 4, "ms": 100})
        );
        assert_eq!(loaded["comments"][1], Value::Null);
        assert!(load_pgn("duel", "1. D1-D6 *").is_err());
    }

    #[test]
    fn the_page_may_date_its_game_in_the_tag_s_shape_only() {
        let played = game("duel", &["D1-e6"]);
        let dated = |date| {
            let names = PgnNames {
                white: "a",
                black: "b",
                time_control: None,
                date: Some(date),
            };
            game_pgn(&played, &[], &names)
        };
        assert!(
            dated("2026.11.26")
                .unwrap()
                .contains("[Date \"2026.11.26\"]")
        );
        assert!(
            dated("2026.??.??")
                .unwrap()
                .contains("[Date \"2026.??.??\"]")
        );
        for bad in ["2026-11-26", "26.11.2026", "2026.11.2", "2026.11.26\"]", ""] {
            let err = dated(bad).unwrap_err();
            assert!(err.contains("YYYY.MM.DD"), "{bad}: {err}");
        }
    }
}
