//! How a `duel` subcommand fails: every error is printed as `error: …` on standard error, and its
//! kind decides the exit status.

use std::fmt;
use std::process::ExitCode;

/// A subcommand's error, with the exit status it ends the program with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// The command line, or what it names (a game, a file to use), cannot be used: exit status 2.
    Usage(String),
    /// The work itself failed: exit status 1.
    Failed(String),
}

impl CliError {
    /// The exit status: 2 for a usage error, 1 for a failure.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Usage(_) => ExitCode::from(2),
            CliError::Failed(_) => ExitCode::FAILURE,
        }
    }

    /// Prints the error to standard error and returns its exit status.
    pub fn report(self) -> ExitCode {
        eprintln!("error: {self}");
        self.exit_code()
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message) | CliError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for CliError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_decides_the_exit_status() {
        assert_eq!(CliError::Usage("x".into()).exit_code(), ExitCode::from(2));
        assert_eq!(CliError::Failed("x".into()).exit_code(), ExitCode::FAILURE);
        assert_eq!(CliError::Failed("no file".into()).to_string(), "no file");
    }
}
