//! The static site of `scripts/site/build-web` in a real browser: built once per test run into
//! cargo's folder for test files, served by a plain file server (no `duel gui`) from a subfolder,
//! `/play/`, as a project's GitHub Pages site is, the engine and the rules running as WebAssembly
//! in a Web Worker. `browser/` and `link.rs` run their tests against this site too
//! (`Backend::Site`), and `offline.rs` its service worker; here is what only the site has to show:
//! every game drawn and its typed move answered within 10 s, analysis stopped at once (the Worker
//! hears `stop` between the search's slices), no request beyond the page's origin, and the figures
//! of docs/site.md: the time from opening the page to the engine's first reply, the time to stop an
//! analysis, and `bench` in the browser in turns with the native one (`cargo test --release --test
//! gui static_site -- --nocapture` prints them).
//!
//! Without Chromium, chromedriver or the wasm32 target the tests say why and pass: CI has them.

use crate::harness::{Backend, in_browser, js, set_value, wait_until};
use crate::page::{click_control, enter_move, send_line};
use fantoccini::Client;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long the engine's reply may take: the brief of issue 28 asks for under 10 s.
const REPLY_PATIENCE: Duration = Duration::from_secs(10);

/// The folder the site is served from: a subfolder, as a project's GitHub Pages site is
/// (`https://<user>.github.io/<repo>/play/`), so that any path climbing to the host's root fails.
pub(crate) const FOLDER: &str = "/play/";

/// The site, built once for every test of the run.
static BUILT: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// The URL of the built site served for every test of the run.
static SHARED: OnceLock<Result<String, String>> = OnceLock::new();

/// The URL of the static site (ending in [`FOLDER`]), built by `scripts/site/build-web` and served on
/// first use; `Err` says why it cannot be built here (no wasm32 target). A failed build fails the test.
pub(crate) fn url() -> Result<String, String> {
    SHARED
        .get_or_init(|| {
            let server = SiteServer::start(built()?);
            Ok(Box::leak(Box::new(server)).url.clone())
        })
        .clone()
}

/// The folder of the built site.
pub(crate) fn built() -> Result<PathBuf, String> {
    BUILT.get_or_init(build).clone()
}

fn build() -> Result<PathBuf, String> {
    if !has_wasm_target() {
        return Err("the static site needs `rustup target add wasm32-unknown-unknown`".to_string());
    }
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site");
    let started = Instant::now();
    let built = Command::new(script("build-web"))
        .arg(&folder)
        .status()
        .expect("scripts/site/build-web runs");
    assert!(built.success(), "scripts/site/build-web failed");
    println!(
        "static site: built in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(folder)
}

/// The site script `name` (in `scripts/site/`).
pub(crate) fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/site")
        .join(name)
}

/// A plain file server of a site under [`FOLDER`] on a free local port, as any static server would
/// serve it; it can go offline (every connection closed unanswered), as when the network is gone.
pub(crate) struct SiteServer {
    /// The site's URL, ending in [`FOLDER`].
    pub(crate) url: String,
    offline: Arc<AtomicBool>,
}

impl SiteServer {
    pub(crate) fn start(root: PathBuf) -> SiteServer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}{FOLDER}", listener.local_addr().unwrap());
        let offline = Arc::new(AtomicBool::new(false));
        let gone = offline.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                if gone.load(Ordering::SeqCst) {
                    continue; // dropped: the connection closes unanswered
                }
                let root = root.clone();
                std::thread::spawn(move || answer(&root, stream));
            }
        });
        SiteServer { url, offline }
    }

    /// Takes the server off the network, or puts it back.
    pub(crate) fn set_offline(&self, offline: bool) {
        self.offline.store(offline, Ordering::SeqCst);
    }
}

/// Answers one GET with the file it names under [`FOLDER`], or 404.
fn answer(root: &Path, mut stream: TcpStream) {
    let mut request = String::new();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    if reader.read_line(&mut request).is_err() {
        return;
    }
    let path = request.split(' ').nth(1).unwrap_or("/");
    let path = path.split('?').next().unwrap_or("/");
    let file = path.strip_prefix(FOLDER).and_then(|path| {
        let path = if path.is_empty() { "index.html" } else { path };
        let file = (!path.contains("..")).then(|| std::fs::read(root.join(path)).ok());
        Some((path.to_string(), file.flatten()?))
    });
    let (status, kind, body) = match file {
        Some((path, body)) => ("200 OK", content_type(&path), body),
        None => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}

/// Whether rustc has the standard library for `wasm32-unknown-unknown`.
fn has_wasm_target() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    Command::new(rustc)
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
        .is_some_and(|sysroot| {
            Path::new(&sysroot)
                .join("lib/rustlib/wasm32-unknown-unknown")
                .is_dir()
        })
}

