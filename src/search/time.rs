//! The time manager: turns `movetime` and the clock into a soft limit (start no new iteration after
//! it) and a hard limit (abort the running iteration), both counted from the start of the search, or
//! from `ponderhit` when pondering.

use super::limits::{Clock, Limits};
use super::params::{
    TIME_FLOOR, TIME_HARD_FACTOR, TIME_HARD_MAX, TIME_INCREMENT_FACTOR, TIME_MOVES_TO_GO_BASE,
};
use super::settings::Settings;
use std::time::{Duration, Instant};

/// When a search must wind down.
#[derive(Clone, Copy, Debug)]
pub(super) struct TimeManager {
    origin: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    uses_clock: bool,
}

impl TimeManager {
    /// The limits of a search that starts at `start`. `infinite` and searches without time limits get
    /// neither limit.
    pub fn new<M>(limits: &Limits<M>, settings: &Settings, start: Instant) -> Self {
        let mut manager = TimeManager {
            origin: start,
            soft: None,
            hard: None,
            uses_clock: false,
        };
        if limits.infinite {
            return manager;
        }
        let overhead = settings.move_overhead;
        if let Some(clock) = &limits.clock {
            let (soft, hard) = clock_budget(clock, overhead);
            manager.soft = Some(soft);
            manager.hard = Some(hard);
            manager.uses_clock = true;
        }
        if let Some(movetime) = limits.movetime {
            // `movetime` is spent in full: it caps both limits but sets no earlier soft limit.
            let hard = movetime.saturating_sub(overhead).max(TIME_FLOOR);
            manager.hard = Some(manager.hard.map_or(hard, |h| h.min(hard)));
            manager.soft = manager.soft.map(|s| s.min(hard));
        }
        manager
    }

    /// Counts the limits from `origin` instead (the moment of `ponderhit`).
    pub fn restart(&mut self, origin: Instant) {
        self.origin = origin;
    }

    /// Whether the running iteration must be abandoned.
    #[inline]
    pub fn hard_exceeded(&self, now: Instant) -> bool {
        self.hard
            .is_some_and(|hard| now.saturating_duration_since(self.origin) >= hard)
    }

    /// Whether no new iteration may start.
    #[inline]
    pub fn soft_exceeded(&self, now: Instant) -> bool {
        self.soft
            .is_some_and(|soft| now.saturating_duration_since(self.origin) >= soft)
            || self.hard_exceeded(now)
    }

    /// Whether the limits come from a clock (rather than a fixed move time or none): only then is it
    /// worth saving time, e.g. by answering a forced move at once.
    pub fn uses_clock(&self) -> bool {
        self.uses_clock
    }
}

/// The (soft, hard) limits for a clock: the soft limit is an even share of the time left plus most of
/// the increment, the hard limit a multiple of it but at most half of the time left; both keep the move
/// overhead back and never drop below [`TIME_FLOOR`].
pub(super) fn clock_budget(clock: &Clock, overhead: Duration) -> (Duration, Duration) {
    let moves_to_go = clock
        .moves_to_go
        .filter(|&n| n > 0)
        .unwrap_or(TIME_MOVES_TO_GO_BASE);
    let soft = clock.time / moves_to_go + clock.increment * TIME_INCREMENT_FACTOR / 100;
    let hard = (soft * TIME_HARD_FACTOR).min(clock.time * TIME_HARD_MAX / 100);
    let hard = hard.saturating_sub(overhead).max(TIME_FLOOR);
    let soft = soft.saturating_sub(overhead).max(TIME_FLOOR).min(hard);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn clock(time_ms: u32, increment_ms: u32, moves_to_go: Option<u32>) -> Clock {
        Clock {
            time: MS * time_ms,
            increment: MS * increment_ms,
            moves_to_go,
        }
    }

    #[test]
    fn budget_for_a_sudden_death_clock_with_increment() {
        // 1 s + 10 ms: soft = 1000/25 + 7.5 − 10 = 37.5 ms, hard = min(5 · 47.5, 500) − 10 = 227.5 ms.
        let (soft, hard) = clock_budget(&clock(1000, 10, None), 10 * MS);
        assert_eq!(soft, Duration::from_micros(37_500));
        assert_eq!(hard, Duration::from_micros(227_500));
    }

    #[test]
    fn hard_limit_is_at_most_half_the_time_left() {
        // With 100 ms left and a large increment the soft share is 754 ms: both are cut to 50 − 10 ms.
        let (soft, hard) = clock_budget(&clock(100, 1000, None), 10 * MS);
        assert_eq!(hard, 40 * MS);
        assert_eq!(soft, 40 * MS);
    }

    #[test]
    fn moves_to_go_splits_the_time() {
        let (soft, hard) = clock_budget(&clock(10_000, 0, Some(10)), Duration::ZERO);
        assert_eq!(soft, 1000 * MS);
        assert_eq!(hard, 5000 * MS);
        // The last move before the control may use half the time, no more.
        let (soft, hard) = clock_budget(&clock(10_000, 0, Some(1)), Duration::ZERO);
        assert_eq!((soft, hard), (5000 * MS, 5000 * MS));
    }

    #[test]
    fn limits_never_drop_below_the_floor() {
        let (soft, hard) = clock_budget(&clock(5, 0, None), 10 * MS);
        assert_eq!((soft, hard), (TIME_FLOOR, TIME_FLOOR));
    }

    #[test]
    fn movetime_is_a_hard_deadline_minus_overhead() {
        let limits = Limits::<u16> {
            movetime: Some(200 * MS),
            ..Limits::default()
        };
        let start = Instant::now();
        let manager = TimeManager::new(&limits, &Settings::default(), start);
        assert!(!manager.hard_exceeded(start + 189 * MS));
        assert!(manager.hard_exceeded(start + 190 * MS));
        assert!(!manager.soft_exceeded(start + 189 * MS));
        assert!(!manager.uses_clock());
    }

    #[test]
    fn ponderhit_restarts_the_count_and_infinite_has_no_limits() {
        let limits = Limits::<u16> {
            clock: Some(clock(1000, 10, None)),
            ..Limits::default()
        };
        let start = Instant::now();
        let mut manager = TimeManager::new(&limits, &Settings::default(), start);
        assert!(manager.uses_clock());
        assert!(manager.soft_exceeded(start + 38 * MS));
        manager.restart(start + 100 * MS);
        assert!(!manager.soft_exceeded(start + 137 * MS));
        assert!(manager.hard_exceeded(start + 328 * MS));

        let infinite = Limits::<u16> {
            infinite: true,
            ..limits
        };
        let manager = TimeManager::new(&infinite, &Settings::default(), start);
        assert!(!manager.hard_exceeded(start + 1_000_000 * MS));
    }
}
