//! The page's files, embedded in the binary: no build step, nothing to install beside the program.
//! The script is native ES modules under `assets/js/`, one concept each; each game's drawing is the
//! module its own folder holds ([`WebBoard::WEB_BOARD_JS`]), served as `/games/<name>.js`.

use duel_rules::game::WebBoard;
use duel_rules::games::VARIANTS;
use duel_rules::with_variant;

/// One file of the page: where it is served, as what, and its text.
pub struct Asset {
    /// The path it is served at.
    pub path: String,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its text.
    pub body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The page's own files: path, content type and text.
const PAGE: [(&str, &str, &str); 36] = [
    ("/", HTML, include_str!("assets/index.html")),
    (
        "/icons/icon.svg",
        SVG,
        include_str!("assets/icons/icon.svg"),
    ),
    ("/style.css", CSS, include_str!("assets/style.css")),
    ("/dialogs.css", CSS, include_str!("assets/dialogs.css")),
    ("/js/main.js", JS, include_str!("assets/js/main.js")),
    ("/js/dispatch.js", JS, include_str!("assets/js/dispatch.js")),
    ("/js/state.js", JS, include_str!("assets/js/state.js")),
    ("/js/events.js", JS, include_str!("assets/js/events.js")),
    ("/js/dom.js", JS, include_str!("assets/js/dom.js")),
    ("/js/controls.js", JS, include_str!("assets/js/controls.js")),
    (
        "/js/connection.js",
        JS,
        include_str!("assets/js/connection.js"),
    ),
    ("/js/server.js", JS, include_str!("assets/js/server.js")),
    ("/js/info.js", JS, include_str!("assets/js/info.js")),
    ("/js/link.js", JS, include_str!("assets/js/link.js")),
    ("/js/legal.js", JS, include_str!("assets/js/legal.js")),
    ("/js/geometry.js", JS, include_str!("assets/js/geometry.js")),
    ("/js/board.js", JS, include_str!("assets/js/board.js")),
    ("/js/marks.js", JS, include_str!("assets/js/marks.js")),
    ("/js/banner.js", JS, include_str!("assets/js/banner.js")),
    ("/js/panels.js", JS, include_str!("assets/js/panels.js")),
    (
        "/js/evaluation.js",
        JS,
        include_str!("assets/js/evaluation.js"),
    ),
    (
        "/js/clock_face.js",
        JS,
        include_str!("assets/js/clock_face.js"),
    ),
    ("/js/choice.js", JS, include_str!("assets/js/choice.js")),
    (
        "/js/sidelines.js",
        JS,
        include_str!("assets/js/sidelines.js"),
    ),
    ("/js/dialogs.js", JS, include_str!("assets/js/dialogs.js")),
    ("/js/verdicts.js", JS, include_str!("assets/js/verdicts.js")),
    ("/js/engine.js", JS, include_str!("assets/js/engine.js")),
    ("/js/search.js", JS, include_str!("assets/js/search.js")),
    ("/js/persist.js", JS, include_str!("assets/js/persist.js")),
    ("/js/clock.js", JS, include_str!("assets/js/clock.js")),
    ("/js/position.js", JS, include_str!("assets/js/position.js")),
    ("/js/game.js", JS, include_str!("assets/js/game.js")),
    ("/js/opening.js", JS, include_str!("assets/js/opening.js")),
    ("/js/input.js", JS, include_str!("assets/js/input.js")),
    ("/js/pgn.js", JS, include_str!("assets/js/pgn.js")),
    ("/js/review.js", JS, include_str!("assets/js/review.js")),
];

/// Every file the page loads: its own, then each hosted game's drawing that it has.
pub fn all() -> Vec<Asset> {
    let page = PAGE.iter().map(|&(path, content_type, body)| Asset {
        path: path.to_string(),
        content_type,
        body,
    });
    let games = VARIANTS.iter().filter_map(|&name| {
        let drawing = with_variant!(name, G => G::WEB_BOARD_JS).ok().flatten()?;
        Some(Asset {
            path: format!("/games/{name}.js"),
            content_type: JS,
            body: drawing,
        })
    });
    page.chain(games).collect()
}
