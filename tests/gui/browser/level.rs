//! A level below full strength is what the engine plays at; analysis stays at full strength.

use crate::harness::{Backend, click, drag, in_browser, js, open_page, set_value, wait_until};
use fantoccini::Client;

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
