//! The page's games as PGN and back: a game the page holds written with the match runner's writer
//! (its names, date, clock and the engine's move comments), and the last game of a PGN text read
//! for the page. The game is replayed into the library's [`AnyGame`](duel_rules::games::AnyGame),
//! or, for a text, read by the rules of the game its Variant tag names ([`for_variant`]).

use super::messages::{CommentJson, GameJson};
use crate::search::Score;
use duel_rules::game::{GameRecord, Side, Wdl};
use duel_rules::games::{AnyGameError, GameVisitor, HostedGame, RecordVisitor, for_variant};
use duel_rules::record::game_end::{self, GameEnd};
use duel_rules::record::pgn::{self, GameTags, MoveComment};
use serde_json::{Value, json};
use std::time::Duration;

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
            wdl: comment
                .wdl
                .filter(|_| score.is_some())
                .and_then(|[win, draw, loss]| Wdl::checked(win, draw, loss)),
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

/// The page's game as PGN, with the match runner's writer. An unknown game is refused first, then a
/// malformed date, then a move.
pub fn game_pgn(
    game: &GameJson,
    comments: &[Option<CommentJson>],
    names: &PgnNames<'_>,
) -> Result<String, String> {
    let replayed = game.replay();
    if let Err(unknown @ AnyGameError::UnknownVariant(_)) = &replayed {
        return Err(unknown.to_string());
    }
    let date = names.date.map_or_else(|| Ok(pgn::today()), date_tag)?;
    let pgn = Pgn {
        comments,
        names,
        date,
        forfeit: game.forfeit,
    };
    Ok(replayed.map_err(|e| e.to_string())?.visit(pgn))
}

/// [`game_pgn`]'s writing of a replayed record: its comments, names, date and fallen flag.
struct Pgn<'a> {
    comments: &'a [Option<CommentJson>],
    names: &'a PgnNames<'a>,
    date: String,
    forfeit: Option<Side>,
}

impl RecordVisitor<'_> for Pgn<'_> {
    type Output = String;

    fn visit<G: HostedGame>(self, record: &GameRecord<G>) -> String {
        pgn_of(record, self)
    }
}

/// [`Pgn`] for game `G`.
fn pgn_of<G: HostedGame>(record: &GameRecord<G>, pgn: Pgn<'_>) -> String {
    let Pgn {
        comments,
        names,
        date,
        forfeit,
    } = pgn;
    let end = GameEnd::of_record(record, forfeit);
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
    game_end::write_pgn(tags, record, &texts, end.as_ref(), explain)
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
    for_variant(&variant, LoadPgn { text }).map_err(|e| e.to_string())?
}

/// [`load_pgn`] once the game is known: the PGN text read by the game's rules.
struct LoadPgn<'a> {
    text: &'a str,
}

impl GameVisitor for LoadPgn<'_> {
    type Output = Result<Value, String>;

    fn visit<G: HostedGame>(self) -> Result<Value, String> {
        loaded_pgn::<G>(self.text)
    }
}

/// [`LoadPgn`] for game `G`.
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
                wdl: comment.wdl.map(|w| [w.win, w.draw, w.loss]),
            }),
            None => Value::Null,
        })
        .collect();
    let start = game.record.start();
    Ok(json!({
        "variant": G::NAME,
        "start": (start.to_text() != G::start().to_text()).then(|| start.to_text()),
        "moves": game.record.move_texts(),
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
        GameJson::of(variant, moves)
    }

    #[test]
    fn pgn_round_trip() {
        let played = game("dipole", &["e1-e5", "d8-d4"]);
        let comments = [
            Some(CommentJson {
                cp: Some(35),
                depth: Some(4),
                ms: Some(100),
                wdl: Some([412, 301, 287]),
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
        assert!(text.contains("{+0.35/4 0.100s wdl 412 301 287}"), "{text}");
        assert!(!text.contains("\n[Evil"), "{text}");
        let loaded = load_pgn("duel", &text).unwrap();
        assert_eq!(loaded["variant"], "dipole");
        assert_eq!(loaded["moves"], json!(["e1-e5", "d8-d4"]));
        assert_eq!(
            loaded["comments"][0],
            json!({"cp": 35, "depth": 4, "ms": 100, "wdl": [412, 301, 287]})
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
        // An unknown game is refused before the date, the date before a move.
        let names = PgnNames {
            white: "a",
            black: "b",
            time_control: None,
            date: Some("2026-11-26"),
        };
        let err = game_pgn(&game("chess", &[]), &[], &names).unwrap_err();
        assert!(err.starts_with("unknown variant 'chess'"), "{err}");
        let err = game_pgn(&game("duel", &["Z9"]), &[], &names).unwrap_err();
        assert!(err.contains("YYYY.MM.DD"), "{err}");
    }
}
