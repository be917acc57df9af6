//! A person plays each game. Duel: a die's values, an illegal drop and a legal drag, the engine's
//! reply on the board and in the move list, a move by two clicks, analysis of an earlier move, a
//! choice between a die's two paths to one square. Dipole: stacks, undo, the engine against itself,
//! the game saved as PGN and loaded back. Dame: a step and a capture. Alice: a pawn played on board A
//! that lands on board B.

use crate::harness::{
    Backend, click, click_css, click_square, drag, in_browser, js, open_page, screenshot,
    set_value, wait_until, window_screenshot,
};
use fantoccini::Client;

#[tokio::test]
async fn a_person_plays_duel_dipole_dame_and_alice_in_the_browser() {
    in_browser(Backend::Server, play).await;
}

#[tokio::test]
async fn a_person_plays_duel_dipole_dame_and_alice_in_the_static_site() {
    in_browser(Backend::Site, play).await;
}

async fn play(client: Client, url: String) {
    let client = &client;
    open_page(client, &url).await;
    set_value(client, "limit-value", "100").await;

    // The five values of a die: D1 shows 6 on top, 4 north; the sides add up to seven.
    let d1 = js(
        client,
        "const p = document.querySelector(\"#pieces .piece[data-square='D1']\"); \
         return [p.dataset.top, p.dataset.north, p.dataset.east, p.dataset.south, p.dataset.west, \
                 p.querySelector('.top').textContent, p.querySelectorAll('text').length];",
    )
    .await;
    assert_eq!(d1[0], "6");
    assert_eq!(d1[1], "4");
    assert_eq!(d1[5], "6");
    assert_eq!(d1[6], 5);
    let faces: Vec<u32> = (0..5)
        .map(|i| d1[i].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!((faces[1] + faces[3], faces[2] + faces[4]), (7, 7));

    // An illegal drop: D1 shows 6 and cannot stop on D2. The die goes back, and the rules say why.
    drag(client, "D1", "D2").await;
    wait_until(
        client,
        "the refusal with its reason",
        "document.body.dataset.refused === '1' \
         && document.getElementById('message').textContent.includes('must move exactly 6')",
    )
    .await;
    assert_eq!(js(client, "return document.body.dataset.ply;").await, "0");

    // A legal drag along D1-D6-E6; the engine answers at movetime 100.
    drag(client, "D1", "E6").await;
    wait_until(
        client,
        "the engine's reply",
        "document.body.dataset.ply === '2'",
    )
    .await;
    let moves = js(
        client,
        "return [...document.querySelectorAll('#moves .move')].map(m => m.textContent);",
    )
    .await;
    assert_eq!(moves[1], "D1-e6", "{moves}");
    let reply = moves[2].as_str().unwrap().to_string();
    let reply_ms = js(client, "return document.body.dataset.replyMs;").await;
    println!("drop -> engine's reply on the board at movetime 100: {reply_ms} ms");
    let on_e6 = js(
        client,
        "const p = document.querySelector(\"#pieces .piece[data-square='E6']\"); \
         return p && p.dataset.owner;",
    )
    .await;
    // The engine's reply may have taken the die on E6.
    assert!(
        on_e6 == "white" || reply.to_ascii_uppercase().contains("XE6"),
        "{on_e6} {reply}"
    );
    let last = js(client, "return page.state.last_move.text;").await;
    assert_eq!(last, reply.as_str());

    // Two clicks: a move with one path between its squares.
    let pick = js(
        client,
        "const legal = page.state.legal; \
         const m = legal.find(m => legal.filter(n => n.from === m.from && n.to === m.to).length === 1); \
         return [m.from, m.to, m.text];",
    )
    .await;
    click_square(client, pick[0].as_str().unwrap()).await;
    wait_until(
        client,
        "the destinations lit",
        "document.querySelectorAll('#board rect.sq.dest').length > 0",
    )
    .await;
    click_square(client, pick[1].as_str().unwrap()).await;
    wait_until(
        client,
        "the second reply",
        "document.body.dataset.ply === '4'",
    )
    .await;
    let third = js(
        client,
        "return document.querySelector(\"#moves .move[data-ply='3']\").textContent;",
    )
    .await;
    assert_eq!(third, pick[2]);
    screenshot(client, "gui-duel.png").await;

    // Back to move 2 in the move list, and analysis there: live lines, the best move as an arrow, the
    // bar in White's win % and the graph.
    click_css(client, "#moves .move[data-ply='2']").await;
    wait_until(
        client,
        "the position after move 2",
        "document.body.dataset.view === '2' && page.state.history.length === 2",
    )
    .await;
    click(client, "analyse").await;
    wait_until(
        client,
        "analysis lines, the best move's arrow, the bar and the graph",
        "document.querySelector('#lines .line')?.textContent.includes('depth') \
         && document.querySelector('#arrows polyline.best') \
         && document.getElementById('eval-bar').dataset.known === 'true' \
         && /^White \\d+% /.test(document.querySelector('#eval-bar .eval-text').textContent) \
         && Number(document.getElementById('graph').dataset.points) > 0",
    )
    .await;
    window_screenshot(client, "gui-page.png").await;
    click(client, "analyse").await;
    wait_until(
        client,
        "the analysis stopped",
        "!document.body.dataset.thinking",
    )
    .await;

    // Two paths to one square: the page asks, showing both as arrows.
    set_value(client, "mode", "both").await;
    js(
        client,
        "document.getElementById('position-text').value = '4bK4/9/9/9/9/9/9/w323wK4 w 0 1'; return true;",
    )
    .await;
    click(client, "set-position").await;
    wait_until(
        client,
        "the set position",
        "document.body.dataset.ply === '0' && page.state.position.startsWith('4bK4')",
    )
    .await;
    drag(client, "A1", "B3").await;
    wait_until(
        client,
        "the question which way",
        "!document.getElementById('choice').hidden \
         && document.querySelectorAll('#arrows polyline').length === 2",
    )
    .await;
    click_css(client, "#choice button[data-move]").await;
    wait_until(
        client,
        "the chosen path",
        "document.body.dataset.ply === '1'",
    )
    .await;

    // Dipole: stacks with their heights.
    set_value(client, "variant", "dipole").await;
    wait_until(
        client,
        "Dipole's board",
        "document.getElementById('board').dataset.kind === 'dipole' \
         && document.querySelector(\"#pieces .piece[data-square='e1']\")?.dataset.height === '12'",
    )
    .await;
    drag(client, "e1", "e5").await;
    wait_until(
        client,
        "the stack split",
        "document.body.dataset.ply === '1' \
         && document.querySelector(\"#pieces .piece[data-square='e5']\")?.dataset.height === '4' \
         && document.querySelector(\"#pieces .piece[data-square='e1']\")?.dataset.height === '8'",
    )
    .await;
    screenshot(client, "gui-dipole.png").await;

    // Undo, then the engine against itself for a few moves, then the game saved as PGN and loaded
    // back.
    click(client, "undo").await;
    wait_until(
        client,
        "the move taken back",
        "document.body.dataset.ply === '0'",
    )
    .await;
    set_value(client, "limit-kind", "depth").await;
    set_value(client, "limit-value", "2").await;
    set_value(client, "mode", "engines").await;
    wait_until(
        client,
        "four engine moves",
        "Number(document.body.dataset.ply) >= 4",
    )
    .await;
    set_value(client, "mode", "both").await;
    wait_until(
        client,
        "the engines stopped",
        "!document.body.dataset.thinking",
    )
    .await;
    let played = js(client, "return page.game.moves.length;").await;
    click(client, "save-pgn").await;
    wait_until(
        client,
        "the PGN",
        "document.getElementById('pgn-text').value.includes('[Variant \"dipole\"]')",
    )
    .await;
    // The Date tag is the player's date, from the page's clock (the static site's engine has none).
    let dated = js(
        client,
        "const d = new Date(); const two = (n) => String(n).padStart(2, '0'); \
         const date = `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`; \
         return document.getElementById('pgn-text').value.includes(`[Date \"${date}\"]`);",
    )
    .await;
    assert_eq!(dated, true, "the PGN's Date tag is not today's");
    click(client, "new").await;
    click_css(client, "#new-game button[data-value='start']").await;
    wait_until(client, "a new game", "document.body.dataset.ply === '0'").await;
    click(client, "load-pgn").await;
    wait_until(
        client,
        "the game loaded back",
        &format!("document.body.dataset.ply === '{played}' && page.game.variant === 'dipole'"),
    )
    .await;

    // Dame: men on the dark squares; a step, the reply, and a capture whose victim is marked.
    set_value(client, "variant", "dame").await;
    wait_until(
        client,
        "Dame's board",
        "document.getElementById('board').dataset.kind === 'dame' \
         && document.body.dataset.ply === '0' \
         && document.querySelector(\"#pieces .piece[data-square='c3']\")?.dataset.king === 'false' \
         && document.querySelector(\"#squares rect[data-square='a1']\")?.classList.contains('sq-dark')",
    )
    .await;
    drag(client, "c3", "d4").await;
    wait_until(client, "a man's step", "document.body.dataset.ply === '1'").await;
    drag(client, "f6", "e5").await;
    wait_until(client, "the reply", "document.body.dataset.ply === '2'").await;
    drag(client, "d4", "f6").await;
    wait_until(
        client,
        "the capture",
        "document.body.dataset.ply === '3' \
         && document.querySelector(\"#pieces .piece[data-square='f6']\")?.dataset.owner === 'white' \
         && !document.querySelector(\"#pieces .piece[data-square='e5']\") \
         && document.querySelector(\"#marks .taken[data-square='e5']\") !== null",
    )
    .await;
    screenshot(client, "gui-dame.png").await;

    // Alice: two boards side by side; a pawn played on A lands on B.
    set_value(client, "variant", "alice").await;
    wait_until(
        client,
        "Alice's boards",
        "document.getElementById('board').dataset.kind === 'alice' \
         && document.querySelectorAll(\"#board rect.sq[data-square='e4']\").length === 2 \
         && document.querySelector(\"#pieces .piece[data-square='e2']\")?.dataset.board === 'A'",
    )
    .await;
    drag(client, "e2", "e4").await;
    wait_until(
        client,
        "the pawn on board B",
        "document.body.dataset.ply === '1' \
         && document.querySelector(\"#pieces .piece[data-square='e4']\")?.dataset.board === 'B' \
         && document.querySelector(\"#pieces .piece[data-square='e4']\")?.dataset.kind === 'pawn' \
         && !document.querySelector(\"#pieces .piece[data-square='e2']\")",
    )
    .await;
    screenshot(client, "gui-alice.png").await;
}
