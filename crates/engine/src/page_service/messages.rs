//! The JSON messages between the page and the server (`docs/gui.md` lists them), and the limits every
//! message from the page must keep.

use duel_rules::game::Side;
use duel_rules::games::{AnyGame, AnyGameError};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The largest message the page may send, in bytes: room for a game of a few thousand moves with
/// their comments. The WebSocket refuses larger frames and messages before they are read.
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024;
/// The longest protocol line the page may send to the engine, in bytes: a `position … moves` of
/// several thousand moves.
pub const MAX_ENGINE_LINE_BYTES: usize = 64 * 1024;
/// The most moves a game sent by the page may have.
pub const MAX_MOVES: usize = 5000;
/// The longest player name in a PGN request, in characters.
pub const MAX_NAME_CHARS: usize = 100;

/// What an engine said about a move, as the page keeps it (and PGN's `{+0.35/12 0.512s}` holds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommentJson {
    /// The score in centipawns of the common scale, from the mover's point of view: as the engine's
    /// `info` line gave it (the page keeps what it reads there, so PGN comments are on the scale
    /// every other score is shown in).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Mate in this many moves (negative: being mated), instead of `cp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// The depth of the search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// How long the move took, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ms: Option<u64>,
    /// The chances the engine gave with the score (its `wdl`: win, draw and loss per mille), for
    /// the mover; written into the comment only when they sum to 1000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wdl: Option<[u32; 3]>,
}

/// A game as the page holds it: the game's name, where it started and the moves since, in notation.
#[derive(Clone, Debug, Deserialize)]
pub struct GameJson {
    /// The game (`duel`, `dipole`).
    pub variant: String,
    /// The start position's text; the game's start position when missing.
    #[serde(default)]
    pub start: Option<String>,
    /// The moves played, in the game's notation (any form the game reads).
    #[serde(default)]
    pub moves: Vec<String>,
    /// The side whose clock ran out, which ends the game.
    #[serde(default)]
    pub forfeit: Option<Side>,
}

impl GameJson {
    /// The game of `variant` from its start position with `moves` played, as a test writes one.
    #[cfg(test)]
    pub(super) fn of(variant: &str, moves: &[&str]) -> GameJson {
        GameJson {
            variant: variant.to_string(),
            start: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            forfeit: None,
        }
    }

    /// The game replayed into the library's run-time game: its start and every move checked by the
    /// rules, each before the end of the game.
    pub fn replay(&self) -> Result<AnyGame, AnyGameError> {
        AnyGame::replay_live(&self.variant, self.start.as_deref(), &self.moves)
    }
}

/// A message from the page.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// One protocol line for the engine.
    Engine {
        /// The line, without its newline.
        line: String,
    },
    /// Kill the engine and start it again.
    Restart,
    /// What the position after these moves is: board, legal moves, announcement, end.
    State {
        /// Echoed in the reply.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        #[serde(flatten)]
        game: GameJson,
    },
    /// The game as PGN, as the match runner writes it.
    Pgn {
        /// Echoed in the reply.
        #[serde(default)]
        id: Option<u64>,
        /// The game.
        #[serde(flatten)]
        game: GameJson,
        /// The engine's comment on each move (`null` for a person's move).
        #[serde(default)]
        comments: Vec<Option<CommentJson>>,
        /// White's name.
        #[serde(default)]
        white: String,
        /// Black's name.
        #[serde(default)]
        black: String,
        /// The TimeControl tag (`-` when missing).
        #[serde(default)]
        time_control: Option<String>,
        /// The Date tag, `YYYY.MM.DD`, as the page's clock reads it (the server's clock when missing:
        /// the browser build has none of its own).
        #[serde(default)]
        date: Option<String>,
    },
    /// A game reviewed: each move judged from the page's engine's searches of the game's positions,
    /// and each side's accuracy (`review::review`).
    Review {
        /// Echoed in the reply.
        #[serde(default)]
        id: Option<u64>,
        /// The game (its `forfeit` is not read: a flag that fell judges no move).
        #[serde(flatten)]
        game: GameJson,
        /// What the engine found in each position, the start first, one more than the moves: each
        /// `{"expected": White's expected result in percent, "best": the best move's text}`, or
        /// `null` for a position where the game is over. Read by `review::review`, which names what
        /// is wrong in an entry.
        positions: Vec<Value>,
    },
    /// Read the last game of a PGN text.
    LoadPgn {
        /// Echoed in the reply.
        #[serde(default)]
        id: Option<u64>,
        /// The game to read it as when it has no Variant tag.
        variant: String,
        /// The PGN text.
        text: String,
    },
}

/// The engine as the page is told about it.
#[derive(Clone, Debug, Serialize)]
pub struct EngineInfo {
    /// Its name (`--engine name=`, or `duel`).
    pub name: String,
    /// The dialect it is spoken to in (`uci` or `ugi`): which `go` parameters the clocks take.
    pub dialect: &'static str,
}

