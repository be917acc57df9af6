//! PLACEHOLDER for the search's transposition table, until `search` provides one.
//!
//! The engine owns one table, sized by the `Hash` option, emptied by `ucinewgame` and `Clear Hash`, and
//! lent to each search for its duration (moved to the worker thread and handed back when the search
//! ends, so no lock is held while searching). When the real table lands, this file goes: `Table`
//! becomes that type, and the three methods below are the ones the engine calls.

/// Stands in for the transposition table: remembers its size and does nothing else.
#[derive(Debug)]
pub struct Table {
    #[allow(dead_code)] // Read by nothing until the real table replaces this one.
    megabytes: usize,
}

impl Table {
    /// A table of `megabytes` MB.
    pub fn new(megabytes: usize) -> Self {
        Table { megabytes }
    }

    /// Resizes to `megabytes` MB, emptying the table.
    pub fn resize(&mut self, megabytes: usize) {
        self.megabytes = megabytes;
        self.clear();
    }

    /// Empties the table.
    pub fn clear(&mut self) {}
}
