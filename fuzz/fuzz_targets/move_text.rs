//! Fuzzes the hosted games' move texts (`Game::parse_move`) in positions the games really reach.
//!
//! Input (through `arbitrary`): a game (its index in `VARIANTS`), a seed and a number of plies of
//! seeded random play from the start (at most 60, to keep each run fast), and a move text: either
//! any string, or a legal move's canonical text with a span of it replaced, so that the fuzzer
//! spends its time near the texts the parsers accept (other cases, separators, marks, spaces).
//! Properties:
//! - `parse_move` never panics;
//! - a move it accepts is one of the position's legal moves, and the move's canonical text
//!   (`format_move`) reads back to it;
//! - the position is left as it was (its text and hash), whether the text is accepted or not.

#![no_main]

use arbitrary::Arbitrary;
use duel_rules::game::{MoveList, random_positions};
use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use libfuzzer_sys::fuzz_target;

/// The most plies of random play before the text is read.
const MAX_PLIES: u8 = 60;

/// One fuzz input.
#[derive(Arbitrary, Debug)]
struct Input {
    /// The game's index in `VARIANTS`, modulo their number.
    game: u8,
    /// The seed of the random play.
    seed: u64,
    /// The plies of random play, modulo `MAX_PLIES + 1`.
    plies: u8,
    /// The move text.
    text: Text,
}

/// How the move text is made.
#[derive(Arbitrary, Debug)]
enum Text {
    /// This text as it is.
    Raw(String),
    /// The canonical text of the legal move `index` (modulo their number; `insert` alone when
    /// there is none), with its characters `at..at + cut` (clamped to the text) replaced by
    /// `insert`.
    Edited {
        index: u8,
        at: u8,
        cut: u8,
        insert: String,
    },
}

fuzz_target!(|input: Input| {
    let name = VARIANTS[usize::from(input.game) % VARIANTS.len()];
    for_variant(name, CheckMove { input }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckMove {
    input: Input,
}

impl GameVisitor for CheckMove {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let Input {
            seed, plies, text, ..
        } = self.input;
        let plies = usize::from(plies % (MAX_PLIES + 1));
        let pos = random_positions(&G::start(), seed, 1, plies)
            .pop()
            .expect("random play yields its start at least");
        let mut legal = MoveList::new();
        pos.generate_moves(&mut legal);
        let text = match text {
            Text::Raw(text) => text,
            Text::Edited {
                index,
                at,
                cut,
                insert,
            } => match legal.get(usize::from(index) % legal.len().max(1)) {
                Some(&mv) => edited(&pos.format_move(mv), at, cut, &insert),
                None => insert,
            },
        };
        let before = (pos.to_text(), pos.hash());
        if let Ok(mv) = pos.parse_move(&text) {
            let written = &before.0;
            assert!(
                legal.contains(&mv),
                "{written}: '{text}' reads as {mv:?}, which is not a legal move"
            );
            let canonical = pos.format_move(mv);
            assert_eq!(
                pos.parse_move(&canonical).ok(),
                Some(mv),
                "{written}: '{text}' reads as a move whose text '{canonical}' reads otherwise"
            );
        }
        assert_eq!(
            (pos.to_text(), pos.hash()),
            before,
            "reading '{text}' changed the position"
        );
    }
}

/// `text` with its characters `at..at + cut`, clamped to its length, replaced by `insert`.
fn edited(text: &str, at: u8, cut: u8, insert: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let start = usize::from(at).min(chars.len());
    let end = (start + usize::from(cut)).min(chars.len());
    let mut out: String = chars[..start].iter().collect();
    out.push_str(insert);
    out.extend(&chars[end..]);
    out
}
