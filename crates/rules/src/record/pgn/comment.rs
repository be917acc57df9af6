//! The comment after an engine's move, as cutechess-cli writes it: `{+0.35/12 0.512s}`, the score
//! from the mover's point of view, the depth and the time the move took; `{-M3 0.100s}` without a
//! depth, `{0.020s}` without a score. The mover's chances of a win, a draw and a loss, when known,
//! follow as the protocol's `wdl` prints them: `{+0.35/12 0.512s wdl 412 301 287}`. `duel match` and
//! `duel play` write it, `duel tune` reads it.

use super::score::{parse_score, score_text};
use crate::game::{Score, Wdl};
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
    pub time: Option<Duration>,
    /// The chances it gave with its last score, from its own point of view (written after the
    /// time).
    pub wdl: Option<Wdl>,
}

impl MoveComment {
    /// Reads the report at the start of a comment, in the form [`MoveComment`] writes (the time with
    /// any number of decimals, or left out), and `wdl W D L` anywhere after it (the first whose
    /// three numbers sum to 1000; a malformed one is passed over). Anything else that follows is
    /// ignored: cutechess-cli, for one, adds `, White mates` to a game's last comment. `None` when
    /// the comment starts with neither a score nor a time.
    pub fn parse(text: &str) -> Option<MoveComment> {
        let mut words = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty());
        let first = words.next()?;
        let rest: Vec<&str> = words.collect();
        let wdl = rest
            .iter()
            .enumerate()
            .filter(|(_, word)| **word == "wdl")
            .find_map(|(at, _)| Wdl::from_words(&rest[at + 1..]));
        if let Some(time) = parse_time(first) {
            return Some(MoveComment {
                score: None,
                depth: None,
                time: Some(time),
                wdl,
            });
        }
        let (score, depth) = match first.split_once('/') {
            Some((score, depth)) => (parse_score(score)?, Some(parse_depth(depth)?)),
            None => (parse_score(first)?, None),
        };
        Some(MoveComment {
            score: Some(score),
            depth,
            time: rest.first().copied().and_then(parse_time),
            wdl,
        })
    }

    /// Whether the mover reported a forced win or loss.
    pub fn reports_mate(&self) -> bool {
        matches!(self.score, Some(Score::Mate(_)))
    }
}

