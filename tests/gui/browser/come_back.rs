//! A reload keeps the game, its settings and its analysis, in every game; a move at an earlier
//! position asks before cutting the game, and the cut moves stay as a side line; the rules card and
//! the new-game dialog; what is stored but unreadable starts a fresh game.

use crate::harness::{
    Backend, click, click_css, drag, in_browser, js, open_page, ready_at, set_value, wait_until,
    window_screenshot,
};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

#[tokio::test]
async fn a_reload_keeps_the_game_and_a_move_in_the_past_is_played_with_care() {
    in_browser(Backend::Server, come_back).await;
}

#[tokio::test]
async fn a_reload_keeps_the_game_in_the_static_site_too() {
    in_browser(Backend::Site, come_back).await;
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
