//! What the fuzz targets share: how an input names one of the hosted games, and which lines of the
//! engine's output are faults.

use duel_rules::games::VARIANTS;

/// The game an input's first byte picks (its index among the hosted games, modulo their number)
/// and the rest of the input as text; `None` for an empty input or one that is not UTF-8.
pub fn game_and_text(data: &[u8]) -> Option<(&'static str, &str)> {
    let (&game, text) = data.split_first()?;
    let text = std::str::from_utf8(text).ok()?;
    Some((VARIANTS[usize::from(game) % VARIANTS.len()], text))
}

/// The starts of the error messages that tell of a bug rather than of bad input: a caught panic
/// and the search's faults. Input is quoted only after a message's own words, so a message that
/// starts so never merely repeats the input.
const FAULTS: [&str; 4] = [
    "internal error",
    "the search failed",
    "the search chose a move that is not allowed here",
    "the search found no move although",
];

/// Whether an error message (an `info string error:` line's text, or a rules reply's `message`)
/// tells of a bug.
pub fn is_fault(message: &str) -> bool {
    FAULTS.iter().any(|fault| message.starts_with(fault))
}

/// Whether a protocol output line is an error line that tells of a bug.
pub fn is_fault_line(line: &str) -> bool {
    line.strip_prefix("info string error: ")
        .is_some_and(is_fault)
}
