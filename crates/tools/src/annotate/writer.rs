//! An annotated game in PGN: the game's own tags with the review's set, then each move with its
//! mark (`?!`, `?`, `??`), its comment and, for a marked move, the engine's line as a variation.
//!
//! Each reviewed move's comment starts as the match runner's engine comments do, with the score
//! from the mover's point of view, the depth and the chances that score gives ([`MoveComment`],
//! `+0.35/12 wdl 412 301 287`), so that the readers of those comments (`duel tune`, the page) find
//! them; then the mover's expected result after the move in percent, and for a marked move the
//! verdict and the better move: `{-1.20/12 wdl 480 0 520, 48%. Mistake: 62% → 48%. Best was E1-E2.}`.
//! A move that ends the game has no search after it: its comment is the result's percentage alone. Black's moves are numbered again after a
//! comment or a variation (`12... E8-E7`), as PGN's export format has it.

use super::review::{GameReview, MoveReview, PositionVerdict};
use duel_engine::search::{Score, on_common_scale};
use duel_rules::game::{Game, Side, is_legal};
use duel_rules::games::HostedGame;
use duel_rules::record::pgn::{MoveComment, PgnGame};

/// The most moves of the engine's line written in a variation.
pub const MAX_LINE_PLIES: usize = 10;

/// `game` with its `review`, its tags set to `tags` (each replacing the game's tag of its name, or
/// added after them), as PGN ending with a blank line.
pub fn write<G: HostedGame>(
    game: &PgnGame<G>,
    review: &GameReview<G::Move>,
    tags: &[(String, String)],
) -> String {
    let mut all = game.tags.clone();
    for (name, value) in tags {
        match all.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1.clone_from(value),
            None => all.push((name.clone(), value.clone())),
        }
    }
    let mut out = String::new();
    for (name, value) in &all {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
    let mut tokens = move_tokens(game, review);
    if let Some(text) = &game.final_comment {
        tokens.push(comment_token(text));
    }
    tokens.push(game.result.clone());
    out.push_str(&wrapped(&tokens));
    out.push_str("\n\n");
    out
}

/// The tokens of the moves: numbers, moves with their marks, comments and variations.
fn move_tokens<G: HostedGame>(game: &PgnGame<G>, review: &GameReview<G::Move>) -> Vec<String> {
    let record = &game.record;
    let mut tokens = Vec::new();
    let mut number = 1;
    // Black's move is numbered at the start and after a comment or a variation.
    let mut aside = true;
    for (index, (position, &mv)) in record.positions().iter().zip(record.moves()).enumerate() {
        let moved = review.moves.get(index);
        let white = position.side_to_move() == Side::White;
        if white || aside {
            tokens.push(number_token(number, white));
        }
        let mark = moved.and_then(|m| m.judgment).map_or("", |j| j.mark());
        tokens.push(format!("{}{mark}", position.format_move(mv)));
        let comment = match moved {
            Some(moved) => Some(review_comment::<G>(
                moved,
                &review.positions[index],
                &review.positions[index + 1],
                position,
            )),
            None => game.comments.get(index).cloned().flatten(),
        };
        aside = comment.is_some();
        tokens.extend(comment.map(|text| comment_token(&text)));
        let judged = moved.is_some_and(|m| m.judgment.is_some());
        if judged && let Some(searched) = &review.positions[index].searched {
            tokens.extend(variation(position, &searched.line, number));
            aside = true;
        }
        if !white {
            number += 1;
        }
    }
    tokens
}

/// `12.` before White's move, `12...` before Black's.
fn number_token(number: u32, white: bool) -> String {
    if white {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// The comment of a reviewed move (see the module's documentation).
fn review_comment<G: HostedGame>(
    moved: &MoveReview<G::Move>,
    before: &PositionVerdict<G::Move>,
    after: &PositionVerdict<G::Move>,
    position: &G,
) -> String {
    let mut text = String::new();
    if let Some(searched) = &after.searched {
        let (score, wdl) = if after.side == moved.mover {
            (searched.score, searched.wdl)
        } else {
            (negated(searched.score), searched.wdl.flipped())
        };
        let comment = MoveComment {
            score: Some(on_common_scale::<G>(score)),
            depth: Some(searched.depth),
            time: None,
            wdl: Some(wdl),
        };
        // The comma keeps the percentage apart from the chances' last number.
        text.push_str(&format!("{comment}, "));
    }
    text.push_str(&format!("{:.0}%", moved.after));
    if let Some(judgment) = moved.judgment {
        text.push_str(&format!(
            ". {}: {:.0}% → {:.0}%.",
            judgment.name(),
            moved.before,
            moved.after
        ));
        if let Some(best) = &before.searched {
            text.push_str(&format!(
                " Best was {}.",
                position.format_move(best.line[0])
            ));
        }
    }
    text
}

/// The same score from the other side's point of view.
fn negated(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(-cp),
        Score::Mate(moves) => Score::Mate(-moves),
    }
}

/// The engine's `line` from `position` (move `number`) as a variation's tokens: `(12. E1-E2`,
/// `E8-E7`, `13.`, `F1-F2)`; at most [`MAX_LINE_PLIES`] moves, up to the first that is not legal.
fn variation<G: Game>(position: &G, line: &[G::Move], mut number: u32) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut current = position.clone();
    for &mv in line.iter().take(MAX_LINE_PLIES) {
        if !is_legal(&current, mv) {
            break;
        }
        let white = current.side_to_move() == Side::White;
        if white || tokens.is_empty() {
            tokens.push(number_token(number, white));
        }
        tokens.push(current.format_move(mv));
        if !white {
            number += 1;
        }
        current = current.make_move(mv);
    }
    if let Some(first) = tokens.first_mut() {
        first.insert(0, '(');
    }
    if let Some(last) = tokens.last_mut() {
        last.push(')');
    }
    tokens
}

