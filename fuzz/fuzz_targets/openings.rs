//! Fuzzes the openings loader (`duel_tools::openings::load`, what `duel match --openings` reads):
//! one `startpos [moves …]` or `fen <text> [moves …]` per line, `#` starting a comment.
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number), the rest is
//! the file's text, read as UTF-8 (an input that is not UTF-8 is skipped). Properties:
//! - loading never panics;
//! - an accepted file holds at least one opening, and none of them is a game already over;
//! - each opening accepted is written back as a line of the format (`fen <start> moves <move texts>`,
//!   the moves in the game's canonical notation) and the lines load again to the same openings: the
//!   same start, moves and current position.

#![no_main]

use duel_fuzz::game_and_text;
use duel_rules::game::{Game, GameRecord};
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use duel_tools::openings::load;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((name, text)) = game_and_text(data) else {
        return;
    };
    for_variant(name, CheckOpenings { text }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckOpenings<'a> {
    text: &'a str,
}

impl GameVisitor for CheckOpenings<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let Ok(openings) = load::<G>(self.text) else {
            return;
        };
        assert!(!openings.is_empty(), "an accepted file holds an opening");
        let written: String = openings.iter().map(line).collect();
        let again = match load::<G>(&written) {
            Ok(again) => again,
            Err(e) => panic!("the openings written back are refused: {e}\n{written}"),
        };
        assert_eq!(again.len(), openings.len(), "{written}");
        for (number, (a, b)) in openings.iter().zip(&again).enumerate() {
            let what = format!("opening {}:\n{written}", number + 1);
            assert!(
                a.termination().is_none(),
                "an accepted opening is over, {what}"
            );
            assert_eq!(b.start().to_text(), a.start().to_text(), "{what}");
            assert_eq!(b.moves(), a.moves(), "{what}");
            assert_eq!(b.current().to_text(), a.current().to_text(), "{what}");
        }
    }
}

/// The line of the openings format that holds `record`.
fn line<G: Game>(record: &GameRecord<G>) -> String {
    let mut line = format!("fen {} moves", record.start().to_text());
    for text in record.move_texts() {
        line.push(' ');
        line.push_str(&text);
    }
    line.push('\n');
    line
}