/// `12`.
fn parse_depth(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `0.512s`, `1s`.
fn parse_time(text: &str) -> Option<Duration> {
    let seconds = text.strip_suffix('s')?;
    if seconds.is_empty() || !seconds.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    Duration::try_from_secs_f64(seconds.parse().ok()?).ok()
}

impl fmt::Display for MoveComment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(score) = self.score {
            f.write_str(&score_text(score))?;
            if let Some(depth) = self.depth {
                write!(f, "/{depth}")?;
            }
            if self.time.is_some() {
                f.write_str(" ")?;
            }
        }
        if let Some(time) = self.time {
            write!(f, "{:.3}s", time.as_secs_f64())?;
        }
        match self.wdl {
            // Alone they would not read back: a comment starts with a score or a time.
            Some(wdl) if self.score.is_some() || self.time.is_some() => write!(f, " wdl {wdl}"),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comment(score: Option<Score>, depth: Option<u32>, millis: Option<u64>) -> MoveComment {
        MoveComment {
            score,
            depth,
            time: millis.map(Duration::from_millis),
            wdl: None,
        }
    }

    const CHANCES: Wdl = Wdl {
        win: 412,
        draw: 301,
        loss: 287,
    };

    fn with_chances(comment: MoveComment) -> MoveComment {
        MoveComment {
            wdl: Some(CHANCES),
            ..comment
        }
    }

    #[test]
    fn comments_are_written_as_cutechess_writes_them() {
        let cp = Some(Score::Centipawns(35));
        assert_eq!(
            comment(cp, Some(12), Some(512)).to_string(),
            "+0.35/12 0.512s"
        );
        assert_eq!(
            comment(Some(Score::Centipawns(-35)), Some(7), Some(300)).to_string(),
            "-0.35/7 0.300s"
        );
        assert_eq!(
            comment(Some(Score::Mate(-3)), Some(9), Some(1200)).to_string(),
            "-M3/9 1.200s"
        );
        assert_eq!(comment(cp, None, Some(100)).to_string(), "+0.35 0.100s");
        assert_eq!(comment(cp, Some(4), None).to_string(), "+0.35/4");
        // A depth without a score says nothing.
        assert_eq!(comment(None, Some(4), Some(20)).to_string(), "0.020s");
    }

    #[test]
    fn written_comments_read_back() {
        for written in [
            comment(Some(Score::Centipawns(-35)), Some(7), Some(300)),
            comment(Some(Score::Mate(3)), Some(9), Some(1)),
            comment(Some(Score::Mate(-2)), None, Some(0)),
            comment(Some(Score::Centipawns(0)), None, Some(65_432)),
            comment(Some(Score::Centipawns(12)), Some(3), None),
            comment(None, None, Some(20)),
        ] {
            assert_eq!(
                MoveComment::parse(&written.to_string()),
                Some(written),
                "{written}"
            );
        }
    }

    #[test]
    fn chances_follow_the_time_and_read_back() {
        let cp = Some(Score::Centipawns(35));
        let written = with_chances(comment(cp, Some(12), Some(512)));
        assert_eq!(written.to_string(), "+0.35/12 0.512s wdl 412 301 287");
        assert_eq!(
            with_chances(comment(cp, Some(4), None)).to_string(),
            "+0.35/4 wdl 412 301 287"
        );
        assert_eq!(
            with_chances(comment(None, None, Some(20))).to_string(),
            "0.020s wdl 412 301 287"
        );
        // Chances alone say nothing, as a depth alone does.
        assert_eq!(with_chances(comment(None, Some(4), None)).to_string(), "");
        for written in [
            written,
            with_chances(comment(Some(Score::Mate(-2)), None, Some(0))),
            with_chances(comment(cp, Some(4), None)),
            with_chances(comment(None, None, Some(20))),
        ] {
            assert_eq!(
                MoveComment::parse(&written.to_string()),
                Some(written),
                "{written}"
            );
        }
        // Anywhere after the report, other words around it.
        assert_eq!(
            MoveComment::parse("+0.35/12 0.512s book, wdl 412 301 287, White mates"),
            Some(written)
        );
    }

    #[test]
    fn malformed_chances_are_passed_over() {
        let plain = comment(Some(Score::Centipawns(35)), Some(12), Some(512));
        for text in [
            "+0.35/12 0.512s wdl",
            "+0.35/12 0.512s wdl 412 301",
            "+0.35/12 0.512s wdl 412 301 288",
            "+0.35/12 0.512s wdl 412 x 287",
            "+0.35/12 0.512s wdl -412 301 287",
            "+0.35/12 0.512s wdl 412.0 301 287",
            "+0.35/12 0.512s wdl 99999999999 301 287",
            "+0.35/12 0.512s wdl 4294967295 4294967295 1002",
            "+0.35/12 0.512s wdl: 412 301 287",
        ] {
            assert_eq!(MoveComment::parse(text), Some(plain), "{text}");
        }
        // A well-formed triple after a malformed one is still read.
        assert_eq!(
            MoveComment::parse("+0.35/12 0.512s wdl 1 2 3 wdl 412 301 287"),
            Some(with_chances(plain))
        );
        // Chances do not stand for the report a comment starts with.
        assert_eq!(MoveComment::parse("wdl 412 301 287"), None);
    }

    #[test]
    fn mates_are_recognised() {
        for moves in [3, -2] {
            let written = comment(Some(Score::Mate(moves)), Some(7), Some(300)).to_string();
            assert!(
                MoveComment::parse(&written).unwrap().reports_mate(),
                "{written}"
            );
        }
        let plain = comment(Some(Score::Centipawns(-35)), Some(7), Some(300)).to_string();
        assert!(!MoveComment::parse(&plain).unwrap().reports_mate());
    }

    #[test]
    fn other_writers_forms_are_read() {
        let read = MoveComment::parse("+0.1/1 0s").unwrap();
        assert_eq!(read, comment(Some(Score::Centipawns(10)), Some(1), Some(0)));
        assert!(!read.reports_mate());
        assert_eq!(
            MoveComment::parse("+M1/5 0.1s, White mates"),
            Some(comment(Some(Score::Mate(1)), Some(5), Some(100)))
        );
        assert_eq!(
            MoveComment::parse("-M2 forced"),
            Some(comment(Some(Score::Mate(-2)), None, None))
        );
    }

    #[test]
    fn comments_that_start_with_no_report_are_not_read() {
        for text in [
            "",
            "book",
            "0.5",
            "white resigns",
            "+0.35/x 0.5s",
            "+0.35/ 0.5s",
            "x/12 0.5s",
            "infs",
            "-1s",
            "White resigns (adjudication)",
        ] {
            assert_eq!(MoveComment::parse(text), None, "{text}");
        }
    }
}
