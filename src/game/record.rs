//! A game in progress: the start position, the moves played and every position since, with the rules'
//! end-of-game verdict (including the tournament draw rules, which need the history).

use super::{Game, MoveList, Side, Termination};

/// A game from a start position through a sequence of legal moves.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    positions: Vec<G>,
    keys: Vec<u64>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameRecord<G> {
    /// A game that starts at `start`.
    pub fn new(start: G) -> Self {
        GameRecord {
            keys: vec![start.hash()],
            positions: vec![start],
            moves: Vec::new(),
        }
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
