//! The engine process of one connection: started with `duel match`'s handshake, its output relayed to
//! the page line by line, the page's lines written to it, and killed on restart or when the page
//! goes away.
//!
//! Two threads serve a running engine: the writer owns its standard input, fed through a bounded
//! queue, so that an engine that stops reading cannot block the connection (the queue fills and the
//! page is told); the forwarder relays its output and reports when it ends. The process itself is
//! shared with the session, which kills it however the writer is doing.

use crate::engine_process::{EngineCommand, EngineProcess, HandshakeError, Traffic, WaitError};
use crossbeam_channel::{Receiver, Sender, TrySendError, bounded};
use duel_engine::page_service::messages::Reply;
use parking_lot::Mutex;
use std::io::{self, Write};
use std::process::{Child, ChildStdin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::Duration;
use tokio::sync::mpsc;

/// How long the engine may take to answer `uci` (as `duel match --timeout` by default).
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(5);
/// Lines waiting for the engine to read them before the page is told it does not.
const INPUT_QUEUE: usize = 64;

/// What the relay receives from the threads of the engine.
#[derive(Debug)]
pub enum SessionEvent {
    /// A message for the page.
    ToPage(Reply),
    /// The start number `generation` has finished: the running session, or why there is none.
    Started {
        /// Which start.
        generation: u64,
        /// The session, or why there is none.
        result: Result<EngineSession, String>,
    },
    /// The engine of start number `generation` has ended by itself (how, in words).
    Exited {
        /// Which start.
        generation: u64,
        /// How it ended.
        message: String,
    },
}

/// A running engine.
#[derive(Debug)]
pub struct EngineSession {
    input: Sender<String>,
    child: Arc<Mutex<Child>>,
    /// Set before the session kills the process on purpose, so that its end is not reported as a
    /// crash.
    stopping: Arc<AtomicBool>,
}

impl EngineSession {
    /// Starts `command` for `variant`, blocking until its handshake is done; every line of the
    /// handshake, and then every line it writes, goes to `events`, and so does its end, tagged with
    /// `generation`.
    pub fn start(
        command: &EngineCommand,
        variant: &str,
        generation: u64,
        events: mpsc::Sender<SessionEvent>,
    ) -> Result<EngineSession, String> {
        let process = shake_hands(command, variant, &events)?;
        let (child, stdin, lines) = process.into_parts();
        let child = Arc::new(Mutex::new(child));
        let stopping = Arc::new(AtomicBool::new(false));
        let (input, queued) = bounded::<String>(INPUT_QUEUE);
        let spawned = spawn_writer(stdin, queued).and_then(|_| {
            let (child, stopping) = (Arc::clone(&child), Arc::clone(&stopping));
            spawn_forwarder(lines, child, stopping, events, generation)
        });
        // Dropped when a thread cannot be started, the session kills the process.
        let session = EngineSession {
            input,
            child,
            stopping,
        };
        spawned.map_err(|e| format!("cannot start the engine's threads: {e}"))?;
        Ok(session)
    }

    /// Queues one line for the engine; fails when the engine has gone or does not read its input.
    pub fn send(&self, line: String) -> Result<(), String> {
        match self.input.try_send(line) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err(format!(
                "the engine has not read its last {INPUT_QUEUE} lines: it seems to hang; restart it"
            )),
            Err(TrySendError::Disconnected(_)) => {
                Err("the engine is not running; restart it".to_string())
            }
        }
    }
}

/// Starts `command`'s process and does the handshake for `variant`, each line of it told to the page
/// through `events`; on failure the process is killed.
fn shake_hands(
    command: &EngineCommand,
    variant: &str,
    events: &mpsc::Sender<SessionEvent>,
) -> Result<EngineProcess, String> {
    let to_page = |reply: Reply| {
        // A closed channel means the page has gone; nobody is left to tell.
        let _ = events.blocking_send(SessionEvent::ToPage(reply));
    };
    let mut process = EngineProcess::spawn(command)
        .map_err(|e| format!("cannot start '{}': {e}", command.program))?;
    let handshake = process.handshake(command, variant, HANDSHAKE_TIMEOUT, |traffic| {
        to_page(match traffic {
            Traffic::Sent(line) => Reply::Sent {
                line: line.to_string(),
            },
            Traffic::Received(line) => Reply::Engine {
                line: line.to_string(),
            },
        })
    });
    let Err(e) = handshake else {
        return Ok(process);
    };
    process.kill();
    let (hello, ok) = (command.dialect.name(), command.dialect.ok());
    Err(match e {
        HandshakeError::Wait(WaitError::Silent(waited)) => format!(
            "the engine did not answer '{hello}' with '{ok}' within {:.1} s",
            waited.as_secs_f64()
        ),
        HandshakeError::Wait(WaitError::Exited(status)) => {
            format!("the engine exited during its handshake ({status})")
        }
        HandshakeError::Write(e) => format!("cannot write to the engine: {e}"),
    })
}

/// Starts the writer: it owns the engine's input and writes the queued lines to it.
fn spawn_writer(mut stdin: ChildStdin, queued: Receiver<String>) -> io::Result<JoinHandle<()>> {
    thread::Builder::new()
        .name("engine input".into())
        .spawn(move || {
            for line in queued {
                if writeln!(stdin, "{line}")
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    return; // the engine has gone; the forwarder tells the page
                }
            }
        })
}

/// Starts the forwarder: it relays the engine's output lines to the page and, unless the session
/// is `stopping` it, reports the end of the engine of start number `generation`.
fn spawn_forwarder(
    lines: Receiver<String>,
    child: Arc<Mutex<Child>>,
    stopping: Arc<AtomicBool>,
    events: mpsc::Sender<SessionEvent>,
    generation: u64,
) -> io::Result<JoinHandle<()>> {
    thread::Builder::new()
        .name("engine output".into())
        .spawn(move || {
            for line in lines {
                if events
                    .blocking_send(SessionEvent::ToPage(Reply::Engine { line }))
                    .is_err()
                {
                    return;
                }
            }
            if stopping.load(Ordering::SeqCst) {
                return;
            }
            let message = exit_message(&child);
            let _ = events.blocking_send(SessionEvent::Exited {
                generation,
                message,
            });
        })
}

/// How the engine ended, once its output has: its exit status, waited for briefly (holding the lock
/// only a moment at a time, so that a kill still gets through).
fn exit_message(child: &Mutex<Child>) -> String {
    for _ in 0..50 {
        match child.lock().try_wait() {
            Ok(Some(status)) => return format!("the engine exited ({status})"),
            Ok(None) => thread::sleep(Duration::from_millis(20)),
            Err(e) => return format!("the engine's output ended ({e})"),
        }
    }
    "the engine closed its output".to_string()
}

impl Drop for EngineSession {
    /// Kills the engine: the page has gone, or asked for a fresh one.
    fn drop(&mut self) {
        self.stopping.store(true, Ordering::SeqCst);
        let mut child = self.child.lock();
        let _ = child.kill();
        let _ = child.wait();
    }
}
