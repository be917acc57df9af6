//! Who plays whom, and in which order: the pairings of a schedule, the match's pairs of games
//! numbered 0, 1, 2, … round by round and pairing by pairing, and the seed of each game.
//!
//! A pair is one opening played twice, colours swapped; its number alone fixes its round, its
//! pairing, its opening and the seeds of its two games, so a pair plays the same games whichever
//! worker, process or machine plays it.

use duel_rules::game::Rng;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// One pair of games: a round's opening, played by one pairing with colours swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PairSlot {
    /// The round, from 0.
    pub round: u32,
    /// The pairing, an index into [`Plan::pairings`].
    pub pairing: usize,
}

/// The pairs of a match: `rounds` times every pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The pairings as engine indices, the first engine of each having White in the pair's first
    /// game.
    pub pairings: Vec<(usize, usize)>,
    /// How many rounds.
    pub rounds: u32,
}

impl Plan {
    /// The plan of `rounds` rounds of `engines` engines under `schedule`.
    pub fn new(engines: usize, schedule: Schedule, rounds: u32) -> Plan {
        let pairings = match schedule {
            Schedule::Gauntlet => (1..engines).map(|i| (0, i)).collect(),
            Schedule::RoundRobin => (0..engines)
                .flat_map(|i| (i + 1..engines).map(move |j| (i, j)))
                .collect(),
        };
        Plan { pairings, rounds }
    }

    /// How many pairs the match plays.
    pub fn total_pairs(&self) -> usize {
        self.rounds as usize * self.pairings.len()
    }

    /// The round and pairing of pair number `index`.
    pub fn slot(&self, index: usize) -> PairSlot {
        PairSlot {
            round: (index / self.pairings.len()) as u32,
            pairing: index % self.pairings.len(),
        }
    }

    /// The number of the pair in `slot`, or `None` when the match has no such pair.
    pub fn index(&self, slot: PairSlot) -> Option<usize> {
        (slot.round < self.rounds && slot.pairing < self.pairings.len())
            .then(|| slot.round as usize * self.pairings.len() + slot.pairing)
    }

    /// The engines (White, Black) of game `leg` of a pairing's pair: in leg 0 the pairing's first
    /// engine has White, in leg 1 the second.
    pub fn players(&self, pairing: usize, leg: usize) -> (usize, usize) {
        let (a, b) = self.pairings[pairing];
        if leg == 0 { (a, b) } else { (b, a) }
    }

    /// The pairing and leg of a game with `white` and `black`, or `None` when they never meet.
    pub fn find(&self, white: usize, black: usize) -> Option<(usize, usize)> {
        self.pairings
            .iter()
            .enumerate()
            .find_map(|(pairing, &pair)| {
                if pair == (white, black) {
                    Some((pairing, 0))
                } else if pair == (black, white) {
                    Some((pairing, 1))
                } else {
                    None
                }
            })
    }
}

/// A seed for one game's built-in players: the same for the same match seed, round, pairing and
/// leg.
pub fn game_seed(seed: u64, slot: PairSlot, leg: usize) -> u64 {
    let mixed = seed ^ (slot.round as u64) << 20 ^ (slot.pairing as u64) << 8 ^ leg as u64;
    Rng::new(mixed).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules() {
        let pairings = |engines, schedule| Plan::new(engines, schedule, 1).pairings;
        assert_eq!(pairings(2, Schedule::RoundRobin), vec![(0, 1)]);
        assert_eq!(
            pairings(3, Schedule::RoundRobin),
            vec![(0, 1), (0, 2), (1, 2)]
        );
        assert_eq!(pairings(3, Schedule::Gauntlet), vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn pair_numbers_run_round_by_round() {
        let plan = Plan::new(3, Schedule::RoundRobin, 4);
        assert_eq!(plan.total_pairs(), 12);
        for index in 0..plan.total_pairs() {
            assert_eq!(plan.index(plan.slot(index)), Some(index));
        }
        assert_eq!(
            plan.slot(7),
            PairSlot {
                round: 2,
                pairing: 1
            }
        );
        assert_eq!(
            plan.index(PairSlot {
                round: 4,
                pairing: 0
            }),
            None
        );
        assert_eq!(plan.players(2, 0), (1, 2));
        assert_eq!(plan.players(2, 1), (2, 1));
        assert_eq!(plan.find(2, 1), Some((2, 1)));
        assert_eq!(plan.find(0, 2), Some((1, 0)));
        let gauntlet = Plan::new(3, Schedule::Gauntlet, 1);
        assert_eq!(gauntlet.find(1, 2), None);
    }
}