#[tokio::test]
async fn the_static_site_answers_every_game_and_stays_on_its_origin() {
    in_browser(Backend::Site, answer_every_game).await;
}

async fn answer_every_game(client: Client, url: String) {
    let client = &client;
    // From opening the page to the engine ready (as the page's clock counts it), then to its reply
    // at the page's own 1 s a move.
    client.goto(&url).await.unwrap();
    wait_until(
        client,
        "the engine and the board",
        "document.getElementById('engine-status').dataset.state === 'ready' \
         && document.querySelector('#pieces .piece')",
    )
    .await;
    let ready = js(
        client,
        "return document.getElementById('engine-status').dataset.readyMs;",
    )
    .await;
    let ready = ready.as_str().unwrap_or("?");
    assert_eq!(
        js(client, "return document.documentElement.dataset.transport;").await,
        "worker"
    );
    let reply = type_a_move_and_wait(client, "B1-B2").await;
    println!(
        "static site: the engine ready {ready} ms after opening the page; B1-B2 answered {} ms \
         later at the page's 1 s a move",
        reply.as_millis()
    );

    set_value(client, "limit-value", "100").await;
    for variant in ["dipole", "dame", "alice", "duel"] {
        set_value(client, "variant", variant).await;
        wait_until(
            client,
            "the game's board",
            &format!(
                "document.getElementById('board').dataset.kind === '{variant}' \
                 && document.body.dataset.ply === '0' && page.state"
            ),
        )
        .await;
        // Each game's drawing loaded from the subfolder: its pieces are on the board.
        let pieces = js(
            client,
            "return document.querySelectorAll('#pieces .piece').length;",
        )
        .await;
        assert!(pieces.as_u64().unwrap() > 0, "{variant}: no piece drawn");
        let first = js(client, "return page.state.legal[0].text;").await;
        let took = type_a_move_and_wait(client, first.as_str().unwrap()).await;
        println!(
            "static site: {variant}: {first} answered in {} ms",
            took.as_millis()
        );
    }

    // A game on the clock: the page keeps the clocks and sends them with each `go`.
    set_value(client, "limit-kind", "clock").await;
    set_value(client, "limit-value", "30+0.5").await;
    let first = js(client, "return page.state.legal[0].text;").await;
    type_a_move_and_wait(client, first.as_str().unwrap()).await;
    let go = js(
        client,
        "return document.getElementById('log').textContent.split('\\n') \
           .filter(l => l.startsWith('> go')).pop();",
    )
    .await;
    assert!(
        go.as_str()
            .is_some_and(|go| go.contains(" wtime ") && go.contains(" winc 500")),
        "{go}"
    );
    let clocks = js(
        client,
        "return [...document.querySelectorAll('.clock')].map(c => c.textContent);",
    )
    .await;
    println!("static site: the clocks after a move each: {clocks}");

    // Analysis of two lines (MultiPV): `go infinite` in slices; unticking Analyse stops it.
    set_value(client, "multipv", "2").await;
    click_control(client, "analyse").await;
    wait_until(
        client,
        "two lines of analysis",
        "document.querySelectorAll('#lines .line').length === 2 \
         && document.querySelector('#lines .line')?.textContent.includes('depth') \
         && document.body.dataset.thinking",
    )
    .await;
    let stop_ms = client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             import(new URL('js/state.js', document.baseURI).href).then(({ page }) => { \
               const t0 = performance.now(); document.getElementById('analyse').click(); \
               const poll = () => page.searches.length ? setTimeout(poll, 1) \
                 : done(performance.now() - t0); \
               poll(); });",
            vec![],
        )
        .await
        .unwrap();
    println!("static site: the analysis ended {stop_ms} ms after Analyse was unticked");

    // `bench` in the Worker, typed into the protocol panel as any protocol line, in turns with the
    // native `duel bench`, so that both see the machine in the same state (a shared machine's speed
    // swings by more than what is measured). The first browser run is left out of the median: it runs
    // while the browser still compiles the engine's optimised code (V8 starts wasm on its baseline
    // compiler).
    const BENCH_LINES: &str =
        "(document.getElementById('log').textContent.match(/^< \\d+ nodes \\d+ nps$/gm) || [])";
    const BENCH_RUNS: usize = 7;
    let mut pairs = Vec::new();
    for run in 1..=BENCH_RUNS {
        send_line(client, "bench").await;
        wait_until(
            client,
            "bench's total",
            &format!("{BENCH_LINES}.length >= {run}"),
        )
        .await;
        let line = js(client, &format!("return {BENCH_LINES}[{}];", run - 1)).await;
        let in_browser = bench_nps(line.as_str().unwrap_or_default().trim_start_matches("< "));
        pairs.push((in_browser, native_bench_nps()));
    }
    let mut ratios: Vec<f64> = pairs[1..].iter().map(|&(b, n)| b / n).collect();
    ratios.sort_by(f64::total_cmp);
    println!(
        "static site: bench (Duel, depth 7), nodes/s in the browser and native in turns: {pairs:?}; \
         browser / native, median of the last {}: {:.2}",
        ratios.len(),
        ratios[(ratios.len() - 1) / 2]
    );

    // Nothing the page loaded came from elsewhere, and its policy forbids it.
    let foreign = js(
        client,
        "return performance.getEntriesByType('resource').map(e => e.name) \
           .filter(n => !n.startsWith(location.origin));",
    )
    .await;
    assert_eq!(foreign, Value::Array(vec![]), "requests beyond the origin");
    let csp = js(
        client,
        "return document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content;",
    )
    .await;
    assert!(
        csp.as_str()
            .is_some_and(|p| p.contains("default-src 'self'")),
        "{csp}"
    );
}

