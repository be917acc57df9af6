//! `duel gui` under load: many WebSocket clients at once on loopback, each sending a mix of what
//! the page sends (protocol lines such as `go depth 3`, rules requests, restarts) and garbage (text
//! that is not JSON, unknown kinds, binary frames, messages at and over the size limits, raw bytes
//! that are not HTTP), then dropping its connection abruptly: some in the middle of a search, some
//! while their engine is still starting, some without ever reading an answer.
//!
//! What must hold, because one page's bad or vanishing client must not cost another page its
//! server: the page route (`GET /`) answers every request while the clients run; the server's
//! memory after the clients is near what it was before them; and once they are gone, no engine
//! process of theirs is left behind (each connection owns its engine and must kill it however the
//! connection ends). The figures (clients, messages, memory, the page's latency, time) are printed
//! for docs/fuzzing.md, "Load tests" (`cargo test --release --test gui load -- --nocapture`). Speed
//! is never asserted beyond generous bounds: a slow machine must not fail it.

use crate::server::{Server, Socket, get, open, page};
use duel_engine::page_service::messages::{MAX_ENGINE_LINE_BYTES, MAX_MESSAGE_BYTES};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Clients opened at once in each wave.
const CLIENTS: usize = 48;
/// Waves of clients, one after the other: memory that grows wave after wave is a leak.
const WAVES: usize = 4;
/// The page route must answer within this (generous: a slow machine is not a failure).
const PAGE_BOUND: Duration = Duration::from_secs(10);
/// How long a client waits for an answer it expects.
const PATIENCE: Duration = Duration::from_secs(20);
/// How long the engines of the closed connections may take to go.
const ENGINE_GRACE: Duration = Duration::from_secs(10);
/// How much the server's resident memory may grow over the whole run.
const MEMORY_SLACK_KIB: u64 = 200 * 1024;
/// The message over the hard limit that makes the server close the connection (1 MiB and more).
const OVER_HARD_LIMIT: usize = 4 * MAX_MESSAGE_BYTES + 1024;

/// What one client did and saw.
#[derive(Default)]
struct Report {
    /// Messages sent over the WebSocket, or raw writes for the raw clients.
    sent: u64,
    /// `error` replies read.
    errors: u64,
    /// Whether it spoke WebSocket as the page does (the others send raw bytes).
    websocket: bool,
    /// Whether the `hello` came (WebSocket clients).
    hello: bool,
    /// Whether its engine's start failed (a loaded machine may miss the 5 s handshake).
    engine_failed: bool,
    /// An answer the client waited for and did not get, in words.
    missing: Option<String>,
}

/// The garbage every WebSocket client sends: each one gets exactly one `error` reply.
fn garbage() -> Vec<Message> {
    let text = |s: String| Message::Text(s.into());
    vec![
        text("not json".to_string()),
        text("[1, 2, 3]".to_string()),
        text(json!({"type": "nonsense", "line": "uci"}).to_string()),
        text(json!({"type": "engine"}).to_string()),
        text(json!({"type": "engine", "line": "isready\nquit"}).to_string()),
        text(json!({"type": "engine", "line": "go\u{1b}[2J"}).to_string()),
        text(json!({"type": "state", "variant": "chess"}).to_string()),
        text(json!({"type": "state", "variant": "duel", "moves": ["Z9-Z9"]}).to_string()),
        text(json!({"type": "load_pgn", "variant": "duel", "text": "1. Z9-Z9 *"}).to_string()),
        // A protocol line just over its limit.
        text(json!({"type": "engine", "line": "x".repeat(MAX_ENGINE_LINE_BYTES + 1)}).to_string()),
        // Over the message limit, under the hard one: an error, and the connection stays.
        text("x".repeat(MAX_MESSAGE_BYTES + 1)),
        Message::Binary(vec![0xff; 4096].into()),
    ]
}

