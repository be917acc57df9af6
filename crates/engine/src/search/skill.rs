//! Playing strength below the best: the `Skill Level`, `UCI_LimitStrength` and `UCI_Elo` options.
//!
//! A level weakens the engine the way a weaker player is weak, without any game knowledge: it looks
//! less far (a depth and a node cap that grow with the level) and it does not always play the best
//! move it sees. After the search, the move is drawn among the best [`CANDIDATES`] lines of an internal
//! MultiPV (as its last completed iteration left them), each with a weight
//! `exp(-(best − score) / temperature)`, the temperature counted in the game's basic pieces
//! ([`duel_rules::game::Evaluation::EVAL_UNIT`]): a move a piece worse than the best is rarely chosen at
//! a high level and often at a low one, a losing blunder almost never at any level. The idea is
//! Stockfish's `Skill`; the shape (a softmax over the lines) is our own. The temperatures were
//! calibrated in Duel, and the other games take the same number of their own pieces; what the
//! levels are then worth was measured in each game, its ladder ([`LevelLadder`], declared by the game
//! as [`SearchHooks::LEVELS`]), on which `UCI_Elo` picks the level (docs/levels.md).
//!
//! The draw is seeded by the position's hash, so the same position at the same level always gets the
//! same move: tests and calibration matches are reproducible, and a person replaying a game sees it
//! replayed. Level 20 is full strength: no caps, no draw, the search as without a level.

#[cfg(doc)]
use duel_rules::game::SearchHooks;
use duel_rules::game::{LevelLadder, Pieces};

/// The levels, 0 (weakest) to 20 (full strength).
pub const MAX_LEVEL: u8 = LevelLadder::FULL_STRENGTH;
/// Principal variations searched at a limited level, among which the move is drawn.
pub const CANDIDATES: usize = 5;

/// The strength options as set: the engine plays at [`Strength::level`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// `Skill Level`, 0..=20.
    pub skill_level: u8,
    /// `UCI_LimitStrength`: whether `UCI_Elo` decides the level.
    pub limit_strength: bool,
    /// `UCI_Elo`: a position on the ladder of the game played, its random mover = 0.
    pub elo: u32,
}

impl Strength {
    /// Full strength: level 20, strength not limited, `UCI_Elo` above every game's ladder.
    pub const FULL: Strength = Strength {
        skill_level: MAX_LEVEL,
        limit_strength: false,
        elo: u32::MAX,
    };

    /// The level played in a game of ladder `ladder`: from `UCI_Elo` when strength is limited (the
    /// strongest level whose Elo is at most it, as Stockfish lets `UCI_Elo` override `Skill
    /// Level`), else `Skill Level`.
    pub fn level(&self, ladder: &LevelLadder) -> u8 {
        if self.limit_strength {
            ladder.level_for_elo(self.elo)
        } else {
            self.skill_level.min(MAX_LEVEL)
        }
    }

    /// The limited level in a game of ladder `ladder`, or `None` at full strength.
    pub fn limited(&self, ladder: &LevelLadder) -> Option<u8> {
        Some(self.level(ladder)).filter(|&level| level < MAX_LEVEL)
    }
}

/// The deepest iteration at `level` (below 20): one ply at level 0, one more per level.
pub fn depth_cap(level: u8) -> u32 {
    1 + u32::from(level)
}

/// The nodes a search at `level` (below 20) may spend: 1,000 at level 0, doubling every two levels.
pub fn node_cap(level: u8) -> u64 {
    let level = u32::from(level.min(MAX_LEVEL));
    // 1000 · 2^(level/2), the odd levels halfway between (×√2 ≈ 17/12).
    let base = 1000u64 << (level / 2);
    if level % 2 == 1 { base * 17 / 12 } else { base }
}

/// The temperature of the draw at level 0, in pieces: how much worse a move may be and still be
/// chosen often.
const TEMPERATURE: Pieces = Pieces::hundredths(600);
/// The temperature falls by this factor with each level: 6 pieces at level 0, 2.22 at 5, 0.82 at
/// 10, 0.30 at 15, 0.14 at 19.
const TEMPERATURE_FALL: f64 = 0.82;

/// The temperature of the draw at `level` in the scale of scores where a basic piece is worth
/// `piece`.
fn temperature(level: u8, piece: i32) -> f64 {
    let level_0 = f64::from(TEMPERATURE.in_scale(piece));
    level_0 * TEMPERATURE_FALL.powi(i32::from(level.min(MAX_LEVEL - 1)))
}

