//! Why a match's results are refused ([`super::MatchResults::check`]) or not merged with another
//! file's ([`super::MatchResults::combine`]): counts that cannot be, a shard set refused, another
//! game, or shards of another match. A merge's message speaks of the file merged ("it") and the
//! files before it.

use std::fmt;

/// Why results were refused or not merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultsError {
    /// The shard set is not well formed, or the shards cannot be merged (the shards' own message).
    Shards(String),
    /// A pairing does not name two different engines.
    SameEngines {
        /// The first engine.
        first: String,
        /// The second.
        second: String,
    },
    /// A pairing counts more pairs than its games allow.
    TooManyPairs {
        /// The first engine.
        first: String,
        /// The second.
        second: String,
        /// The pairs counted.
        pairs: u64,
        /// The games counted.
        games: u64,
    },
    /// A pairing counts more split pairs than pairs scoring 1.
    TooManySplitPairs {
        /// The first engine.
        first: String,
        /// The second.
        second: String,
    },
    /// The terminations counted are not as many as the games.
    TerminationCount {
        /// The terminations counted.
        ended: u64,
        /// The games counted.
        games: u64,
    },
    /// A sum of the counts (a pairing's games or pairs, all the games, the terminations, or those
    /// of a merge) does not fit in 64 bits.
    CountTooLarge,
    /// The file merged is of another game.
    OtherGame {
        /// Its game.
        found: String,
        /// The game of the files before it.
        expected: String,
    },
    /// The file merged is a shard of a match with another seed.
    OtherSeed {
        /// Its seed.
        found: Option<u64>,
        /// The seed of the files before it.
        expected: Option<u64>,
    },
    /// The file merged is a shard of a match with other settings.
    OtherSettings {
        /// Its settings' fingerprint.
        found: Option<String>,
        /// That of the files before it.
        expected: Option<String>,
    },
    /// The file merged is a whole run, the files before it shards.
    WholeRunAfterShards,
    /// The file merged is a shard, the files before it whole runs.
    ShardAfterWholeRuns,
}

/// A seed as a message gives it: `(none)` for none.
fn seed_text(seed: Option<u64>) -> String {
    seed.map_or_else(|| "(none)".to_string(), |s| s.to_string())
}

impl fmt::Display for ResultsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultsError::Shards(reason) => f.write_str(reason),
            ResultsError::SameEngines { first, second } => write!(
                f,
                "a pairing of '{first}' and '{second}': two different engines are needed"
            ),
            ResultsError::TooManyPairs {
                first,
                second,
                pairs,
                games,
            } => write!(
                f,
                "{first} vs {second}: {pairs} pairs need more than the {games} games counted"
            ),
            ResultsError::TooManySplitPairs { first, second } => write!(
                f,
                "{first} vs {second}: more split pairs than pairs scoring 1"
            ),
            ResultsError::TerminationCount { ended, games } => {
                write!(f, "{ended} terminations are counted for {games} games")
            }
            ResultsError::CountTooLarge => {
                f.write_str("counts too large: a sum of them does not fit in 64 bits")
            }
            ResultsError::OtherGame { found, expected } => write!(
                f,
                "it holds results of {found}, the files before it of {expected}"
            ),
            ResultsError::OtherSeed { found, expected } => write!(
                f,
                "it is a shard of the match with --seed {}, the files before it of --seed {}",
                seed_text(*found),
                seed_text(*expected)
            ),
            ResultsError::OtherSettings { found, expected } => write!(
                f,
                "its settings (fingerprint {}) differ from those of the files before it ({}): \
                 the shards of one match share one command line",
                found.as_deref().unwrap_or("none"),
                expected.as_deref().unwrap_or("none")
            ),
            ResultsError::WholeRunAfterShards => f.write_str(
                "it is a whole run, the files before it shards of a split match: merge the shards \
                 on their own",
            ),
            ResultsError::ShardAfterWholeRuns => f.write_str(
                "it is a shard of a split match, the files before it whole runs: merge the shards \
                 on their own",
            ),
        }
    }
}

impl std::error::Error for ResultsError {}
