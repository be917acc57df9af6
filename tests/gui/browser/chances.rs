//! The engine's chances where people look: the page asks the engine for them (`UCI_ShowWDL`), the
//! bar above the move list shows White's expected result in the position shown in %, with the
//! score, and the graph draws it over the game from the start on, both from the engine's `wdl`.

use crate::harness::{
    Backend, click, in_browser, js, open_page, set_value, wait_until, window_screenshot,
};
use crate::page::enter_move;
use fantoccini::Client;
use serde_json::Value;

#[tokio::test]
async fn the_bar_and_the_graph_show_the_chances_in_percent() {
    in_browser(Backend::Server, chances).await;
}

#[tokio::test]
async fn the_bar_and_the_graph_show_the_chances_in_percent_in_the_static_site() {
    in_browser(Backend::Site, chances).await;
}

/// The bar's figures: whether the position has an evaluation, its aria value and its text.
async fn bar(client: &Client) -> (String, String, String) {
    let read = js(
        client,
        "const bar = document.getElementById('eval-bar'); \
         return [bar.dataset.known, bar.getAttribute('aria-valuenow'), \
                 bar.querySelector('.eval-text').textContent];",
    )
    .await;
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    (text(&read[0]), text(&read[1]), text(&read[2]))
}

/// `White 62% · +0.35`: White's expected result in whole percent, the bar's aria value, then the
/// score from White's side.
fn assert_reads_percent(text: &str, value: &str) {
    let (percent, score) = text.split_once(" · ").unwrap_or_else(|| panic!("{text}"));
    let white: u32 = percent
        .strip_prefix("White ")
        .and_then(|p| p.strip_suffix('%'))
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(white <= 100, "{text}");
    assert_eq!(value, white.to_string(), "{text}");
    assert!(score.starts_with(['+', '-']) || score == "0.00", "{text}");
}

async fn chances(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;

    // The start: the graph has its point (50 % until the start is searched), the bar no evaluation.
    let start = js(
        client,
        "const g = document.getElementById('graph'); \
         return [g.dataset.start, g.dataset.points, g.querySelector('polyline.eval')?.getAttribute('points')];",
    )
    .await;
    assert_eq!(start[0], "50", "{start}");
    assert_eq!(start[1], "0", "{start}");
    assert!(
        start[2].as_str().is_some_and(|p| p.starts_with("6,60 ")),
        "{start}"
    );
    let (known, value, text) = bar(client).await;
    assert_eq!(
        (known.as_str(), value.as_str(), text.as_str()),
        ("false", "50", "no evaluation yet")
    );

    // The engine was asked for its chances.
    wait_until(
        client,
        "UCI_ShowWDL sent",
        "document.getElementById('log').textContent.includes('> setoption name UCI_ShowWDL value true')",
    )
    .await;

    // Analysis of the start: its lines carry `wdl`, and the bar and the graph's first point read White's
    // expected result from it, (W + D/2) / 10 %.
    click(client, "analyse").await;
    wait_until(
        client,
        "the start's chances from the engine's wdl",
        "(() => { const i = page.lines[0]; const e = page.game.evals[0]; \
           const bar = document.getElementById('eval-bar'); \
           return i && i.wdl && !i.bound && e \
             && Math.abs(e.expected - (i.wdl[0] + i.wdl[1] / 2) / 10) < 1e-6 \
             && bar.dataset.known === 'true' \
             && bar.getAttribute('aria-valuenow') === String(Math.round(e.expected)) \
             && document.getElementById('graph').dataset.start === String(Math.round(e.expected)) \
             && document.getElementById('graph').dataset.points === '1'; })()",
    )
    .await;
    click(client, "analyse").await;
    wait_until(
        client,
        "the analysis stopped",
        "!document.body.dataset.thinking",
    )
    .await;
    let (known, value, text) = bar(client).await;
    assert_eq!(known, "true");
    assert_reads_percent(&text, &value);
    let logged = js(
        client,
        "return document.getElementById('log').textContent.split('\\n') \
           .some((l) => /^< info depth \\d+ .*score (cp|mate) -?\\d+ (\\w+ )?wdl \\d+ \\d+ \\d+ /.test(l));",
    )
    .await;
    assert_eq!(logged, true, "no info line with wdl in the log");

    // A move and the engine's reply: the graph runs from the start on, and the bar shows, in the
    // player's turn, the chances the engine played its move with, turned to White's side.
    set_value(client, "limit-value", "100").await;
    enter_move(client, "D1-e6").await;
    wait_until(
        client,
        "the engine's reply",
        "document.body.dataset.ply === '2'",
    )
    .await;
    let after = js(
        client,
        "const e = page.game.evals[1]; const c = page.game.comments[1]; \
         const g = document.getElementById('graph'); \
         return [e.expected, e.cp ?? null, c.cp ?? null, g.dataset.points, \
                 g.querySelector('polyline.eval').getAttribute('points').split(' ').length];",
    )
    .await;
    let expected = after[0].as_f64().unwrap();
    if let (Some(white), Some(own)) = (after[1].as_i64(), after[2].as_i64()) {
        // Black's score is White's turned round; so are its chances.
        assert_eq!(white, -own, "{after}");
        assert!((expected - 50.0) * own as f64 <= 0.0, "{after}");
    }
    assert_eq!(after[3], "2", "{after}");
    assert_eq!(after[4], 2, "{after}");
    let (known, value, text) = bar(client).await;
    assert_eq!(known, "true");
    assert_reads_percent(&text, &value);
    assert_eq!(value, format!("{}", expected.round()), "{text}");
    js(
        client,
        "document.getElementById('right').scrollTop = 0; return true;",
    )
    .await;
    window_screenshot(client, "gui-chances.png").await;
    js(
        client,
        "document.getElementById('graph').scrollIntoView(); return true;",
    )
    .await;
    window_screenshot(client, "gui-chances-graph.png").await;
}
