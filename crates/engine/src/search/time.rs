//! The time manager: turns `movetime` and the clock into a soft limit (the move's share: start no
//! iteration that is not predicted to end before it) and a hard limit (abort the running iteration),
//! both counted from the start of the search, or from `ponderhit` when pondering.
//!
//! For a clock with `t` left, increment `inc`, `movestogo` `n` (10 without it) and `Move Overhead`
//! `o`:
//!
//! - soft = t / n + 75% · inc − o,
//! - hard = min(140% · (t / n + 75% · inc), 50% · t) − o, and soft ≤ hard; neither below 1 ms.
//!
//! A new iteration starts only while the time spent so far is within the soft limit, and when the
//! time spent plus the predicted time of that iteration (the last iteration's time times its growth,
//! see [`TimeManager::may_start_iteration`]) stays within the hard limit, so that it is not started
//! only to be cut off. The position needs more when the last iteration changed the best move or its
//! score fell: then the soft limit stretches to 130% of itself. A running iteration is cut at the hard
//! limit, which the search polls every [`TIME_CHECK_INTERVAL`] nodes. (Asking the predicted end to
//! stay within the soft limit instead, as this did before, spent half of the allotment on average at
//! 1+0.01 and lost about 90 Elo at equal time: docs/journal/strength.md.)
//! `movetime T` is a hard limit of T − o and no soft one: the whole time is spent.
//!
//! [`TIME_CHECK_INTERVAL`]: super::params::TIME_CHECK_INTERVAL

use super::clock::Instant;
use super::limits::{Clock, Limits};
use super::params::{
    TIME_FLOOR, TIME_GROWTH_RANGE, TIME_HARD_FACTOR, TIME_HARD_MAX, TIME_INCREMENT_FACTOR,
    TIME_MOVES_TO_GO_BASE, TIME_UNSTABLE_EXTENSION,
};
use super::settings::Settings;
use std::time::Duration;

/// When a search must wind down.
#[derive(Clone, Copy, Debug)]
pub(super) struct TimeManager {
    origin: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    uses_clock: bool,
    /// When the last completed iteration ended, counted from `origin`.
    last_end: Duration,
    /// The times of the last three completed iterations, the latest first.
    iterations: [Duration; 3],
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
            last_end: Duration::ZERO,
            iterations: [Duration::ZERO; 3],
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
        self.last_end = Duration::ZERO;
    }

    /// Whether the running iteration must be abandoned.
    #[inline]
    pub fn hard_exceeded(&self, now: Instant) -> bool {
        self.hard
            .is_some_and(|hard| now.saturating_duration_since(self.origin) >= hard)
    }

    /// Records that an iteration has just completed (at `now`).
    pub fn iteration_done(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.origin);
        self.iterations = [
            elapsed.saturating_sub(self.last_end),
            self.iterations[0],
            self.iterations[1],
        ];
        self.last_end = elapsed;
    }

    /// Whether a new iteration may start at `now`: the time spent must be within the soft limit,
    /// stretched to [`TIME_UNSTABLE_EXTENSION`] of itself when the position `needs_more` thought, and
    /// the next iteration must be predicted to end before the hard limit (else it would be cut off,
    /// its time wasted).
    pub fn may_start_iteration(&self, now: Instant, needs_more: bool) -> bool {
        if self.hard_exceeded(now) {
            return false;
        }
        let Some(soft) = self.soft else {
            return true;
        };
        let limit = if needs_more {
            soft * TIME_UNSTABLE_EXTENSION / 100
        } else {
            soft
        };
        let elapsed = now.saturating_duration_since(self.origin);
        let predicted_end = elapsed + predicted_iteration(&self.iterations);
        elapsed < limit && self.hard.is_none_or(|hard| predicted_end < hard)
    }

    /// Whether the limits come from a clock (rather than a fixed move time or none): only then is it
    /// worth saving time, e.g. by answering a forced move at once.
    pub fn uses_clock(&self) -> bool {
        self.uses_clock
    }
}

