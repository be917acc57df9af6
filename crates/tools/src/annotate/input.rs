//! The games of a PGN file, cut apart before any is read, so that one bad game does not spoil the
//! others: each with its number, the game its Variant tag names, and its text for the PGN reader.
//!
//! The file is cut by the reader's own [`pgn::split`]: tag lines while no movetext has begun, then
//! movetext up to a line that ends with a result. Each game's text is handed to the reader as it is:
//! the reader skips the variations, move marks (`?!`, `??`) and NAGs this tool writes, so an
//! annotated file can be reviewed again.

use duel_rules::record::pgn;

/// One game of the file, not yet read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    /// Its number in the file, from 1 (as the reader counts games).
    pub number: usize,
    /// The value of its Variant tag, if any.
    pub variant: Option<String>,
    /// Its tag lines and its movetext, for the reader.
    pub text: String,
}

/// The games of a PGN text, in order, cut as the reader cuts them ([`pgn::split`]). Text after the
/// last result is a game of its own, which the reader refuses for having no result.
pub fn games(text: &str) -> Vec<GameText> {
    pgn::split(text)
        .into_iter()
        .map(|source| GameText {
            number: source.number,
            variant: source.tag("Variant"),
            text: source.text(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;

    #[test]
    fn games_are_cut_where_the_reader_ends_them() {
        let text = "[Event \"a\"]\n[Variant \"dame\"]\n\n1. c3-d4 *\n\n\
                    [Event \"b (2)\"]\n1. D1-e6 E8-E7\n2. E1-E2 1-0\n\nhello";
        let games = games(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].number, 1);
        assert_eq!(games[0].variant.as_deref(), Some("dame"));
        assert_eq!(games[1].variant, None);
        assert!(
            games[1].text.starts_with("[Event \"b (2)\"]\n\n"),
            "{:?}",
            games[1].text
        );
        assert!(
            games[1]
                .text
                .ends_with("\n\n1. D1-e6 E8-E7\n2. E1-E2 1-0\n"),
            "{:?}",
            games[1].text
        );
        assert_eq!(games[2].number, 3);
        assert!(games[2].text.contains("hello"));
    }

    #[test]
    fn an_annotated_game_is_handed_to_the_reader_as_it_is() {
        let movetext = "1. D1-e6?? {+0.35/4 62% (sic)} (1. E1-E2 {x} (1. F1-F2) E8-E7)\n\
                        1... E8-E7!? $2 {a ?? b} 2. E1-E2 $14 1-0\n";
        let games = games(&format!("[Variant \"duel\"]\n\n{movetext}"));
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].text, format!("[Variant \"duel\"]\n\n{movetext}"));
        let read = pgn::read::<Duel>(&games[0].text).unwrap().remove(0);
        assert_eq!(read.record.moves().len(), 3);
        assert_eq!(read.comments[1].as_deref(), Some("a ?? b"));
    }

    #[test]
    fn an_empty_text_has_no_game() {
        assert!(games("").is_empty());
        assert!(games("\n\n  \n").is_empty());
    }
}
