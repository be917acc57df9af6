//! The page's files, embedded in the binary: no build step, nothing to install beside the program.

/// The page.
pub const INDEX_HTML: &str = include_str!("assets/index.html");
/// Its script.
pub const APP_JS: &str = include_str!("assets/app.js");
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("assets/style.css");
