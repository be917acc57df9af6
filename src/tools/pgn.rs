//! PGN for every hosted game: a writer used by `duel match` (and `duel play`) and a reader that
//! replays the moves with the game's own rules.
//!
//! Moves are written in the game's own notation, numbered as in chess (`1. D1-e6 E8-E7 2. …`), with
//! an optional `{comment}` after each move. Tags follow the Seven Tag Roster, then Variant, FEN and
//! SetUp (when the game did not start from the start position), TimeControl, Termination, PlyCount.

use crate::game::{Game, GameRecord, Side};
use std::fmt;

/// One game as PGN holds it.
#[derive(Clone, Debug)]
pub struct PgnGame<G: Game> {
    /// Tags in order, e.g. `("White", "duel")`.
    pub tags: Vec<(String, String)>,
    /// The moves from the start position (the FEN tag's, if any).
    pub record: GameRecord<G>,
    /// The comment after each move, if any.
    pub comments: Vec<Option<String>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl<G: Game> PgnGame<G> {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The tags that describe a game's context; the writer adds the rest from the record.
#[derive(Clone, Debug, Default)]
pub struct GameTags {
    /// Event.
    pub event: String,
    /// Site.
    pub site: String,
    /// Date as `YYYY.MM.DD`.
    pub date: String,
    /// Round.
    pub round: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// TimeControl (`-` when none; `?` when the sides' clocks differ).
    pub time_control: String,
    /// WhiteTimeControl and BlackTimeControl, written only when the sides play under different clocks
    /// (time odds).
    pub side_time_controls: Option<[String; 2]>,
    /// Termination.
    pub termination: String,
}

/// Today's date as the Date tag writes it, `YYYY.MM.DD` (UTC), from the system clock.
pub fn today() -> String {
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
    tag("Termination", &tags.termination);
    tag("PlyCount", &record.moves().len().to_string());
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut number = 1;
    let black_first = start.side_to_move() == Side::Black;
    for (i, (pos, &mv)) in record.positions().iter().zip(record.moves()).enumerate() {
        let white_moves = pos.side_to_move() == Side::White;
        if white_moves {
            tokens.push(format!("{number}."));
        } else if i == 0 && black_first {
            tokens.push(format!("{number}..."));
        }
        tokens.push(pos.format_move(mv));
        if let Some(Some(text)) = comments.get(i) {
            tokens.push(format!("{{{}}}", text.replace('}', ")")));
        }
        if !white_moves {
            number += 1;
        }
    }
    if let Some(text) = final_comment {
        tokens.push(format!("{{{}}}", text.replace('}', ")")));
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
                *last = Some(comment);
            }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;

    #[test]
    fn writes_and_reads_back_a_game_with_comments() {
        let mut record = GameRecord::new(Duel::start());
        for mv in ["D1-e6", "E8-E7", "E1-E2"] {
            record.play_text(mv).unwrap();
        }
        let comments = vec![
            Some("+0.35/4 0.100s".to_string()),
            None,
            Some("a }brace".into()),
        ];
        let tags = GameTags {
            white: "alpha \"a\"".into(),
            black: "beta".into(),
            termination: "adjudication".into(),
            ..GameTags::default()
        };
        let text = write(&tags, &record, &comments, "1/2-1/2", Some("draw"));
        assert!(
            text.contains("1. D1-e6 {+0.35/4 0.100s} E8-E7 2. E1-E2 {a )brace} {draw} 1/2-1/2")
        );
        let games = read::<Duel>(&text).unwrap();
        assert_eq!(games.len(), 1);
        let game = &games[0];
        assert_eq!(game.record.moves(), record.moves());
        assert_eq!(game.tag("White"), Some("alpha \"a\""));
        assert_eq!(game.tag("PlyCount"), Some("3"));
        assert_eq!(game.result, "1/2-1/2");
        assert_eq!(game.comments[0].as_deref(), Some("+0.35/4 0.100s"));
    }

    #[test]
    fn a_set_up_position_gets_fen_tags_and_black_first_numbering() {
        let start = Duel::from_text("bK8/9/9/9/9/9/9/8wK b 0 7").unwrap();
        let mut record = GameRecord::new(start);
        record.play_text("A8-B8").unwrap();
        let text = write(&GameTags::default(), &record, &[], "*", None);
        assert!(
            text.contains("[SetUp \"1\"]") && text.contains("1... a8-b8 *"),
            "{text}"
        );
        let games = read::<Duel>(&text).unwrap();
        assert_eq!(
            games[0].record.current().to_text(),
            record.current().to_text()
        );
    }

    #[test]
    fn dates_are_civil() {
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.starts_with("20"));
    }

    #[test]
    fn illegal_moves_and_truncated_games_are_errors() {
        let err = read::<Duel>("[Event \"x\"]\n\n1. D1-D6 *\n").unwrap_err();
        assert!(err.reason.contains("D1-D6"), "{err}");
        assert!(read::<Duel>("1. D1-e6").is_err());
        assert!(read::<Duel>("[Event x]\n1. D1-e6 *").is_err());
    }
}
