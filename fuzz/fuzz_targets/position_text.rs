//! Fuzzes the hosted games' position texts (`Game::from_text`).
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number), the rest is
//! the text, read as UTF-8 (an input that is not UTF-8 is skipped). Properties:
//! - reading never panics;
//! - an accepted text is written back (`to_text`) and that text reads again to an equal position:
//!   the same text, hash, side to move, verdict and legal moves;
//! - every legal move of an accepted position has a text (`format_move`) that `parse_move` reads
//!   back to the same move, and no two legal moves share a text;
//! - the position each legal move leads to is written to a text that reads back to itself, so
//!   positions the rules reach from odd texts are checked too.

#![no_main]

use duel_fuzz::game_and_text;
use duel_rules::game::{Game, MoveList};
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use libfuzzer_sys::fuzz_target;
use std::collections::HashSet;

fuzz_target!(|data: &[u8]| {
    let Some((name, text)) = game_and_text(data) else {
        return;
    };
    for_variant(name, CheckText { text }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckText<'a> {
    text: &'a str,
}

impl GameVisitor for CheckText<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let Ok(pos) = G::from_text(self.text) else {
            return;
        };
        let written = round_trip(&pos, "an accepted text");
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        let mut texts = HashSet::new();
        for &mv in moves.iter() {
            let text = pos.format_move(mv);
            match pos.parse_move(&text) {
                Ok(back) => assert_eq!(back, mv, "{written}: '{text}' reads as another move"),
                Err(e) => panic!("{written}: the legal move '{text}' is refused: {e}"),
            }
            assert!(
                texts.insert(text.clone()),
                "{written}: two legal moves are written '{text}'"
            );
            round_trip(&pos.make_move(mv), &format!("{written} after '{text}'"));
        }
    }
}

/// Checks that `pos` is written to a text that reads back to an equal position, and returns that
/// text. `what` names the position in a failure.
fn round_trip<G: Game>(pos: &G, what: &str) -> String {
    let written = pos.to_text();
    let back = match G::from_text(&written) {
        Ok(back) => back,
        Err(e) => panic!("{what}: its text '{written}' is refused: {e}"),
    };
    assert_eq!(
        back.to_text(),
        written,
        "{what}: the text changes when read again"
    );
    assert_eq!(
        back.hash(),
        pos.hash(),
        "{what}: '{written}' reads to another hash"
    );
    assert_eq!(back.side_to_move(), pos.side_to_move(), "{written}");
    assert_eq!(back.decided_winner(), pos.decided_winner(), "{written}");
    assert_eq!(back.quiet_plies(), pos.quiet_plies(), "{written}");
    assert_eq!(back.in_check(), pos.in_check(), "{written}");
    let (mut ours, mut theirs) = (MoveList::new(), MoveList::new());
    pos.generate_moves(&mut ours);
    back.generate_moves(&mut theirs);
    assert_eq!(
        ours[..],
        theirs[..],
        "{written}: the legal moves change when read again"
    );
    written
}
