//! What the review's progress line says and when it is shown, on the crate's
//! [`ProgressLine`] on standard error: a bar over the games and their positions, redrawn at most
//! every 200 ms as positions are searched and after every game on a terminal; elsewhere (a log, a
//! pipe) the same line after a game, at most one a second, and after the last. Warnings go through
//! it, so that they do not land in the middle of the bar.

use crate::progress::{ProgressLine, bar, clock_text};
use std::io::Write;
use std::time::{Duration, Instant};

/// How often the bar is redrawn at most as positions are searched.
const REDRAW_EVERY: Duration = Duration::from_millis(200);

/// How often a line is written at most where the output is not a terminal.
const LINE_EVERY: Duration = Duration::from_secs(1);

/// The progress of a review, shown on a [`ProgressLine`].
pub struct Progress<W: Write> {
    line: ProgressLine<W>,
    games: usize,
    positions: u64,
    games_done: usize,
    positions_done: u64,
    started: Instant,
}

impl Progress<std::io::Stderr> {
    /// Progress on standard error: a bar when it is a terminal.
    pub fn on_stderr(games: usize, positions: u64) -> Self {
        Progress::new(ProgressLine::on_stderr(), games, positions)
    }
}

impl<W: Write> Progress<W> {
    /// Progress over `games` games of `positions` positions in all, shown on `line`.
    pub fn new(line: ProgressLine<W>, games: usize, positions: u64) -> Self {
        Progress {
            line,
            games,
            positions,
            games_done: 0,
            positions_done: 0,
            started: Instant::now(),
        }
    }

    /// One more position searched.
    pub fn position(&mut self) {
        self.positions_done += 1;
        if self.line.is_terminal() && self.line.due(REDRAW_EVERY) {
            let text = self.text();
            self.line.show(&text, false);
        }
    }

    /// One more game reviewed (or skipped), with `positions` not searched in it (a skipped game's).
    pub fn game(&mut self, positions: u64) {
        self.games_done += 1;
        self.positions_done += positions;
        let log = self.games_done == self.games || self.line.due(LINE_EVERY);
        if self.line.is_terminal() || log {
            let text = self.text();
            self.line.show(&text, log);
        }
    }

    /// `text` on a line of its own, the bar drawn again after it.
    pub fn warn(&mut self, text: &str) {
        self.line.warn(text);
    }

    /// Ends the bar's line.
    pub fn end(&mut self) {
        self.line.end();
    }

    /// `annotate: [#####-----] 17 % game 1/3, position 45/260, 0:00:12 left`.
    fn text(&self) -> String {
        let share = self.positions_done as f64 / self.positions.max(1) as f64;
        let seconds = self.started.elapsed().as_secs_f64();
        let left = if self.positions_done > 0 && share < 1.0 {
            let left = (seconds / share - seconds).round() as u64;
            format!(", {} left", clock_text(Duration::from_secs(left)))
        } else {
            String::new()
        };
        format!(
            "annotate: {} {:3.0} % game {}/{}, position {}/{}{left}",
            bar(share),
            share * 100.0,
            self.games_done,
            self.games,
            self.positions_done.min(self.positions),
            self.positions
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_gets_a_line_a_second_the_last_and_the_warnings() {
        let mut out = Vec::new();
        let mut progress = Progress::new(ProgressLine::new(&mut out, false), 3, 10);
        progress.position();
        progress.position();
        progress.warn("warning: game 2 skipped: no result");
        progress.game(0);
        // Within the second: no line.
        progress.game(0);
        progress.game(8);
        progress.end();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[0], "warning: game 2 skipped: no result");
        assert!(
            lines[1].starts_with(
                "annotate: [######------------------------]  20 % game 1/3, position 2/10"
            ),
            "{text}"
        );
        assert!(
            lines[2].contains("100 % game 3/3, position 10/10"),
            "{text}"
        );
    }

    #[test]
    fn a_terminal_gets_one_line_redrawn() {
        let mut out = Vec::new();
        let mut progress = Progress::new(ProgressLine::new(&mut out, true), 1, 4);
        progress.position();
        progress.warn("warning: x");
        progress.game(3);
        progress.end();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.matches('\n').count(), 2, "{text:?}");
        assert!(
            text.contains("\r\x1b[Kwarning: x\n\rannotate: ["),
            "{text:?}"
        );
        assert!(
            text.ends_with("100 % game 1/1, position 4/4\x1b[K\n"),
            "{text:?}"
        );
    }
}
