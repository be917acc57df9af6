//! How a board is drawn for people: colour or plain text, which side is at the bottom, which move to
//! highlight. Every game draws its own board ([`crate::game::Presentation::board_text`]); this is
//! what the caller can ask of it.

/// The wishes of whoever shows a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardStyle<M> {
    /// Whether ANSI colour codes may be used. Without them the text alone must carry everything.
    pub colour: bool,
    /// Whether the board is seen from Black's side (Black's home row at the bottom).
    pub flipped: bool,
    /// The move that led to the position, to be highlighted.
    pub last_move: Option<M>,
}

impl<M> BoardStyle<M> {
    /// Plain text, White at the bottom, nothing highlighted: the protocol's `d`.
    pub const fn plain() -> Self {
        BoardStyle {
            colour: false,
            flipped: false,
            last_move: None,
        }
    }

    /// `text` in the given colour when colour is on (see [`paint`]).
    pub fn paint(&self, sgr: &str, text: &str) -> String {
        paint(self.colour, sgr, text)
    }
}

/// `text` wrapped in the ANSI SGR codes `sgr` (e.g. `"1;31"`, bold red) and a reset, when `colour` is
/// on and there is a code; otherwise `text` unchanged. Every painted piece resets itself, so the
/// terminal is back to normal after each one, whatever happens next.
pub fn paint(colour: bool, sgr: &str, text: &str) -> String {
    if colour && !sgr.is_empty() {
        format!("\x1b[{sgr}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paint_only_with_colour_and_a_code() {
        assert_eq!(paint(true, "1;31", "x"), "\x1b[1;31mx\x1b[0m");
        assert_eq!(paint(false, "1;31", "x"), "x");
        assert_eq!(paint(true, "", "x"), "x");
        assert!(!BoardStyle::<u16>::plain().colour);
    }
}
