//! Protocol latency, as a GUI sees it through the pipes: prints figures, asserts nothing.
//!
//! Run with `cargo bench --bench latency` (optionally `-- --trials N`, default 200). It starts the
//! release binary and measures, over N trials each:
//! - `stop` → `bestmove` during `go infinite` (target: median ≤ 1 ms, 99th percentile ≤ 5 ms);
//! - `go movetime 100` → `bestmove` (target: 100 ms − Move Overhead ≤ t ≤ 100 ms);
//! - `isready` → `readyok` during a search (target: median ≤ 1 ms).
//!
//! Times are taken when a line arrives on the reading thread, so they include the pipe both ways.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(10);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the duel binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send((Instant::now(), line)).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take().expect("piped stdin");
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Sends a line and returns when it was handed to the pipe.
    fn send(&mut self, line: &str) -> Instant {
        let sent = Instant::now();
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
        sent
    }

    /// When the first line starting with `prefix` arrived.
    fn wait_for(&mut self, prefix: &str) -> Instant {
        loop {
            let (at, line) = self
                .lines
                .recv_timeout(TIMEOUT)
                .unwrap_or_else(|_| panic!("no '{prefix}' within {TIMEOUT:?}"));
            if line.starts_with(prefix) {
                return at;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Median, 99th percentile, minimum and maximum, in milliseconds.
fn summary(name: &str, mut samples: Vec<Duration>, target: &str) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name:<34} n={:<4} median {:>8.3} ms  p99 {:>8.3} ms  min {:>8.3} ms  max {:>8.3} ms   target: {target}",
        samples.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(samples[0]),
        ms(samples[samples.len() - 1]),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; only `--trials N` is ours.
    let args: Vec<String> = std::env::args().collect();
    let trials = args
        .iter()
        .position(|a| a == "--trials")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(200usize)
        .max(1);

    let mut engine = Engine::start();
    engine.send("uci");
    engine.wait_for("uciok");
    engine.send("isready");
    engine.wait_for("readyok");

    let mut stop_latency = Vec::with_capacity(trials);
    for _ in 0..trials {
        engine.send("position startpos");
        engine.send("go infinite");
        // Let the search get under way before stopping it.
        engine.wait_for("info depth");
        thread::sleep(Duration::from_millis(2));
        let sent = engine.send("stop");
        stop_latency.push(engine.wait_for("bestmove") - sent);
    }
    summary(
        "stop -> bestmove",
        stop_latency,
        "median <= 1 ms, p99 <= 5 ms",
    );

    let mut ready_latency = Vec::with_capacity(trials);
    engine.send("go infinite");
    engine.wait_for("info depth");
    for _ in 0..trials {
        let sent = engine.send("isready");
        ready_latency.push(engine.wait_for("readyok") - sent);
    }
    engine.send("stop");
    engine.wait_for("bestmove");
    summary(
        "isready -> readyok while searching",
        ready_latency,
        "median <= 1 ms",
    );

    let mut movetime = Vec::with_capacity(trials);
    for _ in 0..trials {
        engine.send("position startpos");
        let sent = engine.send("go movetime 100");
        movetime.push(engine.wait_for("bestmove") - sent);
    }
    summary(
        "go movetime 100 -> bestmove",
        movetime,
        "90 ms (100 - Move Overhead 10) <= t <= 100 ms",
    );

    engine.send("quit");
}
