//! Fuzzes the PGN reader (`record::pgn::read`) and, through what it accepts, the writer
//! (`record::pgn::write`).
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number), the rest is
//! the PGN text, read as UTF-8 (an input that is not UTF-8 is skipped). Properties:
//! - reading never panics;
//! - the games of an accepted text, written back with the tags the writer keeps (Event, Site, Date,
//!   Round, White, Black, the time controls, Termination), read again to the same games: the same
//!   start position, moves, move texts, comments, final comment, result and kept tags, with the
//!   Result, Variant and PlyCount tags the writer adds;
//! - writing those games again gives the same text: the writer's output is a fixed point.

#![no_main]

use duel_fuzz::game_and_text;
use duel_rules::game::Game;
use duel_rules::games::{GameVisitor, HostedGame, for_variant};
use duel_rules::record::pgn::{self, GameTags, PgnGame, TerminationTag};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((name, text)) = game_and_text(data) else {
        return;
    };
    for_variant(name, CheckPgn { text }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckPgn<'a> {
    text: &'a str,
}

impl GameVisitor for CheckPgn<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let Ok(games) = pgn::read::<G>(self.text) else {
            return;
        };
        let written = write_all(&games);
        let again = match pgn::read::<G>(&written) {
            Ok(again) => again,
            Err(e) => panic!("the written text is refused: {e}\n{written}"),
        };
        assert_eq!(again.len(), games.len(), "game count\n{written}");
        for (number, (ours, back)) in games.iter().zip(&again).enumerate() {
            let at = format!("game {}\n{written}", number + 1);
            let (record, back_record) = (&ours.record, &back.record);
            assert_eq!(
                back_record.start().to_text(),
                record.start().to_text(),
                "start, {at}"
            );
            assert_eq!(back_record.moves(), record.moves(), "moves, {at}");
            assert_eq!(back_record.move_texts(), record.move_texts(), "{at}");
            assert_eq!(back.comments, ours.comments, "comments, {at}");
            assert_eq!(back.final_comment, ours.final_comment, "{at}");
            assert_eq!(back.result, ours.result, "result, {at}");
            // `GameTags` has no `PartialEq`; its `Debug` text shows every field.
            assert_eq!(
                format!("{:?}", kept_tags(back)),
                format!("{:?}", kept_tags(ours)),
                "tags, {at}"
            );
            assert_eq!(back.tag("Result"), Some(ours.result.as_str()), "{at}");
            assert_eq!(back.tag("Variant"), Some(G::NAME), "{at}");
            let plies = record.moves().len().to_string();
            assert_eq!(back.tag("PlyCount"), Some(plies.as_str()), "{at}");
        }
        assert_eq!(write_all(&again), written, "writing again changes the text");
    }
}

/// The games in PGN, one after another, as the writer writes each.
fn write_all<G: Game>(games: &[PgnGame<G>]) -> String {
    games
        .iter()
        .map(|game| {
            pgn::write(
                &kept_tags(game),
                &game.record,
                &game.comments,
                &game.result,
                game.final_comment.as_deref(),
            )
        })
        .collect()
}

/// The tags of `game` that the writer keeps, as it takes them: missing ones empty, the side time
/// controls only as a pair, an unknown Termination as the default.
fn kept_tags<G: Game>(game: &PgnGame<G>) -> GameTags {
    let tag = |name: &str| game.tag(name).unwrap_or_default().to_string();
    let side_time_controls = match (game.tag("WhiteTimeControl"), game.tag("BlackTimeControl")) {
        (Some(white), Some(black)) => Some([white.to_string(), black.to_string()]),
        _ => None,
    };
    GameTags {
        event: tag("Event"),
        site: tag("Site"),
        date: tag("Date"),
        round: tag("Round"),
        white: tag("White"),
        black: tag("Black"),
        time_control: tag("TimeControl"),
        side_time_controls,
        termination: game
            .tag("Termination")
            .and_then(TerminationTag::parse)
            .unwrap_or_default(),
    }
}
