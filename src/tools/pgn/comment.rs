//! The comment after an engine's move, as cutechess-cli writes it: `{+0.35/12 0.512s}`, the score
//! from the mover's point of view, the depth and the time the move took; `{-M3 0.100s}` without a
//! depth, `{0.020s}` without a score. `duel match` and `duel play` write it, `duel tune` reads it.

use super::score::{parse_score, score_text};
use crate::search::Score;
use std::fmt;
use std::time::Duration;

/// What an engine said about its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveComment {
    /// The last score it reported.
    pub score: Option<Score>,
    /// The last depth it reported (written only with a score).
    pub depth: Option<u32>,
    /// How long the move took.
    pub time: Duration,
}

impl MoveComment {
    /// Reads a comment in the form [`MoveComment`] writes (the time with any number of decimals);
    /// `None` for any other comment.
    pub fn parse(text: &str) -> Option<MoveComment> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (head, time) = match words.as_slice() {
            [time] => (None, time),
            [head, time] => (Some(head), time),
            _ => return None,
        };
        let seconds = time.strip_suffix('s')?;
        if seconds.is_empty() || !seconds.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        let time = Duration::try_from_secs_f64(seconds.parse().ok()?).ok()?;
        let (score, depth) = match head.map(|head| head.split_once('/')) {
            None => (None, None),
            Some(None) => (Some(parse_score(head?)?), None),
            Some(Some((score, depth))) => {
                if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                (Some(parse_score(score)?), Some(depth.parse().ok()?))
            }
        };
        Some(MoveComment { score, depth, time })
    }

    /// Whether the mover reported a forced win or loss.
    pub fn reports_mate(&self) -> bool {
        matches!(self.score, Some(Score::Mate(_)))
    }
}

impl fmt::Display for MoveComment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.time.as_secs_f64();
        match (self.score, self.depth) {
            (Some(score), Some(depth)) => write!(f, "{}/{depth} {seconds:.3}s", score_text(score)),
            (Some(score), None) => write!(f, "{} {seconds:.3}s", score_text(score)),
            (None, _) => write!(f, "{seconds:.3}s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(score: Option<Score>, depth: Option<u32>, millis: u64) -> MoveComment {
        MoveComment {
            score,
            depth,
            time: Duration::from_millis(millis),
        }
    }

    #[test]
    fn comments_are_written_as_cutechess_writes_them() {
        let cp = Some(Score::Centipawns(35));
        assert_eq!(comment(cp, Some(12), 512).to_string(), "+0.35/12 0.512s");
        assert_eq!(
            comment(Some(Score::Mate(-3)), Some(9), 1200).to_string(),
            "-M3/9 1.200s"
        );
        assert_eq!(
            comment(Some(Score::Centipawns(-35)), Some(7), 300).to_string(),
            "-0.35/7 0.300s"
        );
        assert_eq!(comment(cp, None, 100).to_string(), "+0.35 0.100s");
        // A depth without a score says nothing.
        assert_eq!(comment(None, Some(4), 20).to_string(), "0.020s");
    }

    #[test]
    fn written_comments_read_back() {
        for written in [
            comment(Some(Score::Centipawns(-35)), Some(7), 300),
            comment(Some(Score::Mate(3)), Some(9), 1),
            comment(Some(Score::Mate(-2)), None, 0),
            comment(Some(Score::Centipawns(0)), None, 65_432),
            comment(None, None, 20),
        ] {
            assert_eq!(
                MoveComment::parse(&written.to_string()),
                Some(written),
                "{written}"
            );
        }
    }

    #[test]
    fn mates_are_recognised() {
        for moves in [3, -2] {
            let written = comment(Some(Score::Mate(moves)), Some(7), 300).to_string();
            assert!(
                MoveComment::parse(&written).unwrap().reports_mate(),
                "{written}"
            );
        }
        let plain = comment(Some(Score::Centipawns(-35)), Some(7), 300).to_string();
        assert!(!MoveComment::parse(&plain).unwrap().reports_mate());
    }

    #[test]
    fn shorter_times_and_mates_are_read() {
        let read = MoveComment::parse("+0.1/1 0s").unwrap();
        assert_eq!(read, comment(Some(Score::Centipawns(10)), Some(1), 0));
        assert!(!read.reports_mate());
        assert!(MoveComment::parse("+M3/7 0.1s").unwrap().reports_mate());
        assert!(MoveComment::parse("-M2 0.3s").unwrap().reports_mate());
    }

    #[test]
    fn other_comments_are_not_read() {
        for text in [
            "",
            "book",
            "0.5",
            "+0.35/12",
            "+0.35/12 0.5s extra",
            "+0.35/x 0.5s",
            "+0.35/ 0.5s",
            "x/12 0.5s",
            "+M3 -1s",
            "+M3 infs",
            "White resigns (adjudication)",
        ] {
            assert_eq!(MoveComment::parse(text), None, "{text}");
        }
    }
}
