//! The page's controls as a person uses them, for the browser tests: a move typed, a position set
//! from its text, a PGN loaded, a protocol line typed, a control clicked, a key pressed. Each acts through the page's own
//! elements and events (the ids of `crates/tools/src/gui/assets/index.html`) and returns at once; the tests
//! wait for what they expect with [`wait_until`](crate::harness::wait_until).

use crate::harness::js;
use fantoccini::Client;
use serde_json::json;

/// Types `text` into the element `input` and submits its `form`, as Enter does.
async fn submit(client: &Client, input: &str, form: &str, text: &str) {
    js(
        client,
        &format!(
            "document.getElementById({input}).value = {text}; \
             document.getElementById({form}).requestSubmit(); return true;",
            input = json!(input),
            form = json!(form),
            text = json!(text)
        ),
    )
    .await;
}

/// Writes `text` into the element `input` and clicks the button `button`.
async fn fill_and_click(client: &Client, input: &str, button: &str, text: &str) {
    js(
        client,
        &format!(
            "document.getElementById({input}).value = {text}; \
             document.getElementById({button}).click(); return true;",
            input = json!(input),
            button = json!(button),
            text = json!(text)
        ),
    )
    .await;
}

/// Types a move into the move box and plays it.
pub(crate) async fn enter_move(client: &Client, text: &str) {
    submit(client, "move-input", "entry", text).await;
}

/// Types a line into the protocol panel and sends it to the engine.
pub(crate) async fn send_line(client: &Client, line: &str) {
    submit(client, "raw-line", "raw", line).await;
}

/// Writes a position's text into its box and presses "Set position".
pub(crate) async fn set_position(client: &Client, text: &str) {
    fill_and_click(client, "position-text", "set-position", text).await;
}

/// Clicks the control with this id (a button, or a checkbox, which the click ticks or unticks).
pub(crate) async fn click_control(client: &Client, id: &str) {
    js(
        client,
        &format!(
            "document.getElementById({}).click(); return true;",
            json!(id)
        ),
    )
    .await;
}

/// Writes a PGN text into its box and presses "Load PGN".
pub(crate) async fn load_pgn(client: &Client, text: &str) {
    fill_and_click(client, "pgn-text", "load-pgn", text).await;
}

/// Presses a key on the page (outside its form controls), as the keyboard's shortcuts read it.
pub(crate) async fn press(client: &Client, key: &str) {
    js(
        client,
        &format!(
            "document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: {}, bubbles: true}})); return true;",
            json!(key)
        ),
    )
    .await;
}
