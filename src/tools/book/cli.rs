//! The command-line arguments of `duel book`, checked into [`BookSettings`].

use super::header::BookSettings;
use clap::Args;
use std::path::PathBuf;

/// `duel book`: make a balanced opening book.
#[derive(Args, Debug, Clone)]
pub struct BookArgs {
    /// Random plies from the start position (at least 1).
    #[arg(long)]
    pub plies: u32,
    /// Positions wanted (at least 1).
    #[arg(long)]
    pub count: usize,
    /// The depth of the search that scores each position.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The node budget of that search (with --depth: whichever ends it first).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The largest score for the side to move, either sign, in the game's evaluation unit
    /// (centipawns for Duel), of a kept position.
    #[arg(long, default_value_t = 50)]
    pub window: u32,
    /// The book file to write (the match runner's openings format).
    #[arg(long)]
    pub out: PathBuf,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl BookArgs {
    /// The book's settings for the game `variant`; errors name the argument.
    pub fn settings(&self, variant: &str) -> Result<BookSettings, String> {
        if self.plies == 0 {
            return Err("--plies must be at least 1".to_string());
        }
        if self.count == 0 {
            return Err("--count must be at least 1".to_string());
        }
        if self.nodes == Some(0) {
            return Err("--nodes must be at least 1".to_string());
        }
        if self.depth.is_none() && self.nodes.is_none() {
            return Err("give --depth or --nodes (or both)".to_string());
        }
        Ok(BookSettings {
            variant: variant.to_ascii_lowercase(),
            plies: self.plies,
            count: self.count,
            depth: self.depth,
            nodes: self.nodes,
            window: self.window,
            seed: self.seed,
            out: self.out.clone(),
        })
    }
}
