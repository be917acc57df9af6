//! What the runner asks of a player, whether an engine process or a built-in one.

use crate::game::{Game, GameRecord};
use crate::search::Score;
use std::fmt;
use std::time::Duration;

/// The limits of one move, as sent in `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest {
    /// Both clocks (White, Black), increments and moves to go, when a time control applies.
    pub clocks: Option<ClockState>,
    /// Fixed time per move.
    pub movetime: Option<Duration>,
    /// Fixed depth.
    pub depth: Option<u32>,
    /// Fixed node count.
    pub nodes: Option<u64>,
}

/// The clocks at the moment of a `go`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Time left for White and Black.
    pub remaining: [Duration; 2],
    /// Increments for White and Black.
    pub increment: [Duration; 2],
    /// Moves to the next period for the side to move.
    pub moves_to_go: Option<u32>,
}

/// A player's answer: its move as text and what it said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move as the player wrote it.
    pub text: String,
    /// The last score it reported, from its own point of view.
    pub score: Option<Score>,
    /// The last depth it reported.
    pub depth: Option<u32>,
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
    pub fn termination_tag(&self) -> &'static str {
        match self {
            Fault::IllegalMove { .. } => "illegal move",
            Fault::TimeForfeit => "time forfeit",
            Fault::Handshake(_) | Fault::Silent(_) | Fault::Crashed(_) => "abandoned",
        }
    }

    /// Whether `tag`, a PGN Termination tag, is one of [`Fault::termination_tag`]'s: the game was lost
    /// by a fault, not decided on the board or by adjudication.
    pub fn is_termination_tag(tag: &str) -> bool {
        matches!(tag, "illegal move" | "time forfeit" | "abandoned")
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

/// A player of game `G`.
pub trait Player<G: Game>: Send {
    /// Prepares for a new game (starting the engine process if needed).
    fn new_game(&mut self) -> Result<(), Fault>;
    /// Chooses a move in the current position of `record`.
    fn choose(&mut self, record: &GameRecord<G>, go: &GoRequest) -> Result<Reply, Fault>;
    /// Ends the player (quits its process).
    fn shut_down(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_tag_is_recognised_and_nothing_else() {
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
            assert!(
                Fault::is_termination_tag(fault.termination_tag()),
                "{fault:?}"
            );
        }
        for tag in ["normal", "adjudication", "unterminated"] {
            assert!(!Fault::is_termination_tag(tag), "{tag}");
        }
    }
}
