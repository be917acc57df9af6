//! The PGN writer: tags, numbered moves with their comments, the result, lines under 80 characters.
//! How a game ended is written into it by [`crate::record::game_end::write_pgn`].

use super::GameTags;
use crate::game::{Game, GameRecord, Side};

/// Today's date as the Date tag writes it, `YYYY.MM.DD` (UTC), from the system clock; PGN's unknown
/// date `????.??.??` in the browser build, which has no wall clock (its one import is monotonic; the
/// page sends its own date instead).
pub fn today() -> String {
    if cfg!(target_arch = "wasm32") {
        return "????.??.??".to_string();
    }
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game in PGN, ending with a blank line.
pub fn write<G: Game>(
    tags: &GameTags,
    record: &GameRecord<G>,
    comments: &[Option<String>],
    result: &str,
    final_comment: Option<&str>,
) -> String {
    let mut out = tag_section(tags, record, result);
    let mut tokens = move_tokens(record, comments);
    if let Some(text) = final_comment {
        tokens.push(comment_token(text));
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + token.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// The tags of a game with result `result`, and the blank line after them.
fn tag_section<G: Game>(tags: &GameTags, record: &GameRecord<G>, result: &str) -> String {
    let mut out = String::new();
    let start = record.start();
    let mut tag =
        |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    tag("Event", &tags.event);
    tag("Site", &tags.site);
    tag("Date", &tags.date);
    tag("Round", &tags.round);
    tag("White", &tags.white);
    tag("Black", &tags.black);
    tag("Result", result);
    tag("Variant", G::NAME);
    if start.to_text() != G::start().to_text() {
        tag("FEN", &start.to_text());
        tag("SetUp", "1");
    }
    tag("TimeControl", &tags.time_control);
    if let Some([white, black]) = &tags.side_time_controls {
        tag("WhiteTimeControl", white);
        tag("BlackTimeControl", black);
    }
    tag("Termination", tags.termination.as_str());
    tag("PlyCount", &record.moves().len().to_string());
    out.push('\n');
    out
}

/// The moves in the game's notation, numbered as in chess (`1.`, or `1...` when Black moves first),
/// each followed by its comment, if any.
fn move_tokens<G: Game>(record: &GameRecord<G>, comments: &[Option<String>]) -> Vec<String> {
    let mut tokens: Vec<String> = Vec::new();
    let mut number = 1;
    let black_first = record.start().side_to_move() == Side::Black;
    for (i, (pos, &mv)) in record.positions().iter().zip(record.moves()).enumerate() {
        let white_moves = pos.side_to_move() == Side::White;
        if white_moves {
            tokens.push(format!("{number}."));
        } else if i == 0 && black_first {
            tokens.push(format!("{number}..."));
        }
        tokens.push(pos.format_move(mv));
        if let Some(Some(text)) = comments.get(i) {
            tokens.push(comment_token(text));
        }
        if !white_moves {
            number += 1;
        }
    }
    tokens
}

/// A comment in braces (a closing brace inside it becomes a parenthesis).
fn comment_token(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"));
    }
}
