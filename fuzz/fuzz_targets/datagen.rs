//! Fuzzes the reader of `duel datagen`'s files (`duel_tools::datagen::format`: `read_games`, which
//! `duel train` reads them with, and `complete_length`, which a resumed run cuts a file with) and
//! their writer (`Header::encode`, `GameData::encode`).
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number), the rest is
//! the file's bytes. Properties:
//! - reading never panics, nor does listing an accepted game's training positions;
//! - the two readers agree: a file read whole is complete to its last byte with as many games; a
//!   file refused as cut short inside game N is complete up to its first N - 1 games, and those bytes
//!   read whole; a file refused for a bad game is refused by both;
//! - an accepted file is written back (its header, then each game) to bytes that read again to the
//!   same header and games (start position, plies, result), and writing those gives the same bytes;
//! - each game's training positions are its kept plies, with a result of 0, ½ or 1.

#![no_main]

use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use duel_tools::datagen::format::{
    DatagenFormatError, FILE_KIND, GameData, Header, complete_length, read_games,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&game, bytes)) = data.split_first() else {
        return;
    };
    let name = VARIANTS[usize::from(game) % VARIANTS.len()];
    for_variant(name, CheckData { bytes }).expect("a listed variant");
});

/// The checks for one game: a [`GameVisitor`], so they are written once for every hosted game.
struct CheckData<'a> {
    bytes: &'a [u8],
}

impl GameVisitor for CheckData<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let bytes = self.bytes;
        let complete = complete_length::<G>(bytes);
        let (header, games) = match read_games::<G>(bytes) {
            Ok(file) => file,
            Err(DatagenFormatError::Truncated { game }) => {
                let (at, whole) = complete.expect("a file cut short has a complete part");
                assert_eq!(whole, game - 1, "the games before the one cut short");
                let (_, games) = read_games::<G>(&bytes[..at]).expect("the complete part reads");
                assert_eq!(games.len(), whole);
                return;
            }
            Err(e) => {
                // A bad header or game refuses both; a bad game past a cut one cannot be.
                assert!(
                    complete.is_err(),
                    "read_games refuses ({e}), complete_length not"
                );
                return;
            }
        };
        assert_eq!(complete.ok(), Some((bytes.len(), games.len())));
        for game in &games {
            check_training_positions(game);
        }
        let written = write(&header, &games);
        let (header_again, again) = match read_games::<G>(&written) {
            Ok(file) => file,
            Err(e) => panic!("the file written back is refused: {e}"),
        };
        assert_eq!(header_again, header, "the header changes when written back");
        assert_eq!(again.len(), games.len());
        for (number, (a, b)) in games.iter().zip(&again).enumerate() {
            let what = format!("game {}", number + 1);
            assert_eq!(b.start.to_text(), a.start.to_text(), "{what}: start");
            assert_eq!(b.plies, a.plies, "{what}: plies");
            assert_eq!(b.outcome, a.outcome, "{what}: result");
        }
        assert_eq!(
            write(&header_again, &again),
            written,
            "writing again changes it"
        );
    }
}

/// The bytes of a file of `header` and `games`, as `duel datagen` writes them.
fn write<G: HostedGame>(header: &Header, games: &[GameData<G>]) -> Vec<u8> {
    let mut bytes = header.encode(FILE_KIND);
    for game in games {
        bytes.extend(game.encode());
    }
    bytes
}

/// Checks that `game`'s training positions are its kept plies, each with a result of 0, ½ or 1.
fn check_training_positions<G: HostedGame>(game: &GameData<G>) {
    let positions = game.training_positions();
    let kept: Vec<i16> = game
        .plies
        .iter()
        .filter(|p| p.kept)
        .map(|p| p.score)
        .collect();
    let scores: Vec<i16> = positions.iter().map(|p| p.score).collect();
    assert_eq!(scores, kept, "one training position per kept ply");
    for p in &positions {
        assert!([0.0, 0.5, 1.0].contains(&p.result), "result {}", p.result);
    }
}
