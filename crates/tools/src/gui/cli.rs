//! The command line of `duel gui`, turned into a [`GuiConfig`].

use crate::cli_error::CliError;
use crate::engine_process::EngineCommand;
use crate::matches::{EngineKind, EngineSpec};
use crate::tool::{Call, Tool, finished};
use clap::Args;
use duel_engine::protocol::Dialect;
use duel_rules::games::HostedGame;
use std::net::{IpAddr, Ipv4Addr};
use std::process::ExitCode;

/// `duel gui`: play, watch and analyse in the browser.
#[derive(Args, Debug)]
pub struct GuiArgs {
    /// The port to listen on; 0 takes any free port (the URL printed tells which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines play with
    /// your engine: a warning says so.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// The engine: `name=<n> cmd=<path> [args="…"] [proto=uci|ugi] [option.<Name>=<v>]…`, as for
    /// `duel match` (default: this program's own engine).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", action = clap::ArgAction::Append)]
    pub engine: Vec<String>,
}

/// Everything the server needs.
#[derive(Clone, Debug)]
pub struct GuiConfig {
    /// The game the page starts with.
    pub variant: String,
    /// Where to listen.
    pub host: IpAddr,
    /// The port; 0 for any free one.
    pub port: u16,
    /// Whether to open the default browser on the page.
    pub open: bool,
    /// The engine's name, for the page.
    pub engine_name: String,
    /// How to start the engine.
    pub engine: EngineCommand,
}

impl GuiArgs {
    /// Checks the arguments; `engines` holds the words of each `--engine` occurrence (at most one).
    pub fn config(&self, variant: &str, engines: &[Vec<String>]) -> Result<GuiConfig, String> {
        let (engine_name, engine) = match engines {
            [] => own_engine()?,
            [words] => {
                let spec = EngineSpec::parse(words)?;
                if spec.tc.is_some() {
                    return Err("--engine: tc= is for matches; the page sets the clock".to_string());
                }
                match spec.kind {
                    EngineKind::Process(command) => (spec.name, command),
                    EngineKind::Builtin(_) => {
                        return Err(
                            "--engine: the page needs a program speaking the protocol (cmd=…), \
                             not a built-in player"
                                .to_string(),
                        );
                    }
                }
            }
            _ => return Err("give --engine at most once".to_string()),
        };
        Ok(GuiConfig {
            variant: variant.to_string(),
            host: self.host,
            port: self.port,
            open: self.open,
            engine_name,
            engine,
        })
    }
}

/// This very program, started without arguments: the engine.
fn own_engine() -> Result<(String, EngineCommand), String> {
    let program = std::env::current_exe()
        .map_err(|e| format!("cannot find this program to run its engine: {e}"))?;
    Ok((
        "duel".to_string(),
        EngineCommand {
            program: program.to_string_lossy().into_owned(),
            args: Vec::new(),
            options: Vec::new(),
            dialect: Dialect::Uci,
        },
    ))
}

/// The page plays every game: the one `--variant` names is where it starts, in the settings.
impl Tool for GuiArgs {
    type Settings = GuiConfig;

    fn settings(&self, call: &Call<'_>) -> Result<GuiConfig, String> {
        self.config(call.variant, call.engines)
    }

    fn run<G: HostedGame>(config: &GuiConfig) -> Result<ExitCode, CliError> {
        finished(super::run(config.clone(), &mut std::io::stdout()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        gui: GuiArgs,
    }

    fn config(args: &[&str], engines: &[&[&str]]) -> Result<GuiConfig, String> {
        let cli = Cli::try_parse_from(std::iter::once("gui").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        let engines: Vec<Vec<String>> = engines
            .iter()
            .map(|words| words.iter().map(|w| w.to_string()).collect())
            .collect();
        cli.gui.config("duel", &engines)
    }

    #[test]
    fn defaults_are_local_and_the_own_engine() {
        let config = config(&[], &[]).unwrap();
        assert_eq!(config.host, IpAddr::V4(Ipv4Addr::LOCALHOST));
        assert_eq!((config.port, config.open), (8080, false));
        assert_eq!(config.engine_name, "duel");
        assert!(config.engine.args.is_empty());
    }

    #[test]
    fn an_engine_as_for_matches_and_nothing_else() {
        let chosen = config(
            &["--port", "0", "--host", "::1"],
            &[&[
                "name=x",
                "cmd=/bin/x",
                "args=-q -v",
                "option.Hash=64",
                "proto=ugi",
            ]],
        )
        .unwrap();
        assert_eq!(chosen.engine_name, "x");
        assert_eq!(chosen.engine.args, ["-q", "-v"]);
        assert_eq!(
            chosen.engine.options,
            [("Hash".to_string(), "64".to_string())]
        );
        assert_eq!(chosen.engine.dialect, Dialect::Ugi);
        assert!(config(&[], &[&["builtin=random"]]).is_err());
        assert!(config(&[], &[&["cmd=a", "tc=1+0"]]).is_err());
        assert!(config(&[], &[&["cmd=a"], &["cmd=b"]]).is_err());
        assert!(config(&["--host", "localhost"], &[]).is_err());
    }
}
