//! A game reviewed for the page (its Review button, `docs/gui.md`): the page's engine has searched
//! every position of the game, and sends what it found in each (White's expected result in percent
//! and the best move); this judges each move and gives each side's accuracy with the rules crate's
//! review ([`duel_rules::record::review`]: lichess's thresholds and accuracy), so that the page
//! computes none of it.
//!
//! A move is judged as `duel annotate` judges it: the mover's expected result before it is the
//! search of the position before it (the best move's), after it the search of the position after
//! it, turned to the mover's side; a move that ends the game counts the game's result instead; and
//! the engine's own best move is never marked (a shallow search's noise can make it look like a
//! loss). A flag that fell (`forfeit`) judges no move and is not read.

use super::messages::GameJson;
use duel_rules::game::{Game, GameRecord, Outcome, Side};
use duel_rules::games::{HostedGame, RecordVisitor};
use duel_rules::record::review::{Judgment, game_accuracy, loss, move_accuracy};
use serde_json::{Value, json};

/// What the page's engine found in one position.
struct Searched {
    /// White's expected result in percent, 0..100.
    expected: f64,
    /// The best move's text, in any form the game reads; `None` when the engine gave none.
    best: Option<String>,
}

/// The JSON type of `value`, in words, for an error that names what was sent instead (never the
/// value itself, which may be a long text).
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Entry `index` of the request's `positions` read: `null`, or `{"expected": 0..100, "best": text
/// or null}`.
fn searched(index: usize, entry: &Value) -> Result<Option<Searched>, String> {
    let fields = match entry {
        Value::Null => return Ok(None),
        Value::Object(fields) => fields,
        other => {
            return Err(format!(
                "positions[{index}] must be null or an object, not {}",
                kind(other)
            ));
        }
    };
    let expected = match fields.get("expected") {
        Some(Value::Number(number)) => number.as_f64().unwrap_or(f64::NAN),
        Some(other) => {
            return Err(format!(
                "positions[{index}].expected must be a number, not {}",
                kind(other)
            ));
        }
        None => return Err(format!("positions[{index}] has no expected")),
    };
    if !(0.0..=100.0).contains(&expected) {
        return Err(format!(
            "positions[{index}].expected is {expected}, outside 0..100 (White's expected result in percent)"
        ));
    }
    let best = match fields.get("best") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.clone()),
        Some(other) => {
            return Err(format!(
                "positions[{index}].best must be a move's text or null, not {}",
                kind(other)
            ));
        }
    };
    Ok(Some(Searched { expected, best }))
}

/// The review of the page's game from its engine's searches, one a position, the start first: each
/// move's verdict and each side's accuracy (`docs/gui.md`, "review"). Refused, with the reason, for
/// a number of positions other than one more than the moves, an entry of another shape, an expected
/// result outside 0..100, a position without a search that does not end the game, a best move the
/// rules refuse, or a game that cannot be replayed.
pub fn review(game: &GameJson, positions: &[Value]) -> Result<Value, String> {
    let needed = game.moves.len() + 1;
    if positions.len() != needed {
        return Err(format!(
            "the review needs the start and the position after each move: {needed} positions for {} \
             moves, not {}",
            game.moves.len(),
            positions.len()
        ));
    }
    let searched = positions
        .iter()
        .enumerate()
        .map(|(index, entry)| searched(index, entry))
        .collect::<Result<Vec<_>, _>>()?;
    game.replay().map_err(|e| e.to_string())?.visit(Review {
        searched: &searched,
    })
}

/// [`review`]'s visit of the replayed game, with the searches read.
struct Review<'a> {
    searched: &'a [Option<Searched>],
}

impl RecordVisitor<'_> for Review<'_> {
    type Output = Result<Value, String>;

    fn visit<G: HostedGame>(self, record: &GameRecord<G>) -> Result<Value, String> {
        review_of(record, self.searched)
    }
}

/// `outcome` as White's expected result in percent.
fn white_percent(outcome: Outcome) -> f64 {
    outcome.score_for(Side::White) * 100.0
}

