//! PGN for every hosted game, and the vocabulary the tools share through it: the writer used by
//! `duel match`, `duel play` and `duel gui`, the reader that replays the moves with the game's own
//! rules (`duel play`'s `load`, `duel tune`), the Termination tag ([`TerminationTag`]), and what an
//! engine said about each move ([`MoveComment`], with its scores as [`score_text`] writes them).
//!
//! Moves are written in the game's own notation, numbered as in chess (`1. D1-e6 E8-E7 2. …`), with
//! an optional `{comment}` after each move. Tags follow the Seven Tag Roster, then Variant, FEN and
//! SetUp (when the game did not start from the start position), TimeControl, Termination, PlyCount.

mod comment;
mod reader;
mod score;
mod termination;
mod writer;

pub use comment::MoveComment;
pub use reader::{GameSource, PgnError, parse_tag, read, read_one, split};
pub use score::{parse_score, score_text};
pub use termination::TerminationTag;
pub use writer::{today, write};

use crate::game::{Game, GameRecord};

/// One game as PGN holds it.
#[derive(Clone, Debug)]
pub struct PgnGame<G: Game> {
    /// Tags in order, e.g. `("White", "duel")`.
    pub tags: Vec<(String, String)>,
    /// The moves from the start position (the FEN tag's, if any).
    pub record: GameRecord<G>,
    /// The comment after each move, if any.
    pub comments: Vec<Option<String>>,
    /// The comment right before the result, where `duel match` writes how the game ended
    /// (`black: loses on time`); `None` when a move precedes the result.
    pub final_comment: Option<String>,
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
    pub termination: TerminationTag,
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
            termination: TerminationTag::Adjudication,
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
}
