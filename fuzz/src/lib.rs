//! What the fuzz targets share: how an input names one of the hosted games.

use duel_rules::games::VARIANTS;

/// The game an input's first byte picks (its index among the hosted games, modulo their number)
/// and the rest of the input as text; `None` for an empty input or one that is not UTF-8.
pub fn game_and_text(data: &[u8]) -> Option<(&'static str, &str)> {
    let (&game, text) = data.split_first()?;
    let text = std::str::from_utf8(text).ok()?;
    Some((VARIANTS[usize::from(game) % VARIANTS.len()], text))
}
