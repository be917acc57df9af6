//! How games are written down, for every tool that plays or reads them and for the page's rules
//! service: PGN ([`pgn`]: the reader, the writer, the Termination tag, an engine's move comments),
//! how a game ended ([`game_end`]: the rules' verdict, adjudication, an engine's fault, a flag fallen,
//! and that end written into a game's PGN), and a game's review in numbers ([`review`]: lichess's
//! judgments of a move's loss and its accuracy, from expected results in percent).
//!
//! It knows no tool and builds for the browser too. `game_end` writes with `pgn`; `pgn` knows nothing
//! of why a game ended beyond its tag; `review` knows neither, only numbers and sides.

pub mod game_end;
pub mod pgn;
pub mod review;