/// [`Review`] for game `G`: White's expected result and the best move in each position, then the
/// verdicts.
fn review_of<G: HostedGame>(
    record: &GameRecord<G>,
    searched: &[Option<Searched>],
) -> Result<Value, String> {
    let positions = record.positions();
    let last = positions.len() - 1;
    let end = record.termination();
    let mut white = Vec::with_capacity(positions.len());
    let mut best = Vec::with_capacity(positions.len());
    for (index, (position, entry)) in positions.iter().zip(searched).enumerate() {
        // Where the rules ended the game, its result is the position's worth, and it has no move.
        let ended = end.filter(|_| index == last);
        let expected = match (ended, entry) {
            (Some(end), _) => white_percent(end.outcome()),
            (None, Some(found)) => found.expected,
            (None, None) => {
                return Err(format!(
                    "positions[{index}] is null: only a position where the game is over goes \
                     without a search"
                ));
            }
        };
        white.push(expected);
        let text = entry.as_ref().and_then(|found| found.best.as_deref());
        best.push(match text.filter(|_| ended.is_none()) {
            Some(text) => Some(
                position
                    .parse_move(text)
                    .map_err(|e| format!("positions[{index}].best '{text}': {e}"))?,
            ),
            None => None,
        });
    }
    Ok(verdicts(record, &white, &best))
}

