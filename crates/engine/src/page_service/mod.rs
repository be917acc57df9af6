//! The page's service: the JSON messages between the browser page and whatever hosts it
//! ([`messages`], listed in `docs/gui.md`), and the answers to its questions about the rules
//! ([`rules`]: a position's board, legal moves, announcement and end; [`pgn`]: a game as PGN and
//! back; [`review`]: a game's moves judged and each side's accuracy, from the page's engine's
//! searches).
//!
//! Two hosts answer the page with it: `duel gui`'s server (`tools::gui`, which also relays the page's
//! engine lines to an engine process) and the browser build's Web Worker (the `duel-web` crate, which runs the
//! engine itself). So it sits below the tools and builds for the browser too.

pub mod messages;
pub mod pgn;
pub mod review;
pub mod rules;
