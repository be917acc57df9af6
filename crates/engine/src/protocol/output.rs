//! The one writer every thread prints through: whole lines, flushed at once.
//!
//! The command loop and the engine's worker thread both print (`readyok` while `info` lines stream), so
//! every line is written under one lock in a single `write_all` and flushed before the lock is released: a
//! GUI never sees half a line or a line stuck in a buffer. Write errors are ignored on purpose: when
//! the GUI has gone, there is nobody left to tell, and the reader's end of input will end the engine.

use parking_lot::Mutex;
use std::fmt::Display;
use std::io::{self, Write};
use std::sync::Arc;

/// How much of an error message is printed; longer ones are cut (a 1 MB bad move must not come back
/// as a 1 MB line).
pub const MAX_MESSAGE_CHARS: usize = 300;

/// A cloneable handle on the shared output.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to `sink` (stdout for the engine, a buffer in tests).
    pub fn new(sink: impl Write + Send + 'static) -> Self {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    /// Writes `text` and a newline as one line, and flushes.
    pub fn line(&self, text: &str) {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(b'\n');
        let mut sink = self.sink.lock();
        let _ = sink.write_all(&bytes).and_then(|()| sink.flush());
    }

    /// Writes several lines (`text` as is, a newline added if missing) without another thread's line
    /// in between: for multi-line answers such as `d`.
    pub fn block(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        let mut bytes = text.as_bytes().to_vec();
        if !text.ends_with('\n') {
            bytes.push(b'\n');
        }
        let mut sink = self.sink.lock();
        let _ = sink.write_all(&bytes).and_then(|()| sink.flush());
    }

    /// `info string <message>`, cut to one clean line.
    pub fn info_string(&self, message: impl Display) {
        self.line(&format!("info string {}", one_line(&message.to_string())));
    }

    /// `info string error: <message>`: the one line every rejected input gets.
    pub fn error(&self, message: impl Display) {
        self.line(&format!(
            "info string error: {}",
            one_line(&message.to_string())
        ));
    }

    /// An [`io::Write`] that sends each completed line through this output, so tools written against
    /// `Write` (perft, bench) print whole lines as they go.
    pub fn lines(&self) -> LineSink<'_> {
        LineSink {
            out: self,
            pending: Vec::new(),
        }
    }
}

/// Makes `text` safe as (part of) one protocol line: control characters are escaped, so a carriage
/// return or other stray byte from the input cannot break the line, and long text is cut.
pub fn one_line(text: &str) -> String {
    let mut clean = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == MAX_MESSAGE_CHARS {
            clean.push('…');
            break;
        }
        if c.is_control() {
            clean.extend(c.escape_default());
        } else {
            clean.push(c);
        }
    }
    clean
}

/// Quotes input text as evidence in a message: escaped and cut to a short excerpt.
pub fn quote(text: &str) -> String {
    const EXCERPT_CHARS: usize = 40;
    let excerpt: String = text.chars().take(EXCERPT_CHARS).collect();
    let cut = if excerpt.len() < text.len() {
        "…"
    } else {
        ""
    };
    format!("'{}{cut}'", one_line(&excerpt))
}

/// See [`Output::lines`]. A last line without a newline is printed when the sink is dropped.
pub struct LineSink<'a> {
    out: &'a Output,
    pending: Vec<u8>,
}

impl Write for LineSink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            self.out
                .line(String::from_utf8_lossy(&line[..line.len() - 1]).trim_end_matches('\r'));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // Only whole lines are ever printed; the rest waits for its newline (or the drop).
        Ok(())
    }
}

impl Drop for LineSink<'_> {
    fn drop(&mut self) {
        if !self.pending.is_empty() {
            self.out.line(&String::from_utf8_lossy(&self.pending));
        }
    }
}

/// A buffer that an [`Output`] can write into while its owner keeps a handle to read it: the tests,
/// and the browser build's loader (the `duel-web` crate), which reads the engine's lines from it.
#[derive(Clone, Default)]
pub struct Capture(Arc<Mutex<Vec<u8>>>);

impl Capture {
    /// Runs `f` on the bytes written so far (locked meanwhile), which it may read or clear.
    pub fn with_bytes<R>(&self, f: impl FnOnce(&mut Vec<u8>) -> R) -> R {
        f(&mut self.0.lock())
    }

    /// Everything written so far, as lines.
    #[cfg(test)]
    pub fn lines(&self) -> Vec<String> {
        String::from_utf8_lossy(&self.0.lock())
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_are_single_clean_lines() {
        let capture = Capture::default();
        let out = Output::new(capture.clone());
        out.error("bad\r\nthing");
        out.error("x".repeat(10_000));
        let lines = capture.lines();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0], "info string error: bad\\r\\nthing");
        assert!(lines[1].chars().count() < MAX_MESSAGE_CHARS + 30);
        assert!(lines[1].ends_with('…'));
    }

    #[test]
    fn line_sink_prints_complete_lines_and_the_rest_on_drop() {
        let capture = Capture::default();
        let out = Output::new(capture.clone());
        {
            let mut sink = out.lines();
            write!(sink, "a: 1\nb: ").unwrap();
            assert_eq!(capture.lines(), ["a: 1"]);
            write!(sink, "2\n\nlast").unwrap();
        }
        assert_eq!(capture.lines(), ["a: 1", "b: 2", "", "last"]);
    }

    #[test]
    fn quote_cuts_long_evidence() {
        assert_eq!(quote("abc"), "'abc'");
        assert_eq!(quote(&"y".repeat(100)), format!("'{}…'", "y".repeat(40)));
    }
}
