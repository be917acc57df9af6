//! Line input shared by everything that reads a person or a program line by line (the protocol's
//! input thread, `duel play`, the engine processes of `duel match` and `duel gui`): bytes rather than `String` lines, so that one bad line cannot end the
//! input.
//!
//! A line that is not UTF-8 comes back as its bytes for the caller to judge, and one longer than
//! [`MAX_LINE_BYTES`] as its length only: only the first `MAX_LINE_BYTES` bytes of a line are ever
//! held. A trailing `\r` (a GUI on Windows) is dropped.

use std::io::{self, BufRead, Read};

/// The longest line accepted, in bytes: room for a `position … moves` of well over 100,000 moves,
/// while a runaway line cannot take more memory than this.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line as read: its bytes (cut at the limit) and its full length.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (its bytes without newline).
    Complete(Vec<u8>),
    /// A line over the limit; its length in bytes.
    TooLong(usize),
    /// End of input.
    End,
}

/// Reads one line, holding at most [`MAX_LINE_BYTES`] of it. A trailing `\r` is dropped.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Line> {
    let mut bytes = Vec::new();
    // One byte more than the limit tells a line of exactly the limit from a longer one.
    let read = input
        .by_ref()
        .take(MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        return Ok(Line::Complete(bytes));
    }
    if bytes.len() <= MAX_LINE_BYTES {
        // The last line of the input, without a newline.
        return Ok(Line::Complete(bytes));
    }
    // Too long: skip to the end of the line, counting but not keeping.
    let mut length = bytes.len();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(Line::TooLong(length));
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => {
                length += end;
                input.consume(end + 1);
                return Ok(Line::TooLong(length));
            }
            None => {
                let n = chunk.len();
                length += n;
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<Line> {
        let mut input = io::Cursor::new(input.to_vec());
        let mut lines = Vec::new();
        loop {
            let line = read_line(&mut input).expect("a cursor cannot fail");
            let end = line == Line::End;
            lines.push(line);
            if end {
                return lines;
            }
        }
    }

    #[test]
    fn crlf_and_a_last_line_without_newline() {
        assert_eq!(
            lines(b"a\r\n\nb"),
            [
                Line::Complete(b"a".to_vec()),
                Line::Complete(Vec::new()),
                Line::Complete(b"b".to_vec()),
                Line::End
            ]
        );
    }
}
