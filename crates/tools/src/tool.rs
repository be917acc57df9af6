//! The one shape of a `duel` subcommand: its arguments checked into settings, then run for a game.
//! The binary's `main` is a table of them, each row a [`Tool`] handed to [`run`].

use crate::cli_error::CliError;
use duel_rules::games::{HostedGame, with_variant};
use std::process::ExitCode;

/// What a subcommand is handed beside its own arguments.
#[derive(Clone, Copy, Debug)]
pub struct Call<'a> {
    /// The game named by `--variant`: the tool runs for it.
    pub variant: &'a str,
    /// The words of each occurrence of `--engine`, one participant each, for the tools that take
    /// engines.
    pub engines: &'a [Vec<String>],
    /// The command line as one line, for the headers of the files a tool writes.
    pub command_line: &'a str,
}

/// A `duel` subcommand: the arguments as the command line gave them (`Self`, parsed by clap), the
/// settings they make once checked, and the work done with them.
pub trait Tool {
    /// The checked arguments.
    type Settings;

    /// Checks the arguments against each other and against what they name; the error says what is
    /// wrong in the user's words and ends the program with a usage error (exit status 2).
    fn settings(&self, call: &Call<'_>) -> Result<Self::Settings, String>;

    /// Does the work for game `G`: the exit status when it ends, or the error it failed with, which
    /// says by its kind whether the work failed (1) or what it was given cannot be used (2).
    fn run<G: HostedGame>(settings: &Self::Settings) -> Result<ExitCode, CliError>;
}

/// Runs `tool` as the command line asked: its settings, then its work for the game `call` names.
/// Every error is printed as `error: …` on standard error and sets the exit status.
pub fn run<T: Tool>(tool: &T, call: &Call<'_>) -> ExitCode {
    let settings = match tool.settings(call) {
        Ok(settings) => settings,
        Err(e) => return CliError::Usage(e).report(),
    };
    match with_variant!(call.variant, G => T::run::<G>(&settings)) {
        Ok(Ok(code)) => code,
        Ok(Err(e)) => e.report(),
        Err(unknown) => CliError::Usage(unknown.to_string()).report(),
    }
}

/// A tool's work that ends well or fails: success, or a [`CliError::Failed`] with its message.
pub fn finished(result: Result<(), String>) -> Result<ExitCode, CliError> {
    result.map(|()| ExitCode::SUCCESS).map_err(CliError::Failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// A tool that records the game it ran for, refusing a zero and failing on a one.
    struct Probe(u32);

    static RAN_FOR: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

    impl Tool for Probe {
        type Settings = u32;

        fn settings(&self, _: &Call<'_>) -> Result<u32, String> {
            if self.0 == 0 {
                return Err("--n must be at least 1".to_string());
            }
            Ok(self.0)
        }

        fn run<G: HostedGame>(n: &u32) -> Result<ExitCode, CliError> {
            RAN_FOR.lock().unwrap().push(G::NAME);
            finished(if *n == 1 {
                Err("no luck".to_string())
            } else {
                Ok(())
            })
        }
    }

    fn call(variant: &str) -> Call<'_> {
        Call {
            variant,
            engines: &[],
            command_line: "duel probe",
        }
    }

    #[test]
    fn a_tool_runs_for_the_named_game_and_its_errors_set_the_exit_status() {
        assert_eq!(run(&Probe(2), &call("Dame")), ExitCode::SUCCESS);
        assert_eq!(run(&Probe(1), &call("alice")), ExitCode::FAILURE);
        // Refused settings and an unknown game are usage errors; neither runs the work.
        assert_eq!(run(&Probe(0), &call("dame")), ExitCode::from(2));
        assert_eq!(run(&Probe(2), &call("chess")), ExitCode::from(2));
        assert_eq!(*RAN_FOR.lock().unwrap(), ["dame", "alice"]);
    }
}
