//! `duel gui` started as a user starts it, and spoken to as its page speaks: HTTP for the routes, a
//! WebSocket for the relay.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::net::TcpStream as AsyncTcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any one expected message may take.
const PATIENCE: Duration = Duration::from_secs(10);

/// A running `duel gui`, killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:<port>`.
    pub host: String,
}

impl Server {
    /// Starts `duel gui --port 0` with these extra arguments and reads its URL.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
            .arg("gui")
            .args(["--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("duel gui starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let host = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no URL in {line:?}"))
            .to_string();
        Server { child, host }
    }

    /// The server's process id, to read its memory and find its engines in `/proc`.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.host)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A broken engine of `tests/engines/`, as an `--engine` word.
pub fn broken_engine(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/engines")
        .join(format!("{name}.sh"));
    format!("cmd={}", path.display())
}

/// One HTTP/1.1 GET with this Host header: the status code and the whole response.
pub(crate) fn get(server: &Server, path: &str, host: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(&server.host).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, response)
}

pub(crate) type Socket = WebSocketStream<MaybeTlsStream<AsyncTcpStream>>;

/// Opens the WebSocket with this Origin header (none when `None`).
pub(crate) async fn open(server: &Server, origin: Option<&str>) -> Result<Socket, String> {
    let mut request = format!("ws://{}/ws", server.host)
        .into_client_request()
        .unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("Origin", origin.parse().unwrap());
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(socket, _)| socket)
        .map_err(|e| e.to_string())
}

/// The page's own connection.
pub(crate) async fn page(server: &Server) -> Socket {
    let origin = format!("http://{}", server.host);
    open(server, Some(&origin)).await.unwrap()
}

pub(crate) async fn send(socket: &mut Socket, message: Value) {
    send_text(socket, message.to_string()).await;
}

pub(crate) async fn send_text(socket: &mut Socket, text: String) {
    use futures_util::SinkExt;
    socket.send(Message::Text(text.into())).await.unwrap();
}

/// Reads messages until one satisfies `wanted`; returns it and what came before.
async fn until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> (Value, Vec<Value>) {
    use futures_util::StreamExt;
    let deadline = Instant::now() + PATIENCE;
    let mut before = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let message = tokio::time::timeout(left, socket.next())
            .await
            .unwrap_or_else(|_| panic!("timed out; seen: {before:#?}"))
            .expect("the connection stays open")
            .expect("a readable message");
        let Message::Text(text) = message else {
            continue;
        };
        let value: Value = serde_json::from_str(&text).unwrap();
        if wanted(&value) {
            return (value, before);
        }
        before.push(value);
    }
}

fn is(kind: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == kind
}

fn engine_line(prefix: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == "engine" && m["line"].as_str().is_some_and(|l| l.starts_with(prefix))
}

fn status(state: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == "engine_status" && m["state"] == state
}

#[test]
fn the_routes_serve_the_page_to_its_own_address_only() {
    let server = Server::start(&[]);
    let host = server.host.clone();
    let (code, page) = get(&server, "/", &host);
    assert_eq!(code, 200, "{page}");
    assert!(
        page.contains("text/html") && page.contains("src=\"js/main.js\""),
        "{page}"
    );
    assert!(page.contains("content-security-policy"), "{page}");
    // The page's modules and each game's drawing, as scripts a browser runs as modules.
    for path in [
        "/js/main.js",
        "/js/state.js",
        "/js/board.js",
        "/js/link.js",
        "/games/duel.js",
        "/games/dipole.js",
        "/games/dame.js",
        "/games/alice.js",
    ] {
        let (code, script) = get(&server, path, &host);
        assert!(
            code == 200 && script.contains("text/javascript"),
            "{path}: {script}"
        );
    }
    assert_eq!(get(&server, "/style.css", &host).0, 200);
    let (code, icon) = get(&server, "/icons/icon.svg", &host);
    assert!(code == 200 && icon.contains("image/svg+xml"), "{icon}");
    assert_eq!(get(&server, "/etc/passwd", &host).0, 404);
    let port = host.rsplit(':').next().unwrap();
    assert_eq!(get(&server, "/", &format!("localhost:{port}")).0, 200);
    // A page elsewhere that rebinds its name to this address is refused.
    assert_eq!(get(&server, "/", &format!("evil.example:{port}")).0, 403);
}

