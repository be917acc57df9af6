//! Command-line tools built on the engine and the protocol: the match runner (`matches`), the
//! opening-book maker (`book`), self-play training data (`datagen`) and the trainer of nets (`train`),
//! terminal play (`play`), the browser page's server (`gui`), the evaluation tuner (`tune`), the engine
//! processes the match runner and the page start (`engine_process`), and the vocabulary several
//! tools share: openings (`openings`), shards of a run split over machines (`shard`), time controls
//! and the command-line errors.
//!
//! Native only (the `native` feature): the browser build needs none of it. What the tools share with
//! the browser build sits in the layers below: PGN and how a game ended in [`crate::record`], the
//! page's messages and rules service in [`crate::page_service`].
//!
//! No function here is longer than 60 lines of code (the crate's limit is 100, `clippy.toml`): a
//! tool is orchestration, and a long one hides its steps. Clippy reads one threshold per crate, so
//! `.ci/run` checks this one in a second pass, `CLIPPY_CONF_DIR=src/tools cargo clippy --lib
//! --bins -- -D warnings -A clippy::too_many_lines`: it reads `src/tools/clippy.toml` (60), and the
//! `warn` below, being in the source, outranks that command line's `allow` here only.
#![warn(clippy::too_many_lines)]

pub mod book;
pub mod cli_error;
pub mod datagen;
pub mod engine_process;
pub mod gui;
pub mod matches;
pub mod openings;
pub mod play;
pub mod shard;
pub mod tablebase;
pub mod time_control;
pub mod train;
pub mod tune;