/// Each move of `record` judged from White's expected result in each position (`white`) and the
/// engine's best move in each (`best`), and each side's accuracy and counts of marks.
fn verdicts<G: HostedGame>(
    record: &GameRecord<G>,
    white: &[f64],
    best: &[Option<G::Move>],
) -> Value {
    let positions = record.positions();
    let movers: Vec<Side> = positions[..positions.len() - 1]
        .iter()
        .map(Game::side_to_move)
        .collect();
    let mut marks = [[0_usize; 3]; 2];
    let moves: Vec<Value> = record
        .moves()
        .iter()
        .enumerate()
        .map(|(index, &played)| {
            let mover = movers[index];
            let for_mover = |percent: f64| match mover {
                Side::White => percent,
                Side::Black => 100.0 - percent,
            };
            let (before, after) = (for_mover(white[index]), for_mover(white[index + 1]));
            // A shallow search's noise can make its own best move look like a loss: not marked.
            let judgment = match best[index] {
                Some(engine) if engine == played => None,
                _ => Judgment::of_loss(loss(before, after)),
            };
            if let Some(judgment) = judgment {
                marks[mover.index()][judgment as usize] += 1;
            }
            json!({
                "side": mover,
                "before": before,
                "after": after,
                "loss": loss(before, after),
                "accuracy": move_accuracy(before, after),
                "judgment": judgment.map(|j| json!({ "name": j.name(), "mark": j.mark() })),
                "best": best[index].map(|mv| positions[index].format_move(mv)),
            })
        })
        .collect();
    let accuracy = game_accuracy(white, &movers);
    let side = |side: Side| {
        let [inaccuracies, mistakes, blunders] = marks[side.index()];
        json!({
            "accuracy": accuracy[side.index()],
            "inaccuracies": inaccuracies,
            "mistakes": mistakes,
            "blunders": blunders,
        })
    };
    json!({
        "expected": white,
        "moves": moves,
        "white": side(Side::White),
        "black": side(Side::Black),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::AnyGame;

    fn game(variant: &str, moves: &[&str]) -> GameJson {
        GameJson::of(variant, moves)
    }

    /// Duel's `1. B1-B2 B8-B7 2. F1-F7 G8xf7`, as the engine finds it at 20,000 nodes a position:
    /// White's expected result in each position and the best move.
    fn blunder() -> (GameJson, Vec<Value>) {
        let played = game("duel", &["B1-B2", "B8-B7", "F1-F7", "G8xf7"]);
        let positions = [
            (61.3, "B1-B2"),
            (61.3, "H8-H7"),
            (49.0, "H1-H2"),
            (3.2, "G8xf7"),
            (4.2, "A1-d3+"),
        ]
        .map(|(expected, best)| json!({ "expected": expected, "best": best }));
        (played, positions.to_vec())
    }

    #[test]
    fn a_move_that_gives_the_game_away_is_a_blunder_and_costs_accuracy() {
        let (played, positions) = blunder();
        let review = review(&played, &positions).unwrap();
        let moves = review["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 4);
        let third = &moves[2];
        assert_eq!(third["side"], "white");
        assert_eq!(
            third["judgment"],
            json!({ "name": "Blunder", "mark": "??" })
        );
        assert_eq!(third["best"], "H1-H2");
        assert!(
            (third["loss"].as_f64().unwrap() - 45.8).abs() < 1e-9,
            "{third}"
        );
        // The engine's own moves are not marked.
        for unmarked in [0, 1, 3] {
            assert_eq!(moves[unmarked]["judgment"], Value::Null, "{review}");
        }
        assert_eq!(review["white"]["blunders"], 1);
        assert_eq!(review["white"]["mistakes"], 0);
        assert_eq!(review["black"]["blunders"], 0);
        let white = review["white"]["accuracy"].as_f64().unwrap();
        let black = review["black"]["accuracy"].as_f64().unwrap();
        assert!(white < 50.0 && black > 90.0, "{review}");
        assert_eq!(review["expected"], json!([61.3, 61.3, 49.0, 3.2, 4.2]));
    }

    #[test]
    fn the_engine_s_best_move_is_never_marked() {
        let (played, mut positions) = blunder();
        positions[2]["best"] = json!("F1-F7");
        let review = review(&played, &positions).unwrap();
        assert_eq!(review["moves"][2]["judgment"], Value::Null);
        assert_eq!(review["white"]["blunders"], 0);
        // Without a best move, the loss alone judges.
        positions[2]["best"] = Value::Null;
        let review = super::review(&played, &positions).unwrap();
        assert_eq!(review["moves"][2]["judgment"]["mark"], "??");
        assert_eq!(review["moves"][2]["best"], Value::Null);
    }

    #[test]
    fn a_move_that_ends_the_game_counts_its_result() {
        // Random moves until the game is over; every position searched as even.
        let mut rng = duel_rules::game::Rng::new(5);
        let mut played = AnyGame::new("dame", None).unwrap();
        while played.termination().is_none() {
            let legal = played.legal_moves();
            let text = rng.pick(&legal).unwrap().clone();
            played.play_text(&text).unwrap();
        }
        let winner = played.termination().unwrap().outcome();
        let texts = played.move_texts();
        let moves: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut positions = vec![json!({ "expected": 50 }); moves.len()];
        positions.push(Value::Null);
        let review = review(&game("dame", &moves), &positions).unwrap();
        let expected = review["expected"].as_array().unwrap();
        assert_eq!(expected.len(), moves.len() + 1);
        assert_eq!(
            expected.last().unwrap().as_f64(),
            Some(white_percent(winner))
        );
        // The result counts even where the page sent a search for the last position.
        positions.pop();
        positions.push(json!({ "expected": 50, "best": "no move" }));
        let again = super::review(&game("dame", &moves), &positions).unwrap();
        assert_eq!(again["expected"], review["expected"]);
    }

    #[test]
    fn bad_reviews_are_refused_with_what_is_wrong() {
        let (played, positions) = blunder();
        let with = |index: usize, entry: Value| {
            let mut positions = positions.clone();
            positions[index] = entry;
            review(&played, &positions).unwrap_err()
        };
        let refused = [
            (
                review(&played, &positions[..4]).unwrap_err(),
                "5 positions for 4 moves, not 4",
            ),
            (
                with(1, json!({ "expected": 100.5 })),
                "positions[1].expected is 100.5, outside 0..100",
            ),
            (
                with(2, json!({ "expected": -1 })),
                "positions[2].expected is -1, outside 0..100",
            ),
            (
                with(0, json!({ "expected": "50" })),
                "positions[0].expected must be a number, not a string",
            ),
            (
                with(3, json!({ "best": "A1-d3+" })),
                "positions[3] has no expected",
            ),
            (
                with(4, json!(50)),
                "positions[4] must be null or an object, not a number",
            ),
            (with(1, Value::Null), "positions[1] is null"),
            (
                with(2, json!({ "expected": 50, "best": "Z9-Z9" })),
                "positions[2].best 'Z9-Z9': ",
            ),
            (
                with(2, json!({ "expected": 50, "best": 7 })),
                "positions[2].best must be a move's text or null, not a number",
            ),
        ];
        for (error, wanted) in refused {
            assert!(error.contains(wanted), "{error} lacks {wanted}");
        }
        let err = review(&game("duel", &["B1-B2", "Z9"]), &positions[..3]).unwrap_err();
        assert!(err.starts_with("move 2 'Z9'"), "{err}");
        let err = review(&game("chess", &[]), &positions[..1]).unwrap_err();
        assert!(err.contains("unknown variant"), "{err}");
    }
}