/// A message to the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// The first message on a connection.
    Hello {
        /// The hosted games, the default first.
        variants: Vec<&'static str>,
        /// The game to start with (`--variant`).
        variant: String,
        /// The engine.
        engine: EngineInfo,
        /// [`MAX_MESSAGE_BYTES`].
        max_message_bytes: usize,
        /// [`MAX_ENGINE_LINE_BYTES`].
        max_engine_line_bytes: usize,
    },
    /// A line the engine wrote.
    Engine {
        /// The line.
        line: String,
    },
    /// A line the server wrote to the engine (the page's, or the handshake's).
    Sent {
        /// The line.
        line: String,
    },
    /// What became of the engine process: `starting`, `ready`, `exited` or `failed`.
    EngineStatus {
        /// The state.
        state: &'static str,
        /// In words.
        message: String,
    },
    /// The answer to a `state` request.
    State {
        /// The request's id.
        id: Option<u64>,
        /// The position (see `rules::state`).
        #[serde(flatten)]
        state: Value,
    },
    /// The answer to a `pgn` request.
    Pgn {
        /// The request's id.
        id: Option<u64>,
        /// The PGN text.
        text: String,
    },
    /// The answer to a `load_pgn` request: the game read.
    Game {
        /// The request's id.
        id: Option<u64>,
        /// The game (see `pgn::load_pgn`).
        #[serde(flatten)]
        game: Value,
    },
    /// The answer to a `review` request: each move's verdict, each side's accuracy.
    Review {
        /// The request's id.
        id: Option<u64>,
        /// The review (see `review::review`).
        #[serde(flatten)]
        review: Value,
    },
    /// A request that could not be carried out; nothing changed.
    Error {
        /// The request's id, when it had one.
        id: Option<u64>,
        /// Why.
        message: String,
    },
}

impl Reply {
    /// An error reply.
    pub fn error(id: Option<u64>, message: impl Into<String>) -> Reply {
        Reply::Error {
            id,
            message: message.into(),
        }
    }

    /// The JSON text.
    pub fn to_json(&self) -> String {
        // Serializing these types cannot fail: every map key is a string.
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"error","id":null,"message":"internal error: {e}"}}"#)
        })
    }
}

/// A message from the page read as a request, or the error reply to it (too large, not JSON, not a
/// known request).
pub fn parse_request(text: &str) -> Result<Request, Reply> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(Reply::error(
            None,
            format!(
                "the message has {} bytes, more than the limit of {MAX_MESSAGE_BYTES}",
                text.len()
            ),
        ));
    }
    serde_json::from_str::<Request>(text)
        .map_err(|e| Reply::error(None, format!("not a request: {e}")))
}

/// Why a line may not go to the engine: it must be one line of printable text, not too long.
pub fn check_engine_line(line: &str) -> Result<(), String> {
    if line.len() > MAX_ENGINE_LINE_BYTES {
        return Err(format!(
            "the line has {} bytes, more than the limit of {MAX_ENGINE_LINE_BYTES}",
            line.len()
        ));
    }
    if let Some(c) = line.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the line holds the control character U+{:04X}; send one line of text",
            u32::from(c)
        ));
    }
    Ok(())
}

/// Why a game sent by the page is too large to look at.
pub fn check_game(game: &GameJson) -> Result<(), String> {
    if game.moves.len() > MAX_MOVES {
        return Err(format!(
            "the game has {} moves, more than the limit of {MAX_MOVES}",
            game.moves.len()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_and_bad_ones_do_not() {
        let request: Request =
            serde_json::from_str(r#"{"type":"engine","line":"go movetime 100"}"#).unwrap();
        assert!(matches!(request, Request::Engine { line } if line == "go movetime 100"));
        let request: Request = serde_json::from_str(
            r#"{"type":"state","id":7,"variant":"duel","moves":["D1-e6"],"forfeit":"black"}"#,
        )
        .unwrap();
        match request {
            Request::State { id, game } => {
                assert_eq!((id, game.moves.len()), (Some(7), 1));
                assert_eq!(game.forfeit, Some(Side::Black));
            }
            other => panic!("{other:?}"),
        }
        for bad in [
            r#"{"type":"shell","line":"rm"}"#,
            r#"{"line":"uci"}"#,
            r#"{"type":"engine"}"#,
            r#"{"type":"state","variant":"duel","moves":"D1-e6"}"#,
            "[]",
        ] {
            assert!(serde_json::from_str::<Request>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_lines_are_single_lines_of_text() {
        assert!(check_engine_line("position startpos moves D1-e6").is_ok());
        assert!(check_engine_line("uci\nquit").is_err());
        assert!(check_engine_line("isready\r").is_err());
        assert!(check_engine_line("go\u{1b}[2J").is_err());
        assert!(check_engine_line(&"x".repeat(MAX_ENGINE_LINE_BYTES + 1)).is_err());
    }

    #[test]
    fn replies_are_tagged_objects() {
        let text = Reply::State {
            id: Some(3),
            state: serde_json::json!({"side": "white"}),
        }
        .to_json();
        assert_eq!(text, r#"{"type":"state","id":3,"side":"white"}"#);
        assert_eq!(
            Reply::error(None, "no").to_json(),
            r#"{"type":"error","id":null,"message":"no"}"#
        );
    }
}
