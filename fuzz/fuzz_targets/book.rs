//! Fuzzes the opening-book reader (`duel_tools::book::read_book`, what `duel book --reverify` and
//! `--check` read) and the book's writer (`Book::text`, what `duel book` writes).
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number), the rest is
//! the book's text, read as UTF-8 (an input that is not UTF-8 is skipped). Properties:
//! - reading never panics;
//! - an accepted book holds at least one opening, one per opening line the openings loader reads,
//!   and counts at least one position in its settings;
//! - an accepted book is written back (`Book::text`) to a text that reads again to the same book:
//!   the same settings, rejection counts and, line by line, the same start, moves, score and
//!   verification score;
//! - writing that book again gives the same text (the writer's output is a fixed point).

#![no_main]

use duel_fuzz::game_and_text;
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use duel_tools::book::{Book, read_book};
use duel_tools::openings::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((name, text)) = game_and_text(data) else {
        return;
    };
    for_variant(name, CheckBook { text }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckBook<'a> {
    text: &'a str,
}

impl GameVisitor for CheckBook<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let Ok(book) = read_book::<G>(self.text) else {
            return;
        };
        let openings = load::<G>(self.text).expect("a book read is an openings file");
        assert_eq!(
            book.lines.len(),
            openings.len(),
            "one book line per opening"
        );
        assert!(!book.lines.is_empty(), "a book read holds an opening");
        assert!(book.settings.count > 0, "a book read counts its positions");
        let written = book.text();
        let again = match read_book::<G>(&written) {
            Ok(again) => again,
            Err(e) => panic!("the book written back is refused: {e}\n{written}"),
        };
        assert_same_book(&book, &again, &written);
        assert_eq!(again.text(), written, "writing the book again changes it");
    }
}

/// Checks that `again`, read from `written`, is the book `book` that was written.
fn assert_same_book<G: HostedGame>(book: &Book<G>, again: &Book<G>, written: &str) {
    assert_eq!(again.settings, book.settings, "settings change:\n{written}");
    assert_eq!(
        again.rejections, book.rejections,
        "counts change:\n{written}"
    );
    assert_eq!(again.lines.len(), book.lines.len(), "{written}");
    for (number, (a, b)) in book.lines.iter().zip(&again.lines).enumerate() {
        let what = format!("opening {}:\n{written}", number + 1);
        assert_eq!(
            b.record.start().to_text(),
            a.record.start().to_text(),
            "start changes, {what}"
        );
        assert_eq!(b.record.moves(), a.record.moves(), "moves change, {what}");
        assert_eq!((b.score, b.verified), (a.score, a.verified), "{what}");
    }
}