/// A comment in braces (a closing brace inside it becomes a parenthesis, as the writer has it).
fn comment_token(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// `tokens` joined by spaces in lines under 80 characters (a longer token on a line of its own).
fn wrapped(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::annotate::review::Searched;
    use duel_rules::game::{GameRecord, Wdl};
    use duel_rules::games::Duel;
    use duel_rules::record::pgn;
    use duel_rules::record::review::Judgment;

    /// A Duel game (no draws) of three moves from the start, each position's line the game's own
    /// moves from there; its second move judged a blunder.
    fn reviewed() -> (PgnGame<Duel>, GameReview<<Duel as Game>::Move>) {
        let text = "[Event \"t\"]\n[Variant \"duel\"]\n\n1. D1-e6 E8-E7 2. E1-E2 {old} 1-0\n";
        let game = pgn::read::<Duel>(text).unwrap().remove(0);
        let record: &GameRecord<Duel> = &game.record;
        let moves = record.moves();
        let verdict = |index: usize, score: i32, expected: f64| PositionVerdict {
            side: record.positions()[index].side_to_move(),
            expected,
            searched: Some(Searched {
                score: Score::Centipawns(score),
                depth: 7,
                wdl: Wdl {
                    win: expected as u32 * 10,
                    draw: 0,
                    loss: 1000 - expected as u32 * 10,
                },
                line: moves[index.min(2)..].to_vec(),
            }),
        };
        let positions = vec![
            verdict(0, 0, 50.0),
            verdict(1, 0, 50.0),
            verdict(2, 300, 80.0),
            verdict(3, 0, 50.0),
        ];
        let judged = |index: usize, judgment: Option<Judgment>| MoveReview {
            mover: record.positions()[index].side_to_move(),
            played: moves[index],
            before: 50.0,
            after: 100.0 - positions[index + 1].expected,
            judgment,
        };
        let moves = vec![
            judged(0, None),
            judged(1, Some(Judgment::Blunder)),
            judged(2, None),
        ];
        (game, GameReview { positions, moves })
    }

    #[test]
    fn marks_comments_and_variations_are_written_and_read_back() {
        let (game, review) = reviewed();
        let tags = [
            ("Variant".to_string(), "duel".to_string()),
            ("WhiteAccuracy".to_string(), "97.5".to_string()),
        ];
        let text = write(&game, &review, &tags);
        assert!(
            text.starts_with("[Event \"t\"]\n[Variant \"duel\"]\n"),
            "{text}"
        );
        assert!(text.contains("[WhiteAccuracy \"97.5\"]\n\n1. "), "{text}");
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("1. D1-e6 {+0.00/7 wdl 500 0 500, 50%} 1... E8-E7?? {"),
            "{text}"
        );
        assert!(
            words.contains(
                "20%. Blunder: 50% → 20%. Best was E8-E7.} (1... E8-E7 2. E1-E2) 2. E1-E2"
            ),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() < 80), "{text}");
        // The score comes first, as the engines' comments have it.
        let comment = words.split("E8-E7?? {").nth(1).unwrap();
        let read = MoveComment::parse(comment).unwrap();
        assert!(
            matches!(read.score, Some(Score::Centipawns(cp)) if cp < 0),
            "{comment}"
        );
        assert_eq!(read.depth, Some(7));
        // Black's chances after its blunder, where White was to move with 80 %.
        let chances = Wdl {
            win: 200,
            draw: 0,
            loss: 800,
        };
        assert_eq!(read.wdl, Some(chances));
        // The rules' reader skips the variations and marks: the text reads back as the same game.
        let again = pgn::read::<Duel>(&text).unwrap().remove(0);
        assert_eq!(again.record.moves(), game.record.moves());
        assert_eq!(again.result, "1-0");
        assert_eq!(again.tag("WhiteAccuracy"), Some("97.5"));
    }

    #[test]
    fn lines_stay_under_80_characters() {
        let tokens: Vec<String> = (0..50).map(|i| format!("token{i}")).collect();
        let text = wrapped(&tokens);
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        assert_eq!(text.split_whitespace().count(), 50);
    }
}
