//! How a game ends, and why.

use super::Side;
use std::fmt;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given side won.
    Win(Side),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The result as a PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            Outcome::Win(Side::White) => "1-0",
            Outcome::Win(Side::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// The outcome a PGN result names (`1-0`, `0-1`, `1/2-1/2`); `None` for `*` or anything else.
    pub fn from_pgn(result: &str) -> Option<Outcome> {
        [
            Outcome::Win(Side::White),
            Outcome::Win(Side::Black),
            Outcome::Draw,
        ]
        .into_iter()
        .find(|outcome| outcome.pgn() == result)
    }

    /// The score of `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score_for(self, side: Side) -> f64 {
        match self {
            Outcome::Win(winner) if winner == side => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

/// Why a game ended: the outcome plus the rule that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// A game-specific winning condition shown by the position itself.
    Goal {
        /// Who won.
        winner: Side,
        /// How, in words (`Game::GOAL`).
        how: &'static str,
    },
    /// The side to move had no legal move (Duel: DUEL-MATT or enclosure).
    NoLegalMove {
        /// Who had to move and could not.
        stuck: Side,
        /// What having no move means in this game.
        outcome: Outcome,
    },
    /// The same position occurred for the third time with the same side to move.
    Repetition,
    /// Too many consecutive plies without an irreversible move (Duel: 100 plies without capture).
    QuietPlies,
}

impl Termination {
    /// The game result this termination gives.
    pub fn outcome(self) -> Outcome {
        match self {
            Termination::Goal { winner, .. } => Outcome::Win(winner),
            Termination::NoLegalMove { outcome, .. } => outcome,
            Termination::Repetition | Termination::QuietPlies => Outcome::Draw,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Goal { winner, how } => write!(f, "{winner} wins: {how}"),
            Termination::NoLegalMove { stuck, .. } => write!(f, "{stuck} has no legal move"),
            Termination::Repetition => f.write_str("threefold repetition"),
            Termination::QuietPlies => f.write_str("too many plies without capture"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_results_read_back() {
        for outcome in [
            Outcome::Win(Side::White),
            Outcome::Win(Side::Black),
            Outcome::Draw,
        ] {
            assert_eq!(Outcome::from_pgn(outcome.pgn()), Some(outcome));
        }
        assert_eq!(Outcome::from_pgn("*"), None);
        assert_eq!(Outcome::from_pgn("1-1"), None);
    }
}
