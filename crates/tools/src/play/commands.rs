//! What a player types: one line is a command or a move.
//!
//! Command words are matched without regard to case; anything else is handed to the game's move
//! parser, which explains what is wrong with it. File names are the rest of the line, so they may
//! contain spaces.

use std::fmt;
use std::path::PathBuf;

/// One line of input, understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Nothing (a blank line).
    Nothing,
    /// A move, as typed.
    Move(String),
    /// `moves [prefix]`: the legal moves, or those whose text starts with the prefix (a square).
    Moves(Option<String>),
    /// `undo`: take back the last move (and the engine's reply).
    Undo,
    /// `hint`: ask the engine which move it would play.
    Hint,
    /// `stop`: make the engine move now.
    Stop,
    /// `flip`: turn the board round.
    Flip,
    /// `board`: draw the board again.
    Board,
    /// `new`: start a new game.
    New,
    /// `save <file>`: write the game as PGN.
    Save(PathBuf),
    /// `load <file>`: read the last game of a PGN file.
    Load(PathBuf),
    /// `help`.
    Help,
    /// `quit`.
    Quit,
}

/// Why a command line is not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `save` or `load` without a file name.
    MissingFile(&'static str),
    /// A command that takes no argument got one.
    UnexpectedArgument {
        /// The command.
        command: &'static str,
        /// What followed it.
        argument: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::MissingFile(command) => {
                write!(f, "{command} needs a file name: {command} <file>")
            }
            CommandError::UnexpectedArgument { command, argument } => {
                write!(f, "'{command}' takes no argument, but got '{argument}'")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// Reads one line.
pub fn parse(line: &str) -> Result<Input, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Input::Nothing);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    let bare = |command: &'static str, input: Input| {
        if rest.is_empty() {
            Ok(input)
        } else {
            Err(CommandError::UnexpectedArgument {
                command,
                argument: rest.to_string(),
            })
        }
    };
    let file = |command: &'static str| {
        if rest.is_empty() {
            Err(CommandError::MissingFile(command))
        } else {
            Ok(PathBuf::from(rest))
        }
    };
    match word.to_ascii_lowercase().as_str() {
        "moves" => {
            if rest.split_whitespace().count() > 1 {
                return Err(CommandError::UnexpectedArgument {
                    command: "moves",
                    argument: rest.to_string(),
                });
            }
            Ok(Input::Moves((!rest.is_empty()).then(|| rest.to_string())))
        }
        "undo" => bare("undo", Input::Undo),
        "hint" => bare("hint", Input::Hint),
        "stop" => bare("stop", Input::Stop),
        "flip" => bare("flip", Input::Flip),
        "board" => bare("board", Input::Board),
        "new" => bare("new", Input::New),
        "help" | "?" => bare("help", Input::Help),
        "quit" | "exit" => bare("quit", Input::Quit),
        "save" => file("save").map(Input::Save),
        "load" => file("load").map(Input::Load),
        // A move may contain a space before its mark (`D1-e6 +`), so the whole line is the move.
        _ => Ok(Input::Move(line.to_string())),
    }
}

/// The help text; `example` is a legal move to show the notation with.
pub fn help(example: Option<&str>) -> String {
    let example = match example {
        Some(text) => format!(", e.g. {text}"),
        None => String::new(),
    };
    format!(
        "Type a move in the game's notation{example}; `moves` lists them all.\n\
         Commands:\n\
         \x20 moves [square]  the legal moves (of the piece on that square)\n\
         \x20 hint            the move the engine would play\n\
         \x20 undo            take back your last move (and the engine's reply)\n\
         \x20 stop            make the engine move now\n\
         \x20 flip            turn the board round\n\
         \x20 board           draw the board again\n\
         \x20 new             start a new game\n\
         \x20 save <file>     save the game as PGN\n\
         \x20 load <file>     continue the last game of a PGN file\n\
         \x20 help            this text\n\
         \x20 quit            leave (Ctrl-C and end of input too)\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_moves() {
        assert_eq!(parse("  "), Ok(Input::Nothing));
        assert_eq!(parse("UNDO"), Ok(Input::Undo));
        assert_eq!(parse("moves"), Ok(Input::Moves(None)));
        assert_eq!(parse("moves d1"), Ok(Input::Moves(Some("d1".into()))));
        assert_eq!(
            parse("save my game.pgn"),
            Ok(Input::Save(PathBuf::from("my game.pgn")))
        );
        assert_eq!(parse("D1-e6 +"), Ok(Input::Move("D1-e6 +".into())));
        assert_eq!(parse("?"), Ok(Input::Help));
    }

    #[test]
    fn wrong_commands_say_what_is_wrong() {
        assert_eq!(
            parse("load").unwrap_err().to_string(),
            "load needs a file name: load <file>"
        );
        assert_eq!(
            parse("undo 2").unwrap_err().to_string(),
            "'undo' takes no argument, but got '2'"
        );
        assert!(parse("moves D1 D2").is_err());
    }
}
