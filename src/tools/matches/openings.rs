//! Openings: read from a file (one DFEN, `startpos [moves …]` or `fen <DFEN> [moves …]` per line, `#`
//! starting a comment to the end of the line) or made
//! by a seeded number of random plies from the start position; [`OpeningBook`] gives each round its
//! opening.

use crate::game::{Game, GameRecord, MoveList, ReplayError, Rng, winning_move};
use crate::games::HostedGame;

/// The opening of every round: the file's openings shuffled by the match seed and used in turn, or
/// random plies seeded by the match seed and the round. A round's opening depends on nothing else,
/// so every shard of a match, and every resumed run, plays it alike.
pub struct OpeningBook<G: Game> {
    /// The file's openings, shuffled; `None` for random openings.
    list: Option<Vec<GameRecord<G>>>,
    seed: u64,
    plies: u32,
}

impl<G: HostedGame> OpeningBook<G> {
    /// The book of an openings file's text, or of `plies` random plies without one.
    pub fn new(text: Option<&str>, seed: u64, plies: u32) -> Result<OpeningBook<G>, String> {
        let list = match text {
            Some(text) => {
                let mut list = load::<G>(text)?;
                shuffle(&mut list, seed);
                Some(list)
            }
            None => None,
        };
        Ok(OpeningBook { list, seed, plies })
    }

    /// The opening of `round` (from 0).
    pub fn for_round(&self, round: u32) -> GameRecord<G> {
        match &self.list {
            Some(list) => list[round as usize % list.len()].clone(),
            None => random::<G>(
                &mut Rng::new(self.seed.wrapping_add(round as u64)),
                self.plies,
            ),
        }
    }
}

/// Shuffles `items` reproducibly by `seed` (Fisher–Yates).
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// Reads an openings file; `#` starts a comment that runs to the end of its line (no game's notation
/// uses it), and lines left blank are skipped. Errors name the line.
pub fn load<G: Game>(text: &str) -> Result<Vec<GameRecord<G>>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line
            .split_once('#')
            .map_or(line, |(opening, _)| opening)
            .trim();
        if line.is_empty() {
            continue;
        }
        let opening =
            parse_line::<G>(line).map_err(|e| format!("openings line {}: {e}", number + 1))?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err("the openings file holds no opening".to_string());
    }
    Ok(openings)
}

/// One opening: a position and optional moves played from it.
fn parse_line<G: Game>(line: &str) -> Result<GameRecord<G>, String> {
    let (position, moves) = match line.split_once(" moves") {
        Some((position, moves)) => (position.trim(), moves.split_whitespace().collect()),
        None => (line, Vec::new()),
    };
    let start = (position != "startpos").then(|| position.strip_prefix("fen ").unwrap_or(position));
    let record = GameRecord::<G>::replay(start, &moves).map_err(|e| match e {
        ReplayError::Start(e) => e.to_string(),
        ReplayError::Move { text, error, .. } => format!("move '{text}': {error}"),
        other => other.to_string(),
    })?;
    if record.termination().is_some() {
        return Err("the game is already over in this opening".to_string());
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
    use crate::games::Duel;

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
        let err = load::<Duel>("startpos\nstartpos moves D1-D6\n").unwrap_err();
        assert!(err.starts_with("openings line 2: move 'D1-D6'"), "{err}");
        assert!(load::<Duel>("# nothing\n").is_err());
        let commented =
            load::<Duel>("startpos moves D1-e6 E8-E7 # +12\n  # indented\nstartpos#-3\n").unwrap();
        assert_eq!(commented.len(), 2);
        assert_eq!(commented[0].moves().len(), 2);
        assert!(commented[1].moves().is_empty());
        let err =
            load::<Duel>("startpos moves D1-e6 # E8-E7\nstartpos moves D1-D6 # bad\n").unwrap_err();
        assert!(err.starts_with("openings line 2: move 'D1-D6'"), "{err}");
        assert!(load::<Duel>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_err());
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
