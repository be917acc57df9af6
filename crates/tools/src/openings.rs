//! Openings, as `duel match`, `duel book` and `duel datagen` share them: read from an openings file
//! ([`load`]: one position text, `startpos [moves …]` or `fen <text> [moves …]` per line, `#` starting
//! a comment to the end of the line), made by a seeded number of random plies ([`random`],
//! [`random_after`]), or each game's shipped book ([`shipped`]). A file [`load`] refuses is an
//! [`OpeningsError`].

mod error;

pub use error::{OpeningLineError, OpeningsError};

use duel_rules::game::{Game, GameRecord, MoveList, ReplayError, Rng, winning_move};
use duel_rules::games::{HostedGame, with_variant};

/// The book the game called `variant` ships ([`HostedGame::BOOK`],
/// `crates/rules/books/<variant>.txt`), if it has one: `duel match`'s default openings when no
/// `--openings` or `--opening-plies` is given.
pub fn shipped(variant: &str) -> Option<&'static str> {
    with_variant!(variant, G => G::BOOK).ok().flatten()
}

/// Reads an openings file; `#` starts a comment that runs to the end of its line (no game's notation
/// uses it), and lines left blank are skipped. Errors name the line.
pub fn load<G: Game>(text: &str) -> Result<Vec<GameRecord<G>>, OpeningsError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line
            .split_once('#')
            .map_or(line, |(opening, _)| opening)
            .trim();
        if line.is_empty() {
            continue;
        }
        let opening = parse_line::<G>(line).map_err(|source| OpeningsError::Line {
            number: number + 1,
            source,
        })?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// One opening: a position and optional moves played from it.
fn parse_line<G: Game>(line: &str) -> Result<GameRecord<G>, OpeningLineError> {
    let (position, moves) = match line.split_once(" moves") {
        Some((position, moves)) => (position.trim(), moves.split_whitespace().collect()),
        None => (line, Vec::new()),
    };
    let start = (position != "startpos").then(|| position.strip_prefix("fen ").unwrap_or(position));
    let record = GameRecord::<G>::replay(start, &moves).map_err(|e| match e {
        ReplayError::Start(e) => OpeningLineError::Position(Box::new(e)),
        ReplayError::Move { text, error, .. } => OpeningLineError::Move {
            text,
            source: Box::new(error),
        },
        other => OpeningLineError::Replay(Box::new(other)),
    })?;
    if record.termination().is_some() {
        return Err(OpeningLineError::AlreadyOver);
    }
    Ok(record)
}

/// An opening of `plies` random legal plies from the start, drawn again while the game is decided or
/// the side to move can win at once (random plies walk into mates). The same generator state gives the
/// same opening.
pub fn random<G: HostedGame>(rng: &mut Rng, plies: u32) -> GameRecord<G> {
    random_after(rng, plies, |_| GameRecord::new(G::start()))
}

/// [`random`] from the game `base` gives (drawn again with each try, from the same generator)
/// rather than from the start.
pub fn random_after<G: HostedGame>(
    rng: &mut Rng,
    plies: u32,
    base: impl Fn(&mut Rng) -> GameRecord<G>,
) -> GameRecord<G> {
    let mut moves = MoveList::new();
    loop {
        let mut record = base(rng);
        for _ in 0..plies {
            record.current().generate_moves(&mut moves);
            match rng.pick(&moves) {
                Some(&mv) => record.play(mv),
                None => break,
            }
        }
        if record.termination().is_none() && winning_move(record.current()).is_none() {
            return record;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::Duel;

    #[test]
    fn reads_every_form_and_names_bad_lines() {
        let text = "# comment\nstartpos\nstartpos moves D1-e6 E8-E7\n\nfen bK8/9/9/9/9/9/9/8wK w\nbK8/9/9/9/9/9/9/8wK b 0 1 moves A8-B8\n";
        let openings = load::<Duel>(text).unwrap();
        assert_eq!(openings.len(), 4);
        assert_eq!(openings[1].moves().len(), 2);
        assert_eq!(
            openings[3].current().to_text(),
            "1bK7/9/9/9/9/9/9/8wK w 1 2"
        );
        let err = load::<Duel>("startpos\nstartpos moves D1-D6\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("openings line 2: move 'D1-D6'"), "{err}");
        assert!(load::<Duel>("# nothing\n").is_err());
        let commented =
            load::<Duel>("startpos moves D1-e6 E8-E7 # +12\n  # indented\nstartpos#-3\n").unwrap();
        assert_eq!(commented.len(), 2);
        assert_eq!(commented[0].moves().len(), 2);
        assert!(commented[1].moves().is_empty());
        let err = load::<Duel>("startpos moves D1-e6 # E8-E7\nstartpos moves D1-D6 # bad\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("openings line 2: move 'D1-D6'"), "{err}");
        assert!(load::<Duel>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_err());
    }

    #[test]
    fn refusals_are_typed() {
        let err = load::<Duel>("startpos\nstartpos moves D1-D6\n").unwrap_err();
        let OpeningsError::Line {
            number: 2,
            source: OpeningLineError::Move { text, .. },
        } = &err
        else {
            panic!("{err:?}");
        };
        assert_eq!(text, "D1-D6");
        assert!(std::error::Error::source(&err).is_some());
        assert!(matches!(
            load::<Duel>("startpos\nnot a position\n"),
            Err(OpeningsError::Line {
                number: 2,
                source: OpeningLineError::Position(_),
            })
        ));
        assert!(matches!(
            load::<Duel>("# nothing\n\n"),
            Err(OpeningsError::Empty)
        ));
        assert_eq!(
            OpeningsError::Empty.to_string(),
            "the openings file holds no opening"
        );
    }

    #[test]
    fn random_openings_are_reproducible_and_undecided() {
        let a = random::<Duel>(&mut Rng::new(5), 8);
        let b = random::<Duel>(&mut Rng::new(5), 8);
        assert_eq!(a.moves(), b.moves());
        assert_eq!(a.moves().len(), 8);
        for seed in 0..50 {
            let opening = random::<Duel>(&mut Rng::new(seed), 12);
            assert!(opening.termination().is_none());
            assert!(winning_move(opening.current()).is_none());
        }
    }
}
