//! Openings: read from a file (one DFEN, `startpos [moves …]` or `fen <DFEN> [moves …]` per line) or made
//! by a seeded number of random plies from the start position.

use crate::game::{Game, GameRecord, MoveList, Rng, winning_move};

/// Reads an openings file; blank lines and lines starting with `#` are skipped. Errors name the line.
pub fn load<G: Game>(text: &str) -> Result<Vec<GameRecord<G>>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
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
    let start = if position == "startpos" {
        G::start()
    } else {
        let text = position.strip_prefix("fen ").unwrap_or(position);
        G::from_text(text).map_err(|e| e.to_string())?
    };
    let mut record = GameRecord::new(start);
    for mv in moves {
        record
            .play_text(mv)
            .map_err(|e| format!("move '{mv}': {e}"))?;
    }
    if record.termination().is_some() {
        return Err("the game is already over in this opening".to_string());
    }
    Ok(record)
}

/// An opening of `plies` random legal plies from the start, drawn again while the game is decided or
/// the side to move can win at once (random plies walk into mates). The same generator state gives the
/// same opening.
pub fn random<G: Game>(rng: &mut Rng, plies: u32) -> GameRecord<G> {
    let mut moves = MoveList::new();
    loop {
        let mut record = GameRecord::new(G::start());
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
