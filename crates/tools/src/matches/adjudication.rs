//! Optional adjudication on the engines' own scores: resignation, agreed draws and a ply limit. The
//! thresholds are centipawns of the common scale the engines report in (`info … score cp`; +100 a
//! 75 % expected result at the game's typical middle game, protocol.md), so that one rule means the
//! same chances in every game; they are compared with the reported scores as they are.

use duel_engine::search::Score;

/// `--resign movecount=N score=S`: a player whose score stays at or below −S centipawns for N of
/// its moves in a row loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves.
    pub move_count: u32,
    /// How far behind, in centipawns of the common scale.
    pub score: i32,
}

/// `--draw movenumber=N movecount=N score=S`: from move N on, when both players' scores stay within
/// ±S centipawns for N moves each in a row, the game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first move number at which the rule applies.
    pub move_number: u32,
    /// Consecutive moves of each player.
    pub move_count: u32,
    /// How close to even, in centipawns of the common scale.
    pub score: i32,
}

/// Parses `key=value` words into named whole numbers, in the order of `keys`.
fn parse_keys(option: &str, words: &[String], keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut values = vec![None; keys.len()];
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("{option}: expected key=value, found '{word}'"))?;
        let slot = keys.iter().position(|k| *k == key).ok_or_else(|| {
            format!(
                "{option}: unknown key '{key}' (expected {})",
                keys.join(", ")
            )
        })?;
        let number: i64 = value
            .parse()
            .map_err(|_| format!("{option}: '{value}' is not a whole number"))?;
        if number < 0 {
            return Err(format!("{option}: {key} must not be negative"));
        }
        values[slot] = Some(number);
    }
    keys.iter()
        .zip(values)
        .map(|(k, v)| v.ok_or_else(|| format!("{option}: missing {k}=")))
        .collect()
}

impl ResignRule {
    /// Parses `movecount=N score=S`.
    pub fn parse(words: &[String]) -> Result<ResignRule, String> {
        let v = parse_keys("--resign", words, &["movecount", "score"])?;
        Ok(ResignRule {
            move_count: v[0].clamp(1, u32::MAX as i64) as u32,
            score: threshold(v[1]),
        })
    }
}

impl DrawRule {
    /// Parses `movenumber=N movecount=N score=S`.
    pub fn parse(words: &[String]) -> Result<DrawRule, String> {
        let v = parse_keys("--draw", words, &["movenumber", "movecount", "score"])?;
        Ok(DrawRule {
            move_number: v[0].min(u32::MAX as i64) as u32,
            move_count: v[1].clamp(1, u32::MAX as i64) as u32,
            score: threshold(v[2]),
        })
    }
}

/// A threshold as given, in centipawns, kept below the mate scores' ±100,000.
fn threshold(value: i64) -> i32 {
    value.min(99_999) as i32
}

/// A reported score for adjudication, in centipawns of the common scale; mates count as ±100,000.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000,
        Score::Mate(_) => -100_000,
    }
}

/// The adjudicator's memory of one game: streaks per player (index 0 = White).
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    losing_streak: [u32; 2],
    quiet_streak: [u32; 2],
}

/// What the adjudicator decided after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Play on.
    Continue,
    /// The player at this index (0 = White) resigns.
    Resign(usize),
    /// The game is drawn.
    Draw,
}

