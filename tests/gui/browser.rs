//! The page in a real browser: headless Chromium driven through chromedriver (the distribution's
//! `chromium` and `chromium-driver`; `.ci/run` installs them). A person's path: load the page, drag a
//! die onto an illegal square and along a legal path, see the engine's reply on the board and in the
//! move list, pick a move by two clicks, choose between a die's two paths to one square, switch to
//! Dipole and move a stack, then Dame and capture a man, then Alice chess and play a pawn from
//! board A to board B. Screenshots of the boards go to `target/`.
//!
//! Each test runs twice: against `duel gui`'s server and against the static site (`Backend`).
//!
//! Without Chromium or chromedriver the test says why and passes: CI installs them.

use crate::common::temp_dir::TempDir;
use crate::server::Server;
use crate::site;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the page may take to show what is waited for.
const PATIENCE: Duration = Duration::from_secs(20);

/// The first of these programs found on the PATH (or as an absolute path).
fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .chain([PathBuf::from(name)])
            .find(|candidate| candidate.is_absolute() && candidate.is_file())
    })
}

/// chromedriver on a free port, killed when dropped.
pub(crate) struct Driver {
    child: Child,
    pub(crate) port: u16,
}

impl Driver {
    pub(crate) fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = Driver { child, port };
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `script`, a function body, in the page; it may read `page`, the page's state (the object
/// `js/state.js` beside the page exports, which no global holds).
pub(crate) async fn js(client: &Client, script: &str) -> Value {
    let wrapped = format!(
        "const done = arguments[arguments.length - 1]; \
         import(new URL('js/state.js', document.baseURI).href) \
           .then(({{ page }}) => done((() => {{ {script} }})()), \
         (e) => done(`js/state.js: ${{e}}`));"
    );
    client
        .execute_async(&wrapped, Vec::new())
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until `script` (an expression) is truthy; on timeout fails with what the page shows.
pub(crate) async fn wait_until(client: &Client, what: &str, script: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let value = js(client, &format!("return Boolean({script});")).await;
        if value == json!(true) {
            return;
        }
        if Instant::now() > deadline {
            let shown = js(
                client,
                "return [document.getElementById('message').textContent, \
                 document.getElementById('banner').textContent, \
                 document.getElementById('engine-status').textContent, \
                 document.getElementById('log').textContent.slice(-1500)];",
            )
            .await;
            panic!("timed out waiting for {what} ({script}); the page shows {shown:#}");
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

async fn square(client: &Client, name: &str) -> Element {
    client
        .find(Locator::Css(&format!(
            "#board rect.sq[data-square='{name}']"
        )))
        .await
        .unwrap_or_else(|e| panic!("square {name}: {e}"))
}

/// Drags the piece on `from` to `to` with the mouse: press, move in steps, release.
pub(crate) async fn drag(client: &Client, from: &str, to: &str) {
    let (start, end) = (square(client, from).await, square(client, to).await);
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: start,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveToElement {
            element: end,
            duration: Some(Duration::from_millis(150)),
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.unwrap();
}

/// Clicks a square with the mouse, wherever a piece on it takes the click.
pub(crate) async fn click_square(client: &Client, name: &str) {
    let target = square(client, name).await;
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveToElement {
            element: target,
            duration: None,
            x: 0.0,
            y: 0.0,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.unwrap();
}

/// Sets a form control's value as a person would and lets the page hear the change.
pub(crate) async fn set_value(client: &Client, id: &str, value: &str) {
    js(
        client,
        &format!(
            "const e = document.getElementById({id}); e.value = {value}; \
             e.dispatchEvent(new Event('change', {{bubbles: true}})); return true;",
            id = json!(id),
            value = json!(value)
        ),
    )
    .await;
}

/// Clicks the element with this id.
async fn click(client: &Client, id: &str) {
    click_css(client, &format!("#{id}")).await;
}

/// Clicks the element this CSS selector finds.
async fn click_css(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// A screenshot of the whole window, into `target/`.
async fn window_screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    save_screenshot(client, name, png).await;
}

/// A screenshot of the board, into `target/`.
async fn screenshot(client: &Client, name: &str) {
    let board = client.find(Locator::Id("board-wrap")).await.unwrap();
    let png = board.screenshot().await.unwrap();
    save_screenshot(client, name, png).await;
}

/// Writes `png` as `target/<name>`, or `target/site-<name>` for the static site's page, so that the
/// two backends' runs of one test, which run at once, keep their own files.
async fn save_screenshot(client: &Client, name: &str, png: Vec<u8>) {
    let site = js(
        client,
        "return document.documentElement.dataset.transport === 'worker';",
    )
    .await;
    let name = if site == json!(true) {
        format!("site-{name}")
    } else {
        name.to_string()
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(name);
    std::fs::write(&path, png).unwrap();
    println!("screenshot: {}", path.display());
}

/// A headless Chromium session with its own profile: a desktop window of `window` pixels, or with
/// `phone` a phone (touch, 390×844 CSS pixels).
pub(crate) async fn session(
    chromium: &Path,
    driver: &Driver,
    profile: &Path,
    window: (u32, u32),
    phone: bool,
) -> Client {
    let mut options = json!({
        "binary": chromium,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", format!("--window-size={},{}", window.0, window.1),
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    if phone {
        options["mobileEmulation"] = json!({
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2.0, "touch": true, "mobile": true},
        });
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a browser session")
}

/// Where the page comes from: `duel gui`'s server (the engine a process beside it), or the static
/// site of `scripts/build-web` on a plain file server (the engine in the page's Web Worker). The same
/// steps run against both: the page's code is the same.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Backend {
    /// A fresh `duel gui`.
    Server,
    /// The static site, built once per test run.
    Site,
}

/// Runs `steps` against a fresh page from `backend` in a fresh headless Chromium (its own profile, so
/// its own storage); a failed step still closes the browser before the test fails. Without Chromium
/// or chromedriver (or, for the site, the wasm32 target) it says why and returns.
pub(crate) async fn in_browser<F, Fut>(backend: Backend, steps: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let Some(programs) = browser_programs() else {
        return;
    };
    let (server, url) = match backend {
        Backend::Server => {
            let server = Server::start(&[]);
            let url = server.url();
            (Some(server), url)
        }
        Backend::Site => match site::url() {
            Ok(url) => (None, url),
            Err(reason) => {
                println!("skipped: {reason}");
                return;
            }
        },
    };
    in_browser_at(&programs, url, steps).await;
    drop(server);
}

/// Chromium and chromedriver, or `None` after saying that the test is skipped without them.
pub(crate) fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    let (Some(chromium), Some(chromedriver)) = (
        find_program(&["chromium", "chromium-browser", "google-chrome"]),
        find_program(&["chromedriver"]),
    ) else {
        println!(
            "skipped: the browser test needs chromium and chromedriver on the PATH \
             (Debian: apt-get install chromium chromium-driver)"
        );
        return None;
    };
    Some((chromium, chromedriver))
}

/// Runs `steps` against the page at `url` in a fresh headless Chromium of `programs`, as
/// [`in_browser`] does.
pub(crate) async fn in_browser_at<F, Fut>(programs: &(PathBuf, PathBuf), url: String, steps: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (chromium, chromedriver) = programs;
    let driver = Driver::start(chromedriver);
    let profile = TempDir::new("duel-gui-chromium");
    let client = session(chromium, &driver, profile.path(), (1300, 1100), false).await;
    let outcome = tokio::spawn(steps(client.clone(), url)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

#[tokio::test]
async fn a_person_plays_duel_dipole_dame_and_alice_in_the_browser() {
    in_browser(Backend::Server, play).await;
}

#[tokio::test]
async fn a_person_plays_duel_dipole_dame_and_alice_in_the_static_site() {
    in_browser(Backend::Site, play).await;
}

async fn play(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    set_value(client, "limit-value", "100").await;

    // The five values of a die: D1 shows 6 on top, 4 north; the sides add up to seven.
    let d1 = js(
        client,
        "const p = document.querySelector(\"#pieces .piece[data-square='D1']\"); \
         return [p.dataset.top, p.dataset.north, p.dataset.east, p.dataset.south, p.dataset.west, \
                 p.querySelector('.top').textContent, p.querySelectorAll('text').length];",
    )
    .await;
    assert_eq!(d1[0], "6");
    assert_eq!(d1[1], "4");
    assert_eq!(d1[5], "6");
    assert_eq!(d1[6], 5);
    let faces: Vec<u32> = (0..5)
        .map(|i| d1[i].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!((faces[1] + faces[3], faces[2] + faces[4]), (7, 7));

    // An illegal drop: D1 shows 6 and cannot stop on D2. The die goes back, and the rules say why.
    drag(client, "D1", "D2").await;
    wait_until(
        client,
        "the refusal with its reason",
        "document.body.dataset.refused === '1' \
         && document.getElementById('message').textContent.includes('must move exactly 6')",
    )
    .await;
    assert_eq!(js(client, "return document.body.dataset.ply;").await, "0");

    // A legal drag along D1-D6-E6; the engine answers at movetime 100.
    drag(client, "D1", "E6").await;
    wait_until(
        client,
        "the engine's reply",
        "document.body.dataset.ply === '2'",
    )
    .await;
    let moves = js(
        client,
        "return [...document.querySelectorAll('#moves .move')].map(m => m.textContent);",
    )
    .await;
    assert_eq!(moves[1], "D1-e6", "{moves}");
    let reply = moves[2].as_str().unwrap().to_string();
    let reply_ms = js(client, "return document.body.dataset.replyMs;").await;
    println!("drop -> engine's reply on the board at movetime 100: {reply_ms} ms");
    let on_e6 = js(
        client,
        "const p = document.querySelector(\"#pieces .piece[data-square='E6']\"); \
         return p && p.dataset.owner;",
    )
    .await;
    // The engine's reply may have taken the die on E6.
    assert!(
        on_e6 == "white" || reply.to_ascii_uppercase().contains("XE6"),
        "{on_e6} {reply}"
    );
    let last = js(client, "return page.state.last_move.text;").await;
    assert_eq!(last, reply.as_str());

    // Two clicks: a move with one path between its squares.
    let pick = js(
        client,
        "const legal = page.state.legal; \
         const m = legal.find(m => legal.filter(n => n.from === m.from && n.to === m.to).length === 1); \
         return [m.from, m.to, m.text];",
    )
    .await;
    click_square(client, pick[0].as_str().unwrap()).await;
    wait_until(
        client,
        "the destinations lit",
        "document.querySelectorAll('#board rect.sq.dest').length > 0",
    )
    .await;
    click_square(client, pick[1].as_str().unwrap()).await;
    wait_until(
        client,
        "the second reply",
        "document.body.dataset.ply === '4'",
    )
    .await;
    let third = js(
        client,
        "return document.querySelector(\"#moves .move[data-ply='3']\").textContent;",
    )
    .await;
    assert_eq!(third, pick[2]);
    screenshot(client, "gui-duel.png").await;

    // Back to move 2 in the move list, and analysis there: live lines, the best move as an arrow, the
    // evaluation graph.
    client
        .find(Locator::Css("#moves .move[data-ply='2']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the position after move 2",
        "document.body.dataset.view === '2' && page.state.history.length === 2",
    )
    .await;
    client
        .find(Locator::Id("analyse"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "analysis lines, the best move's arrow and the graph",
        "document.querySelector('#lines .line')?.textContent.includes('depth') \
         && document.querySelector('#arrows polyline.best') \
         && Number(document.getElementById('graph').dataset.points) > 0",
    )
    .await;
    window_screenshot(client, "gui-page.png").await;
    client
        .find(Locator::Id("analyse"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the analysis stopped",
        "!document.body.dataset.thinking",
    )
    .await;

    // Two paths to one square: the page asks, showing both as arrows.
    set_value(client, "mode", "both").await;
    js(
        client,
        "document.getElementById('position-text').value = '4bK4/9/9/9/9/9/9/w323wK4 w 0 1'; return true;",
    )
    .await;
    client
        .find(Locator::Id("set-position"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the set position",
        "document.body.dataset.ply === '0' && page.state.position.startsWith('4bK4')",
    )
    .await;
    drag(client, "A1", "B3").await;
    wait_until(
        client,
        "the question which way",
        "!document.getElementById('choice').hidden \
         && document.querySelectorAll('#arrows polyline').length === 2",
    )
    .await;
    client
        .find(Locator::Css("#choice button[data-move]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the chosen path",
        "document.body.dataset.ply === '1'",
    )
    .await;

    // Dipole: stacks with their heights.
    set_value(client, "variant", "dipole").await;
    wait_until(
        client,
        "Dipole's board",
        "document.getElementById('board').dataset.kind === 'dipole' \
         && document.querySelector(\"#pieces .piece[data-square='e1']\")?.dataset.height === '12'",
    )
    .await;
    drag(client, "e1", "e5").await;
    wait_until(
        client,
        "the stack split",
        "document.body.dataset.ply === '1' \
         && document.querySelector(\"#pieces .piece[data-square='e5']\")?.dataset.height === '4' \
         && document.querySelector(\"#pieces .piece[data-square='e1']\")?.dataset.height === '8'",
    )
    .await;
    screenshot(client, "gui-dipole.png").await;

    // Undo, then the engine against itself for a few moves, then the game saved as PGN and loaded
    // back.
    client
        .find(Locator::Id("undo"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the move taken back",
        "document.body.dataset.ply === '0'",
    )
    .await;
    set_value(client, "limit-kind", "depth").await;
    set_value(client, "limit-value", "2").await;
    set_value(client, "mode", "engines").await;
    wait_until(
        client,
        "four engine moves",
        "Number(document.body.dataset.ply) >= 4",
    )
    .await;
    set_value(client, "mode", "both").await;
    wait_until(
        client,
        "the engines stopped",
        "!document.body.dataset.thinking",
    )
    .await;
    let played = js(client, "return page.game.moves.length;").await;
    client
        .find(Locator::Id("save-pgn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the PGN",
        "document.getElementById('pgn-text').value.includes('[Variant \"dipole\"]')",
    )
    .await;
    // The Date tag is the player's date, from the page's clock (the static site's engine has none).
    let dated = js(
        client,
        "const d = new Date(); const two = (n) => String(n).padStart(2, '0'); \
         const date = `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`; \
         return document.getElementById('pgn-text').value.includes(`[Date \"${date}\"]`);",
    )
    .await;
    assert_eq!(dated, true, "the PGN's Date tag is not today's");
    click(client, "new").await;
    click_css(client, "#new-game button[data-value='start']").await;
    wait_until(client, "a new game", "document.body.dataset.ply === '0'").await;
    client
        .find(Locator::Id("load-pgn"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(
        client,
        "the game loaded back",
        &format!("document.body.dataset.ply === '{played}' && page.game.variant === 'dipole'"),
    )
    .await;

    // Dame: men on the dark squares; a step, the reply, and a capture whose victim is marked.
    set_value(client, "variant", "dame").await;
    wait_until(
        client,
        "Dame's board",
        "document.getElementById('board').dataset.kind === 'dame' \
         && document.body.dataset.ply === '0' \
         && document.querySelector(\"#pieces .piece[data-square='c3']\")?.dataset.king === 'false' \
         && document.querySelector(\"#squares rect[data-square='a1']\")?.classList.contains('sq-dark')",
    )
    .await;
    drag(client, "c3", "d4").await;
    wait_until(client, "a man's step", "document.body.dataset.ply === '1'").await;
    drag(client, "f6", "e5").await;
    wait_until(client, "the reply", "document.body.dataset.ply === '2'").await;
    drag(client, "d4", "f6").await;
    wait_until(
        client,
        "the capture",
        "document.body.dataset.ply === '3' \
         && document.querySelector(\"#pieces .piece[data-square='f6']\")?.dataset.owner === 'white' \
         && !document.querySelector(\"#pieces .piece[data-square='e5']\") \
         && document.querySelector(\"#marks .taken[data-square='e5']\") !== null",
    )
    .await;
    screenshot(client, "gui-dame.png").await;

    // Alice: two boards side by side; a pawn played on A lands on B.
    set_value(client, "variant", "alice").await;
    wait_until(
        client,
        "Alice's boards",
        "document.getElementById('board').dataset.kind === 'alice' \
         && document.querySelectorAll(\"#board rect.sq[data-square='e4']\").length === 2 \
         && document.querySelector(\"#pieces .piece[data-square='e2']\")?.dataset.board === 'A'",
    )
    .await;
    drag(client, "e2", "e4").await;
    wait_until(
        client,
        "the pawn on board B",
        "document.body.dataset.ply === '1' \
         && document.querySelector(\"#pieces .piece[data-square='e4']\")?.dataset.board === 'B' \
         && document.querySelector(\"#pieces .piece[data-square='e4']\")?.dataset.kind === 'pawn' \
         && !document.querySelector(\"#pieces .piece[data-square='e2']\")",
    )
    .await;
    screenshot(client, "gui-alice.png").await;
}

#[tokio::test]
async fn a_reload_keeps_the_game_and_a_move_in_the_past_is_played_with_care() {
    in_browser(Backend::Server, come_back).await;
}

#[tokio::test]
async fn a_reload_keeps_the_game_in_the_static_site_too() {
    in_browser(Backend::Site, come_back).await;
}

/// Whether the page shows a game of `plies` plies with the engine ready.
/// Opens the page at `url` and waits until the engine is ready and the start position drawn.
pub(crate) async fn open_page(client: &Client, url: &str) {
    client.goto(url).await.unwrap();
    wait_until(client, "the engine and the board", &ready_at(0)).await;
    // The header names the engine once, then its state.
    let badge = js(
        client,
        "return [page.engineName, document.getElementById('engine-status').textContent];",
    )
    .await;
    let (name, badge) = (badge[0].as_str().unwrap(), badge[1].as_str().unwrap());
    assert_eq!(badge, format!("{name}: ready"));
}

fn ready_at(plies: usize) -> String {
    format!(
        "document.getElementById('engine-status').dataset.state === 'ready' \
         && document.body.dataset.ply === '{plies}' && document.querySelector('#pieces .piece')"
    )
}

/// Leaves the page (which then stores its game), stores `value` under the page's key from another
/// page of the server, and comes back.
async fn come_back_with_stored(client: &Client, url: &str, value: &str) {
    client.goto(&format!("{url}/elsewhere")).await.unwrap();
    client
        .execute(
            "localStorage.setItem('duel-gui/v1', arguments[0]); return true;",
            vec![json!(value)],
        )
        .await
        .unwrap();
    client.goto(url).await.unwrap();
}

async fn come_back(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    let placeholder = js(
        client,
        "return document.getElementById('move-input').placeholder;",
    )
    .await;
    assert_eq!(placeholder, "e.g. D1-e6");
    set_value(client, "limit-value", "100").await;
    drag(client, "D1", "E6").await;
    wait_until(
        client,
        "the engine's reply",
        "document.body.dataset.ply === '2'",
    )
    .await;
    let moves = js(client, "return page.game.moves;").await;

    // A reload resumes the game and its settings.
    client.refresh().await.unwrap();
    wait_until(
        client,
        "the game after a reload",
        &format!(
            "{} && document.body.dataset.view === '2' \
             && document.getElementById('limit-value').value === '100'",
            ready_at(2)
        ),
    )
    .await;
    assert_eq!(js(client, "return page.game.moves;").await, moves);

    // In a game, a move at an earlier position asks first; Cancel keeps the game as it was.
    click_css(client, "#moves .move[data-ply='0']").await;
    wait_until(
        client,
        "the start shown",
        "document.body.dataset.view === '0'",
    )
    .await;
    drag(client, "H1", "H2").await;
    wait_until(
        client,
        "the question",
        "document.querySelector('#confirm-cut[open]')",
    )
    .await;
    window_screenshot(client, "gui-confirm-cut.png").await;
    click_css(client, "#confirm-cut button[data-value='cancel']").await;
    wait_until(
        client,
        "the question gone",
        "!document.getElementById('confirm-cut')",
    )
    .await;
    assert_eq!(js(client, "return page.game.moves;").await, moves);
    assert_eq!(js(client, "return document.body.dataset.view;").await, "0");
    // Play here: the game goes on from the start, the cut moves kept as a side line.
    drag(client, "H1", "H2").await;
    wait_until(
        client,
        "the question again",
        "document.querySelector('#confirm-cut[open]')",
    )
    .await;
    click_css(client, "#confirm-cut button[data-value='play']").await;
    wait_until(
        client,
        "the new line and the engine's reply",
        "document.body.dataset.ply === '2' && page.game.moves[0] === 'H1-H2' \
         && page.game.sideLines.length === 1 && document.querySelector('#side-lines button')",
    )
    .await;

    // In analysis, going back and playing another move makes a side line without asking; one click
    // on it makes it the game again.
    set_value(client, "mode", "both").await;
    click(client, "analyse").await;
    click_css(client, "#moves .move[data-ply='1']").await;
    wait_until(
        client,
        "ply 1 shown",
        "document.body.dataset.view === '1' && page.state.history.length === 1",
    )
    .await;
    let old = js(client, "return page.game.moves[1];").await;
    let other = js(
        client,
        "const legal = page.state.legal; \
         return legal.find(m => m.text !== page.game.moves[1] \
           && legal.filter(n => n.from === m.from && n.to === m.to).length === 1).text;",
    )
    .await;
    client
        .find(Locator::Id("move-input"))
        .await
        .unwrap()
        .send_keys(other.as_str().unwrap())
        .await
        .unwrap();
    click_css(client, "#entry button[type='submit']").await;
    wait_until(
        client,
        "the side line made",
        &format!(
            "document.body.dataset.ply === '2' && page.game.moves[1] === {other} \
             && page.game.sideLines.some(l => l.from === 1 && l.moves[1] === {old})"
        ),
    )
    .await;
    assert_eq!(
        js(client, "return document.getElementById('confirm-cut');").await,
        Value::Null
    );
    let index = js(
        client,
        &format!(
            "return page.game.sideLines.findIndex(l => l.from === 1 && l.moves[1] === {old});"
        ),
    )
    .await;
    click_css(client, &format!("#side-lines button[data-line='{index}']")).await;
    wait_until(
        client,
        "back on the kept line, the other kept in turn",
        &format!(
            "page.game.moves[1] === {old} && document.body.dataset.view === '2' \
             && page.game.sideLines.some(l => l.moves[1] === {other})"
        ),
    )
    .await;
    window_screenshot(client, "gui-side-lines.png").await;
    let lines = js(client, "return page.game.sideLines.length;").await;

    // The analysis survives a reload: the checkbox, the side lines, the ply shown.
    client.refresh().await.unwrap();
    wait_until(
        client,
        "the analysis after a reload",
        &format!(
            "document.getElementById('engine-status').dataset.state === 'ready' \
             && document.body.dataset.view === '2' && page.state \
             && document.getElementById('analyse').checked \
             && page.game.sideLines.length === {lines} && page.game.moves[1] === {old} \
             && document.getElementById('mode').value === 'both'"
        ),
    )
    .await;
    click(client, "analyse").await;

    // Dipole: its own move example, and its game kept over a reload too.
    set_value(client, "variant", "dipole").await;
    wait_until(
        client,
        "Dipole's board",
        "document.getElementById('board').dataset.kind === 'dipole' && document.body.dataset.ply === '0'",
    )
    .await;
    let placeholder = js(
        client,
        "return document.getElementById('move-input').placeholder;",
    )
    .await;
    assert_eq!(placeholder, "e.g. e1-e5");
    drag(client, "e1", "e5").await;
    wait_until(
        client,
        "the stack split",
        "document.body.dataset.ply === '1'",
    )
    .await;
    client.refresh().await.unwrap();
    wait_until(
        client,
        "Dipole's game after a reload",
        &format!(
            "{} && document.getElementById('board').dataset.kind === 'dipole' \
             && document.querySelector(\"#pieces .piece[data-square='e5']\")?.dataset.height === '4'",
            ready_at(1)
        ),
    )
    .await;

    // Dame and Alice chess: a move typed in the game's own notation, kept over a reload.
    for (variant, example) in [("dame", "e.g. c3-d4"), ("alice", "e.g. e2e4")] {
        set_value(client, "variant", variant).await;
        wait_until(
            client,
            "the game's board",
            &format!(
                "document.getElementById('board').dataset.kind === '{variant}' \
                 && document.body.dataset.ply === '0'"
            ),
        )
        .await;
        let placeholder = js(
            client,
            "return document.getElementById('move-input').placeholder;",
        )
        .await;
        assert_eq!(placeholder, example);
        let first = js(client, "return page.state.legal[0].text;").await;
        client
            .find(Locator::Id("move-input"))
            .await
            .unwrap()
            .send_keys(first.as_str().unwrap())
            .await
            .unwrap();
        click_css(client, "#entry button[type='submit']").await;
        wait_until(
            client,
            "the move played",
            "document.body.dataset.ply === '1'",
        )
        .await;
        client.refresh().await.unwrap();
        wait_until(
            client,
            "the game after a reload",
            &format!(
                "{} && page.game.variant === '{variant}' && page.game.moves[0] === {first}",
                ready_at(1)
            ),
        )
        .await;
    }
    set_value(client, "variant", "dipole").await;
    wait_until(
        client,
        "Dipole's board again",
        "document.getElementById('board').dataset.kind === 'dipole'",
    )
    .await;

    // The rules card comes from the game's own module.
    click(client, "rules-button").await;
    wait_until(
        client,
        "Dipole's rules card",
        "document.querySelector('#rules[open] .rules-card[data-variant=dipole]')?.children.length >= 5",
    )
    .await;
    window_screenshot(client, "gui-rules.png").await;
    click_css(client, "#rules button[data-value='close']").await;

    // New game: as Black in Duel; the engine opens and the board turns round.
    click(client, "new").await;
    wait_until(
        client,
        "the New game dialog",
        "document.querySelector('#new-game[open]')",
    )
    .await;
    set_value(client, "new-variant", "duel").await;
    set_value(client, "new-mode", "black").await;
    click_css(client, "#new-game details summary").await;
    wait_until(
        client,
        "Duel's rules card in the dialog",
        "document.querySelector('#new-game .rules-card[data-variant=duel]')?.children.length >= 5",
    )
    .await;
    window_screenshot(client, "gui-new-game.png").await;
    click_css(client, "#new-game button[data-value='start']").await;
    wait_until(
        client,
        "Black's game, the engine's opening move",
        "page.game.variant === 'duel' && document.body.dataset.ply === '1' && page.flipped \
         && document.getElementById('mode').value === 'black'",
    )
    .await;

    // What is stored may be unreadable, or moves the rules refuse: the page starts afresh.
    come_back_with_stored(client, &url, "{not json").await;
    wait_until(client, "a fresh game", &ready_at(0)).await;
    let refused = json!({
        "game": {"variant": "duel", "start": null, "moves": ["D1-e6", "Z9-z1"], "comments": [], "evals": []},
        "view": 2,
        "settings": {"mode": "nonsense", "limit-value": 7},
    });
    come_back_with_stored(client, &url, &refused.to_string()).await;
    wait_until(
        client,
        "a fresh game instead of refused moves",
        &format!("{} && page.game.variant === 'duel'", ready_at(0)),
    )
    .await;
}

/// The Stop button makes the engine play its move now: at a minute a move, the reply to a drop comes
/// within seconds of the click, and the page says nothing of an engine that is not thinking.
#[tokio::test]
async fn the_stop_button_makes_the_engine_move_now() {
    in_browser(Backend::Server, stop_the_engine).await;
}

#[tokio::test]
async fn the_stop_button_makes_the_engine_in_the_worker_move_now() {
    in_browser(Backend::Site, stop_the_engine).await;
}

async fn stop_the_engine(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    set_value(client, "limit-value", "60000").await;
    drag(client, "D1", "E6").await;
    wait_until(
        client,
        "the engine thinking about its move",
        "document.body.dataset.ply === '1' && page.searches.some((s) => s.purpose === 'move')",
    )
    .await;
    let clicked = Instant::now();
    click(client, "stop").await;
    wait_until(
        client,
        "the engine's reply after Stop",
        "document.body.dataset.ply === '2'",
    )
    .await;
    assert!(
        clicked.elapsed() < Duration::from_secs(20),
        "the reply came {:?} after Stop",
        clicked.elapsed()
    );
    let message = js(
        client,
        "return document.getElementById('message').textContent;",
    )
    .await;
    assert!(
        !message.as_str().unwrap_or("").contains("not thinking"),
        "{message}"
    );
}

/// A level below full strength, picked by name, is what the engine plays at: the page sends its `Skill
/// Level` before the engine's move and shows the level on the engine's card; analysis stays at full
/// strength.
#[tokio::test]
async fn a_level_below_full_strength_is_picked_and_played() {
    in_browser(Backend::Server, play_a_beginner).await;
}

#[tokio::test]
async fn a_level_is_played_in_the_static_site_too() {
    in_browser(Backend::Site, play_a_beginner).await;
}

async fn play_a_beginner(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    wait_until(
        client,
        "the engine's levels",
        "!document.getElementById('level-choice').hidden",
    )
    .await;
    set_value(client, "limit-value", "100").await;
    set_value(client, "level", "0").await;
    drag(client, "D1", "E6").await;
    wait_until(
        client,
        "the beginner's reply",
        "document.body.dataset.ply === '2'",
    )
    .await;
    let log = js(client, "return document.getElementById('log').textContent;").await;
    let log = log.as_str().unwrap_or("");
    let level_at = log
        .find("> setoption name Skill Level value 0")
        .unwrap_or_else(|| panic!("no level sent: {log}"));
    let go_at = log.rfind("> go").expect("a go");
    assert!(level_at < go_at, "the level comes before the go: {log}");
    let card = js(
        client,
        "return document.querySelector('#player-black .level').textContent;",
    )
    .await;
    assert!(
        card.as_str().unwrap_or("").starts_with("Beginner"),
        "{card}"
    );
    // Analysis is the engine's full strength again.
    click(client, "analyse").await;
    wait_until(
        client,
        "full strength for the analysis",
        "document.getElementById('log').textContent.includes('> setoption name Skill Level value 20')",
    )
    .await;
}