/// Sends one message, counting it; false when the connection is gone.
async fn push(socket: &mut Socket, message: Message, report: &mut Report) -> bool {
    report.sent += 1;
    socket.send(message).await.is_ok()
}

/// Sends one JSON message, counting it.
async fn push_json(socket: &mut Socket, message: Value, report: &mut Report) -> bool {
    push(socket, Message::Text(message.to_string().into()), report).await
}

/// Reads until a message satisfies `wanted`, counting the errors on the way; `None` when none came
/// within [`PATIENCE`] or the connection ended.
async fn next_where(
    socket: &mut Socket,
    report: &mut Report,
    wanted: impl Fn(&Value) -> bool,
) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next())
            .await
            .ok()??;
        let Ok(Message::Text(text)) = message else {
            if message.is_err() {
                return None;
            }
            continue;
        };
        let Ok(value) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if value["type"] == "error" {
            report.errors += 1;
        }
        if wanted(&value) {
            return Some(value);
        }
    }
}

/// Reads until this message comes, or notes in `report` that it did not.
async fn expect(
    socket: &mut Socket,
    report: &mut Report,
    what: &str,
    wanted: impl Fn(&Value) -> bool,
) -> Option<Value> {
    let found = next_where(socket, report, wanted).await;
    if found.is_none() && report.missing.is_none() {
        report.missing = Some(what.to_string());
    }
    found
}

fn engine_line(prefix: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == "engine" && m["line"].as_str().is_some_and(|l| l.starts_with(prefix))
}

/// `ready` or `failed`: whether the engine started.
async fn engine_started(socket: &mut Socket, report: &mut Report) -> bool {
    let state = expect(socket, report, "engine_status ready or failed", |m| {
        m["type"] == "engine_status" && (m["state"] == "ready" || m["state"] == "failed")
    })
    .await;
    let ready = state.is_some_and(|s| s["state"] == "ready");
    report.engine_failed |= !ready && report.missing.is_none();
    ready
}

/// Sends the garbage and waits for an error for each.
async fn garbage_answered(socket: &mut Socket, report: &mut Report) {
    let before = report.errors;
    let bad = garbage();
    let count = bad.len() as u64;
    for message in bad {
        push(socket, message, report).await;
    }
    while report.errors - before < count {
        if expect(socket, report, "an error for each bad message", |m| {
            m["type"] == "error"
        })
        .await
        .is_none()
        {
            return;
        }
    }
}

/// A search of depth 3 from a Duel position, up to its `bestmove`.
async fn search(socket: &mut Socket, report: &mut Report) {
    push_json(socket, json!({"type": "engine", "line": "isready"}), report).await;
    expect(socket, report, "readyok", engine_line("readyok")).await;
    let position = json!({"type": "engine", "line": "position startpos moves D1-e6"});
    push_json(socket, position, report).await;
    push_json(
        socket,
        json!({"type": "engine", "line": "go depth 3"}),
        report,
    )
    .await;
    expect(socket, report, "bestmove", engine_line("bestmove ")).await;
}

/// The page's way: the engine's start, garbage (each answered by an error), a search, the rules
/// and PGN, then a drop without a Close.
async fn patient(mut socket: Socket, report: &mut Report) {
    let ready = engine_started(&mut socket, report).await;
    garbage_answered(&mut socket, report).await;
    if ready {
        search(&mut socket, report).await;
    }
    let state = json!({"type": "state", "id": 1, "variant": "duel", "moves": ["D1-e6"]});
    push_json(&mut socket, state, report).await;
    expect(&mut socket, report, "state", |m| m["type"] == "state").await;
    // A request just under the message limit: the name is cut to its length, and it is answered.
    let white = "w".repeat(MAX_MESSAGE_BYTES - 100);
    let pgn =
        json!({"type": "pgn", "id": 2, "variant": "duel", "moves": ["D1-e6"], "white": white});
    push_json(&mut socket, pgn, report).await;
    expect(&mut socket, report, "pgn", |m| {
        m["type"] == "pgn" && m["id"] == 2
    })
    .await;
}

