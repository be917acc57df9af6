//! The PGN Termination tag: how a game ended, in the words of the PGN standard's list.

use std::fmt;

/// The value of a PGN Termination tag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TerminationTag {
    /// Decided by the rules of the game.
    Normal,
    /// Decided by a rule of the match: resignation or draw by the engines' scores, a ply limit.
    Adjudication,
    /// A player's clock ran out.
    TimeForfeit,
    /// A player made an illegal or unreadable move.
    IllegalMove,
    /// A player stopped answering, or its process ended.
    Abandoned,
    /// The game has not ended (in progress, or stopped).
    #[default]
    Unterminated,
}

impl TerminationTag {
    /// Every tag.
    pub const ALL: [TerminationTag; 6] = [
        TerminationTag::Normal,
        TerminationTag::Adjudication,
        TerminationTag::TimeForfeit,
        TerminationTag::IllegalMove,
        TerminationTag::Abandoned,
        TerminationTag::Unterminated,
    ];

    /// The tag's text: `normal`, `time forfeit`, …
    pub fn as_str(self) -> &'static str {
        match self {
            TerminationTag::Normal => "normal",
            TerminationTag::Adjudication => "adjudication",
            TerminationTag::TimeForfeit => "time forfeit",
            TerminationTag::IllegalMove => "illegal move",
            TerminationTag::Abandoned => "abandoned",
            TerminationTag::Unterminated => "unterminated",
        }
    }

    /// The tag whose text is `text` exactly; `None` for any other text.
    pub fn parse(text: &str) -> Option<TerminationTag> {
        TerminationTag::ALL
            .into_iter()
            .find(|tag| tag.as_str() == text)
    }

    /// Whether the game was lost by a player's fault (time, an illegal move, a crash), not decided on
    /// the board or by adjudication.
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            TerminationTag::TimeForfeit | TerminationTag::IllegalMove | TerminationTag::Abandoned
        )
    }
}

impl fmt::Display for TerminationTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_written_as_the_pgn_standard_lists_them() {
        let texts: Vec<&str> = TerminationTag::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(
            texts,
            [
                "normal",
                "adjudication",
                "time forfeit",
                "illegal move",
                "abandoned",
                "unterminated"
            ]
        );
        assert_eq!(TerminationTag::TimeForfeit.to_string(), "time forfeit");
    }

    #[test]
    fn tags_read_back_and_nothing_else_is_a_tag() {
        for tag in TerminationTag::ALL {
            assert_eq!(TerminationTag::parse(tag.as_str()), Some(tag));
        }
        for text in ["", "Normal", "time  forfeit", "rules infraction", "normal "] {
            assert_eq!(TerminationTag::parse(text), None, "{text}");
        }
    }

    #[test]
    fn only_faults_are_faults() {
        let faults: Vec<TerminationTag> = TerminationTag::ALL
            .into_iter()
            .filter(|tag| tag.is_fault())
            .collect();
        assert_eq!(
            faults,
            [
                TerminationTag::TimeForfeit,
                TerminationTag::IllegalMove,
                TerminationTag::Abandoned
            ]
        );
    }
}
