//! A game in progress: the start position, the moves played and every position since, with the rules'
//! end-of-game verdict (including the tournament draw rules, which need the history).

use super::{Game, MoveList, Side, Termination};
use std::fmt;

/// Why a game could not be replayed from its start text and its move texts.
#[derive(Debug)]
pub enum ReplayError<G: Game> {
    /// The start text is not a position of the game.
    Start(G::PositionError),
    /// A move cannot be read, or is not legal where it is played.
    Move {
        /// Its place in the list, from 1.
        number: usize,
        /// The text given.
        text: String,
        /// Why.
        error: G::MoveError,
    },
    /// A move comes after the end of the game (only [`GameRecord::replay_live`] checks).
    AfterEnd {
        /// Its place in the list, from 1.
        number: usize,
        /// The text given.
        text: String,
        /// How the game had ended.
        termination: Termination,
    },
}

/// A game from a start position through a sequence of legal moves.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    positions: Vec<G>,
    keys: Vec<u64>,
    moves: Vec<G::Move>,
}

impl<G: Game> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(e) => write!(f, "position: {e}"),
            ReplayError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} '{text}': {error}"),
            ReplayError::AfterEnd {
                number,
                text,
                termination,
            } => write!(
                f,
                "move {number} '{text}': the game is over ({termination})"
            ),
        }
    }
}

impl<G: Game> std::error::Error for ReplayError<G> {}

impl<G: Game> GameRecord<G> {
    /// A game that starts at `start`.
    pub fn new(start: G) -> Self {
        GameRecord {
            keys: vec![start.hash()],
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The game that starts from the position text `start` (the start position when `None`) and
    /// plays the move texts `moves` in order, each read and checked by the rules of the position it
    /// is played in. Moves after the end of the game are played too, as a GUI may send them.
    pub fn replay<S: AsRef<str>>(start: Option<&str>, moves: &[S]) -> Result<Self, ReplayError<G>> {
        Self::replay_checked(start, moves, false)
    }

    /// [`GameRecord::replay`] for a game that must still be going on before each move: a move after
    /// the end of the game is [`ReplayError::AfterEnd`].
    pub fn replay_live<S: AsRef<str>>(
        start: Option<&str>,
        moves: &[S],
    ) -> Result<Self, ReplayError<G>> {
        Self::replay_checked(start, moves, true)
    }

    fn replay_checked<S: AsRef<str>>(
        start: Option<&str>,
        moves: &[S],
        live: bool,
    ) -> Result<Self, ReplayError<G>> {
        let start = match start {
            Some(text) => G::from_text(text).map_err(ReplayError::Start)?,
            None => G::start(),
        };
        let mut record = GameRecord::new(start);
        for (index, text) in moves.iter().enumerate() {
            let (number, text) = (index + 1, text.as_ref());
            if live && let Some(termination) = record.termination() {
                let text = text.to_string();
                return Err(ReplayError::AfterEnd {
                    number,
                    text,
                    termination,
                });
            }
            record.play_text(text).map_err(|error| ReplayError::Move {
                number,
                text: text.to_string(),
                error,
            })?;
        }
        Ok(record)
    }

    /// The position the game started from.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    pub fn current(&self) -> &G {
        self.positions
            .last()
            .expect("a record always holds its start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The canonical texts of the moves played so far, each written in the position it was played
    /// from, first first.
    pub fn move_texts(&self) -> Vec<String> {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(position, &mv)| position.format_move(mv))
            .collect()
    }

    /// The positions so far, start first, current last.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The hash keys of the positions before the current one, oldest first.
    pub fn earlier_keys(&self) -> &[u64] {
        &self.keys[..self.keys.len() - 1]
    }

    /// Plays a move that is legal in the current position.
    pub fn play(&mut self, mv: G::Move) {
        let next = self.current().make_move(mv);
        self.keys.push(next.hash());
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Parses a move in the current position and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, G::MoveError> {
        let mv = self.current().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.positions.pop();
        self.keys.pop();
        true
    }

    /// Why the game is over, or `None` while it goes on. A decisive result takes precedence over the
    /// draws: a move that mates on the hundredth quiet ply still wins. The draws are
    /// [`Game::DRAW_RULES`]; the search scores the same ones.
    pub fn termination(&self) -> Option<Termination> {
        let position = self.current();
        if let Some(winner) = position.decided_winner() {
            return Some(Termination::Goal {
                winner,
                how: G::GOAL,
            });
        }
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return Some(Termination::NoLegalMove {
                stuck: position.side_to_move(),
                outcome: position.no_move_outcome(),
            });
        }
        let rules = G::DRAW_RULES;
        let quiet = position.quiet_plies();
        if rules.repetition_reached(self.earlier_keys(), position.hash(), quiet) {
            return Some(Termination::Repetition);
        }
        if rules.quiet_limit_reached(quiet) {
            return Some(Termination::QuietPlies);
        }
        None
    }

    /// The side to move in the current position.
    pub fn side_to_move(&self) -> Side {
        self.current().side_to_move()
    }

    /// The number of the move about to be played, counted as the PGN writer counts: from 1 at the
    /// record's start, one more after each Black move.
    pub fn move_number(&self) -> u32 {
        let black_first = u32::from(self.start().side_to_move() == Side::Black);
        (self.moves.len() as u32 + black_first) / 2 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Duel;

    #[test]
    fn move_numbers_follow_pgn() {
        let mut record = GameRecord::new(Duel::start());
        assert_eq!(record.move_number(), 1);
        record.play_text("D1-e6").unwrap();
        assert_eq!(record.move_number(), 1);
        record.play_text("E8-E7").unwrap();
        assert_eq!(record.move_number(), 2);
        let black_first = Duel::from_text("bK8/9/9/9/9/9/9/8wK b 0 7").unwrap();
        let mut record = GameRecord::new(black_first);
        assert_eq!(record.move_number(), 1);
        record.play_text("A8-B8").unwrap();
        assert_eq!(record.move_number(), 2);
    }
}