#[tokio::test]
async fn websockets_only_from_the_page_itself() {
    let server = Server::start(&[]);
    for origin in [None, Some("http://evil.example"), Some("null")] {
        let refused = open(&server, origin).await.unwrap_err();
        assert!(refused.contains("403"), "{origin:?}: {refused}");
    }
    let port = server.host.rsplit(':').next().unwrap();
    assert!(
        open(&server, Some(&format!("http://localhost:{port}")))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn the_relay_carries_protocol_lines_and_the_rules_answer() {
    let server = Server::start(&["--variant", "dipole"]);
    let mut socket = page(&server).await;
    let (hello, _) = until(&mut socket, is("hello")).await;
    assert_eq!(hello["variant"], "dipole");
    // Every hosted game, in the order of the one list.
    assert_eq!(hello["variants"], json!(duel_rules::games::VARIANTS));
    assert_eq!(hello["engine"], json!({"name": "duel", "dialect": "uci"}));
    // The handshake of duel match, shown to the page: uci, the engine's options, the variant.
    let (_, handshake) = until(&mut socket, status("ready")).await;
    assert!(handshake.contains(&json!({"type": "sent", "line": "uci"})));
    assert!(handshake.contains(&json!({"type": "engine", "line": "uciok"})));
    assert!(handshake.contains(&json!({
        "type": "sent", "line": "setoption name UCI_Variant value dipole"
    })));
    send(&mut socket, json!({"type": "engine", "line": "isready"})).await;
    let (echo, _) = until(&mut socket, is("sent")).await;
    assert_eq!(echo["line"], "isready");
    until(&mut socket, engine_line("readyok")).await;
    send(
        &mut socket,
        json!({"type": "engine", "line": "position startpos moves e1-e5"}),
    )
    .await;
    send(&mut socket, json!({"type": "engine", "line": "go depth 3"})).await;
    let (best, lines) = until(&mut socket, engine_line("bestmove ")).await;
    assert!(
        lines.iter().any(|m| engine_line("info depth 3")(m)),
        "{lines:?}"
    );
    let reply = best["line"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap();
    // The rules take the engine's reply, and tell the page about the position after it.
    send(
        &mut socket,
        json!({"type": "state", "id": 1, "variant": "dipole", "moves": ["e1-e5", reply]}),
    )
    .await;
    let (state, _) = until(&mut socket, is("state")).await;
    assert_eq!(state["id"], 1);
    assert_eq!(state["side"], "white");
    assert_eq!(state["board"]["kind"], "dipole");
    assert_eq!(state["history"][1]["text"], reply);
    let legal = state["legal"].as_array().unwrap();
    assert!(
        legal
            .iter()
            .all(|m| m["text"].is_string() && m.get("count").is_some())
    );
    // Duel's state: every die with five values, the two paths to a square told apart.
    send(
        &mut socket,
        json!({"type": "state", "id": 2, "variant": "duel", "start": "4bK4/9/9/9/9/9/9/w323wK4 w 0 1"}),
    )
    .await;
    let (state, _) = until(&mut socket, is("state")).await;
    let die = &state["board"]["pieces"][0];
    assert_eq!(
        (&die["square"], &die["top"], &die["north"]),
        (&json!("A1"), &json!(3), &json!(2))
    );
    let vias: Vec<&Value> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "A1" && m["to"] == "B3")
        .map(|m| &m["via"])
        .collect();
    assert_eq!(vias.len(), 2, "{vias:?}");
    // Dame's state: men on the dark squares, the last capture with its landing and its victim, and
    // the reply forced to a capture of the man that took.
    send(
        &mut socket,
        json!({"type": "state", "id": 3, "variant": "dame", "moves": ["c3-d4", "f6-e5", "d4xf6"]}),
    )
    .await;
    let (state, _) = until(&mut socket, is("state")).await;
    assert_eq!(state["board"]["kind"], "dame");
    assert_eq!(state["board"]["men"], json!({"white": 12, "black": 11}));
    assert!(
        state["board"]["pieces"]
            .as_array()
            .unwrap()
            .contains(&json!(
                {"square": "f6", "owner": "white", "king": false}
            ))
    );
    assert_eq!(
        state["last_move"],
        json!({"text": "d4xf6", "from": "d4", "to": "f6", "path": ["f6"], "captured": ["e5"]})
    );
    let legal = state["legal"].as_array().unwrap();
    let texts: Vec<&str> = legal.iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["e7xg5", "g7xe5"], "{legal:?}");
    assert!(
        legal.iter().all(|m| m["captured"] == json!(["f6"])),
        "{legal:?}"
    );
    // Alice's state: both boards, the moved piece on B, the last move with the board it was played
    // on, and the four promotions of one pawn told apart.
    send(
        &mut socket,
        json!({"type": "state", "id": 4, "variant": "alice", "moves": ["e2e4"]}),
    )
    .await;
    let (state, _) = until(&mut socket, is("state")).await;
    assert_eq!(state["board"]["kind"], "alice");
    assert_eq!(state["board"]["boards"], json!(["A", "B"]));
    let pieces = state["board"]["pieces"].as_array().unwrap();
    let e4 = pieces.iter().find(|p| p["square"] == "e4").unwrap();
    assert_eq!((&e4["board"], &e4["kind"]), (&json!("B"), &json!("pawn")));
    assert_eq!(
        state["last_move"],
        json!({"text": "e2e4", "from": "e2", "to": "e4", "board": "A", "promotion": null})
    );
    send(
        &mut socket,
        json!({"type": "state", "id": 5, "variant": "alice", "start": "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}),
    )
    .await;
    let (state, _) = until(&mut socket, is("state")).await;
    let promotions = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "a7" && m["to"] == "a8")
        .filter_map(|m| m["promotion"].as_str())
        .count();
    assert_eq!(promotions, 4);
}

#[tokio::test]
async fn bad_messages_get_an_error_and_change_nothing() {
    let server = Server::start(&[]);
    let mut socket = page(&server).await;
    until(&mut socket, status("ready")).await;
    let bad = [
        "not json".to_string(),
        json!({"type": "shell", "line": "rm -rf /"}).to_string(),
        json!({"type": "engine", "line": "isready\nquit"}).to_string(),
        json!({"type": "engine", "line": "go\u{1b}[2J"}).to_string(),
        json!({"type": "engine", "line": "x".repeat(70_000)}).to_string(),
        json!({"type": "state", "variant": "chess"}).to_string(),
        json!({"type": "state", "variant": "duel", "moves": ["D1-D6"]}).to_string(),
        json!({"type": "state", "variant": "duel", "moves": vec!["E1-E2"; 6000]}).to_string(),
        json!({"type": "load_pgn", "variant": "duel", "text": "1. Z9-Z9 *"}).to_string(),
        "x".repeat(300_000),
    ];
    for text in bad {
        send_text(&mut socket, text.clone()).await;
        let (error, _) = until(&mut socket, |m| m["type"] == "error").await;
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{}: {error}",
            &text[..text.len().min(60)]
        );
    }
    {
        use futures_util::SinkExt;
        socket
            .send(Message::Binary(vec![1, 2, 3].into()))
            .await
            .unwrap();
    }
    until(&mut socket, is("error")).await;
    // The engine and the connection are as they were.
    send(&mut socket, json!({"type": "engine", "line": "isready"})).await;
    until(&mut socket, engine_line("readyok")).await;
    let mut other = page(&server).await;
    until(&mut other, status("ready")).await;
}

#[tokio::test]
async fn a_crashed_engine_is_reported_and_restarted() {
    let server = Server::start(&["--engine", "name=crashy", &broken_engine("crash")]);
    let mut socket = page(&server).await;
    let (hello, _) = until(&mut socket, is("hello")).await;
    assert_eq!(hello["engine"]["name"], "crashy");
    until(&mut socket, status("ready")).await;
    send(
        &mut socket,
        json!({"type": "engine", "line": "go movetime 10"}),
    )
    .await;
    let (exited, _) = until(&mut socket, status("exited")).await;
    assert!(
        exited["message"].as_str().unwrap().contains("exit"),
        "{exited}"
    );
    send(&mut socket, json!({"type": "engine", "line": "isready"})).await;
    let (error, _) = until(&mut socket, is("error")).await;
    assert!(
        error["message"].as_str().unwrap().contains("restart"),
        "{error}"
    );
    send(&mut socket, json!({"type": "restart"})).await;
    until(&mut socket, status("starting")).await;
    until(&mut socket, status("ready")).await;
    send(&mut socket, json!({"type": "engine", "line": "isready"})).await;
    until(&mut socket, engine_line("readyok")).await;
}

#[tokio::test]
async fn a_hanging_engine_can_be_restarted() {
    let server = Server::start(&["--engine", &broken_engine("hang")]);
    let mut socket = page(&server).await;
    until(&mut socket, status("ready")).await;
    send(
        &mut socket,
        json!({"type": "engine", "line": "go movetime 10"}),
    )
    .await;
    send(&mut socket, json!({"type": "restart"})).await;
    let (_, seen) = until(&mut socket, status("ready")).await;
    assert!(!seen.iter().any(|m| engine_line("bestmove")(m)), "{seen:?}");
    // The killed engine is not reported as a crash.
    assert!(!seen.iter().any(|m| status("exited")(m)), "{seen:?}");
}

#[tokio::test]
async fn an_engine_that_never_answers_uci_fails_its_start() {
    let server = Server::start(&["--engine", &broken_engine("mute")]);
    let mut socket = page(&server).await;
    let (failed, _) = until(&mut socket, status("failed")).await;
    assert!(
        failed["message"].as_str().unwrap().contains("uciok"),
        "{failed}"
    );
}

/// The figures of the Performance table (docs/performance.md): what a WebSocket round trip costs,
/// bare (a bad message's error reply) and through the engine (`isready` → `readyok`). Prints,
/// asserts nothing.
#[tokio::test]
#[ignore]
async fn round_trip_figures() {
    let server = Server::start(&[]);
    let mut socket = page(&server).await;
    until(&mut socket, status("ready")).await;
    let mut bare = Vec::new();
    let mut relayed = Vec::new();
    let mut state = Vec::new();
    for _ in 0..200 {
        let started = Instant::now();
        send_text(&mut socket, "{}".to_string()).await;
        until(&mut socket, is("error")).await;
        bare.push(started.elapsed());
        let started = Instant::now();
        send(&mut socket, json!({"type": "engine", "line": "isready"})).await;
        until(&mut socket, engine_line("readyok")).await;
        relayed.push(started.elapsed());
        let started = Instant::now();
        send(
            &mut socket,
            json!({"type": "state", "variant": "duel", "moves": ["D1-e6"]}),
        )
        .await;
        until(&mut socket, is("state")).await;
        state.push(started.elapsed());
    }
    for (name, mut times) in [
        ("websocket round trip (error reply)", bare),
        ("isready -> readyok through the relay", relayed),
        ("state request (Duel, 1 move)", state),
    ] {
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{name:40} n={}  median {:.3} ms  p99 {:.3} ms",
            times.len(),
            ms(times[times.len() / 2]),
            ms(times[times.len() * 99 / 100])
        );
    }
}
