//! The player's terminal: what it can do, and everything the session writes to it.
//!
//! Only the session thread writes here, so lines never interleave. Colour is used only on a terminal
//! that can show it and when `NO_COLOR` is not set (<https://no-color.org>); through a pipe the output
//! is plain text. On a terminal the engine's progress is one line rewritten in place; through a pipe it
//! is a line per report. The terminal's state is never changed (no raw mode): the only thing to undo
//! at the end is a half-written progress line, and every coloured piece resets its own colour.
//! Write errors are ignored: when the output is gone, the end of the input ends the session.

use duel_engine::protocol::one_line;
use duel_rules::game::paint;
use std::ffi::OsStr;
use std::io::Write;

/// What the player's terminal can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Terminal {
    /// ANSI colours may be used.
    pub colour: bool,
    /// The output is a terminal: a line can be rewritten in place.
    pub live: bool,
    /// The input is a terminal: show a prompt.
    pub prompt: bool,
}

impl Terminal {
    /// Decides from whether stdout and stdin are terminals, `TERM` and `NO_COLOR`.
    pub fn decide(
        stdout_is_terminal: bool,
        stdin_is_terminal: bool,
        term: Option<&OsStr>,
        no_color: Option<&OsStr>,
    ) -> Terminal {
        let capable = stdout_is_terminal && term.is_none_or(|t| t != "dumb");
        // no-color.org: set and not empty means no colour.
        let colour_refused = no_color.is_some_and(|value| !value.is_empty());
        Terminal {
            colour: capable && !colour_refused,
            live: capable,
            prompt: stdin_is_terminal,
        }
    }
}

/// ANSI codes of the session's own messages.
const ERROR_COLOUR: &str = "1;31";
const NOTICE_COLOUR: &str = "1";
const QUIET_COLOUR: &str = "2";

/// The output of a session.
pub struct Screen {
    out: Box<dyn Write + Send>,
    terminal: Terminal,
    /// A progress line is on the screen without its newline.
    progress_shown: bool,
}

impl Screen {
    /// Writes to `out`, using what `terminal` can do.
    pub fn new(out: impl Write + Send + 'static, terminal: Terminal) -> Screen {
        Screen {
            out: Box::new(out),
            terminal,
            progress_shown: false,
        }
    }

    /// Whether colour is on.
    pub fn colour(&self) -> bool {
        self.terminal.colour
    }

    /// Whether progress is rewritten in place (the output is a terminal).
    pub fn live(&self) -> bool {
        self.terminal.live
    }

    /// Writes `text` (a newline added if missing) after clearing a progress line.
    pub fn text(&mut self, text: &str) {
        self.clear_progress();
        let mut bytes = text.as_bytes().to_vec();
        if !text.ends_with('\n') {
            bytes.push(b'\n');
        }
        let _ = self.out.write_all(&bytes).and_then(|()| self.out.flush());
    }

    /// An error: what was wrong with the player's input, or with a file. It quotes what the player
    /// typed, so it is made one clean line: control characters escaped, long text cut.
    pub fn error(&mut self, message: &str) {
        let message = one_line(message);
        let line = paint(
            self.terminal.colour,
            ERROR_COLOUR,
            &format!("error: {message}"),
        );
        self.text(&line);
    }

    /// Something to notice: DUEL!, the end of the game.
    pub fn notice(&mut self, message: &str) {
        let line = paint(self.terminal.colour, NOTICE_COLOUR, message);
        self.text(&line);
    }

    /// The engine's progress: rewritten in place on a terminal, a line of its own otherwise.
    pub fn progress(&mut self, text: &str) {
        if !self.terminal.live {
            return self.text(text);
        }
        // One screen line only: a wrapped line cannot be rewritten with `\r`.
        let cut: String = text.chars().take(79).collect();
        let line = paint(self.terminal.colour, QUIET_COLOUR, &cut);
        let _ = write!(self.out, "\r\x1b[K{line}").and_then(|()| self.out.flush());
        self.progress_shown = true;
    }

    /// The prompt for the player's next line, when the input is a terminal.
    pub fn prompt(&mut self) {
        if self.terminal.prompt {
            self.clear_progress();
            let _ = write!(self.out, "> ").and_then(|()| self.out.flush());
        }
    }

    /// Leaves the terminal as it was found: no progress line, default colours, the cursor at the
    /// start of a line (after an interrupt, the `^C` is still on the current one).
    pub fn restore(&mut self, interrupted: bool) {
        self.clear_progress();
        let mut tail = String::new();
        if self.terminal.colour {
            tail.push_str("\x1b[0m");
        }
        if interrupted {
            tail.push('\n');
        }
        let _ = self
            .out
            .write_all(tail.as_bytes())
            .and_then(|()| self.out.flush());
    }

    fn clear_progress(&mut self) {
        if self.progress_shown {
            let _ = self.out.write_all(b"\r\x1b[K");
            self.progress_shown = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_needs_a_capable_terminal_and_no_no_color() {
        let os = |s: &'static str| Some(OsStr::new(s));
        let colour = |tty, term, no_color| Terminal::decide(tty, false, term, no_color).colour;
        assert!(colour(true, os("xterm-256color"), None));
        assert!(colour(true, None, None));
        assert!(!colour(false, os("xterm"), None), "a pipe");
        assert!(!colour(true, os("dumb"), None));
        assert!(!colour(true, os("xterm"), os("1")));
        assert!(
            colour(true, os("xterm"), os("")),
            "an empty NO_COLOR does not count"
        );
        assert!(!Terminal::decide(true, false, os("dumb"), None).live);
        assert!(Terminal::decide(false, true, None, None).prompt);
    }
}
