//! A tool's progress line, for the tools that show one while they work (`duel match`,
//! `duel annotate`): on a terminal one line redrawn in place, elsewhere (a log, a pipe) the lines the
//! tool chooses to keep, each on a line of its own. Warnings go through it, so that they do not land
//! in the middle of the line. What the line says is each tool's; the pieces they share are here too:
//! a bar ([`bar`]) and a time left ([`clock_text`]).
//!
//! `duel datagen` and `duel book` write a plain line every second or two to any writer, and `duel
//! train`, `spsa` and `tablebase` one line a step of their work: logs, never redrawn, so they do not
//! use it.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// The width of a [`bar`], in characters.
pub const BAR_WIDTH: usize = 30;

/// Where a tool's progress goes: a terminal, where the line is redrawn in place, or a log.
pub struct ProgressLine<W: Write> {
    out: W,
    terminal: bool,
    /// The line last redrawn on the terminal, for a warning to draw again.
    last: String,
    /// When a line was last shown (redrawn or written), `None` before the first.
    shown: Option<Instant>,
}

impl ProgressLine<std::io::Stderr> {
    /// The progress on standard error: redrawn in place when it is a terminal.
    pub fn on_stderr() -> Self {
        let terminal = std::io::stderr().is_terminal();
        ProgressLine::new(std::io::stderr(), terminal)
    }
}

impl<W: Write> ProgressLine<W> {
    /// The progress on `out`, redrawn in place where `terminal` (where `out` is one).
    pub fn new(out: W, terminal: bool) -> Self {
        ProgressLine {
            out,
            terminal,
            last: String::new(),
            shown: None,
        }
    }

    /// Whether the line is redrawn in place.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Whether `every` has passed since a line was last shown, or none has been.
    pub fn due(&self, every: Duration) -> bool {
        self.shown.is_none_or(|at| at.elapsed() >= every)
    }

    /// Shows `line`: on a terminal redrawn in place of the last; elsewhere written on a line of its
    /// own only where `log` (the tool's choice of which lines a log keeps).
    pub fn show(&mut self, line: &str, log: bool) {
        if self.terminal {
            let _ = write!(self.out, "\r{line}\x1b[K");
            let _ = self.out.flush();
            self.last.clear();
            self.last.push_str(line);
        } else if log {
            let _ = writeln!(self.out, "{line}");
        } else {
            return;
        }
        self.shown = Some(Instant::now());
    }

    /// `text` on a line of its own; on a terminal the progress line is drawn again after it.
    pub fn warn(&mut self, text: &str) {
        if self.terminal {
            let _ = write!(self.out, "\r\x1b[K");
        }
        let _ = writeln!(self.out, "{text}");
        if self.terminal && self.shown.is_some() {
            let _ = write!(self.out, "\r{}\x1b[K", self.last);
        }
        let _ = self.out.flush();
    }

    /// Ends the line on a terminal, if one was drawn, so that what follows starts on a line of its
    /// own.
    pub fn end(&mut self) {
        if self.terminal && self.shown.is_some() {
            let _ = writeln!(self.out);
        }
    }
}

/// A bar of [`BAR_WIDTH`] characters, `share` (0..1) of it filled: `[#########---------------------]`.
pub fn bar(share: f64) -> String {
    let filled = ((share * BAR_WIDTH as f64).round() as usize).min(BAR_WIDTH);
    format!("[{}{}]", "#".repeat(filled), "-".repeat(BAR_WIDTH - filled))
}

/// A time (left) as `h:mm:ss`, the seconds rounded up.
pub fn clock_text(time: Duration) -> String {
    let seconds = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_terminal_gets_one_line_redrawn_and_warnings_above_it() {
        let mut out = Vec::new();
        let mut line = ProgressLine::new(&mut out, true);
        line.warn("warning: before");
        line.show("a 1", false);
        line.show("a 2", true);
        line.warn("warning: x");
        line.end();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "\r\x1b[Kwarning: before\n\ra 1\x1b[K\ra 2\x1b[K\r\x1b[Kwarning: x\n\ra 2\x1b[K\n"
        );
    }

    #[test]
    fn a_log_keeps_the_lines_asked_for_and_the_warnings() {
        let mut out = Vec::new();
        let mut line = ProgressLine::new(&mut out, false);
        assert!(line.due(Duration::from_secs(1)));
        line.show("a 1", false);
        assert!(line.due(Duration::from_secs(1)));
        line.show("a 2", true);
        assert!(!line.due(Duration::from_secs(1)));
        line.warn("warning: x");
        line.end();
        assert_eq!(String::from_utf8(out).unwrap(), "a 2\nwarning: x\n");
    }

    #[test]
    fn nothing_drawn_ends_nothing() {
        let mut out = Vec::new();
        ProgressLine::new(&mut out, true).end();
        assert!(out.is_empty());
    }

    #[test]
    fn bars_and_times() {
        assert_eq!(bar(0.0), format!("[{}]", "-".repeat(30)));
        assert_eq!(bar(0.2), format!("[######{}]", "-".repeat(24)));
        assert_eq!(bar(1.5), format!("[{}]", "#".repeat(30)));
        assert_eq!(clock_text(Duration::from_millis(61_500)), "0:01:02");
        assert_eq!(clock_text(Duration::from_secs(3600)), "1:00:00");
    }
}
