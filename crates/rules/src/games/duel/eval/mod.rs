//! The static evaluation of a Duel position, built from terms that each measure one thing about dice
//! and kings; `eval` shows them. The weights are in [`weights`].

mod king_run;
mod reach;
mod reach_cache;
mod weights;

use super::movegen::paths::PATHS;
use super::position::{Position, goal_square};
use crate::game::{EvalWeight, FeatureCounts, Game, LinearEval, Side};
use reach::{Reach, reach};
use reach_cache::ReachCache;
pub use weights::DIE_VALUE;
use weights::{
    DICE, FEATURES, KING_ESCAPES, KING_RACE, KING_RING_ATTACKED, KING_RUN, KING_RUN_PLIES,
    MOBILITY, TEMPO, TOPS, WEIGHTS,
};

/// What the evaluation counts for each side (index 0 White, 1 Black), by the feature indices of
/// [`weights`]; the evaluation is the weighted sum.
type Features = FeatureCounts<FEATURES>;

fn features(pos: &Position) -> Features {
    let mut counts = Features::ZERO;
    // Built one by one: `Side::BOTH.map` was not inlined.
    let reaches: [Reach; 2] = ReachCache::with(|cache| {
        [
            reach(pos, Side::White, cache),
            reach(pos, Side::Black, cache),
        ]
    });
    for side in Side::BOTH {
        let count = counts.of(side);
        // Top value by top value, as the position keeps the dice; sets of at most eight squares,
        // counted one by one (no population count instruction assumed).
        for (top, &dice) in (1..=6).zip(&pos.dice_by_top(side)[1..]) {
            let dice = dice.count_few() as i32;
            count[DICE] += dice;
            if top >= 2 {
                count[TOPS + top - 2] += dice;
            }
        }
        count[MOBILITY] = reaches[side.index()].paths;
        count[KING_RACE] = -pos.king(side).distance(goal_square(side));
        let enemy = &reaches[side.opponent().index()];
        if let Some(plies) = king_run_plies(pos, side, enemy) {
            count[KING_RUN + plies - 1] = 1;
        }
        count[TEMPO] = i32::from(pos.side_to_move() == side);
        // A king steps one square orthogonally: its ring at distance 1, looked up rather than shifted.
        let ring = PATHS.ring(pos.king(side), 1);
        count[KING_RING_ATTACKED] = (ring & enemy.attacks).count_few() as i32;
        count[KING_ESCAPES] = (ring & !(pos.occupied_by(side) | enemy.attacks)).count_few() as i32;
    }
    counts
}

/// The plies of `side`'s king run (see `king_run`), given what the enemy attacks, when it is at most
/// [`KING_RUN_PLIES`].
#[inline]
fn king_run_plies(pos: &Position, side: Side, enemy: &Reach) -> Option<usize> {
    let own = pos.occupied_by(side);
    let goal = goal_square(side);
    if own.has(goal) {
        return None;
    }
    let passable = !(own | enemy.attacks);
    let steps = king_run::safe_distance(
        pos.king(side),
        goal,
        passable,
        KING_RUN_PLIES.div_ceil(2) as u32,
    )?;
    let plies = king_run::plies_to_goal(steps, pos.side_to_move() == side) as usize;
    (1..=KING_RUN_PLIES).contains(&plies).then_some(plies)
}

impl LinearEval for Position {
    type Counts = Features;
    const WEIGHTS: &'static [EvalWeight; FEATURES] = &WEIGHTS;

    fn features(&self) -> Features {
        features(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duel::dfen;

    fn term(dfen_text: &str, name: &str) -> [i32; 2] {
        let pos = dfen::parse(dfen_text).expect("test DFEN");
        pos.linear_terms()
            .into_iter()
            .find(|t| t.name == name)
            .map(|t| [t.white, t.black])
            .expect("term exists")
    }

    #[test]
    fn the_start_is_balanced() {
        let start = dfen::parse(crate::games::duel::START_DFEN).unwrap();
        // Every term but the tempo, which is the side to move's alone.
        for term in start
            .linear_terms()
            .into_iter()
            .filter(|t| t.name != "tempo")
        {
            assert_eq!(term.white, term.black, "{}", term.name);
        }
    }

    #[test]
    fn a_king_run_counts_only_when_the_approach_is_safe() {
        // White's king on E6 reaches E8 in two steps through E7. A black die on A7 showing 4 covers E7
        // (the way round by F6, F7, F8 is two steps longer); the same die on A1 covers nothing near.
        let uncovered = "bK8/9/4wK4/9/9/9/9/b428 w";
        let covered = "bK8/b428/4wK4/9/9/9/9/9 w";
        let free = term(uncovered, "king run")[0];
        assert!(free > 0);
        assert!(term(covered, "king run")[0] < free);
        // Standing on E7 the king wins next move even if E8 is attacked: the goal square need not be safe.
        let on_the_doorstep = "bK7b42/4wK4/9/9/9/9/9/9 w";
        assert!(term(on_the_doorstep, "king run")[0] > free);
    }

    #[test]
    fn the_king_run_knows_whose_move_it_is() {
        let white_to_move = "bK8/9/4wK4/9/9/9/9/b428 w";
        let black_to_move = "bK8/9/4wK4/9/9/9/9/b428 b";
        assert!(term(white_to_move, "king run")[0] > term(black_to_move, "king run")[0]);
    }

    #[test]
    fn dice_count_by_the_value_they_show() {
        // At the start each side's dice show 5, 1, 2, 6, 6, 2, 1, 5 (the first digit of each die).
        let pos = dfen::parse(crate::games::duel::START_DFEN).unwrap();
        let [white, black] = features(&pos).0;
        assert_eq!(&white[TOPS..TOPS + 5], &[2, 0, 0, 2, 2]);
        assert_eq!(&black[TOPS..TOPS + 5], &[2, 0, 0, 2, 2]);
    }

    #[test]
    fn king_safety_counts_attacked_and_free_neighbours() {
        // White's king on E1 has three free neighbours (a king steps orthogonally): D1, F1 and E2. A
        // black die on A2 showing 4 rolls straight to E2, and by an L (3 and 1) to D1.
        let quiet = dfen::parse("4bK4/9/9/9/9/9/9/4wK4 w").unwrap();
        let [white, _] = features(&quiet).0;
        assert_eq!((white[KING_RING_ATTACKED], white[KING_ESCAPES]), (0, 3));
        let attacked = dfen::parse("4bK4/9/9/9/9/9/b418/4wK4 w").unwrap();
        let [white, _] = features(&attacked).0;
        assert_eq!((white[KING_RING_ATTACKED], white[KING_ESCAPES]), (2, 1));
    }

    #[test]
    fn the_weights_of_a_term_stand_together() {
        // `terms` sums neighbouring weights of one term: a term split in two would show twice.
        let mut names: Vec<&str> = WEIGHTS.iter().map(|w| w.term).collect();
        names.dedup();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{names:?}");
    }

    #[test]
    fn an_own_piece_on_the_goal_stops_the_run() {
        assert_eq!(term("bK3w134/4wK4/9/9/9/9/9/9 w", "king run")[0], 0);
    }

    #[test]
    fn the_side_to_move_has_the_tempo() {
        let start = crate::games::duel::START_DFEN;
        assert_eq!(term(start, "tempo"), [WEIGHTS[TEMPO].value, 0]);
        let black = start.replace(" w ", " b ");
        assert_eq!(term(&black, "tempo"), [0, WEIGHTS[TEMPO].value]);
    }
}
