//! Drives the real `duel` binary over pipes, as a GUI or tournament manager does.
//!
//! Every read has a deadline: a thread reads the engine's output into a channel, and the test waits on
//! the channel with a timeout, so a silent engine fails the test instead of hanging the suite. A failing
//! expectation prints the whole transcript. Dropping the harness kills the engine.

use duel_rules::game::{Game, GameRecord};
use duel_rules::games::Duel;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single expected answer may take. Generous: the suite shares two cores with builds.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A running engine and everything it said.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Sent lines (`> …`) and received lines, in order, for failure messages.
    transcript: Vec<String>,
}

impl Engine {
    /// Starts `duel` with no arguments: the engine loop.
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// Starts `duel` with `args` (e.g. `play --depth 1`), its output read line by line.
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the duel binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {}", abbreviate(line)));
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.send_raw(&bytes);
    }

    /// Sends bytes as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is still open");
        stdin.write_all(bytes).expect("the engine reads its input");
        stdin.flush().expect("the engine reads its input");
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.transcript.push("> <end of input>".into());
        self.stdin = None;
    }

    /// The next line, or `None` when none comes within `timeout` or the output has ended.
    pub fn next_line_within(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(abbreviate(&line));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line; fails the test when none comes within [`TIMEOUT`].
    pub fn next_line(&mut self) -> String {
        match self.next_line_within(TIMEOUT) {
            Some(line) => line,
            None => self.fail("no line within the timeout"),
        }
    }

    /// The lines up to and including the first for which `last` holds.
    pub fn read_until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + TIMEOUT;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line_within(left) else {
                self.fail("the expected line did not come within the timeout");
            };
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The lines up to and including the next `bestmove`.
    pub fn read_bestmove(&mut self) -> Vec<String> {
        self.read_until(|l| l.starts_with("bestmove"))
    }

    /// Sends `isready` and returns what the engine printed before `readyok`: since `isready` is a
    /// barrier, that is everything the earlier commands printed.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Fails if a `bestmove` comes within `quiet` (`info` lines may).
    pub fn expect_silence_except_info(&mut self, quiet: Duration) {
        let deadline = Instant::now() + quiet;
        while let Some(line) =
            self.next_line_within(deadline.saturating_duration_since(Instant::now()))
        {
            if !line.starts_with("info ") {
                self.fail(&format!("unexpected line {line:?}"));
            }
        }
    }

    /// Waits for the engine to exit.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("the engine can be waited for") {
                return status;
            }
            if Instant::now() > deadline {
                self.fail("the engine did not exit");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// The process id, to send the engine a signal.
    #[allow(dead_code)] // Only tests/tools/play.rs, which shares this harness, sends signals.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Fails the test, printing the transcript.
    pub fn fail(&self, why: &str) -> ! {
        let tail = self.transcript.len().saturating_sub(60);
        panic!(
            "{why}\n--- transcript (last 60 lines) ---\n{}",
            self.transcript[tail..].join("\n")
        );
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn abbreviate(line: &str) -> String {
    if line.len() <= 200 {
        line.to_string()
    } else {
        let cut: String = line.chars().take(100).collect();
        format!("{cut}… ({} bytes)", line.len())
    }
}

/// The move of a `bestmove` line, `None` for `bestmove (none)`; checks the line's shape.
pub fn bestmove_of(line: &str) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert!(
        matches!(
            words.as_slice(),
            ["bestmove", _] | ["bestmove", _, "ponder", _]
        ),
        "malformed bestmove line {line:?}"
    );
    (words[1] != "(none)").then(|| words[1].to_string())
}

/// The game record a `position startpos moves …` with these moves describes.
pub fn record_of(moves: &[String]) -> GameRecord<Duel> {
    let mut record = GameRecord::new(Duel::start());
    for text in moves {
        record.play_text(text).expect("the test plays legal moves");
    }
    record
}

/// Checks with the library that `line` is a `bestmove` with a legal move in `position`, and returns
/// the move's text.
pub fn assert_legal_bestmove(position: &Duel, line: &str) -> String {
    let text = bestmove_of(line).unwrap_or_else(|| panic!("no move in {line:?}"));
    if let Err(e) = position.parse_move(&text) {
        panic!("{line:?} is not legal in {}: {e}", position.to_text());
    }
    text
}

/// The `info string error: …` lines among `lines`.
pub fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .collect()
}