/// The nodes/s of `bench`'s total line, `N nodes M nps`.
fn bench_nps(total: &str) -> f64 {
    match total.split(' ').collect::<Vec<_>>()[..] {
        [_, "nodes", nps, "nps"] => nps.parse().unwrap(),
        _ => panic!("not bench's total: {total}"),
    }
}

/// The nodes/s of one native `duel bench`.
fn native_bench_nps() -> f64 {
    let out = Command::new(env!("CARGO_BIN_EXE_duel"))
        .arg("bench")
        .output()
        .expect("duel bench runs");
    assert!(out.status.success(), "duel bench failed");
    let text = String::from_utf8_lossy(&out.stdout);
    bench_nps(text.lines().last().unwrap_or_default())
}

/// Types `text` into the move box and waits for the engine's reply in the move list; returns how
/// long the reply took.
async fn type_a_move_and_wait(client: &Client, text: &str) -> Duration {
    let before = js(client, "return page.game.moves.length;").await;
    let before = before.as_u64().unwrap();
    enter_move(client, text).await;
    let typed = Instant::now();
    loop {
        let moves = js(
            client,
            "return [...document.querySelectorAll('#moves .move')].map(m => m.textContent);",
        )
        .await;
        let moves = moves.as_array().unwrap();
        if moves.len() as u64 >= before + 3 {
            assert_eq!(moves[before as usize + 1], text, "{moves:?}");
            return typed.elapsed();
        }
        assert!(
            typed.elapsed() < REPLY_PATIENCE,
            "no reply to {text} in 10 s; the moves: {moves:?}; the log: {}",
            js(
                client,
                "return document.getElementById('log').textContent.slice(-1500);"
            )
            .await
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Without the wasm32 target, `scripts/site/build-web` says so first, and how to add it, before building
/// anything.
#[test]
fn build_web_says_how_to_add_the_wasm_target() {
    let folder = crate::common::temp_dir::TempDir::new("duel-build-web");
    // A compiler whose standard libraries hold no wasm32 target: an empty sysroot.
    let rustc = folder.join("rustc");
    std::fs::write(
        &rustc,
        format!("#!/bin/sh\necho {}\n", folder.path().display()),
    )
    .unwrap();
    let made_runnable = Command::new("chmod")
        .arg("+x")
        .arg(&rustc)
        .status()
        .unwrap();
    assert!(made_runnable.success());
    let out = Command::new(script("build-web"))
        .arg(folder.join("site"))
        .env("RUSTC", &rustc)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("rustup target add wasm32-unknown-unknown"),
        "{said}"
    );
    assert!(!folder.join("site").exists(), "it built before checking");
}
