//! The PGN reader: tags, moves replayed with the game's own rules, comments, the result.

use super::PgnGame;
use crate::game::{Game, GameRecord, ReplayError};
use std::fmt;

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// What was wrong.
    pub reason: String,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN game {}: {}", self.game, self.reason)
    }
}

impl std::error::Error for PgnError {}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// One game of a PGN text as the reader cuts it, not yet read: its tag lines and its movetext.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSource<'a> {
    /// Its number in the text, from 1.
    pub number: usize,
    /// Its tag lines (`[Name "value"]`), trimmed, as written.
    pub tag_lines: Vec<&'a str>,
    /// Its movetext, a line break after each line.
    pub movetext: String,
}

impl GameSource<'_> {
    /// The value of its last tag called `name`, if it reads.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.tag_lines
            .iter()
            .rev()
            .filter_map(|line| parse_tag(line).ok())
            .find_map(|(key, value)| (key == name).then_some(value))
    }

    /// The game again as PGN text: its tag lines, a blank line, its movetext.
    pub fn text(&self) -> String {
        let mut text = String::new();
        for line in &self.tag_lines {
            text.push_str(line);
            text.push('\n');
        }
        text.push('\n');
        text.push_str(self.movetext.trim_start());
        text
    }
}

/// Cuts a PGN text into its games without reading them: tag lines while no movetext has begun,
/// then movetext up to a line that ends with a result. Text after the last result is a game of its
/// own, which [`read`] refuses for having no result. A tool that must read each game by its own
/// rules (or skip a bad one) cuts the text with this first.
pub fn split(text: &str) -> Vec<GameSource<'_>> {
    let mut games = Vec::new();
    let mut current = GameSource {
        number: 1,
        tag_lines: Vec::new(),
        movetext: String::new(),
    };
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') && current.movetext.trim().is_empty() {
            current.tag_lines.push(line);
            continue;
        }
        current.movetext.push_str(line);
        current.movetext.push('\n');
        let ended = line
            .split_whitespace()
            .last()
            .is_some_and(|last| RESULTS.contains(&last));
        if ended {
            let next = GameSource {
                number: current.number + 1,
                tag_lines: Vec::new(),
                movetext: String::new(),
            };
            games.push(std::mem::replace(&mut current, next));
        }
    }
    if !current.tag_lines.is_empty() || !current.movetext.trim().is_empty() {
        games.push(current);
    }
    games
}

