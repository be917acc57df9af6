//! Time controls (`[moves/]base[+increment]`, seconds) and the clocks a tool keeps itself: `duel
//! match` for its engines, `duel play` for the engine and the player.

use std::time::Duration;

/// A time control like `10+0.1` or `40/60+0.6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period (`40/`), or `None` for the whole game.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `[moves/]base[+increment]` with times in seconds.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = |why: &str| {
            format!(
                "time control '{text}': {why} (expected [moves/]base[+increment] in seconds, e.g. 10+0.1 or 40/60+0.6)"
            )
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let moves: u32 = m
                    .parse()
                    .map_err(|_| bad("moves per period is not a whole number"))?;
                if moves == 0 {
                    return Err(bad("moves per period must be positive"));
                }
                (Some(moves), rest)
            }
            None => (None, text),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |s: &str, what: &str| -> Result<Duration, String> {
            let value: f64 = s
                .parse()
                .map_err(|_| bad(&format!("{what} '{s}' is not a number")))?;
            if !value.is_finite() || !(0.0..=1e7).contains(&value) {
                return Err(bad(&format!("{what} '{s}' is out of range")));
            }
            Ok(Duration::from_secs_f64(value))
        };
        let tc = TimeControl {
            moves,
            base: seconds(base, "base time")?,
            increment: seconds(increment, "increment")?,
        };
        if tc.base.is_zero() && tc.increment.is_zero() {
            return Err(bad("no time at all"));
        }
        Ok(tc)
    }

    /// The PGN TimeControl tag: `40/60+0.6`, `10+0.1`.
    pub fn pgn(&self) -> String {
        let base = trim_seconds(self.base);
        let inc = trim_seconds(self.increment);
        let period = match self.moves {
            Some(m) => format!("{m}/{base}"),
            None => base,
        };
        if self.increment.is_zero() {
            period
        } else {
            format!("{period}+{inc}")
        }
    }
}

fn trim_seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One player's clock during a game.
#[derive(Clone, Copy, Debug)]
pub struct GameClock {
    tc: TimeControl,
    /// Remaining time in milliseconds; negative once flagged.
    remaining_ms: i64,
    moves_made: u32,
}

impl GameClock {
    /// A full clock.
    pub fn new(tc: TimeControl) -> GameClock {
        GameClock {
            tc,
            remaining_ms: tc.base.as_millis() as i64,
            moves_made: 0,
        }
    }

    /// Time left, zero when flagged.
    pub fn remaining(&self) -> Duration {
        Duration::from_millis(self.remaining_ms.max(0) as u64)
    }

    /// Moves until the next period, when periods apply.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.tc.moves.map(|m| m - self.moves_made % m)
    }

    /// The increment.
    pub fn increment(&self) -> Duration {
        self.tc.increment
    }

    /// Charges a move that took `used`; returns false when the clock ran out by more than `margin`.
    pub fn charge(&mut self, used: Duration, margin: Duration) -> bool {
        self.remaining_ms -= used.as_millis() as i64;
        if self.remaining_ms < -(margin.as_millis() as i64) {
            return false;
        }
        self.remaining_ms = self.remaining_ms.max(0) + self.tc.increment.as_millis() as i64;
        self.moves_made += 1;
        if let Some(m) = self.tc.moves
            && self.moves_made.is_multiple_of(m)
        {
            self.remaining_ms += self.tc.base.as_millis() as i64;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_usual_forms() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.increment),
            (None, Duration::from_secs(10), Duration::from_millis(100))
        );
        let tc = TimeControl::parse("40/60+0.6").unwrap();
        assert_eq!(tc.moves, Some(40));
        assert_eq!(tc.pgn(), "40/60+0.6");
        assert_eq!(TimeControl::parse("8").unwrap().pgn(), "8");
        for bad in ["", "x+1", "10+y", "0/10", "-1+0", "0+0", "inf"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_charge_add_increments_and_periods() {
        let mut clock = GameClock::new(TimeControl::parse("2/1+0.1").unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.charge(Duration::from_millis(300), Duration::ZERO));
        assert_eq!(clock.remaining(), Duration::from_millis(800));
        assert_eq!(clock.moves_to_go(), Some(1));
        assert!(clock.charge(Duration::from_millis(300), Duration::ZERO));
        assert_eq!(clock.remaining(), Duration::from_millis(1600)); // 0.5 + 0.1 + a new period
        assert!(!clock.charge(Duration::from_millis(1700), Duration::from_millis(50)));
        let mut clock = GameClock::new(TimeControl::parse("1").unwrap());
        assert!(
            clock.charge(Duration::from_millis(1030), Duration::from_millis(50)),
            "within the margin"
        );
    }
}