/// Draws the move to play from `lines` (moves with their scores, best first, at least one), at
/// `level`, with the randomness seeded by `seed`; `piece` is what the game's basic piece is worth
/// in the scores' scale ([`duel_rules::game::Evaluation::EVAL_UNIT`]). At level 20 and above: the first
/// move. Scores that are mates are far from the others, so a found mate is kept and a mated line
/// avoided.
pub fn pick<M: Copy>(lines: &[(M, i32)], level: u8, piece: i32, seed: u64) -> M {
    let (best_move, best) = lines[0];
    if level >= MAX_LEVEL || lines.len() == 1 {
        return best_move;
    }
    let temperature = temperature(level, piece);
    let weights: Vec<f64> = lines
        .iter()
        .map(|&(_, score)| (-(f64::from(best.saturating_sub(score).max(0))) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // A uniform number in [0, total), from the top 53 bits of the mixed seed.
    let mut ticket = (mix(seed) >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (&(mv, _), weight) in lines.iter().zip(&weights) {
        if ticket < *weight {
            return mv;
        }
        ticket -= weight;
    }
    best_move
}

/// SplitMix64's finaliser: spreads a position hash over all bits.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a piece is worth in the scores of [`LINES`], as a pawn in centipawns.
    const PIECE: i32 = 100;

    const LINES: [(char, i32); 5] = [('a', 50), ('b', 40), ('c', 0), ('d', -100), ('e', -900)];

    /// How often each of `lines` is drawn at `level` over 2,000 seeds, a piece worth `piece`.
    fn counts_of(lines: &[(char, i32); 5], piece: i32, level: u8) -> [usize; 5] {
        let mut counts = [0; 5];
        for seed in 0..2000 {
            let mv = pick(lines, level, piece, seed);
            counts[lines.iter().position(|&(m, _)| m == mv).unwrap()] += 1;
        }
        counts
    }

    fn counts(level: u8) -> [usize; 5] {
        counts_of(&LINES, PIECE, level)
    }

    #[test]
    fn the_temperature_is_counted_in_pieces() {
        // The same lines in a game whose piece is worth three times as much are drawn alike.
        let tripled = LINES.map(|(m, score)| (m, 3 * score));
        for level in [0, 7, 14] {
            assert_eq!(counts_of(&tripled, 3 * PIECE, level), counts(level));
            assert_ne!(counts_of(&tripled, PIECE, level), counts(level));
        }
    }

    #[test]
    fn level_20_plays_the_best_move() {
        assert!((0..100).all(|seed| pick(&LINES, MAX_LEVEL, PIECE, seed) == 'a'));
        assert_eq!(counts(MAX_LEVEL), [2000, 0, 0, 0, 0]);
    }

    #[test]
    fn the_pick_is_one_of_the_lines_and_reproducible() {
        for level in 0..=MAX_LEVEL {
            for seed in 0..200 {
                let mv = pick(&LINES, level, PIECE, seed);
                assert!(LINES.iter().any(|&(m, _)| m == mv));
                assert_eq!(mv, pick(&LINES, level, PIECE, seed));
            }
            assert_eq!(pick(&LINES[..1], level, PIECE, 7), 'a');
        }
    }

    #[test]
    fn better_moves_are_favoured_and_more_so_at_higher_levels() {
        for level in [0, 5, 10, 15, 19] {
            let c = counts(level);
            assert!(
                c[0] >= c[1] && c[1] >= c[2] && c[2] >= c[3],
                "{level}: {c:?}"
            );
            // Nine pieces lost: rare from level 5 on, and not the rule even at level 0.
            let rare = if level >= 5 { 40 } else { 200 };
            assert!(c[4] < rare, "{level}: {c:?}");
        }
        assert!(counts(0)[0] < counts(10)[0] && counts(10)[0] < counts(19)[0]);
        assert!(
            counts(0)[3] > 100,
            "level 0 often misses a pawn: {:?}",
            counts(0)
        );
    }

    #[test]
    fn a_mate_is_kept() {
        let lines = [('m', 31_000), ('x', 900), ('y', 800)];
        assert!((0..500).all(|seed| pick(&lines, 0, PIECE, seed) == 'm'));
    }

    #[test]
    fn the_caps_grow_with_the_level() {
        for level in 1..MAX_LEVEL {
            assert!(depth_cap(level) > depth_cap(level - 1));
            assert!(node_cap(level) > node_cap(level - 1));
        }
        assert_eq!((depth_cap(0), node_cap(0)), (1, 1000));
    }

    #[test]
    fn uci_elo_picks_the_level_on_the_game_s_ladder() {
        let low = LevelLadder::new([500, 600, 700, 800, 900]);
        let high = LevelLadder::new([1000, 1100, 1200, 1300, 1400]);
        let limited = Strength {
            skill_level: 20,
            limit_strength: true,
            elo: 700,
        };
        assert_eq!(limited.level(&low), 10, "UCI_Elo overrides Skill Level");
        assert_eq!(limited.level(&high), 0, "below the ladder: level 0");
        let above = Strength {
            elo: 950,
            ..limited
        };
        assert_eq!((above.level(&low), above.limited(&low)), (20, None));
        let unlimited = Strength {
            limit_strength: false,
            skill_level: 3,
            ..limited
        };
        assert_eq!((unlimited.level(&low), unlimited.level(&high)), (3, 3));
        assert_eq!(Strength::FULL.limited(&low), None);
        let limited_full = Strength {
            limit_strength: true,
            ..Strength::FULL
        };
        assert_eq!(limited_full.limited(&high), None);
    }
}
