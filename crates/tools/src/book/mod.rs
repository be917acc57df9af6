//! `duel book`: balanced opening books. Seeded random play to a fixed number of plies, each new
//! position scored by the engine's search at a fixed depth (or node budget), kept when the score for
//! the side to move lies within a window; the result is the match runner's openings file, one
//! `startpos moves …` per line with its score as a comment. The books shipped in `books/` are embedded
//! ([`crate::openings::shipped`]) and are `duel match`'s default openings.
//!
//! With a verification (`--verify-depth`, `--verify-nodes`), every kept opening is then re-scored
//! by a much deeper search and dropped when that search finds it decided ([`verify_openings`]);
//! `--reverify` does the same to an existing book file, and `--check` checks a book against its
//! header, the verification included.
//!
//! Duplicates are dropped by the Zobrist key of the final position. The [`duel_rules::game::Game`] trait
//! offers no symmetry (mirror or colour swap) of a position, so positions that are mirror images of
//! each other both stay.

mod cli;
mod contents;
mod format_error;
mod generate;
mod header;
mod read;
mod run;
mod scoring;
mod task;
mod verification;
mod verify;

pub use cli::{BookArgs, DEFAULT_SEED, DEFAULT_WINDOW};
pub use contents::{Book, BookLine, Rejections};
pub use format_error::BookFormatError;
pub use generate::generate;
pub use header::{BookScale, BookSettings, Verification};
pub use read::read_book;
pub use run::run;
pub use scoring::{Verdict, score_opening};
pub use task::{BookTask, deeper_than_the_book};
pub use verification::{Check, VERIFY_TABLE_MB, check_opening, verify_openings};
pub use verify::{DeepCheck, VerifiedBook, verify};
