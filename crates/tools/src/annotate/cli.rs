//! The command-line arguments of `duel annotate`, checked into [`AnnotateSettings`].

use super::review::SearchLimits;
use super::{AnnotateSettings, run};
use crate::cli_error::CliError;
use crate::tool::{Call, Tool, finished};
use clap::Args;
use clap::builder::PossibleValuesParser;
use duel_engine::engine::ENGINE_NAME;
use duel_rules::games::{HostedGame, VARIANTS};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// The node count of each position's search when no limit is given: a 60-move game (120 plies) of
/// the slowest game in well under a minute on one core of the development machine
/// (docs/annotate.md has the figures).
pub const DEFAULT_NODES: u64 = 100_000;

/// `duel annotate`: every game of a PGN file reviewed by the engine.
#[derive(Args, Debug, Clone)]
pub struct AnnotateArgs {
    /// The PGN file of the games to review; each game is read by the rules its Variant tag names
    /// (duel where it has none).
    pub file: PathBuf,
    /// The node count of each position's search (a soft limit, as the search checks it) [default:
    /// 100000 when neither --movetime nor --depth is given].
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The time of each position's search, in milliseconds (the review then depends on the
    /// machine's speed).
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// The depth of each position's search (with --nodes or --movetime: whichever ends it first).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// The PGN file the annotated games are written to [default: the input's name with
    /// `.annotated.pgn` for `.pgn`].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Games reviewed at once, each on a thread of its own with its own table.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Review only the games of this game (a game without a Variant tag counts as one of it); the
    /// others are skipped.
    #[arg(long, value_parser = PossibleValuesParser::new(VARIANTS))]
    pub variant: Option<String>,
}

impl AnnotateArgs {
    /// The run's settings, the file read; errors name the argument.
    pub fn settings(&self) -> Result<AnnotateSettings, String> {
        let limits = self.limits()?;
        if self.concurrency == 0 {
            return Err("--concurrency must be at least 1".to_string());
        }
        let out = self.out.clone().unwrap_or_else(|| default_out(&self.file));
        if same_file(&out, &self.file) {
            return Err(format!(
                "--out {}: that is the file to review; name another",
                out.display()
            ));
        }
        let bytes = std::fs::read(&self.file)
            .map_err(|e| format!("{}: cannot read: {e}", self.file.display()))?;
        Ok(AnnotateSettings {
            input: self.file.clone(),
            // A file in another encoding (PGN's own is Latin-1) still reads: its moves are ASCII.
            text: String::from_utf8_lossy(&bytes).into_owned(),
            annotator: format!("{ENGINE_NAME} annotate, {}", describe(&limits)),
            limits,
            out,
            concurrency: self.concurrency,
            variant: self.variant.clone(),
        })
    }

    /// The limits given, or the default node count when none is.
    fn limits(&self) -> Result<SearchLimits, String> {
        if self.nodes == Some(0) {
            return Err("--nodes must be at least 1".to_string());
        }
        if self.movetime == Some(0) {
            return Err("--movetime must be at least 1".to_string());
        }
        let none = self.nodes.is_none() && self.movetime.is_none() && self.depth.is_none();
        Ok(SearchLimits {
            nodes: if none {
                Some(DEFAULT_NODES)
            } else {
                self.nodes
            },
            movetime: self.movetime.map(Duration::from_millis),
            depth: self.depth,
        })
    }
}

/// `games.pgn` → `games.annotated.pgn`; a name without `.pgn` gets `.annotated.pgn` added.
fn default_out(input: &Path) -> PathBuf {
    let pgn = input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let mut name = if pgn {
        input.with_extension("")
    } else {
        input.to_path_buf()
    }
    .into_os_string();
    name.push(".annotated.pgn");
    PathBuf::from(name)
}

/// Whether `a` and `b` name one existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The limits in words, for the Annotator tag: `100000 nodes`, `depth 12, 500 ms`.
fn describe(limits: &SearchLimits) -> String {
    let mut words = Vec::new();
    if let Some(nodes) = limits.nodes {
        words.push(format!("{nodes} nodes"));
    }
    if let Some(depth) = limits.depth {
        words.push(format!("depth {depth}"));
    }
    if let Some(time) = limits.movetime {
        words.push(format!("{} ms", time.as_millis()));
    }
    format!("{} a position", words.join(", "))
}

/// The games name their game themselves: the run is the same for whichever game `--variant`'s
/// default hands it.
impl Tool for AnnotateArgs {
    type Settings = AnnotateSettings;

    fn settings(&self, _: &Call<'_>) -> Result<AnnotateSettings, String> {
        self.settings()
    }

    fn run<G: HostedGame>(settings: &AnnotateSettings) -> Result<ExitCode, CliError> {
        finished(run(settings, &mut std::io::stdout().lock()).map(|_| ()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(file: &str) -> AnnotateArgs {
        AnnotateArgs {
            file: PathBuf::from(file),
            nodes: None,
            movetime: None,
            depth: None,
            out: None,
            concurrency: 1,
            variant: None,
        }
    }

    #[test]
    fn the_default_output_sits_beside_the_input() {
        assert_eq!(
            default_out(Path::new("a/games.pgn")),
            Path::new("a/games.annotated.pgn")
        );
        assert_eq!(
            default_out(Path::new("games.PGN")),
            Path::new("games.annotated.pgn")
        );
        assert_eq!(
            default_out(Path::new("games")),
            Path::new("games.annotated.pgn")
        );
        assert_eq!(
            default_out(Path::new("g.txt")),
            Path::new("g.txt.annotated.pgn")
        );
    }

    #[test]
    fn limits_default_to_the_node_count_and_refuse_zero() {
        let plain = args("x.pgn").limits().unwrap();
        assert_eq!(plain.nodes, Some(DEFAULT_NODES));
        assert_eq!(describe(&plain), "100000 nodes a position");
        let depth = AnnotateArgs {
            depth: Some(9),
            movetime: Some(250),
            ..args("x.pgn")
        }
        .limits()
        .unwrap();
        assert_eq!(depth.nodes, None);
        assert_eq!(describe(&depth), "depth 9, 250 ms a position");
        for (wrong, message) in [
            (
                AnnotateArgs {
                    nodes: Some(0),
                    ..args("x.pgn")
                },
                "--nodes must be at least 1",
            ),
            (
                AnnotateArgs {
                    movetime: Some(0),
                    ..args("x.pgn")
                },
                "--movetime must be at least 1",
            ),
            (
                AnnotateArgs {
                    concurrency: 0,
                    ..args("x.pgn")
                },
                "--concurrency must be at least 1",
            ),
        ] {
            assert_eq!(wrong.settings().unwrap_err(), message);
        }
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = args("/no/such/file.pgn").settings().unwrap_err();
        assert!(
            error.starts_with("/no/such/file.pgn: cannot read"),
            "{error}"
        );
    }
}
