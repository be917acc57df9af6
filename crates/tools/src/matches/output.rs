//! Where a match's progress lines go: a terminal gets one line rewritten in place, a log or a pipe
//! a line every ten games.

use std::io::{IsTerminal, Write};

/// How the progress of a match is shown.
pub trait ProgressOutput {
    /// Shows `line`, the progress after `done` of `total` games.
    fn show(&mut self, out: &mut dyn Write, line: &str, done: u64, total: u64);

    /// Ends the progress before the summary.
    fn end(&mut self, out: &mut dyn Write);
}

/// The output for standard output: [`TerminalOutput`] when it is a terminal, else [`LineOutput`].
pub fn for_stdout() -> Box<dyn ProgressOutput> {
    if std::io::stdout().is_terminal() {
        Box::new(TerminalOutput)
    } else {
        Box::new(LineOutput)
    }
}

/// One line, rewritten after every game.
pub struct TerminalOutput;

impl ProgressOutput for TerminalOutput {
    fn show(&mut self, out: &mut dyn Write, line: &str, _done: u64, _total: u64) {
        let _ = write!(out, "\r{line}\x1b[K");
        let _ = out.flush();
    }

    fn end(&mut self, out: &mut dyn Write) {
        let _ = writeln!(out);
    }
}

/// A line after every tenth game and the last.
pub struct LineOutput;

impl ProgressOutput for LineOutput {
    fn show(&mut self, out: &mut dyn Write, line: &str, done: u64, total: u64) {
        if done.is_multiple_of(10) || done == total {
            let _ = writeln!(out, "{line}");
        }
    }

    fn end(&mut self, _out: &mut dyn Write) {}
}
