//! The input thread: reads raw lines ([`read_line`]), parses each into a command and sends it to the
//! command loop.
//!
//! A `go` carries the instant its line was read, so that its clock starts then.
//!
//! A line that is not UTF-8 or is longer than [`MAX_LINE_BYTES`] becomes an error for the loop to
//! report, and reading goes on. End of input, or an input error, means `quit`; after sending `quit`
//! the thread ends, so nothing is read past it.

use super::command::{self, Command, CommandError};
use super::line::{Line, MAX_LINE_BYTES, read_line};
use crate::search::Instant;
use crossbeam_channel::{Receiver, Sender};
use std::io::{self, BufRead, BufReader, Read};
use std::thread;

/// What the reader sends: a command, or the reason a line is not one.
pub type Message = Result<Command, CommandError>;

/// Starts the input thread on `input` and returns the channel its messages arrive on.
pub fn spawn(input: impl Read + Send + 'static) -> io::Result<Receiver<Message>> {
    let (sender, receiver) = crossbeam_channel::unbounded();
    thread::Builder::new()
        .name("input".into())
        .spawn(move || read_commands(BufReader::new(input), &sender))?;
    Ok(receiver)
}

/// Reads lines until `quit` or end of input, sending one message per non-blank line.
fn read_commands(mut input: impl BufRead, sender: &Sender<Message>) {
    loop {
        let line = read_line(&mut input);
        let received = Instant::now();
        let message = match line {
            Ok(Line::Complete(bytes)) => match std::str::from_utf8(&bytes) {
                Ok(text) => match message(text, received) {
                    None => continue,
                    Some(message) => message,
                },
                Err(e) => Err(CommandError::NotUtf8 {
                    valid_up_to: e.valid_up_to(),
                }),
            },
            Ok(Line::TooLong(bytes)) => Err(CommandError::LineTooLong {
                bytes,
                limit: MAX_LINE_BYTES,
            }),
            // An input that fails is as gone as one that ended.
            Ok(Line::End) | Err(_) => Ok(Command::Quit),
        };
        let quit = matches!(message, Ok(Command::Quit));
        // A send fails only when the engine has already gone; then there is nobody left to read for.
        if sender.send(message).is_err() || quit {
            return;
        }
    }
}

/// The message of one line of text read at `received`; `None` for a blank line.
pub fn message(text: &str, received: Instant) -> Option<Message> {
    match command::parse(text) {
        Ok(None) => None,
        Ok(Some(Command::Go(mut go))) => {
            go.received = Some(received);
            Some(Ok(Command::Go(go)))
        }
        Ok(Some(command)) => Some(Ok(command)),
        Err(e) => Some(Err(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(input: Vec<u8>) -> Vec<Message> {
        let (sender, receiver) = crossbeam_channel::unbounded();
        read_commands(io::Cursor::new(input), &sender);
        receiver.try_iter().collect()
    }

    #[test]
    fn end_of_input_means_quit() {
        assert_eq!(
            messages(b"isready\r\n\n   \nstop".to_vec()),
            [Ok(Command::IsReady), Ok(Command::Stop), Ok(Command::Quit)]
        );
        assert_eq!(messages(Vec::new()), [Ok(Command::Quit)]);
    }

    #[test]
    fn nothing_is_read_after_quit() {
        assert_eq!(messages(b"quit\nisready\n".to_vec()), [Ok(Command::Quit)]);
    }

    #[test]
    fn non_utf8_line_is_reported_and_reading_goes_on() {
        assert_eq!(
            messages(b"is\xffready\nisready\n".to_vec()),
            [
                Err(CommandError::NotUtf8 { valid_up_to: 2 }),
                Ok(Command::IsReady),
                Ok(Command::Quit)
            ]
        );
    }

    #[test]
    fn long_lines_are_reported_with_their_length() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        input.extend(vec![b'y'; MAX_LINE_BYTES * 2]);
        assert_eq!(
            messages(input),
            [
                Err(CommandError::LineTooLong {
                    bytes: MAX_LINE_BYTES + 10,
                    limit: MAX_LINE_BYTES
                }),
                Ok(Command::IsReady),
                Err(CommandError::LineTooLong {
                    bytes: MAX_LINE_BYTES * 2,
                    limit: MAX_LINE_BYTES
                }),
                Ok(Command::Quit)
            ]
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_read() {
        let mut input = b"isready".to_vec();
        input.extend(vec![b' '; MAX_LINE_BYTES - input.len()]);
        input.push(b'\n');
        assert_eq!(messages(input), [Ok(Command::IsReady), Ok(Command::Quit)]);
    }

    #[test]
    fn a_go_carries_the_instant_its_line_was_read() {
        let before = Instant::now();
        let read = messages(b"go movetime 100\nisready\n".to_vec());
        let after = Instant::now();
        let Some(Ok(Command::Go(go))) = read.first() else {
            panic!("not a go: {read:?}");
        };
        let received = go.received.expect("a read go is stamped");
        assert!(before <= received && received <= after);
        assert_eq!(go.movetime, Some(std::time::Duration::from_millis(100)));
    }
}
