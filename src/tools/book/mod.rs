//! `duel book`: balanced opening books. Seeded random play to a fixed number of plies, each new
//! position scored by the engine's search at a fixed depth (or node budget), kept when the score for
//! the side to move lies within a window; the result is the match runner's openings file, one
//! `startpos moves …` per line with its score as a comment. The books shipped in `books/` are embedded
//! ([`shipped`]) and are `duel match`'s default openings.
//!
//! Duplicates are dropped by the Zobrist key of the final position. The [`crate::game::Game`] trait
//! offers no symmetry (mirror or colour swap) of a position, so positions that are mirror images of
//! each other both stay.

mod cli;
mod generate;
mod header;
mod scoring;
mod shipped;
mod verify;

pub use cli::BookArgs;
pub use generate::{Book, BookLine, Rejections, generate};
pub use header::BookSettings;
pub use scoring::{Verdict, score_opening};
pub use shipped::shipped;
pub use verify::{VerifiedBook, verify};