impl Adjudicator {
    /// An adjudicator applying the given rules.
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator {
            resign,
            draw,
            ..Adjudicator::default()
        }
    }

    /// Records the score the player at `index` gave with its move at `move_number`.
    pub fn record(&mut self, index: usize, move_number: u32, score: Option<Score>) -> Verdict {
        let cp = score.map(centipawns);
        if let Some(rule) = self.resign {
            match cp {
                Some(cp) if cp <= -rule.score => self.losing_streak[index] += 1,
                _ => self.losing_streak[index] = 0,
            }
            if self.losing_streak[index] >= rule.move_count {
                return Verdict::Resign(index);
            }
        }
        if let Some(rule) = self.draw {
            match cp {
                Some(cp) if move_number >= rule.move_number && cp.abs() <= rule.score => {
                    self.quiet_streak[index] += 1
                }
                _ => self.quiet_streak[index] = 0,
            }
            if self.quiet_streak.iter().all(|&s| s >= rule.move_count) {
                return Verdict::Draw;
            }
        }
        Verdict::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn resignation_needs_a_streak() {
        let rule = ResignRule::parse(&words("movecount=3 score=500")).unwrap();
        let mut adj = Adjudicator::new(Some(rule), None);
        let bad = Some(Score::Centipawns(-600));
        assert_eq!(adj.record(1, 1, bad), Verdict::Continue);
        assert_eq!(adj.record(1, 2, bad), Verdict::Continue);
        assert_eq!(
            adj.record(1, 3, Some(Score::Centipawns(-100))),
            Verdict::Continue
        );
        assert_eq!(adj.record(1, 4, bad), Verdict::Continue);
        assert_eq!(adj.record(1, 5, Some(Score::Mate(-2))), Verdict::Continue);
        assert_eq!(adj.record(1, 6, bad), Verdict::Resign(1));
    }

    #[test]
    fn thresholds_are_the_reported_centipawns() {
        // The engines report the common scale, which the thresholds count in: no conversion.
        let rule = ResignRule::parse(&words("movecount=1 score=500")).unwrap();
        let mut adj = Adjudicator::new(Some(rule), None);
        assert_eq!(
            adj.record(0, 1, Some(Score::Centipawns(-499))),
            Verdict::Continue
        );
        assert_eq!(
            adj.record(0, 2, Some(Score::Centipawns(-500))),
            Verdict::Resign(0)
        );
        let rule = DrawRule::parse(&words("movenumber=1 movecount=1 score=20")).unwrap();
        let mut adj = Adjudicator::new(None, Some(rule));
        let even = Some(Score::Centipawns(-20));
        assert_eq!(adj.record(0, 1, even), Verdict::Continue);
        assert_eq!(
            adj.record(1, 1, Some(Score::Centipawns(21))),
            Verdict::Continue
        );
        assert_eq!(adj.record(1, 2, even), Verdict::Draw);
        // A threshold beyond every evaluation still lets a mate through, and only a mate.
        let rule = ResignRule::parse(&words("movecount=1 score=1000000")).unwrap();
        assert_eq!(rule.score, 99_999);
        let mut adj = Adjudicator::new(Some(rule), None);
        assert_eq!(
            adj.record(1, 1, Some(Score::Centipawns(-30_800))),
            Verdict::Continue
        );
        assert_eq!(adj.record(1, 2, Some(Score::Mate(-1))), Verdict::Resign(1));
    }

    #[test]
    fn draws_need_both_players_and_the_move_number() {
        let rule = DrawRule::parse(&words("movenumber=10 movecount=2 score=20")).unwrap();
        let mut adj = Adjudicator::new(None, Some(rule));
        let level = Some(Score::Centipawns(5));
        for n in 1..10 {
            assert_eq!(adj.record(0, n, level), Verdict::Continue);
            assert_eq!(adj.record(1, n, level), Verdict::Continue);
        }
        assert_eq!(adj.record(0, 10, level), Verdict::Continue);
        assert_eq!(adj.record(1, 10, level), Verdict::Continue);
        assert_eq!(adj.record(0, 11, level), Verdict::Continue);
        assert_eq!(adj.record(1, 11, level), Verdict::Draw);
    }

    #[test]
    fn bad_rules_are_rejected() {
        assert!(ResignRule::parse(&words("movecount=3")).is_err());
        assert!(ResignRule::parse(&words("movecount=x score=1")).is_err());
        assert!(DrawRule::parse(&words("movenumber=1 movecount=1 score=1 extra=2")).is_err());
        assert!(DrawRule::parse(&words("movenumber=-1 movecount=1 score=1")).is_err());
    }
}
