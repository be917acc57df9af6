//! The Stop button makes the engine play its move now.

use crate::harness::{Backend, click, drag, in_browser, js, open_page, set_value, wait_until};
use fantoccini::Client;
use std::time::{Duration, Instant};

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
