//! The clocks, when the engine plays on one: each move charged to its side's clock, a flag falling,
//! the clocks a search is given, and how they are shown.

use super::Session;
use crate::play::EngineLimit;
use crate::time_control::GameClock;
use duel_engine::search::Clock;
use duel_rules::game::Side;
use duel_rules::games::HostedGame;
use std::time::Duration;

/// How far past its clock a move may come before it loses on time: room for the engine's own
/// bookkeeping, which no search can see.
const FLAG_MARGIN: Duration = Duration::from_millis(100);

impl<G: HostedGame> Session<G> {
    /// Charges `side`'s clock for a move that took `used`; false when its flag fell (the game is
    /// then over and shown so).
    pub(super) fn charge(&mut self, side: Side, used: Duration) -> bool {
        let Some(clocks) = self.clocks.as_mut() else {
            return true;
        };
        if clocks[side.index()].charge(used, FLAG_MARGIN) {
            return true;
        }
        self.forfeit = Some(side);
        self.settle();
        false
    }

    /// The clock of the side to move, as a search is given it.
    pub(super) fn search_clock(&self) -> Option<Clock> {
        let side = self.record.side_to_move();
        self.clocks.as_ref().map(|clocks| {
            let clock = &clocks[side.index()];
            Clock {
                time: clock.remaining(),
                increment: clock.increment(),
                moves_to_go: clock.moves_to_go(),
            }
        })
    }
}

/// Both clocks full, when the engine plays on a clock.
pub(super) fn fresh_clocks(limit: EngineLimit) -> Option<[GameClock; 2]> {
    match limit {
        EngineLimit::Clock(tc) => Some([GameClock::new(tc), GameClock::new(tc)]),
        _ => None,
    }
}

/// A clock as `m:ss.s`.
pub(super) fn clock_text(left: Duration) -> String {
    let tenths = left.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_show_minutes_seconds_and_tenths() {
        assert_eq!(clock_text(Duration::from_millis(299_850)), "4:59.8");
        assert_eq!(clock_text(Duration::from_millis(61_000)), "1:01.0");
    }
}
