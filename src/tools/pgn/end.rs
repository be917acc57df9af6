//! Why a game ended, for every tool that plays or reads games: `duel match` (which knows every way),
//! `duel play` (the rules, or a flag falling) and `duel tune` (which leaves out games lost by a fault).

use super::TerminationTag;
use crate::game::{Outcome, Side, Termination};
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
