//! UGI's `query`: questions about the game, answered `response <answer>`.
//!
//! The answers follow the rules' verdict on the whole game record, not on the last position alone: a
//! threefold repetition needs the history that `position … moves` built.

use super::command::Query;
use super::dialect::result_word;
use duel_rules::game::{Game, GameRecord, Side, Termination};

/// The `response …` line for `query` in `record`.
pub fn answer<G: Game>(query: Query, record: &GameRecord<G>) -> String {
    let termination: Option<Termination> = match query {
        Query::P1Turn => None,
        Query::GameOver | Query::Result => record.termination(),
    };
    let word = match query {
        Query::P1Turn => bool_word(record.side_to_move() == Side::White),
        Query::GameOver => bool_word(termination.is_some()),
        Query::Result => result_word(termination.map(Termination::outcome)),
    };
    format!("response {word}")
}

fn bool_word(value: bool) -> &'static str {
    if value { "true" } else { "false" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;

    #[test]
    fn start_position() {
        let record = GameRecord::new(Duel::start());
        assert_eq!(answer(Query::P1Turn, &record), "response true");
        assert_eq!(answer(Query::GameOver, &record), "response false");
        assert_eq!(answer(Query::Result, &record), "response none");
    }

    #[test]
    fn threefold_repetition_needs_the_history() {
        let mut record = GameRecord::new(Duel::start());
        // Both kings step out and back twice: the start position occurs for the third time.
        for _ in 0..2 {
            for text in ["E1-E2", "E8-E7", "E2-E1", "E7-E8"] {
                record.play_text(text).unwrap();
            }
        }
        assert_eq!(answer(Query::GameOver, &record), "response true");
        assert_eq!(answer(Query::Result, &record), "response draw");
        assert_eq!(answer(Query::P1Turn, &record), "response true");
        // The same position without its history is a fresh game.
        let fresh = GameRecord::new(*record.current());
        assert_eq!(answer(Query::Result, &fresh), "response none");
    }
}
