//! What the server tells the page about games, from the rules (the
//! [`Game`](duel_rules::game::Game) trait) alone: a position's board, legal moves, announcement and
//! end (here); a game as PGN and back ([`super::pgn`]); a game reviewed ([`super::review`]). Each request names its game: it is replayed
//! into the library's one run-time game, [`AnyGame`](duel_rules::games::AnyGame), whose visitors
//! reach the game's own type where the page needs it (its board, its moves' shapes).

use super::messages::{GameJson, Reply, Request, check_game};
use super::pgn::{PgnNames, game_pgn, load_pgn};
use super::review::review;
use crate::engine::panic_text;
use duel_rules::game::{GameRecord, MoveList, Side};
use duel_rules::games::{HostedGame, RecordVisitor};
use duel_rules::record::game_end::GameEnd;
use serde_json::{Value, json};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Answers a request about the rules (`state`, `pgn`, `load_pgn`, `review`); `None` for one about
/// the engine.
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
        Request::Review {
            id,
            game,
            positions,
        } => match check_game(&game).and_then(|()| guarded(|| review(&game, &positions))) {
            Ok(review) => Reply::Review { id, review },
            Err(message) => Reply::error(id, message),
        },
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

/// A legal move of `pos` for the page: its text, and how a pointer makes it when the game says.
fn move_json<G: HostedGame>(pos: &G, mv: G::Move) -> Value {
    let mut entry = serde_json::Map::new();
    entry.insert("text".to_string(), pos.format_move(mv).into());
    if let Some(Value::Object(fields)) = pos.web_move(mv) {
        entry.extend(fields);
    }
    Value::Object(entry)
}

/// The position after the page's game, as the page draws it (`docs/gui.md`, "state"): the visit
/// of its replayed record, with the side whose flag fell, if any.
struct State {
    forfeit: Option<Side>,
}

impl RecordVisitor<'_> for State {
    type Output = Value;

    fn visit<G: HostedGame>(self, record: &GameRecord<G>) -> Value {
        state(record, self.forfeit)
    }
}

/// [`State`] for game `G`.
fn state<G: HostedGame>(record: &GameRecord<G>, forfeit: Option<Side>) -> Value {
    let current = record.current();
    // A flag fell (the page keeps the clocks), or the rules ended the game.
    let end = GameEnd::of_record(record, forfeit);
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
        .zip(record.move_texts())
        .map(|(pos, text)| json!({ "text": text, "side": pos.side_to_move() }))
        .collect();
    let end = end.map(|end| {
        json!({
            "result": end.outcome().map_or("*", |o| o.pgn()),
            "text": end.explain(current),
            "termination": end.termination_tag().as_str(),
        })
    });
    json!({
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
    })
}

/// The position after a game the page sent, or why the game cannot be read.
pub fn game_state(game: &GameJson) -> Result<Value, String> {
    let forfeit = game.forfeit;
    Ok(game
        .replay()
        .map_err(|e| e.to_string())?
        .visit(State { forfeit }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(variant: &str, moves: &[&str]) -> GameJson {
        GameJson::of(variant, moves)
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
    fn a_review_is_answered_and_a_bad_one_refused_with_its_id() {
        let ask = |positions: Value| {
            let text = json!({
                "type": "review", "id": 12, "variant": "duel", "moves": ["B1-B2"],
                "positions": positions,
            });
            let request = super::super::messages::parse_request(&text.to_string()).unwrap();
            serde_json::to_value(answer(request).unwrap()).unwrap()
        };
        let reply = ask(json!([{"expected": 60, "best": "B1-B2"}, {"expected": 60}]));
        assert_eq!(reply["type"], "review", "{reply}");
        assert_eq!(reply["id"], 12);
        assert_eq!(reply["moves"][0]["judgment"], Value::Null, "{reply}");
        assert_eq!(reply["white"]["accuracy"], 100.0);
        assert_eq!(reply["black"]["accuracy"], Value::Null);
        let refused = ask(json!([{"expected": 60}, {"expected": "40"}]));
        assert_eq!(refused["type"], "error", "{refused}");
        assert_eq!(refused["id"], 12);
        assert_eq!(
            refused["message"],
            "positions[1].expected must be a number, not a string"
        );
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
}
