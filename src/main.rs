//! The `duel` command line: the engine (default), and a table of subcommands, each a `duel-tools`
//! [`Tool`](duel_tools::tool::Tool) run for the game `--variant` names.

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use duel_rules::games::{Duel, VARIANTS};
use duel_tools::annotate::AnnotateArgs;
use duel_tools::bench::BenchArgs;
use duel_tools::book::BookArgs;
use duel_tools::cli_error::CliError;
use duel_tools::datagen::DatagenArgs;
use duel_tools::gui::GuiArgs;
use duel_tools::matches::{MatchArgs, ResultsArgs};
use duel_tools::perft::PerftArgs;
use duel_tools::play::PlayArgs;
use duel_tools::spsa::SpsaArgs;
use duel_tools::tablebase::TablebaseArgs;
use duel_tools::tool::{self, Call};
use duel_tools::train::TrainArgs;
use duel_tools::tune::TuneArgs;
use duel_tools::wdl::WdlArgs;
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
        #[command(flatten)]
        args: PerftArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Searches fixed positions to a fixed depth (1 thread, 16 MB) and prints `<N> nodes <M> nps`.
    Bench {
        #[command(flatten)]
        args: BenchArgs,
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
    /// Fits a game's win-rate model (the chances a score gives, and the common scale of scores) to
    /// datagen files, and checks it on games it was not fitted on (docs/wdl.md).
    Wdl {
        #[command(flatten)]
        args: WdlArgs,
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
    /// Tunes an engine's spin options by SPSA, as fishtest does: pairs of games between two
    /// perturbed copies of it move the values towards the stronger side (docs/spsa.md).
    Spsa {
        #[command(flatten)]
        args: SpsaArgs,
        #[command(flatten)]
        game: VariantArg,
    },
    /// Reviews every game of a PGN file with the engine, as lichess does: each move's expected
    /// result before and after, inaccuracies, mistakes and blunders marked with the better line,
    /// each side's accuracy (docs/annotate.md).
    Annotate(AnnotateArgs),
}

/// The help of `--variant`, which names the hosted games: "The game: duel, dipole, dame or alice".
fn variant_help() -> String {
    let mut names = VARIANTS.join(", ");
    if let Some(last) = names.rfind(", ") {
        names.replace_range(last..last + 2, " or ");
    }
    format!("The game: {names}")
}

/// The command line as one line, for the headers of the files a command writes.
fn command_line() -> String {
    std::env::args()
        .collect::<Vec<_>>()
        .join(" ")
        .replace('\n', " ")
}

/// The words of each occurrence of `--engine` in the subcommand given (none for a subcommand that
/// takes no engines): clap keeps the grouping in its matches.
fn engine_groups(matches: &clap::ArgMatches) -> Vec<Vec<String>> {
    matches
        .subcommand()
        .and_then(|(_, sub)| sub.try_get_occurrences::<String>("engine").ok().flatten())
        .map(|groups| groups.map(|g| g.cloned().collect()).collect())
        .unwrap_or_default()
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let engines = engine_groups(&matches);
    let command_line = command_line();
    let call = |variant| Call {
        variant,
        engines: &engines,
        command_line: &command_line,
    };
    match cli.command {
        Some(Command::Perft { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Bench { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Match { args, game }) => tool::run(&*args, &call(&game.variant)),
        // Results files name their game themselves.
        Some(Command::Results(args)) => tool::run(&args, &call(VARIANTS[0])),
        Some(Command::Book { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Tablebase { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Datagen { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Train { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Wdl { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Play { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Gui { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Tune { args, game }) => tool::run(&args, &call(&game.variant)),
        Some(Command::Spsa { args, game }) => tool::run(&args, &call(&game.variant)),
        // The games name their game themselves; `--variant` only picks among them.
        Some(Command::Annotate(args)) => tool::run(&args, &call(VARIANTS[0])),
        None => match duel_engine::protocol::run::<Duel>(std::io::stdin(), std::io::stdout()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => CliError::Failed(format!("cannot start the engine: {e}")).report(),
        },
    }
}
