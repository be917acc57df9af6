//! The `duel` command line: the engine (default), perft, bench, match, results, book, datagen, train,
//! tablebase, play, gui and tune.

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use duel_engine::engine::{bench, perft};
use duel_rules::games::{Duel, HostedGame, UnknownVariant, VARIANTS, with_variant};
use duel_tools::book::{self, BookArgs};
use duel_tools::cli_error::CliError;
use duel_tools::datagen::{self, DatagenArgs, DatagenSettings};
use duel_tools::gui::{self, GuiArgs};
use duel_tools::matches::{self, MatchArgs, ResultsArgs};
use duel_tools::play::PlayArgs;
use duel_tools::tablebase::{self, TablebaseArgs};
use duel_tools::train::{self, TrainArgs, TrainSettings};
use duel_tools::tune::{self, TuneArgs};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "duel",
    version,
    about = "A game engine for Duel, the dice game",
    long_about = "A game engine for Duel, the dice game. Without a subcommand it speaks UCI (and UGI) \
                  on standard input and output; see protocol.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// Which hosted game a subcommand works on.
#[derive(Args, Debug, Clone)]
struct VariantArg {
    #[arg(long, default_value = "duel", value_parser = PossibleValuesParser::new(VARIANTS),
          help = variant_help())]
    variant: String,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the legal-move tree (per root move, then the total and the speed).
    Perft {
        /// How many plies deep.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=i64::from(perft::MAX_DEPTH)))]
        depth: u32,
        /// Start from this position (DFEN for Duel) instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Searches fixed positions to a fixed depth (1 thread, 16 MB) and prints `<N> nodes <M> nps`.
    Bench {
        /// How many plies deep.
        #[arg(default_value_t = bench::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=i64::from(bench::MAX_DEPTH)))]
        depth: u32,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Plays engines against each other: clocks, adjudication, SPRT, PGN.
    Match {
        #[command(flatten)]
        args: Box<MatchArgs>,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Merges the results files of several `duel match --results` runs or shards and prints the
    /// statistics, with a rating list of three or more engines.
    Results(ResultsArgs),
    /// Makes a balanced opening book: seeded random openings a fixed search scores near equal, in
    /// the openings format of `duel match`.
    Book {
        #[command(flatten)]
        args: BookArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Builds endgame databases: every material signature up to a number of pieces, by retrograde
    /// analysis, won, drawn or lost with the distance to conversion (docs/tablebase.md).
    Tablebase {
        #[command(flatten)]
        args: TablebaseArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Plays the engine against itself at a fixed node count and writes every game with its search
    /// scores, the training data of a neural evaluation.
    Datagen {
        #[command(flatten)]
        args: DatagenArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Trains a neural evaluation (NNUE) on datagen files, on the CPU, and writes it quantised.
    Train {
        #[command(flatten)]
        args: TrainArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Plays a game against the engine in the terminal (or two players, or the engine against itself).
    Play {
        #[command(flatten)]
        args: PlayArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Serves a page to play, watch and analyse the games in the browser.
    Gui {
        #[command(flatten)]
        args: GuiArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Fits the evaluation's weights to the results of played games (Texel tuning).
    Tune {
        #[command(flatten)]
        args: TuneArgs,
        #[command(flatten)]
        game: VariantArg,
    },
}

/// The help of `--variant`, which names the hosted games: "The game: duel, dipole, dame or alice".
fn variant_help() -> String {
    let mut names = VARIANTS.join(", ");
    if let Some(last) = names.rfind(", ") {
        names.replace_range(last..last + 2, " or ");
    }
    format!("The game: {names}")
}

/// `duel perft` for game `G`, from `position` (the start when `None`).
fn perft_task<G: HostedGame>(depth: u32, position: Option<&str>) -> Result<(), String> {
    let pos = match position {
        Some(text) => G::from_text(text).map_err(|e| format!("invalid position: {e}"))?,
        None => G::start(),
    };
    let mut out = std::io::stdout().lock();
    perft::report(&pos, depth, &mut out)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// `duel bench` for game `G`.
fn bench_task<G: HostedGame>(depth: u32) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    bench::run_bench::<G>(depth, &mut out)
        .map(|_| ())
        .map_err(|e| format!("bench: {e}"))
}

/// The command line as one line, for the headers of the files a command writes.
fn command_line() -> String {
    std::env::args()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('\n', " ")
}

/// `duel train` for game `G`: progress on standard error.
fn train_task<G: HostedGame>(settings: &TrainSettings) -> Result<(), String> {
    let summary = train::run::<G>(settings, &mut std::io::stderr())?;
    let last = summary.epochs.last();
    eprintln!(
        "train: wrote {} after epoch {} (validation loss {})",
        settings.out.display(),
        last.map_or(0, |e| e.epoch),
        last.and_then(|e| e.validation_loss)
            .map_or("-".to_string(), |l| format!("{l:.6}"))
    );
    Ok(())
}

/// `duel datagen` for game `G`, from the game's shipped book: progress on standard error.
fn datagen_task<G: HostedGame>(settings: &DatagenSettings) -> Result<(), String> {
    let summary = datagen::run::<G>(settings, G::BOOK, &mut std::io::stderr())?;
    eprintln!(
        "datagen: {} games played now ({} were in the file), {} plies, {} positions kept, in {}",
        summary.played,
        summary.resumed,
        summary.plies,
        summary.kept,
        settings.out.display()
    );
    Ok(())
}

/// The words of each occurrence of `--engine` in a subcommand: clap keeps the grouping in its
/// matches.
fn engine_groups(matches: &clap::ArgMatches, subcommand: &str) -> Vec<Vec<String>> {
    matches
        .subcommand_matches(subcommand)
        .and_then(|m| m.get_occurrences::<String>("engine"))
        .map(|groups| groups.map(|g| g.cloned().collect()).collect())
        .unwrap_or_default()
}

/// The exit status of a task run for a game by [`with_variant!`]: its errors go to standard error
/// with exit status 1, an unknown game with 2.
fn run_task(task: Result<Result<(), String>, UnknownVariant>) -> ExitCode {
    match task {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(e)) => CliError::Failed(e).report(),
        Err(e) => CliError::Usage(e.to_string()).report(),
    }
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Some(Command::Perft { depth, fen, game }) => run_task(with_variant!(
            &game.variant,
            G => perft_task::<G>(depth, fen.as_deref())
        )),
        Some(Command::Bench { depth, game }) => {
            run_task(with_variant!(&game.variant, G => bench_task::<G>(depth)))
        }
        Some(Command::Tune { args, game }) => run_task(with_variant!(
            &game.variant,
            G => tune::run::<G>(&args, &mut std::io::stdout().lock())
        )),
        Some(Command::Match { args, game }) => {
            // Each `--engine` occurrence is one participant.
            match args.config(&engine_groups(&matches, "match"), &game.variant) {
                Ok(config) => run_task(
                    with_variant!(&game.variant, G => matches::run_until_interrupted::<G>(&config)),
                ),
                Err(e) => CliError::Usage(e).report(),
            }
        }
        Some(Command::Book { args, game }) => match args.task(&game.variant) {
            Ok(task) => run_task(with_variant!(&game.variant, G => book::run::<G>(&task))),
            Err(e) => CliError::Usage(e).report(),
        },
        Some(Command::Tablebase { args, game }) => {
            run_task(with_variant!(&game.variant, G => tablebase::run::<G>(&args)))
        }
        Some(Command::Datagen { args, game }) => match args.settings(command_line()) {
            Ok(settings) => {
                run_task(with_variant!(&game.variant, G => datagen_task::<G>(&settings)))
            }
            Err(e) => CliError::Usage(e).report(),
        },
        Some(Command::Train { args, game }) => match args.settings(command_line()) {
            Ok(settings) => run_task(with_variant!(&game.variant, G => train_task::<G>(&settings))),
            Err(e) => CliError::Usage(e).report(),
        },
        Some(Command::Gui { args, game }) => {
            let config = match args.config(&game.variant, &engine_groups(&matches, "gui")) {
                Ok(config) => config,
                Err(e) => return CliError::Usage(e).report(),
            };
            match gui::run(config, &mut std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => CliError::Failed(e).report(),
            }
        }
        Some(Command::Results(args)) => match args.combine() {
            Ok(results) => {
                print!("{}", results.summary(args.anchor.as_deref()));
                ExitCode::SUCCESS
            }
            Err(e) => CliError::Usage(e).report(),
        },
        Some(Command::Play { args, game }) => {
            match with_variant!(&game.variant, G => args.run::<G>()) {
                Ok(code) => code,
                Err(e) => CliError::Usage(e.to_string()).report(),
            }
        }
        None => match duel_engine::protocol::run::<Duel>(std::io::stdin(), std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => CliError::Failed(format!("cannot start the engine: {e}")).report(),
        },
    }
}
