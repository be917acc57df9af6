//! Why a game ended, for every tool that plays or reads games: `duel match` (which knows every way),
//! `duel play` and `duel gui` (the rules, or a flag falling) and `duel tune` (which leaves out games
//! lost by a fault). The rules' own verdict is [`Termination`]; this adds what only a tool decides:
//! adjudication, an engine's fault, an interrupted game. [`write_pgn`] writes a game with its end.

use crate::game::{Game, GameRecord, Outcome, Presentation, Side, Termination};
use crate::record::pgn::{self, GameTags, TerminationTag};
use std::fmt;
use std::time::Duration;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The rules decided (win, no legal move, tournament draw).
    Rules(Termination),
    /// The player of this side resigned by the `--resign` rule.
    Resigned(Side),
    /// Drawn by the `--draw` rule.
    AgreedDraw,
    /// Drawn by `--maxplies`.
    MaxPlies,
    /// The player of this side lost by default.
    Fault(Side, Fault),
    /// The match was stopped during the game; it does not count.
    Interrupted,
}

impl GameEnd {
    /// How a game that only the rules and the clocks can end stands (`duel play`, `duel gui`): lost on
    /// time by the side whose flag fell, else the rules' verdict; `None` while it goes on.
    pub fn of_record<G: Game>(record: &GameRecord<G>, flag_fell: Option<Side>) -> Option<GameEnd> {
        match flag_fell {
            Some(side) => Some(GameEnd::Fault(side, Fault::TimeForfeit)),
            None => record.termination().map(GameEnd::Rules),
        }
    }

    /// The result, or `None` for an interrupted game.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            GameEnd::Rules(t) => Some(t.outcome()),
            GameEnd::Resigned(side) | GameEnd::Fault(side, _) => {
                Some(Outcome::Win(side.opponent()))
            }
            GameEnd::AgreedDraw | GameEnd::MaxPlies => Some(Outcome::Draw),
            GameEnd::Interrupted => None,
        }
    }

    /// The PGN Termination tag.
    pub fn termination_tag(&self) -> TerminationTag {
        match self {
            GameEnd::Rules(_) => TerminationTag::Normal,
            GameEnd::Resigned(_) | GameEnd::AgreedDraw | GameEnd::MaxPlies => {
                TerminationTag::Adjudication
            }
            GameEnd::Fault(_, fault) => fault.termination_tag(),
            GameEnd::Interrupted => TerminationTag::Unterminated,
        }
    }

    /// A sentence for the record, e.g. `black: loses on time`.
    pub fn describe(&self) -> String {
        match self {
            GameEnd::Rules(t) => t.to_string(),
            GameEnd::Resigned(side) => format!("{side} resigns (adjudication)"),
            GameEnd::AgreedDraw => "draw by adjudication".to_string(),
            GameEnd::MaxPlies => "draw: ply limit reached".to_string(),
            GameEnd::Fault(side, fault) => format!("{side}: {fault}"),
            GameEnd::Interrupted => "interrupted".to_string(),
        }
    }

    /// The side and fault of a game lost by a fault, read back from the sentence
    /// [`GameEnd::describe`] wrote (`black: loses on time`); `None` for any other text.
    pub fn parse_fault(description: &str) -> Option<(Side, Fault)> {
        let (side, fault) = description.split_once(": ")?;
        let side = Side::BOTH.into_iter().find(|s| s.to_string() == side)?;
        Some((side, Fault::parse(fault)?))
    }

    /// The end in words for players, who won first and why in the game's own terms where the rules
    /// decided, e.g. "White wins: Black has no legal move (DUEL-MATT)"; `position` is where the game
    /// ended. `duel play` and `duel gui` show it.
    pub fn explain<G: Presentation>(&self, position: &G) -> String {
        let why = match self {
            GameEnd::Rules(termination) => position.describe_termination(*termination),
            GameEnd::Fault(side, Fault::TimeForfeit) => format!("{} ran out of time", side.name()),
            other => other.describe(),
        };
        match self.outcome() {
            Some(Outcome::Win(side)) => format!("{} wins: {why}", side.name()),
            Some(Outcome::Draw) => format!("Draw: {why}"),
            None => why,
        }
    }
}

/// Why a player lost by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It played an illegal or unreadable move.
    IllegalMove {
        /// What it sent.
        text: String,
        /// Why that is not a legal move.
        reason: String,
    },
    /// Its clock ran out.
    TimeForfeit,
    /// It did not finish the handshake in time (`uciok`, `ugiok`, `readyok`).
    Handshake(String),
    /// It sent no `bestmove` long after its time.
    Silent(Duration),
    /// It exited or could not be started.
    Crashed(String),
}

impl Fault {
    /// The PGN Termination tag for a game lost by this fault.
    pub fn termination_tag(&self) -> TerminationTag {
        match self {
            Fault::IllegalMove { .. } => TerminationTag::IllegalMove,
            Fault::TimeForfeit => TerminationTag::TimeForfeit,
            Fault::Handshake(_) | Fault::Silent(_) | Fault::Crashed(_) => TerminationTag::Abandoned,
        }
    }
}

