//! An engine program started as a child process, spoken to over its standard input and output, as
//! `duel match` and `duel gui` start the engines named by `--engine`: the command, the dialect, the
//! handshake (`uci`/`ugi`, `UCI_Variant` and `UCI_ShowWDL` when the engine offers them, the
//! `option.<Name>=` settings), and its output as a channel of lines.

use crossbeam_channel::{Receiver, RecvTimeoutError, bounded};
use duel_engine::protocol::{Dialect, Line, SHOW_WDL_OPTION, VARIANT_OPTION, read_line};
use std::io::{self, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// Output lines read ahead of whoever reads the channel. Past them the reading thread waits, so an
/// engine that writes without end while nobody reads (a page that stops reading, in `duel gui`)
/// waits in its pipe instead of filling the memory.
const OUTPUT_QUEUE: usize = 256;

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Options set with `setoption` after the handshake.
    pub options: Vec<(String, String)>,
    /// The dialect.
    pub dialect: Dialect,
}

/// Why no expected line came from the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitError {
    /// Nothing came within the time allowed (how long was waited).
    Silent(Duration),
    /// The engine's output ended: it exited (its exit status, in words).
    Exited(String),
}

/// A line that went to or came from the engine during the handshake, for a front end that shows
/// the conversation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traffic<'a> {
    /// Sent to the engine.
    Sent(&'a str),
    /// Received from it.
    Received(&'a str),
}

/// A running engine: its process, its standard input and a channel of its output lines (closed when
/// its output ends).
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command`'s program with its arguments (its standard error discarded) and the thread
    /// that reads its output, a few hundred lines ahead at most (then the engine waits to write).
    /// Lines are read as [`read_line`] reads them: one longer than its limit is skipped, and bytes
    /// that are not UTF-8 are replaced.
    pub fn spawn(command: &EngineCommand) -> io::Result<EngineProcess> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Not reached: both were asked for as pipes.
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("the engine's pipes are missing"));
        };
        let (sender, lines) = bounded(OUTPUT_QUEUE);
        std::thread::Builder::new()
            .name("engine output".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    match read_line(&mut reader) {
                        Ok(Line::Complete(bytes)) => {
                            let line = String::from_utf8_lossy(&bytes).trim().to_string();
                            if sender.send(line).is_err() {
                                return;
                            }
                        }
                        Ok(Line::TooLong(_)) => {}
                        Ok(Line::End) | Err(_) => return,
                    }
                }
            })
            .inspect_err(|_| {
                let _ = child.kill();
                let _ = child.wait();
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush())
    }

    /// Reads lines until one is `token` or starts with `token` and a space, calling `seen` on each
    /// line before it; gives up after `limit`, or when the engine's output ends.
    pub fn wait_for(
        &mut self,
        token: &str,
        limit: Duration,
        mut seen: impl FnMut(&str),
    ) -> Result<String, WaitError> {
        let started = Instant::now();
        let deadline = started + limit;
        loop {
            match self.lines.recv_deadline(deadline) {
                Ok(line) => {
                    if line == token || line.starts_with(&format!("{token} ")) {
                        return Ok(line);
                    }
                    seen(&line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(WaitError::Silent(started.elapsed()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().map(|s| s.to_string());
                    return Err(WaitError::Exited(status.unwrap_or_else(|e| e.to_string())));
                }
            }
        }
    }

    /// The handshake `duel match` does with every engine it starts: `uci` (or `ugi`) until `uciok`,
    /// then, for each of these options the engine declared, `setoption name UCI_Variant value
    /// <variant>` and `setoption name UCI_ShowWDL value true` (the chances beside its scores), then
    /// the command's own options, which come last and so win over the handshake's. `transcript`
    /// hears every line sent and received. Each answer is waited for at most `timeout`.
    pub fn handshake(
        &mut self,
        command: &EngineCommand,
        variant: &str,
        timeout: Duration,
        mut transcript: impl FnMut(Traffic<'_>),
    ) -> Result<(), HandshakeError> {
        let (hello, ok) = (command.dialect.name(), command.dialect.ok());
        self.send_logged(hello, &mut transcript)?;
        let mut declared = Vec::new();
        let answer = self.wait_for(ok, timeout, |line| {
            declared.extend(declared_option(line));
            transcript(Traffic::Received(line));
        })?;
        transcript(Traffic::Received(&answer));
        let own = [(VARIANT_OPTION, variant), (SHOW_WDL_OPTION, "true")];
        for (name, value) in own {
            if declared.iter().any(|d| d.eq_ignore_ascii_case(name)) {
                let line = format!("setoption name {name} value {value}");
                self.send_logged(&line, &mut transcript)?;
            }
        }
        for (name, value) in &command.options {
            let line = format!("setoption name {name} value {value}");
            self.send_logged(&line, &mut transcript)?;
        }
        Ok(())
    }

    fn send_logged(
        &mut self,
        line: &str,
        transcript: &mut impl FnMut(Traffic<'_>),
    ) -> Result<(), HandshakeError> {
        transcript(Traffic::Sent(line));
        self.send(line).map_err(HandshakeError::Write)
    }

    /// Whether the process has exited, and how.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }

    /// Kills the process and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The process, its input and its output lines, for a front end that reads and writes on
    /// threads of its own.
    pub fn into_parts(self) -> (Child, ChildStdin, Receiver<String>) {
        (self.child, self.stdin, self.lines)
    }
}

/// The name an `option name <Name> type …` line declares (UCI option names are not case sensitive,
/// and may hold spaces).
fn declared_option(line: &str) -> Option<String> {
    let line = line.to_ascii_lowercase();
    let rest = line.strip_prefix("option name ")?;
    let name = rest.split_once(" type ").map_or(rest, |(name, _)| name);
    Some(name.trim().to_string())
}

/// Why a handshake failed.
#[derive(Debug)]
pub enum HandshakeError {
    /// The engine did not answer, or exited.
    Wait(WaitError),
    /// A line could not be written to it.
    Write(io::Error),
}

impl From<WaitError> for HandshakeError {
    fn from(e: WaitError) -> Self {
        HandshakeError::Wait(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_options_are_named_in_lower_case() {
        let name = |line| declared_option(line);
        let wdl = "option name UCI_ShowWDL type check default false";
        assert_eq!(name(wdl).as_deref(), Some("uci_showwdl"));
        let spaced = "option name Move Overhead type spin default 10 min 0 max 5000";
        assert_eq!(name(spaced).as_deref(), Some("move overhead"));
        assert_eq!(
            name("Option Name UCI_Variant").as_deref(),
            Some("uci_variant")
        );
        assert_eq!(name("id name duel"), None);
        assert_eq!(name("info string option name Hash"), None);
    }

    #[test]
    fn an_engine_that_writes_without_end_waits_for_its_reader() {
        let command = EngineCommand {
            program: "yes".to_string(),
            args: vec!["info string spam".to_string()],
            options: Vec::new(),
            dialect: Dialect::Uci,
        };
        let mut engine = EngineProcess::spawn(&command).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        while engine.lines.len() < OUTPUT_QUEUE && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        // Unbounded, the channel would hold hundreds of thousands of lines by now.
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(engine.lines.len(), OUTPUT_QUEUE);
        let mut read = 0;
        let silent = engine.wait_for("bestmove", Duration::from_secs(1), |line| {
            assert_eq!(line, "info string spam");
            read += 1;
        });
        assert!(matches!(silent, Err(WaitError::Silent(_))), "{silent:?}");
        assert!(read > OUTPUT_QUEUE, "the output stalled after {read} lines");
        engine.kill();
    }
}
