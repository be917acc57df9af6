//! A side whose clock runs out loses on time.

use crate::harness::{Backend, in_browser, js, open_page, set_value, wait_until};
use fantoccini::Client;
use serde_json::Value;

/// A side whose clock runs out loses: the clock stops, the page asks the rules for the game's end
/// with the forfeit, and the banner shows the result.
#[tokio::test]
async fn a_side_whose_clock_runs_out_loses_on_time() {
    in_browser(Backend::Server, lose_on_time).await;
}

async fn lose_on_time(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    set_value(client, "mode", "both").await;
    set_value(client, "limit-kind", "clock").await;
    set_value(client, "limit-value", "1+0").await;
    wait_until(
        client,
        "White's second run out",
        "page.game.forfeit === 'white' && page.state.end \
         && document.getElementById('banner').classList.contains('end') \
         && document.getElementById('clock-white').textContent === '0:00.0'",
    )
    .await;
    let shown = js(
        client,
        "return [page.state.end.result, page.clock.timer, document.getElementById('banner').textContent];",
    )
    .await;
    assert_eq!(shown[0], "0-1", "{shown}");
    assert_eq!(shown[1], Value::Null, "the clock stopped: {shown}");
}