/// An endless search, dropped as soon as the engine reports on it.
async fn mid_search(mut socket: Socket, report: &mut Report) {
    if engine_started(&mut socket, report).await {
        let line = json!({"type": "engine", "line": "go infinite"});
        push_json(&mut socket, line, report).await;
        expect(&mut socket, report, "info", engine_line("info ")).await;
    }
}

/// Garbage, and gone before its engine has finished starting.
async fn impatient(mut socket: Socket, report: &mut Report) {
    for message in garbage() {
        push(&mut socket, message, report).await;
    }
}

/// Never reads: garbage, an endless search, restarts, a burst of messages at the limit, and last a
/// message over the hard limit, which the server answers by closing.
async fn flood(mut socket: Socket, report: &mut Report) {
    let messages = garbage()
        .into_iter()
        .chain([
            Message::Text(
                json!({"type": "engine", "line": "go infinite"})
                    .to_string()
                    .into(),
            ),
            Message::Text(json!({"type": "restart"}).to_string().into()),
            Message::Text(json!({"type": "restart"}).to_string().into()),
        ])
        .chain(garbage())
        .chain([Message::Text("y".repeat(OVER_HARD_LIMIT).into())]);
    for message in messages {
        if !push(&mut socket, message, report).await {
            return;
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// Restarts one after another (those during a start are refused), then a search once the last one
/// is ready, and an endless search dropped.
async fn restarts(mut socket: Socket, report: &mut Report) {
    if !engine_started(&mut socket, report).await {
        return;
    }
    const RESTARTS: usize = 3;
    for _ in 0..RESTARTS {
        push_json(&mut socket, json!({"type": "restart"}), report).await;
    }
    // Each restart is refused (a start is under way) or starts the engine anew, which ends in
    // `ready` or `failed`; which, depends on how fast the last start went. Only after all of them
    // has the engine that the search below meets been started.
    let mut ready = false;
    for _ in 0..RESTARTS {
        let Some(outcome) = expect(&mut socket, report, "each restart's outcome", |m| {
            (m["type"] == "engine_status" && (m["state"] == "ready" || m["state"] == "failed"))
                || (m["type"] == "error"
                    && m["message"]
                        .as_str()
                        .is_some_and(|t| t.contains("starting already")))
        })
        .await
        else {
            return;
        };
        if outcome["type"] == "engine_status" {
            ready = outcome["state"] == "ready";
        }
    }
    if !ready {
        report.engine_failed = true;
        return;
    }
    search(&mut socket, report).await;
    let line = json!({"type": "engine", "line": "go infinite"});
    push_json(&mut socket, line, report).await;
}

/// Not the page at all: bytes that are not HTTP, a WebSocket from another origin (refused), a
/// request cut in the middle, a connection that says nothing for a while.
async fn raw(server: &Server, origin_refused: bool, report: &mut Report) {
    let host = server.host.clone();
    let sent = tokio::task::spawn_blocking(move || {
        let junk: [&[u8]; 4] = [
            b"\x00\xff\xfe GARBAGE\r\n\r\n",
            b"GET / HTTP/9.9\r\nHost: \xff\xff\r\n\r\n",
            b"GET /ws HTTP/1.1\r\nHost: evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 999999\r\n\r\nhalf",
        ];
        let mut sent = 0;
        for bytes in junk {
            if let Ok(mut stream) = TcpStream::connect(&host) {
                sent += 1;
                let _ = stream.write_all(bytes);
                let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
                let _ = stream.read(&mut [0; 512]);
            }
        }
        // Says nothing, then goes.
        let silent = TcpStream::connect(&host);
        std::thread::sleep(Duration::from_millis(500));
        drop(silent);
        sent
    })
    .await
    .unwrap_or(0);
    report.sent += sent;
    if origin_refused {
        let refused = open(server, Some("http://evil.example")).await;
        report.sent += 1;
        if refused.is_ok() {
            report.missing = Some("a refusal of another origin".to_string());
        }
    }
}

/// One client of kind `index % 6`.
async fn client(server: Arc<Server>, index: usize) -> Report {
    let mut report = Report::default();
    if index % 6 == 5 {
        raw(&server, index % 12 == 5, &mut report).await;
        return report;
    }
    report.websocket = true;
    let mut socket = page(&server).await;
    report.hello = next_where(&mut socket, &mut report, |m| m["type"] == "hello")
        .await
        .is_some();
    match index % 6 {
        0 => patient(socket, &mut report).await,
        1 => mid_search(socket, &mut report).await,
        2 => impatient(socket, &mut report).await,
        3 => flood(socket, &mut report).await,
        _ => restarts(socket, &mut report).await,
    }
    // The socket is dropped here without a Close.
    report
}

/// The server's resident memory, in KiB.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
        .unwrap()
}

/// The child processes of `pid` (zombies included), as `pid (name) state`.
fn children_of(pid: u32) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // `pid (name) state ppid …`: the name may hold spaces and parentheses.
        let Some((head, tail)) = stat.rsplit_once(')') else {
            continue;
        };
        let mut fields = tail.split_whitespace();
        let state = fields.next().unwrap_or("?");
        if fields.next().and_then(|p| p.parse().ok()) == Some(pid) {
            found.push(format!("{head}) {state}"));
        }
    }
    found
}

