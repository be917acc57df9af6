//! The page's layout in headless Chromium, for every game: in 1366×768, 1920×1080 and 1024×600
//! windows nothing scrolls either way and the board, the move list and the status are wholly in view,
//! the board at least 70 % of the window's height at 1920×1080; on a 390×844 touch phone the board fills the width,
//! nothing overflows sideways and a die's side values are at least 12 px. Duel's question between two
//! paths leaves both arrows clickable and says what each shows on top. Screenshots go to
//! `target/gui-shots/<game>-<w>x<h>.png`.
//!
//! Without Chromium or chromedriver the test says why and passes: CI installs them.

use crate::common::temp_dir::TempDir;
use crate::harness::{
    Driver, browser_programs, click_square, drag, js, open_page, session, set_value, wait_until,
};
use crate::page::{click_control, enter_move, press, set_position};
use crate::server::Server;
use fantoccini::Client;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const GAMES: [&str; 4] = ["duel", "dipole", "dame", "alice"];

fn shot_path(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/gui-shots");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

async fn screenshot(client: &Client, name: &str) {
    let path = shot_path(name);
    std::fs::write(&path, client.screenshot().await.unwrap()).unwrap();
    println!("screenshot: {}", path.display());
}

/// Shows `game` in a new game and waits until its board is drawn and laid out.
async fn show_game(client: &Client, game: &str) {
    set_value(client, "variant", game).await;
    wait_until(
        client,
        "the game's board",
        &format!(
            "document.getElementById('board').dataset.kind === '{game}' \
             && document.body.dataset.ply === '0' && document.querySelector('#pieces .piece')"
        ),
    )
    .await;
    // Two frames, so that the layout follows the new board's shape.
    js(
        client,
        "return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));",
    )
    .await;
}

/// What is wrong with the layout shown, as a list of sentences (empty when all is well).
async fn layout_faults(client: &Client, desktop: bool) -> Vec<String> {
    let faults = js(
        client,
        &format!(
            "const desktop = {desktop}; const faults = []; \
             const W = innerWidth, H = innerHeight, root = document.documentElement; \
             if (root.scrollWidth > W) faults.push(`the page is ${{root.scrollWidth}} px wide in ${{W}}`); \
             if (desktop && root.scrollHeight > H) faults.push(`the page is ${{root.scrollHeight}} px tall in ${{H}}`); \
             for (const id of ['board', 'moves', 'status', 'player-white', 'player-black']) {{ \
               const r = document.getElementById(id).getBoundingClientRect(); \
               if (r.width === 0 || r.left < 0 || r.right > W + 0.5) faults.push(`#${{id}} is not wholly in view across: ${{r.left}}..${{r.right}}`); \
               if (desktop && (r.top < 0 || r.bottom > H + 0.5)) faults.push(`#${{id}} is not wholly in view: ${{r.top}}..${{r.bottom}} of ${{H}}`); \
             }} \
             const panel = document.getElementById('right'); \
             if (panel.scrollWidth > panel.clientWidth) {{ \
               const edge = panel.getBoundingClientRect().right; \
               const wide = [...panel.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > edge + 0.5) \
                 .slice(0, 3).map((e) => e.id || e.className || e.tagName); \
               faults.push(`the panel is ${{panel.scrollWidth}} px wide in ${{panel.clientWidth}} (past its edge: ${{wide}})`); \
             }} \
             const board = document.getElementById('board').getBoundingClientRect(); \
             if (desktop && W >= 1900 && board.height < 0.7 * H) \
               faults.push(`the board is ${{board.height}} px tall in ${{H}}`); \
             if (!desktop && board.width < 0.95 * W) faults.push(`the board is ${{board.width}} px wide in ${{W}}`); \
             const scale = document.getElementById('board').getScreenCTM().a; \
             if (!desktop) for (const t of document.querySelectorAll('#pieces .side')) {{ \
               const px = parseFloat(getComputedStyle(t).fontSize) * scale; \
               if (px < 12) {{ faults.push(`a die's side value is ${{px.toFixed(1)}} px`); break; }} \
             }} \
             return faults;"
        ),
    )
    .await;
    faults
        .as_array()
        .unwrap_or_else(|| panic!("{faults}"))
        .iter()
        .map(|f| f.as_str().unwrap_or_default().to_string())
        .collect()
}

/// The size of the page's window in CSS pixels, as "<w>x<h>".
async fn window_name(client: &Client) -> String {
    let size = js(client, "return [innerWidth, innerHeight];").await;
    format!("{}x{}", size[0], size[1])
}

/// Every game at the window's size: the layout checked, then a screenshot.
async fn every_game(client: &Client, name: &str, desktop: bool) {
    let viewport = window_name(client).await;
    for game in GAMES {
        show_game(client, game).await;
        let faults = layout_faults(client, desktop).await;
        screenshot(client, &format!("{game}-{name}.png")).await;
        assert!(
            faults.is_empty(),
            "{game} at {name} (viewport {viewport}): {faults:#?}"
        );
    }
}

/// Duel's two paths to one square: both arrows take a click where the board shows them, and each
/// answer says what the die shows on top at the end.
async fn two_paths(client: &Client, name: &str) {
    show_game(client, "duel").await;
    set_value(client, "mode", "both").await;
    set_position(client, "4bK4/9/9/9/9/9/9/w323wK4 w 0 1").await;
    wait_until(
        client,
        "the set position",
        "document.body.dataset.ply === '0' && page.state.position.startsWith('4bK4')",
    )
    .await;
    // A picked die's destinations show the value it would show on top there.
    click_square(client, "A1").await;
    wait_until(
        client,
        "the top values in the destinations' dots",
        "[...document.querySelectorAll('#marks .dest-value')].some((t) => t.textContent === '6/1')",
    )
    .await;
    screenshot(client, &format!("duel-picked-{name}.png")).await;
    drag(client, "A1", "B3").await;
    wait_until(
        client,
        "the question which way, with the top values",
        "!document.getElementById('choice').hidden \
         && document.querySelectorAll('#arrows polyline').length === 2 \
         && [...document.querySelectorAll('#choice button[data-move] b')].every((b) => /on top/.test(b.textContent))",
    )
    .await;
    // Each arrow's corner, in the window: what a click there reaches.
    let corners: Value = js(
        client,
        "const m = document.getElementById('board').getScreenCTM(); \
         return [...document.querySelectorAll('#arrows polyline')].map((line) => { \
           const p = line.points.getItem(1); const x = m.a * p.x + m.e, y = m.d * p.y + m.f; \
           return [x, y, document.elementFromPoint(x, y) === line, line.dataset.move]; });",
    )
    .await;
    screenshot(client, &format!("duel-two-paths-{name}.png")).await;
    for corner in corners.as_array().unwrap() {
        assert_eq!(corner[2], true, "an arrow is covered: {corners}");
    }
    let tops = js(
        client,
        "return [...document.querySelectorAll('#choice button[data-move]')].map((b) => b.textContent);",
    )
    .await;
    println!("the two paths: {tops}");
    // A click on the second arrow plays its move.
    let (x, y, chosen) = (
        corners[1][0].as_f64().unwrap(),
        corners[1][1].as_f64().unwrap(),
        corners[1][3].as_str().unwrap().to_string(),
    );
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    client.perform_actions(mouse).await.unwrap();
    wait_until(
        client,
        "the path clicked",
        &format!(
            "document.body.dataset.ply === '1' && page.game.moves[0] === {}",
            json!(chosen)
        ),
    )
    .await;
}

/// Plays `text` as a person types it, and waits until the game has `plies` moves.
async fn type_move(client: &Client, text: &str, plies: usize) {
    enter_move(client, text).await;
    wait_until(
        client,
        &format!("{text} played"),
        &format!("document.body.dataset.ply === '{plies}'"),
    )
    .await;
}

/// Feedback as lichess gives it: the king under DUEL glows, the announcement stays through the
/// reply, the result stays in the banner and the move list, also after stepping back and forth;
/// Home, End and `f` work.
async fn feedback(client: &Client, name: &str) {
    set_value(client, "mode", "both").await;
    show_game(client, "duel").await; // the game's own start, not the position set before
    type_move(client, "F1-e6", 1).await;
    wait_until(
        client,
        "DUEL announced and the king glowing",
        "document.getElementById('banner').textContent.includes('DUEL') \
         && document.querySelector(\"#marks .check[data-square='E8']\")",
    )
    .await;
    screenshot(client, &format!("duel-check-{name}.png")).await;
    let reply = js(client, "return page.state.legal[0].text;").await;
    type_move(client, reply.as_str().unwrap(), 2).await;
    wait_until(
        client,
        "the announcement kept through the reply, the moves in a row",
        "document.getElementById('banner').textContent.includes('DUEL') \
         && document.querySelectorAll('#moves .number').length === 1 \
         && document.querySelector('#marks .last')",
    )
    .await;
    screenshot(client, &format!("duel-announce-{name}.png")).await;

    // A refused move's message goes when another position is shown.
    enter_move(client, "A1-A9").await;
    wait_until(
        client,
        "the refusal",
        "document.getElementById('message').textContent !== ''",
    )
    .await;
    press(client, "ArrowLeft").await;
    wait_until(
        client,
        "the message gone with the position",
        "document.body.dataset.view === '1' && document.getElementById('message').textContent === ''",
    )
    .await;

    set_position(client, "9/4wK4/9/9/9/9/9/bK8 w 0 1").await;
    wait_until(
        client,
        "the set position",
        "page.state.position.startsWith('9/4wK4')",
    )
    .await;
    type_move(client, "E7-E8", 1).await;
    let ended = "document.getElementById('banner').textContent.includes('White wins') \
         && document.querySelector('#moves .result')?.textContent === '1-0'";
    wait_until(client, "the result on the board and in the list", ended).await;
    press(client, "Home").await;
    wait_until(
        client,
        "the start again, the result still in the list",
        "document.body.dataset.view === '0' && !document.getElementById('banner').textContent \
         && document.querySelector('#moves .result')?.textContent === '1-0'",
    )
    .await;
    press(client, "End").await;
    wait_until(
        client,
        "the result back",
        &format!("document.body.dataset.view === '1' && {ended}"),
    )
    .await;
    press(client, "f").await;
    wait_until(
        client,
        "the board flipped",
        "document.body.dataset.flipped === 'true'",
    )
    .await;
    screenshot(client, &format!("duel-end-{name}.png")).await;
    press(client, "f").await;
}

/// Analysis with three lines: its panel stays within the window, nothing overflows sideways.
async fn analysis(client: &Client, name: &str) {
    show_game(client, "duel").await;
    set_value(client, "multipv", "3").await;
    click_control(client, "analyse").await;
    wait_until(
        client,
        "three lines of analysis",
        "document.querySelectorAll('#lines .line').length === 3",
    )
    .await;
    js(
        client,
        "document.getElementById('graph').scrollIntoView(); return true;",
    )
    .await;
    // The panel is scrolled down to the graph: only what is too wide counts.
    let mut faults = layout_faults(client, true).await;
    faults.retain(|f| f.contains("wide") || f.contains("across"));
    screenshot(client, &format!("duel-analysis-{name}.png")).await;
    click_control(client, "analyse").await;
    wait_until(
        client,
        "the analysis stopped",
        "!document.body.dataset.thinking",
    )
    .await;
    js(
        client,
        "document.getElementById('right').scrollTop = 0; return true;",
    )
    .await;
    assert!(faults.is_empty(), "analysis at {name}: {faults:#?}");
}

async fn desktop(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    set_value(client, "limit-value", "100").await;
    for (width, height) in [(1366, 768), (1920, 1080), (1024, 600)] {
        client.set_window_size(width, height).await.unwrap();
        every_game(client, &format!("{width}x{height}"), true).await;
    }
    client.set_window_size(1366, 768).await.unwrap();
    two_paths(client, "1366x768").await;
    feedback(client, "1366x768").await;
    analysis(client, "1366x768").await;
}

async fn phone(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    // With clocks, which stand beside the board in the players' cards.
    set_value(client, "limit-kind", "clock").await;
    every_game(client, "390x844", false).await;
}

#[tokio::test]
async fn the_page_fits_a_laptop_a_desktop_and_a_phone() {
    let Some((chromium, chromedriver)) = browser_programs() else {
        return;
    };
    let server = Server::start(&[]);
    let driver = Driver::start(&chromedriver);
    for is_phone in [false, true] {
        let profile = TempDir::new("duel-gui-layout");
        let client = session(&chromium, &driver, profile.path(), (1366, 768), is_phone).await;
        // A failed step still closes the browser before the test fails.
        let run = if is_phone {
            tokio::spawn(phone(client.clone(), server.url()))
        } else {
            tokio::spawn(desktop(client.clone(), server.url()))
        };
        let outcome = run.await;
        let _ = client.close().await;
        if let Err(failure) = outcome {
            std::panic::resume_unwind(failure.into_panic());
        }
    }
}