/// The predicted time of the next iteration from the times of the last three, the latest first: the
/// latest times its growth, measured over two iterations (which evens out the odd-even swing of
/// alternating depths) or over one when that is all there is, and clamped to [`TIME_GROWTH_RANGE`].
pub(super) fn predicted_iteration(iterations: &[Duration; 3]) -> Duration {
    let [last, before, earliest] = iterations.map(|t| t.as_secs_f64());
    let (low, high) = TIME_GROWTH_RANGE;
    let (low, high) = (f64::from(low) / 100.0, f64::from(high) / 100.0);
    let growth = if earliest > 0.0 {
        (last / earliest).sqrt()
    } else if before > 0.0 {
        last / before
    } else {
        high
    };
    iterations[0].mul_f64(growth.clamp(low, high))
}

/// The (soft, hard) limits for a clock: the soft limit is an even share of the time left plus most of
/// the increment, the hard limit a little more ([`TIME_HARD_FACTOR`]) but at most half of the time left; both keep the move
/// overhead back and never drop below [`TIME_FLOOR`].
pub(super) fn clock_budget(clock: &Clock, overhead: Duration) -> (Duration, Duration) {
    let moves_to_go = clock
        .moves_to_go
        .filter(|&n| n > 0)
        .unwrap_or(TIME_MOVES_TO_GO_BASE);
    let soft = clock.time / moves_to_go + clock.increment * TIME_INCREMENT_FACTOR / 100;
    let hard = (soft * TIME_HARD_FACTOR / 100).min(clock.time * TIME_HARD_MAX / 100);
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
        // 1 s + 10 ms: soft = 1000/10 + 7.5 − 10 = 97.5 ms, hard = min(1.4 · 107.5, 500) − 10 = 140.5 ms.
        let (soft, hard) = clock_budget(&clock(1000, 10, None), 10 * MS);
        assert_eq!(soft, Duration::from_micros(97_500));
        assert_eq!(hard, Duration::from_micros(140_500));
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
        assert_eq!(hard, 1400 * MS);
        // The last move before the control may use half the time, no more.
        let (soft, hard) = clock_budget(&clock(10_000, 0, Some(1)), Duration::ZERO);
        assert_eq!((soft, hard), (5000 * MS, 5000 * MS));
    }

    #[test]
    fn moves_to_go_as_a_gui_sends_it() {
        // go wtime 60000 winc 1000 movestogo 40: 60 s / 40 + 0.75 s − 10 ms; without movestogo the
        // time is spread over 10 moves.
        let (soft, hard) = clock_budget(&clock(60_000, 1000, Some(40)), 10 * MS);
        assert_eq!((soft, hard), (2240 * MS, 3140 * MS));
        let (soft, hard) = clock_budget(&clock(60_000, 1000, None), 10 * MS);
        assert_eq!((soft, hard), (6740 * MS, 9440 * MS));
    }

    #[test]
    fn hard_limit_keeps_half_the_time_and_the_overhead_back() {
        for time_ms in [0, 1, 9, 10, 11, 50, 100, 1000, 8000, 60_000, 3_600_000] {
            for increment_ms in [0, 10, 80, 1000, 100_000] {
                for moves_to_go in [None, Some(0), Some(1), Some(2), Some(40), Some(1000)] {
                    for overhead_ms in [0, 10, 100] {
                        let time = MS * time_ms;
                        let overhead = MS * overhead_ms;
                        let (soft, hard) =
                            clock_budget(&clock(time_ms, increment_ms, moves_to_go), overhead);
                        assert!(soft <= hard);
                        assert!(soft >= TIME_FLOOR && hard >= TIME_FLOOR);
                        let most = (time / 2).saturating_sub(overhead).max(TIME_FLOOR);
                        assert!(hard <= most, "{time_ms} {increment_ms} {moves_to_go:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_next_iteration_is_predicted_from_the_growth_of_the_last_ones() {
        // Nothing timed yet: nothing predicted.
        assert_eq!(predicted_iteration(&[Duration::ZERO; 3]), Duration::ZERO);
        // One iteration timed: the highest growth.
        assert_eq!(
            predicted_iteration(&[10 * MS, Duration::ZERO, Duration::ZERO]),
            50 * MS
        );
        // Two: their ratio.
        assert_eq!(
            predicted_iteration(&[30 * MS, 10 * MS, Duration::ZERO]),
            90 * MS
        );
        assert_eq!(
            predicted_iteration(&[15 * MS, 10 * MS, Duration::ZERO]),
            30 * MS
        );
        // Three: the growth per iteration over the last two, which evens out an odd-even swing.
        assert_eq!(predicted_iteration(&[90 * MS, 15 * MS, 10 * MS]), 270 * MS);
        // Clamped: an iteration quicker than the one before still predicts growth.
        assert_eq!(predicted_iteration(&[10 * MS, 20 * MS, 40 * MS]), 20 * MS);
        assert_eq!(
            predicted_iteration(&[1000 * MS, 10 * MS, 1 * MS]),
            5000 * MS
        );
    }

    #[test]
    fn an_iteration_starts_within_the_soft_limit_when_it_can_end_before_the_hard_one() {
        // 1 s + 10 ms: soft 97.5 ms, stretched 126.75 ms, hard 140.5 ms.
        let limits = Limits::<u16> {
            clock: Some(clock(1000, 10, None)),
            ..Limits::default()
        };
        let start = Instant::now();
        let mut manager = TimeManager::new(&limits, &Settings::default(), start);
        manager.iteration_done(start + 4 * MS);
        manager.iteration_done(start + 12 * MS);
        manager.iteration_done(start + 28 * MS);
        // Iterations of 4, 8 and 16 ms: the next is predicted at 32 ms.
        assert!(manager.may_start_iteration(start + 28 * MS, false));
        // Within the soft limit, ending past it but before the hard limit: started.
        assert!(manager.may_start_iteration(start + 90 * MS, false));
        // Past the soft limit: not started, unless the position is unsettled.
        assert!(!manager.may_start_iteration(start + 98 * MS, false));
        assert!(manager.may_start_iteration(start + 98 * MS, true));
        // Within the stretched soft limit, but it would end past the hard limit: not started.
        assert!(!manager.may_start_iteration(start + 110 * MS, true));
        // Never at the hard limit, however quick the iterations were.
        manager.iteration_done(start + 140 * MS);
        manager.iteration_done(start + 140 * MS);
        manager.iteration_done(start + 140 * MS);
        assert!(!manager.may_start_iteration(start + 141 * MS, true));
        // Without a clock nothing but the hard limit stops the deepening.
        let movetime = Limits::<u16> {
            movetime: Some(100 * MS),
            ..Limits::default()
        };
        let manager = TimeManager::new(&movetime, &Settings::default(), start);
        assert!(manager.may_start_iteration(start + 89 * MS, false));
        assert!(!manager.may_start_iteration(start + 90 * MS, false));
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
        assert!(manager.may_start_iteration(start + 189 * MS, false));
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
        assert!(!manager.may_start_iteration(start + 98 * MS, false));
        manager.restart(start + 100 * MS);
        assert!(manager.may_start_iteration(start + 197 * MS, false));
        assert!(!manager.may_start_iteration(start + 198 * MS, false));
        assert!(!manager.hard_exceeded(start + 240 * MS));
        assert!(manager.hard_exceeded(start + 241 * MS));

        let infinite = Limits::<u16> {
            infinite: true,
            ..limits
        };
        let manager = TimeManager::new(&infinite, &Settings::default(), start);
        assert!(!manager.hard_exceeded(start + 1_000_000 * MS));
    }
}