/// A tag line's name and value (`[Name "value"]`, the value unescaped), or why it does not read.
pub fn parse_tag(line: &str) -> Result<(String, String), &'static str> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("malformed tag")?;
    let (name, value) = inner.split_once(' ').ok_or("malformed tag")?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or("tag value must be quoted")?;
    Ok((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Reads every game of a PGN text, replaying the moves (which must be legal).
pub fn read<G: Game>(text: &str) -> Result<Vec<PgnGame<G>>, PgnError> {
    split(text)
        .into_iter()
        .map(|source| read_one(&source))
        .collect()
}

/// Reads one game cut by [`split`]; the error names its number.
pub fn read_one<G: Game>(source: &GameSource<'_>) -> Result<PgnGame<G>, PgnError> {
    let err = |reason: String| PgnError {
        game: source.number,
        reason,
    };
    let mut tags = Vec::new();
    for line in &source.tag_lines {
        tags.push(parse_tag(line).map_err(|reason| err(format!("{reason}: {line}")))?);
    }
    if source.movetext.trim().is_empty() {
        return Err(err("the game has no result token at its end".to_string()));
    }
    let ended = source
        .movetext
        .split_whitespace()
        .last()
        .is_some_and(|last| RESULTS.contains(&last));
    if !ended {
        return Err(err("the game has no result token at its end".to_string()));
    }
    parse_game(tags, &source.movetext, source.number)
}

/// One game from its tags and movetext: the moves replayed from the FEN tag's position (or the start).
/// The first fault in the text's order is the error: a bad FEN tag, then an illegal move or broken
/// syntax, whichever comes first.
fn parse_game<G: Game>(
    tags: Vec<(String, String)>,
    movetext: &str,
    number: usize,
) -> Result<PgnGame<G>, PgnError> {
    let err = |reason: String| PgnError {
        game: number,
        reason,
    };
    let text = read_movetext(movetext);
    let fen = tags
        .iter()
        .find(|(k, _)| k == "FEN")
        .map(|(_, fen)| fen.as_str());
    let record = GameRecord::replay(fen, &text.moves).map_err(|e| {
        err(match e {
            ReplayError::Start(e) => format!("FEN tag: {e}"),
            ReplayError::Move {
                number,
                text,
                error,
            } => format!("ply {number}, '{text}': {error}"),
            other => other.to_string(),
        })
    })?;
    Ok(PgnGame {
        record,
        comments: text.comments,
        final_comment: text.final_comment,
        result: text.result.map_err(err)?,
        tags,
    })
}

/// The movetext of one game, read without the rules.
struct MoveText<'a> {
    /// The moves' texts, in order.
    moves: Vec<&'a str>,
    /// The comment after each move, if any.
    comments: Vec<Option<String>>,
    /// The comment right before the result, when no move comes between.
    final_comment: Option<String>,
    /// The result token; or why the text has none, the moves before the fault read.
    result: Result<String, String>,
}

/// Splits a movetext into moves, comments and the result, leaving out the move numbers.
fn read_movetext(movetext: &str) -> MoveText<'_> {
    let mut text = MoveText {
        moves: Vec::new(),
        comments: Vec::new(),
        final_comment: None,
        result: Ok(String::new()),
    };
    let mut rest = movetext;
    text.result = loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            break Err("missing result".to_string());
        }
        if let Some(after) = rest.strip_prefix('{') {
            let Some(end) = after.find('}') else {
                break Err("unclosed comment".to_string());
            };
            let comment = after[..end].trim().to_string();
            // A move's comment is the first after it (the engine's report, where `duel match`
            // writes one); a later one before the result is the game's final comment only.
            if let Some(last) = text.comments.last_mut()
                && last.is_none()
            {
                *last = Some(comment.clone());
            }
            text.final_comment = Some(comment);
            rest = &after[end + 1..];
            continue;
        }
        if let Some(after) = rest.strip_prefix('(') {
            match skip_variation(after) {
                Some(after) => rest = after,
                None => break Err("unclosed variation".to_string()),
            }
            continue;
        }
        if rest.starts_with(';') {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{' || c == '(')
            .unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if RESULTS.contains(&token) {
            break Ok(token.to_string());
        }
        // A move's mark (`??`, `!?`, …) is the reader's to skip: no game's notation uses them.
        let token = token.trim_end_matches(['!', '?']);
        let numeric_annotation = token.starts_with('$');
        if !token.is_empty()
            && !numeric_annotation
            && !token
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
        {
            text.moves.push(token);
            text.comments.push(None);
            text.final_comment = None;
        }
    };
    text
}

/// The text after a variation whose opening parenthesis came just before `text` (variations nest,
/// and a comment inside, `{…}` or `;` to the end of the line, may hold parentheses), or `None` when
/// it never closes.
fn skip_variation(text: &str) -> Option<&str> {
    let mut depth = 1;
    let (mut in_comment, mut in_line_comment) = (false, false);
    for (at, c) in text.char_indices() {
        match c {
            '\n' if in_line_comment => in_line_comment = false,
            _ if in_line_comment => {}
            ';' if !in_comment => in_line_comment = true,
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            '(' if !in_comment => depth += 1,
            ')' if !in_comment => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[at + 1..]);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;

    #[test]
    fn illegal_moves_and_truncated_games_are_errors() {
        let err = read::<Duel>("[Event \"x\"]\n\n1. D1-D6 *\n").unwrap_err();
        assert!(err.reason.contains("D1-D6"), "{err}");
        assert!(read::<Duel>("1. D1-e6").is_err());
        assert!(read::<Duel>("[Event x]\n1. D1-e6 *").is_err());
    }

    #[test]
    fn marks_numeric_annotations_variations_and_line_comments_are_skipped() {
        let plain = read::<Duel>("1. D1-e6 E8-E7 2. E1-E2 *\n").unwrap();
        let annotated = read::<Duel>(
            "1. D1-e6!? $1 {+0.35/4 62%} E8-E7?? {Blunder: 50% → 30%. (Best was x.)}\n\
             (1... E8-E7 {a (bracket}) (2. E1-E2 (2. E1-E3 ; a ) here\n) ) ; to the end ) (\n\
             2. E1-E2?! *\n",
        )
        .unwrap();
        assert_eq!(annotated[0].record.moves(), plain[0].record.moves());
        assert_eq!(
            annotated[0].comments[1].as_deref(),
            Some("Blunder: 50% → 30%. (Best was x.)")
        );
        let unclosed = read::<Duel>("1. D1-e6 (1. E1-E2 *\n").unwrap_err();
        assert!(unclosed.reason.contains("unclosed variation"), "{unclosed}");
    }

    #[test]
    fn the_comment_before_the_result_is_the_final_comment() {
        let games = read::<Duel>(
            "1. D1-e6 {+0.10/1 0.1s} {white: loses on time} 0-1\n\n\
             {black: no uciok in time} 1-0\n\n1. D1-e6 {+0.10/1 0.1s} E8-E7 1/2-1/2\n",
        )
        .unwrap();
        let finals: Vec<Option<&str>> = games.iter().map(|g| g.final_comment.as_deref()).collect();
        assert_eq!(
            finals,
            [
                Some("white: loses on time"),
                Some("black: no uciok in time"),
                None
            ]
        );
        // The move keeps its own comment, the engine's report; the second is the final one only.
        assert_eq!(games[0].comments, [Some("+0.10/1 0.1s".to_string())]);
    }
}
