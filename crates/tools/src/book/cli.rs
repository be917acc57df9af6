//! The command-line arguments of `duel book`, checked into a [`BookTask`]: make a book, re-verify
//! an existing one, or check one against its header.

use super::header::{BookScale, BookSettings, Verification};
use super::task::{BookTask, deeper_than_the_book};
use crate::cli_error::CliError;
use crate::tool::{Call, Tool, finished};
use clap::Args;
use duel_rules::games::HostedGame;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The window of a book when `--window` is not given, on the common scale: half its 100 (a 75 %
/// expected result at the game's typical middle game).
pub const DEFAULT_WINDOW: u32 = 50;

/// The seed of a book when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 1;

/// `duel book`: make a balanced opening book.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// Random plies from the start position (at least 1).
    #[arg(long)]
    pub plies: Option<u32>,
    /// Positions wanted (at least 1).
    #[arg(long)]
    pub count: Option<usize>,
    /// The depth of the search that scores each position.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The node budget of that search (with --depth: whichever ends it first).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The largest score for the side to move, either sign, of a kept position, in centipawns of
    /// the common scale the engine reports in (100: a 75% expected result at the game's typical
    /// middle game) [default: 50].
    #[arg(long)]
    pub window: Option<u32>,
    /// The book file to write (the match runner's openings format).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Seed of the random play [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,
    /// The depth of the verification: a deeper search that re-scores every kept position and drops
    /// those it finds a forced result in (deeper than --depth).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub verify_depth: Option<u32>,
    /// The node budget of the verification (with --verify-depth: whichever ends it first).
    #[arg(long)]
    pub verify_nodes: Option<u64>,
    /// Also drop a position the verification scores outside ± this, either sign, on the scale of
    /// --window (default: only a forced result drops one).
    #[arg(long)]
    pub verify_window: Option<u32>,
    /// The verification evaluates with the game's embedded net (default: with the hand-written
    /// evaluation, as the book's own search always does).
    #[arg(long)]
    pub verify_net: bool,
    /// Re-verify this existing book by --verify-depth/--verify-nodes and write the openings it keeps,
    /// in their order, to --out (the book's other settings are its header's).
    #[arg(long, value_name = "BOOK")]
    pub reverify: Option<PathBuf>,
    /// Check this book against its header: every opening by the book's search, and by its
    /// verification when the header names one; the only other option it takes is --variant.
    #[arg(long, value_name = "BOOK")]
    pub check: Option<PathBuf>,
}

impl BookArgs {
    /// The task for the game `variant`; errors name the argument.
    pub fn task(&self, variant: &str) -> Result<BookTask, String> {
        if let Some(book) = &self.check {
            return self.check_task(book);
        }
        let verification = self.verification()?;
        let out = self
            .out
            .clone()
            .ok_or("give --out FILE, the book to write")?;
        if let Some(book) = &self.reverify {
            return self.reverify_task(book, verification, out);
        }
        self.make_settings(variant, verification, out)
            .map(BookTask::Make)
    }

    /// The first option given of those that set how a book is made.
    fn book_option(&self) -> Option<&'static str> {
        [
            ("--plies", self.plies.is_some()),
            ("--count", self.count.is_some()),
            ("--depth", self.depth.is_some()),
            ("--nodes", self.nodes.is_some()),
            ("--window", self.window.is_some()),
            ("--seed", self.seed.is_some()),
        ]
        .into_iter()
        .find_map(|(name, given)| given.then_some(name))
    }

    /// `--check book`, which takes every setting from the book's header.
    fn check_task(&self, book: &Path) -> Result<BookTask, String> {
        let verify_option = [
            ("--out", self.out.is_some()),
            ("--verify-depth", self.verify_depth.is_some()),
            ("--verify-nodes", self.verify_nodes.is_some()),
            ("--verify-window", self.verify_window.is_some()),
            ("--reverify", self.reverify.is_some()),
        ]
        .into_iter()
        .find_map(|(name, given)| given.then_some(name));
        if let Some(name) = self.book_option().or(verify_option) {
            return Err(format!(
                "--check takes the settings from the book's header: drop {name}"
            ));
        }
        Ok(BookTask::Check(book.to_path_buf()))
    }

    /// `--reverify book`, which takes the book's settings from its header and needs a verification.
    fn reverify_task(
        &self,
        book: &Path,
        verification: Option<Verification>,
        out: PathBuf,
    ) -> Result<BookTask, String> {
        if let Some(name) = self.book_option() {
            return Err(format!(
                "--reverify takes the book's settings from its header: drop {name}"
            ));
        }
        let verification =
            verification.ok_or("--reverify needs --verify-depth or --verify-nodes")?;
        Ok(BookTask::Reverify {
            book: book.to_path_buf(),
            verification,
            out,
        })
    }

    /// The settings of a new book.
    fn make_settings(
        &self,
        variant: &str,
        verification: Option<Verification>,
        out: PathBuf,
    ) -> Result<BookSettings, String> {
        let plies = self.plies.ok_or("give --plies N, the random plies")?;
        let count = self.count.ok_or("give --count N, the positions wanted")?;
        if plies == 0 {
            return Err("--plies must be at least 1".to_string());
        }
        if count == 0 {
            return Err("--count must be at least 1".to_string());
        }
        if self.nodes == Some(0) {
            return Err("--nodes must be at least 1".to_string());
        }
        if self.depth.is_none() && self.nodes.is_none() {
            return Err("give --depth or --nodes (or both)".to_string());
        }
        let settings = BookSettings {
            variant: variant.to_ascii_lowercase(),
            plies,
            count,
            depth: self.depth,
            nodes: self.nodes,
            window: self.window.unwrap_or(DEFAULT_WINDOW),
            scale: BookScale::Common,
            seed: self.seed.unwrap_or(DEFAULT_SEED),
            verification,
            out,
        };
        deeper_than_the_book(&settings)?;
        Ok(settings)
    }

    /// The verification the `--verify-…` options ask for, if any.
    fn verification(&self) -> Result<Option<Verification>, String> {
        if self.verify_nodes == Some(0) {
            return Err("--verify-nodes must be at least 1".to_string());
        }
        if self.verify_depth.is_none() && self.verify_nodes.is_none() {
            if self.verify_window.is_some() || self.verify_net {
                return Err(format!(
                    "{} needs --verify-depth or --verify-nodes",
                    if self.verify_net {
                        "--verify-net"
                    } else {
                        "--verify-window"
                    }
                ));
            }
            return Ok(None);
        }
        Ok(Some(Verification {
            depth: self.verify_depth,
            nodes: self.verify_nodes,
            window: self.verify_window,
            net: self.verify_net,
        }))
    }
}

impl Tool for BookArgs {
    type Settings = BookTask;

    fn settings(&self, call: &Call<'_>) -> Result<BookTask, String> {
        self.task(call.variant)
    }

    fn run<G: HostedGame>(task: &BookTask) -> Result<ExitCode, CliError> {
        finished(super::run::<G>(task))
    }
}
