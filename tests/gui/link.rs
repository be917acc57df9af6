//! A game as a link, in both modes (`duel gui` and the static site): the page opens the game its
//! address names (`?game=dame&moves=c3-d4,f6-e5`), drops the link from the address, and "Copy link"
//! writes the game shown the same way; a link the rules refuse is said as a refused typed move is,
//! and the page opens at the start instead.

use crate::harness::{Backend, in_browser, js, wait_until};
use crate::page::click_control;
use fantoccini::Client;
use serde_json::json;

#[tokio::test]
async fn a_link_opens_its_game_in_duel_gui() {
    in_browser(Backend::Server, follow_links).await;
}

#[tokio::test]
async fn a_link_opens_its_game_in_the_static_site() {
    in_browser(Backend::Site, follow_links).await;
}

/// The page's address with `query` after it.
fn link(url: &str, query: &str) -> String {
    format!("{url}?{query}")
}

/// Opens `address` and waits for `variant`'s board after `plies` plies, the engine ready.
async fn open(client: &Client, address: &str, variant: &str, plies: usize) {
    client.goto(address).await.unwrap();
    wait_until(
        client,
        &format!("{variant} after {plies} plies"),
        &format!(
            "document.getElementById('engine-status').dataset.state === 'ready' \
             && document.getElementById('board').dataset.kind === '{variant}' \
             && document.getElementById('variant').value === '{variant}' \
             && document.body.dataset.ply === '{plies}' && page.state \
             && page.state.history.length === {plies}"
        ),
    )
    .await;
}

async fn message(client: &Client) -> String {
    let shown = js(
        client,
        "return document.getElementById('message').textContent;",
    )
    .await;
    shown.as_str().unwrap().to_string()
}

async fn follow_links(client: Client, url: String) {
    let client = &client;
    // Dame after two moves: the men stand on d4 and e5, and the address no longer holds the link.
    open(
        client,
        &link(&url, "game=dame&moves=c3-d4,f6-e5"),
        "dame",
        2,
    )
    .await;
    let shown = js(
        client,
        "return [location.search, page.game.moves, \
         [...document.querySelectorAll('#pieces .piece')].map(p => p.dataset.square) \
           .filter(s => s === 'd4' || s === 'e5' || s === 'c3' || s === 'f6').sort()];",
    )
    .await;
    assert_eq!(shown, json!(["", ["c3-d4", "f6-e5"], ["d4", "e5"]]));
    assert_eq!(message(client).await, "");

    // Copy link writes the game shown, in the same form.
    click_control(client, "copy-link").await;
    let copied = js(client, "return document.getElementById('link-text').value;").await;
    assert_eq!(copied, json!(link(&url, "game=dame&moves=c3-d4,f6-e5")));

    // A position and moves, each URL-encoded, round trip: Alice from an orthodox chess FEN.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let encoded = fen.replace(' ', "%20");
    open(
        client,
        &link(&url, &format!("game=alice&fen={encoded}&moves=e7e5")),
        "alice",
        1,
    )
    .await;
    let start = js(client, "return page.game.start;").await;
    assert_eq!(start, json!(fen));
    click_control(client, "copy-link").await;
    let copied = js(client, "return document.getElementById('link-text').value;").await;
    assert_eq!(
        copied,
        json!(link(&url, &format!("game=alice&fen={encoded}&moves=e7e5")))
    );

    // Refused: a move the rules do not allow, a position they cannot read, a game not hosted. Each
    // is said, and the page opens at the start of the link's game (or of the first game).
    open(
        client,
        &link(&url, "game=dame&moves=c3-d4,a1-b2"),
        "dame",
        0,
    )
    .await;
    let said = message(client).await;
    assert!(said.contains("move 2 'a1-b2'"), "{said}");
    open(client, &link(&url, "game=dipole&fen=nonsense"), "dipole", 0).await;
    let said = message(client).await;
    assert!(said.starts_with("position: "), "{said}");
    assert_eq!(js(client, "return page.game.start;").await, json!(null));
    open(client, &link(&url, "game=chess"), "duel", 0).await;
    let said = message(client).await;
    assert!(said.contains("'chess'"), "{said}");
}