/// Waits up to [`ENGINE_GRACE`] for the server to have no child left; the ones left, if any.
fn engines_left_after_grace(pid: u32) -> (Vec<String>, Duration) {
    let started = Instant::now();
    loop {
        let left = children_of(pid);
        if left.is_empty() || started.elapsed() > ENGINE_GRACE {
            return (left, started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// One `GET /` with the server's own Host: its latency, or why it was not answered with the page.
fn page_request(host: &str) -> Result<Duration, String> {
    let started = Instant::now();
    let mut stream = TcpStream::connect(host).map_err(|e| format!("connect: {e}"))?;
    stream.set_read_timeout(Some(PAGE_BOUND)).unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("write: {e}"))?;
    let mut response = String::new();
    stream
        .read_to_string(&mut response)
        .map_err(|e| format!("read after {:?}: {e}", started.elapsed()))?;
    if !response.starts_with("HTTP/1.1 200") || !response.contains("src=\"js/main.js\"") {
        return Err(format!(
            "not the page: {}",
            &response[..response.len().min(200)]
        ));
    }
    Ok(started.elapsed())
}

/// Asks for the page again and again until `stop`, sampling the server's memory too: the latencies
/// (or failures) and the highest memory seen.
fn probe(host: String, pid: u32, stop: Arc<AtomicBool>) -> (Vec<Result<Duration, String>>, u64) {
    let mut answers = Vec::new();
    let mut peak = 0;
    while !stop.load(Ordering::SeqCst) {
        answers.push(page_request(&host));
        peak = peak.max(resident_kib(pid));
        std::thread::sleep(Duration::from_millis(20));
    }
    (answers, peak)
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_clients_and_garbage_leave_the_page_answering_and_no_engine_behind() {
    let server = Arc::new(Server::start(&[]));
    let pid = server.pid();
    // A first client warms the server up (its runtime, the first engine), so that `before` is the
    // memory of a server in use; while it is connected, its engine is the server's one child (the
    // look in /proc finds engines, so that finding none later means something).
    let mut warm = Report::default();
    let mut socket = page(&server).await;
    assert!(
        engine_started(&mut socket, &mut warm).await,
        "warm-up: no engine"
    );
    let engines = children_of(pid);
    assert_eq!(engines.len(), 1, "the warm-up's engine: {engines:?}");
    garbage_answered(&mut socket, &mut warm).await;
    search(&mut socket, &mut warm).await;
    drop(socket);
    assert!(warm.missing.is_none(), "warm-up: {:?}", warm.missing);
    let (left, _) = engines_left_after_grace(pid);
    assert!(left.is_empty(), "the warm-up's engine is left: {left:?}");
    let before = resident_kib(pid);

    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let prober = {
        let (host, stop) = (server.host.clone(), Arc::clone(&stop));
        std::thread::spawn(move || probe(host, pid, stop))
    };
    let mut reports = Vec::new();
    let mut after_wave = Vec::new();
    let mut engines_gone_in = Duration::ZERO;
    for wave in 0..WAVES {
        let clients: Vec<_> = (0..CLIENTS)
            .map(|i| tokio::spawn(client(Arc::clone(&server), wave * CLIENTS + i)))
            .collect();
        for handle in clients {
            reports.push(handle.await.expect("a client does not panic"));
        }
        let (left, took) = tokio::task::spawn_blocking(move || engines_left_after_grace(pid))
            .await
            .unwrap();
        assert!(
            left.is_empty(),
            "wave {wave}: engines left {ENGINE_GRACE:?} after their clients went: {left:?}"
        );
        engines_gone_in = engines_gone_in.max(took);
        after_wave.push(resident_kib(pid));
    }
    stop.store(true, Ordering::SeqCst);
    let (answers, peak) = prober.join().unwrap();
    let elapsed = started.elapsed();
    let after = resident_kib(pid);

    // The server still serves its page and a new page's engine after all that.
    let (code, _) = get(&server, "/", &server.host);
    assert_eq!(code, 200);
    let mut last = Report::default();
    patient(page(&server).await, &mut last).await;
    assert!(last.missing.is_none(), "after the load: {:?}", last.missing);

    let failures: Vec<&String> = answers.iter().filter_map(|a| a.as_ref().err()).collect();
    let mut latencies: Vec<Duration> = answers.iter().filter_map(|a| a.clone().ok()).collect();
    latencies.sort();
    let sent: u64 = reports.iter().map(|r| r.sent).sum();
    let errors: u64 = reports.iter().map(|r| r.errors).sum();
    let failed_starts = reports.iter().filter(|r| r.engine_failed).count();
    println!(
        "duel gui load: {} clients ({WAVES} waves of {CLIENTS} at once), {sent} messages sent, \
         {errors} error replies read, {failed_starts} engine starts failed",
        reports.len()
    );
    println!(
        "  memory (VmRSS): before {:.1} MiB, peak {:.1} MiB, after each wave {}, after {:.1} MiB",
        mib(before),
        mib(peak.max(after)),
        after_wave
            .iter()
            .map(|&k| format!("{:.1} MiB", mib(k)))
            .collect::<Vec<_>>()
            .join(", "),
        mib(after)
    );
    if let (Some(first), Some(max)) = (latencies.first(), latencies.last()) {
        println!(
            "  GET / during the load: {} requests, min {:.2} ms, median {:.2} ms, max {:.2} ms",
            latencies.len(),
            ms(*first),
            ms(latencies[latencies.len() / 2]),
            ms(*max)
        );
    }
    println!(
        "  engines gone at most {:.0} ms after a wave's last client; time taken {:.1} s",
        ms(engines_gone_in),
        elapsed.as_secs_f64()
    );

    assert!(
        failures.is_empty(),
        "the page went unanswered: {failures:?}"
    );
    assert!(!latencies.is_empty(), "the page was never asked for");
    assert!(
        reports.iter().all(|r| r.hello || !r.websocket),
        "every WebSocket client gets its hello"
    );
    let missing: Vec<(usize, &String)> = reports
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.missing.as_ref().map(|m| (i, m)))
        .collect();
    assert!(missing.is_empty(), "answers that never came: {missing:?}");
    assert!(
        after < before + MEMORY_SLACK_KIB,
        "the server grew from {:.1} MiB to {:.1} MiB",
        mib(before),
        mib(after)
    );
}
