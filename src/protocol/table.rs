//! The engine owns one transposition table, sized by the `Hash` option, emptied by `ucinewgame` and
//! `Clear Hash`, and lent to each search for its duration (moved to the worker thread and handed back
//! when the search ends, so no lock is held while searching).

pub use crate::search::TranspositionTable as Table;
