//! What can go wrong in a search without costing the answer: each fault is told to the
//! [`Listener`](super::Listener), and the answer that follows is still a legal move whenever there is
//! one.

use std::{fmt, io};

/// A fault of one search.
#[derive(Debug)]
pub enum SearchFault {
    /// No thread could be started for the search: the first legal move is the answer.
    NoThread(io::Error),
    /// The search panicked (the text of the panic): the last reported move, or else the first legal
    /// one, is the answer.
    SearchFailed(String),
    /// The search chose a move that is not legal or not among `searchmoves`: the last reported move,
    /// or else the first allowed one, is the answer.
    MoveNotAllowed,
    /// The search gave no move although there are legal moves: one of them is the answer.
    NoMove,
    /// The worker thread failed outside the search (the text of the panic): the answer is no move.
    Internal(String),
}

impl fmt::Display for SearchFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchFault::NoThread(e) => write!(
                f,
                "cannot start the search thread ({e}); playing a legal move"
            ),
            SearchFault::SearchFailed(why) => {
                write!(f, "the search failed ({why}); playing a legal move instead")
            }
            SearchFault::MoveNotAllowed => f.write_str(
                "the search chose a move that is not allowed here; playing a legal move instead",
            ),
            SearchFault::NoMove => f.write_str(
                "the search found no move although there are legal moves; playing one of them",
            ),
            SearchFault::Internal(why) => write!(f, "internal error in the search thread: {why}"),
        }
    }
}

impl std::error::Error for SearchFault {}
