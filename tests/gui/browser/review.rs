//! The Review button: a game loaded from PGN, every position searched by the page's engine at a few
//! thousand nodes (filling the graph), then judged by the page service. Duel's `2. F1-F7` hangs a
//! die to G8 (as `duel annotate`'s tests find): it is marked `??` in the move list and on the graph,
//! with the better move in its tooltip, each side's accuracy is shown, and "next mistake" (and the
//! `n` and `p` keys) jump to it. A review is cancelled by its button.

use crate::harness::{
    Backend, click, in_browser, js, open_page, set_value, wait_until, window_screenshot,
};
use crate::page::{enter_move, load_pgn, press};
use fantoccini::Client;
use serde_json::json;

#[tokio::test]
async fn a_review_marks_the_blunder_and_jumps_to_it() {
    in_browser(Backend::Server, review).await;
}

#[tokio::test]
async fn a_review_in_the_static_site_marks_the_blunder_and_jumps_to_it() {
    in_browser(Backend::Site, review).await;
}

/// The game, with its blunder at ply 3.
const GAME: &str = "[Variant \"duel\"]\n\n1. B1-B2 B8-B7 2. F1-F7 G8xf7 *\n";
const BLUNDER_PLY: &str = "3";

async fn review(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    load_pgn(client, GAME).await;
    wait_until(
        client,
        "the game loaded",
        "document.body.dataset.ply === '4' && document.body.dataset.view === '4'",
    )
    .await;
    // Nothing to jump to before a review.
    press(client, "n").await;
    wait_until(
        client,
        "the hint to review first",
        "document.getElementById('message').textContent === 'review the game first'",
    )
    .await;

    // A review too long to wait for is cancelled by its button, and the engine stops.
    set_value(client, "review-nodes", "100000000").await;
    click(client, "review").await;
    wait_until(
        client,
        "the review searching",
        "document.body.dataset.thinking === 'review'",
    )
    .await;
    click(client, "review").await;
    wait_until(
        client,
        "the review cancelled",
        "document.body.dataset.review === 'none' && page.searches.length === 0 \
         && document.getElementById('review').textContent === 'Review' \
         && document.getElementById('message').textContent === 'review cancelled'",
    )
    .await;

    set_value(client, "review-nodes", "3000").await;
    click(client, "review").await;
    let running = js(
        client,
        "return [document.body.dataset.review, document.getElementById('review').textContent, \
                 document.getElementById('review-progress').hidden];",
    )
    .await;
    assert_eq!(running, json!(["running", "Cancel review", false]));
    wait_until(
        client,
        "the review's verdicts",
        "document.body.dataset.review === 'done'",
    )
    .await;

    // Every position was searched, and the graph drawn through them.
    let graph = js(
        client,
        "const g = document.getElementById('graph'); \
         return [g.dataset.points, g.dataset.marked, \
                 g.querySelector(`polyline.judged.blunder[data-ply='3']`) !== null, \
                 document.getElementById('log').textContent.split('\\n') \
                   .filter((l) => l === '> go nodes 3000').length];",
    )
    .await;
    assert_eq!(graph[0], "5", "{graph}");
    assert_eq!(graph[2], true, "{graph}");
    assert_eq!(graph[3], 5, "{graph}");

    // The blunder's mark after it in the move list, with the better move in its tooltip.
    let marked = js(
        client,
        "return [...document.querySelectorAll('#moves .move .judgment')].map((m) => \
           [m.parentElement.dataset.ply, m.textContent, m.className, m.parentElement.title]);",
    )
    .await;
    let blunder = marked
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m[0] == BLUNDER_PLY)
        .unwrap_or_else(|| panic!("no mark on ply {BLUNDER_PLY}: {marked}"));
    assert_eq!(blunder[1], "??", "{marked}");
    assert_eq!(blunder[2], "judgment blunder", "{marked}");
    let title = blunder[3].as_str().unwrap();
    assert!(
        title.starts_with("Blunder: White's expected result ") && title.contains(". Best was "),
        "{title}"
    );
    assert!(!title.contains("Best was F1-F7."), "{title}");
    // The engine's own replies are not marked.
    assert!(
        marked.as_array().unwrap().iter().all(|m| m[0] != "4"),
        "{marked}"
    );

    // Each side's accuracy and marks.
    let summary = js(
        client,
        "const row = (side) => [...document.querySelectorAll(`#review-summary tr[data-side='${side}'] td`)] \
           .map((td) => td.textContent); \
         return [row('white'), row('black'), document.getElementById('review-summary').hidden];",
    )
    .await;
    assert_eq!(summary[2], false, "{summary}");
    for (row, name) in [(&summary[0], "White"), (&summary[1], "Black")] {
        let cells: Vec<&str> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(cells.len(), 5, "{summary}");
        assert_eq!(cells[0], name);
        let accuracy: f64 = cells[1]
            .strip_suffix('%')
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("{summary}"));
        assert!((0.0..=100.0).contains(&accuracy), "{summary}");
    }
    assert!(
        summary[0][4].as_str().unwrap().parse::<u32>().unwrap() >= 1,
        "White's blunders: {summary}"
    );
    let white: f64 = summary[0][1]
        .as_str()
        .unwrap()
        .trim_end_matches('%')
        .parse()
        .unwrap();
    let black: f64 = summary[1][1]
        .as_str()
        .unwrap()
        .trim_end_matches('%')
        .parse()
        .unwrap();
    assert!(white < black, "{summary}");

    // From the start, "next mistake" shows the position after the blunder, with its verdict.
    js(
        client,
        "document.querySelector(\"#moves .move[data-ply='0']\").click(); return true;",
    )
    .await;
    wait_until(client, "the start", "document.body.dataset.view === '0'").await;
    click(client, "next-mistake").await;
    wait_until(
        client,
        "the blunder shown",
        &format!(
            "document.body.dataset.view === '{BLUNDER_PLY}' \
             && document.querySelector('#moves .move.current .judgment')?.textContent === '??' \
             && document.getElementById('review-detail').textContent.startsWith('F1-F7?? Blunder: ')"
        ),
    )
    .await;
    js(
        client,
        "document.getElementById('right').scrollTop = 0; return true;",
    )
    .await;
    window_screenshot(client, "gui-review-moves.png").await;
    js(
        client,
        "document.getElementById('review-box').scrollIntoView(); return true;",
    )
    .await;
    window_screenshot(client, "gui-review.png").await;
    // The keys: `p` back to it from the end, `n` past the last one says so.
    press(client, "End").await;
    wait_until(client, "the end", "document.body.dataset.view === '4'").await;
    press(client, "p").await;
    wait_until(
        client,
        "the blunder again",
        &format!("document.body.dataset.view === '{BLUNDER_PLY}'"),
    )
    .await;
    press(client, "n").await;
    wait_until(
        client,
        "no later mistake",
        "document.getElementById('message').textContent.startsWith('no inaccuracy or worse after')",
    )
    .await;

    // A move played changes the game: its review no longer shows.
    press(client, "End").await;
    wait_until(client, "the end", "document.body.dataset.view === '4'").await;
    enter_move(client, "H1-H2").await;
    wait_until(
        client,
        "the review gone with the game it judged",
        "document.body.dataset.ply !== '4' && document.body.dataset.review === 'none' \
         && !document.querySelector('#moves .judgment') \
         && document.getElementById('review-summary').hidden",
    )
    .await;
}
