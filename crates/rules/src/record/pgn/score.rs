//! A score as PGN comments and people read it, always from the mover's point of view: pawns with a
//! sign (`+0.35`, `-1.20`) or a forced win or loss in so many moves (`+M3`, `-M2`).

use crate::game::Score;

/// The text of `score`: `+0.35`, `-1.20`, `+M3`, `-M2`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(moves) if moves < 0 => format!("-M{}", moves.unsigned_abs()),
        Score::Mate(moves) => format!("+M{moves}"),
    }
}

/// The score that `text` names in the form [`score_text`] writes (pawns with any number of
/// decimals); `None` for anything else.
pub fn parse_score(text: &str) -> Option<Score> {
    let mate = |moves: &str| -> Option<i32> {
        if moves.is_empty() || !moves.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        moves.parse().ok()
    };
    if let Some(moves) = text.strip_prefix("+M") {
        return mate(moves).map(Score::Mate);
    }
    if let Some(moves) = text.strip_prefix("-M") {
        return mate(moves).map(|moves| Score::Mate(-moves));
    }
    // Only signed plain decimals: `f64` would also read `inf`, `NaN` and exponents.
    let digits = text.strip_prefix(['+', '-'])?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    let centipawns = (text.parse::<f64>().ok()? * 100.0).round();
    (f64::from(i32::MIN)..=f64::from(i32::MAX))
        .contains(&centipawns)
        .then_some(Score::Centipawns(centipawns as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_written_in_pawns_or_moves_to_mate() {
        assert_eq!(score_text(Score::Centipawns(35)), "+0.35");
        assert_eq!(score_text(Score::Centipawns(-120)), "-1.20");
        assert_eq!(score_text(Score::Centipawns(0)), "+0.00");
        assert_eq!(score_text(Score::Mate(3)), "+M3");
        assert_eq!(score_text(Score::Mate(-2)), "-M2");
    }

    #[test]
    fn written_scores_read_back() {
        for score in [
            Score::Centipawns(0),
            Score::Centipawns(7),
            Score::Centipawns(-35),
            Score::Centipawns(12_345),
            Score::Centipawns(i32::MAX),
            Score::Centipawns(i32::MIN),
            Score::Mate(1),
            Score::Mate(-17),
        ] {
            assert_eq!(parse_score(&score_text(score)), Some(score), "{score:?}");
        }
        assert_eq!(parse_score("+0.1"), Some(Score::Centipawns(10)));
        assert_eq!(parse_score("-2"), Some(Score::Centipawns(-200)));
    }

    #[test]
    fn other_texts_are_no_scores() {
        for text in [
            "",
            "+",
            "M3",
            "+M",
            "+M+3",
            "-M-2",
            "+Mx",
            "inf",
            "NaN",
            "1e3",
            "+0.3x",
            "1-0",
            "1..2",
            "99999999999",
        ] {
            assert_eq!(parse_score(text), None, "{text}");
        }
    }
}
