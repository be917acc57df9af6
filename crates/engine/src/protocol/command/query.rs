//! UGI's `query p1turn|gameover|result`: its syntax and errors, and the answer, `response <answer>`.
//!
//! The answers follow the rules' verdict on the whole game record, not on the last position alone: a
//! threefold repetition needs the history that `position … moves` built.

use crate::protocol::dialect::result_word;
use crate::protocol::handler::Handler;
use crate::protocol::output::quote;
use duel_rules::game::{Game, GameRecord, Side, Termination};
use duel_rules::games::HostedGame;
use std::fmt;

/// The questions of UGI's `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `p1turn`: is it player 1's (White's) turn?
    P1Turn,
    /// `gameover`: has the game ended?
    GameOver,
    /// `result`: `p1win`, `p2win`, `draw` or `none`.
    Result,
}

/// Why a `query` cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// `query` alone.
    Missing,
    /// An unknown question.
    Unknown(String),
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::Missing => f.write_str("expected 'p1turn', 'gameover' or 'result'"),
            QueryError::Unknown(text) => write!(
                f,
                "unknown question {}, expected 'p1turn', 'gameover' or 'result'",
                quote(text)
            ),
        }
    }
}

impl std::error::Error for QueryError {}

/// Reads the words after `query`.
pub(super) fn parse(args: &[&str]) -> Result<Query, QueryError> {
    match args {
        [] => Err(QueryError::Missing),
        ["p1turn"] => Ok(Query::P1Turn),
        ["gameover"] => Ok(Query::GameOver),
        ["result"] => Ok(Query::Result),
        _ => Err(QueryError::Unknown(args.join(" "))),
    }
}

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

impl<G: HostedGame> Handler<G> {
    /// `query`: the answer about the current game.
    pub(in crate::protocol) fn query(&self, query: Query) {
        self.out.line(&answer(query, self.engine.record()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::{Command, CommandError, parse as parse_line};
    use duel_rules::games::Duel;

    #[test]
    fn queries() {
        let ok = |line| parse_line(line).unwrap().unwrap();
        let err = |line| parse_line(line).unwrap_err();
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        assert_eq!(err("query"), CommandError::Query(QueryError::Missing));
        assert_eq!(
            err("query winner now"),
            CommandError::Query(QueryError::Unknown("winner now".into()))
        );
    }

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
