//! The PGN reader: tags, moves replayed with the game's own rules, comments, the result.

use super::PgnGame;
use crate::game::{Game, GameRecord};
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

/// Reads every game of a PGN text, replaying the moves (which must be legal).
pub fn read<G: Game>(text: &str) -> Result<Vec<PgnGame<G>>, PgnError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') && movetext.trim().is_empty() {
            let err = |reason: &str| PgnError {
                game: games.len() + 1,
                reason: format!("{reason}: {line}"),
            };
            let inner = line
                .strip_prefix('[')
                .and_then(|l| l.strip_suffix(']'))
                .ok_or_else(|| err("malformed tag"))?;
            let (name, value) = inner.split_once(' ').ok_or_else(|| err("malformed tag"))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| err("tag value must be quoted"))?;
            tags.push((
                name.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
            continue;
        }
        movetext.push_str(line);
        movetext.push('\n');
        let ended = line
            .split_whitespace()
            .last()
            .is_some_and(|last| RESULTS.contains(&last));
        if ended {
            games.push(parse_game(
                std::mem::take(&mut tags),
                &movetext,
                games.len() + 1,
            )?);
            movetext.clear();
        }
    }
    if !tags.is_empty() || !movetext.trim().is_empty() {
        return Err(PgnError {
            game: games.len() + 1,
            reason: "the game has no result token at its end".to_string(),
        });
    }
    Ok(games)
}

fn parse_game<G: Game>(
    tags: Vec<(String, String)>,
    movetext: &str,
    number: usize,
) -> Result<PgnGame<G>, PgnError> {
    let err = |reason: String| PgnError {
        game: number,
        reason,
    };
    let start = match tags.iter().find(|(k, _)| k == "FEN") {
        Some((_, fen)) => G::from_text(fen).map_err(|e| err(format!("FEN tag: {e}")))?,
        None => G::start(),
    };
    let mut game = PgnGame {
        tags,
        record: GameRecord::new(start),
        comments: Vec::new(),
        final_comment: None,
        result: String::new(),
    };
    let mut rest = movetext;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Err(err("missing result".to_string()));
        }
        if let Some(after) = rest.strip_prefix('{') {
            let end = after
                .find('}')
                .ok_or_else(|| err("unclosed comment".to_string()))?;
            let comment = after[..end].trim().to_string();
            if let Some(last) = game.comments.last_mut() {
                *last = Some(comment.clone());
            }
            game.final_comment = Some(comment);
            rest = &after[end + 1..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if RESULTS.contains(&token) {
            game.result = token.to_string();
            return Ok(game);
        }
        if token
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
        {
            continue; // a move number
        }
        let ply = game.record.moves().len() + 1;
        game.record
            .play_text(token)
            .map_err(|e| err(format!("ply {ply}, '{token}': {e}")))?;
        game.comments.push(None);
        game.final_comment = None;
    }
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
        // As before, the last comment after a move is that move's comment too.
        assert_eq!(
            games[0].comments,
            [Some("white: loses on time".to_string())]
        );
    }
}