impl Fault {
    /// The fault whose text is `text`, as `Display` writes it; a silence's length is read to the
    /// tenth of a second written. `None` for any other text.
    pub fn parse(text: &str) -> Option<Fault> {
        if text == "loses on time" {
            return Some(Fault::TimeForfeit);
        }
        if let Some(rest) = text.strip_prefix("illegal move '") {
            let (text, reason) = rest.split_once("': ")?;
            return Some(Fault::IllegalMove {
                text: text.to_string(),
                reason: reason.to_string(),
            });
        }
        if let Some(why) = text.strip_prefix("engine crashed: ") {
            return Some(Fault::Crashed(why.to_string()));
        }
        if let Some(seconds) = text
            .strip_prefix("no bestmove after ")
            .and_then(|rest| rest.strip_suffix(" s"))
        {
            return Duration::try_from_secs_f64(seconds.parse().ok()?)
                .ok()
                .map(Fault::Silent);
        }
        let what = text.strip_prefix("no ")?.strip_suffix(" in time")?;
        (!what.is_empty()).then(|| Fault::Handshake(what.to_string()))
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::IllegalMove { text, reason } => write!(f, "illegal move '{text}': {reason}"),
            Fault::TimeForfeit => f.write_str("loses on time"),
            Fault::Handshake(what) => write!(f, "no {what} in time"),
            Fault::Silent(waited) => {
                write!(f, "no bestmove after {:.1} s", waited.as_secs_f64())
            }
            Fault::Crashed(why) => write!(f, "engine crashed: {why}"),
        }
    }
}

/// A game in PGN with how it ended, the same for `duel match`, `duel play` and `duel gui`: the Termination tag, the result and the comment before the result
/// come from `end` (`unterminated`, `*` and no comment while the game goes on), the comment in the
/// words of `explain`. The Termination tag of `tags` is replaced.
pub fn write_pgn<G: Game>(
    tags: GameTags,
    record: &GameRecord<G>,
    comments: &[Option<String>],
    end: Option<&GameEnd>,
    explain: impl FnOnce(&GameEnd) -> String,
) -> String {
    let tags = GameTags {
        termination: end.map_or(TerminationTag::Unterminated, GameEnd::termination_tag),
        ..tags
    };
    let result = end.and_then(GameEnd::outcome).map_or("*", Outcome::pgn);
    let final_comment = end.map(explain);
    pgn::write(&tags, record, comments, result, final_comment.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_and_only_faults_have_fault_tags() {
        let faults = [
            Fault::IllegalMove {
                text: "x".into(),
                reason: "y".into(),
            },
            Fault::TimeForfeit,
            Fault::Handshake("uciok".into()),
            Fault::Silent(Duration::from_secs(1)),
            Fault::Crashed("exit 1".into()),
        ];
        for fault in faults {
            let end = GameEnd::Fault(Side::White, fault.clone());
            assert_eq!(end.termination_tag(), fault.termination_tag());
            assert!(end.termination_tag().is_fault(), "{fault:?}");
            assert_eq!(end.outcome(), Some(Outcome::Win(Side::Black)));
        }
        let others = [
            GameEnd::Rules(Termination::Repetition),
            GameEnd::Resigned(Side::Black),
            GameEnd::AgreedDraw,
            GameEnd::MaxPlies,
            GameEnd::Interrupted,
        ];
        for end in others {
            assert!(!end.termination_tag().is_fault(), "{end:?}");
        }
    }

    #[test]
    fn faults_read_back_from_their_description() {
        let faults = [
            Fault::IllegalMove {
                text: "D1-D6".into(),
                reason: "no die can roll there: it's blocked".into(),
            },
            Fault::TimeForfeit,
            Fault::Handshake("uciok".into()),
            Fault::Silent(Duration::from_millis(1500)),
            Fault::Crashed("exit status: 1".into()),
        ];
        for fault in faults {
            for side in Side::BOTH {
                let end = GameEnd::Fault(side, fault.clone());
                assert_eq!(
                    GameEnd::parse_fault(&end.describe()),
                    Some((side, fault.clone())),
                    "{}",
                    end.describe()
                );
            }
        }
        for text in [
            "",
            "white",
            "white: ",
            "draw by adjudication",
            "white resigns (adjudication)",
            "red: loses on time",
            "white: loses on time twice",
            "black: no  in time",
            "black: no bestmove after x s",
            "black: illegal move 'x",
        ] {
            assert_eq!(GameEnd::parse_fault(text), None, "{text}");
        }
    }

    #[test]
    fn every_end_has_its_tag_and_result() {
        let cases = [
            (
                GameEnd::Rules(Termination::QuietPlies),
                "normal",
                Some(Outcome::Draw),
            ),
            (
                GameEnd::Resigned(Side::White),
                "adjudication",
                Some(Outcome::Win(Side::Black)),
            ),
            (GameEnd::AgreedDraw, "adjudication", Some(Outcome::Draw)),
            (GameEnd::MaxPlies, "adjudication", Some(Outcome::Draw)),
            (
                GameEnd::Fault(Side::Black, Fault::TimeForfeit),
                "time forfeit",
                Some(Outcome::Win(Side::White)),
            ),
            (
                GameEnd::Fault(Side::White, Fault::Crashed("x".into())),
                "abandoned",
                Some(Outcome::Win(Side::Black)),
            ),
            (GameEnd::Interrupted, "unterminated", None),
        ];
        for (end, tag, outcome) in cases {
            assert_eq!(end.termination_tag().as_str(), tag, "{end:?}");
            assert_eq!(end.outcome(), outcome, "{end:?}");
        }
        assert_eq!(
            GameEnd::Fault(Side::Black, Fault::TimeForfeit).describe(),
            "black: loses on time"
        );
    }
}
