//! The static evaluation of a Duel position, built from terms that each measure one thing about dice
//! and kings; `eval` shows them. The weights are in [`weights`].

mod king_run;
mod reach;
mod weights;

use super::position::{Position, goal_square};
use crate::game::{EvalTerm, Side};
use reach::{Reach, reach};
pub use weights::DIE_VALUE;

/// The evaluation split into its terms, per side (index 0 White, 1 Black).
#[derive(Clone, Copy, Debug, Default)]
struct Breakdown {
    material: [i32; 2],
    mobility: [i32; 2],
    king_race: [i32; 2],
    king_run: [i32; 2],
    tempo: [i32; 2],
}

impl Breakdown {
    /// The named terms, in the order `eval` shows them.
    fn named(&self) -> [(&'static str, [i32; 2]); 5] {
        [
            ("material", self.material),
            ("mobility", self.mobility),
            ("king race", self.king_race),
            ("king run", self.king_run),
            ("tempo", self.tempo),
        ]
    }
}

fn breakdown(pos: &Position) -> Breakdown {
    let mut terms = Breakdown::default();
    let reaches: [Reach; 2] = Side::BOTH.map(|side| reach(pos, side));
    for side in Side::BOTH {
        let s = side.index();
        terms.material[s] = weights::DIE_VALUE * pos.dice(side).count() as i32;
        terms.mobility[s] = weights::MOBILITY * reaches[s].paths;
        terms.king_race[s] = -weights::KING_RACE * pos.king(side).distance(goal_square(side));
        let enemy = &reaches[side.opponent().index()];
        terms.king_run[s] = king_run_score(pos, side, enemy);
        terms.tempo[s] = if pos.side_to_move() == side {
            weights::TEMPO
        } else {
            0
        };
    }
    terms
}

/// The king run of `side` (see `king_run`), given what the enemy attacks.
#[inline]
fn king_run_score(pos: &Position, side: Side, enemy: &Reach) -> i32 {
    let longest = weights::KING_RUN.len() as u32;
    let passable = !(pos.occupied_by(side) | enemy.attacks);
    let goal = goal_square(side);
    if pos.occupied_by(side).has(goal) {
        return 0;
    }
    match king_run::safe_distance(pos.king(side), goal, passable, longest.div_ceil(2)) {
        Some(steps) => {
            let plies = king_run::plies_to_goal(steps, pos.side_to_move() == side);
            weights::KING_RUN.get(plies as usize).copied().unwrap_or(0)
        }
        None => 0,
    }
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let (white, black) = breakdown(pos)
        .named()
        .iter()
        .fold((0, 0), |(w, b), (_, [tw, tb])| (w + tw, b + tb));
    match pos.side_to_move() {
        Side::White => white - black,
        Side::Black => black - white,
    }
}

/// The named terms of [`evaluate`].
pub fn terms(pos: &Position) -> Vec<EvalTerm> {
    breakdown(pos)
        .named()
        .into_iter()
        .map(|(name, [white, black])| EvalTerm { name, white, black })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duel::dfen;

    fn term(dfen_text: &str, name: &str) -> [i32; 2] {
        let pos = dfen::parse(dfen_text).expect("test DFEN");
        breakdown(&pos)
            .named()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v)
            .expect("term exists")
    }

    #[test]
    fn the_start_is_balanced() {
        let start = dfen::parse(crate::games::duel::START_DFEN).unwrap();
        // Every term but the tempo, which is the side to move's alone.
        let terms = breakdown(&start).named();
        for (name, [white, black]) in terms.into_iter().filter(|(n, _)| *n != "tempo") {
            assert_eq!(white, black, "{name}");
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
    fn an_own_piece_on_the_goal_stops_the_run() {
        assert_eq!(term("bK3w134/4wK4/9/9/9/9/9/9 w", "king run")[0], 0);
    }

    #[test]
    fn the_side_to_move_has_the_tempo() {
        let start = crate::games::duel::START_DFEN;
        assert_eq!(term(start, "tempo"), [weights::TEMPO, 0]);
        let black = start.replace(" w ", " b ");
        assert_eq!(term(&black, "tempo"), [0, weights::TEMPO]);
    }
}
