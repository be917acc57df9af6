//! The browser tests' harness: chromedriver on a free port, a headless Chromium session with its
//! own profile, the page from either backend (`duel gui`'s server or the static site, [`Backend`]),
//! and what a person does on the page through WebDriver: run a script in it, wait for what it shows,
//! drag, click, set a control, take a screenshot into `target/`.
//!
//! Without Chromium or chromedriver (or, for the site, the wasm32 target) a test says why and passes:
//! CI installs them.

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
pub(crate) async fn click(client: &Client, id: &str) {
    click_css(client, &format!("#{id}")).await;
}

/// Clicks the element this CSS selector finds.
pub(crate) async fn click_css(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// A screenshot of the whole window, into `target/`.
pub(crate) async fn window_screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    save_screenshot(client, name, png).await;
}

/// A screenshot of the board, into `target/`.
pub(crate) async fn screenshot(client: &Client, name: &str) {
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
/// site of `scripts/site/build-web` on a plain file server (the engine in the page's Web Worker).
/// The same steps run against both: the page's code is the same.
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

/// Whether the page shows a game of `plies` plies with the engine ready.
pub(crate) fn ready_at(plies: usize) -> String {
    format!(
        "document.getElementById('engine-status').dataset.state === 'ready' \
         && document.body.dataset.ply === '{plies}' && document.querySelector('#pieces .piece')"
    )
}
