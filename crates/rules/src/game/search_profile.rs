//! The search profile: every tunable margin, reduction, extension and switch of the search, as
//! values each game sets ([`super::SearchHooks::SEARCH`]). The margins are score distances counted
//! in the game's basic pieces ([`Pieces`]: a die, a checker, a man, a pawn), which each game values
//! once ([`super::Evaluation::EVAL_UNIT`]). They were tuned in Duel, where a die is 100, and serve
//! the other games as that many of their own pieces until a game tunes its own: a piece does not
//! weigh the same in every game (Duel's scores follow the results at a logistic scale of about 46,
//! Alice's at about 310: docs/nnue.md).
//!
//! The list of parameters is written once, in `search_profile!`'s call below: each field's type,
//! default and the range a tuner may try, from which come the struct, [`SearchProfile::DEFAULT`]
//! and [`SearchProfile::PARAMETERS`] (the tuning build's options, docs/engine.md).
//!
//! Names follow `<technique>_<role>`, with the roles: `margin` (a score distance), `factor` (a
//! multiplier), `max` (a cap), `depth` (the depth from which a technique applies), `base` (a starting
//! value), `floor` (the least value allowed), `divisor` (a depth is divided by it), `slack` (a depth
//! difference allowed).

use super::Pieces;

/// A profile value as a whole number, the form a tuner's `spin` option gives and takes.
pub trait ProfileValue: Copy {
    /// The value as a whole number.
    fn to_number(self) -> u64;
    /// The value of a whole number within the parameter's range.
    fn from_number(number: u64) -> Self;
}

impl ProfileValue for i32 {
    fn to_number(self) -> u64 {
        self as u64
    }
    fn from_number(number: u64) -> Self {
        number as i32
    }
}

impl ProfileValue for u32 {
    fn to_number(self) -> u64 {
        u64::from(self)
    }
    fn from_number(number: u64) -> Self {
        number as u32
    }
}

impl ProfileValue for usize {
    fn to_number(self) -> u64 {
        self as u64
    }
    fn from_number(number: u64) -> Self {
        number as usize
    }
}

/// A switch: 0 off, 1 on.
impl ProfileValue for bool {
    fn to_number(self) -> u64 {
        u64::from(self)
    }
    fn from_number(number: u64) -> Self {
        number != 0
    }
}

/// A margin, in hundredths of a basic piece.
impl ProfileValue for Pieces {
    fn to_number(self) -> u64 {
        self.in_hundredths() as u64
    }
    fn from_number(number: u64) -> Self {
        Pieces::hundredths(number as i32)
    }
}

/// One parameter of the profile, as a tuner sees it: its name, its range, and how to read and write
/// it as a whole number.
#[derive(Clone, Copy)]
pub struct ProfileParameter {
    /// The field's name, which is also the tuning build's option name.
    pub name: &'static str,
    /// The least value a tuner may set (ranges keep every value meaningful: no divisor of 0, the
    /// first move never reduced).
    pub min: u64,
    /// The greatest value a tuner may set.
    pub max: u64,
    /// The parameter's value in a profile.
    pub get: fn(&SearchProfile) -> u64,
    /// Sets the parameter in a profile to a value within `min..=max`.
    pub set: fn(&mut SearchProfile, u64),
}

/// Declares the profile's fields once: each with its doc, type, default and tuning range.
macro_rules! search_profile {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $type:ty = $default:expr, $min:literal..=$max:literal;
    )*) => {
        /// The search's tunable parameters for one game (see the module's doc).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchProfile {
            $($(#[doc = $doc])* pub $field: $type,)*
        }

        impl SearchProfile {
            /// Every game's profile unless it sets its own: the numbers tuned in Duel.
            pub const DEFAULT: SearchProfile = SearchProfile { $($field: $default,)* };

            /// Every parameter, in the order of the fields.
            pub const PARAMETERS: &[ProfileParameter] = &[$(ProfileParameter {
                name: stringify!($field),
                min: $min,
                max: $max,
                get: |profile| ProfileValue::to_number(profile.$field),
                set: |profile, number| profile.$field = ProfileValue::from_number(number),
            },)*];
        }
    };
}

search_profile! {
    /// Iterations from this depth on start with a window around the previous score.
    aspiration_depth: u32 = 4, 1..=16;
    /// Half-width of the first aspiration window around the previous iteration's score.
    aspiration_margin: Pieces = Pieces::hundredths(30), 5..=200;
    /// After a failed window its half-width grows by this factor, in percent.
    aspiration_growth_factor: i32 = 150, 110..=400;

    /// The history bonus for a cut at depth d is `history_bonus_factor · d²`, capped at
    /// `history_bonus_max`.
    history_bonus_factor: i32 = 4, 1..=32;
    /// The largest single history bonus (at most the search's bound on history scores, 16384).
    history_bonus_max: i32 = 2_048, 128..=16_384;

    /// Null-move pruning applies from this remaining depth on.
    nmp_depth: i32 = 3, 1..=12;
    /// The null move's search is this many plies shallower than a real move's, plus depth /
    /// `nmp_divisor`.
    nmp_base: i32 = 3, 1..=8;
    /// See `nmp_base`: deeper nodes reduce the null move more.
    nmp_divisor: i32 = 4, 1..=16;
    /// The side to move needs at least this many legal moves to try a null move: a side with few
    /// moves may be in zugzwang, and a game without stalemate (Duel) loses when it runs out of them.
    nmp_moves_floor: usize = 8, 0..=64;

    /// A move that gives check is searched one ply deeper, but only at plies below this multiple of
    /// the iteration's depth: a line of checks can then grow at most that long, never without end.
    check_extension_factor: usize = 2, 0..=8;

    /// Whether the search tests the table's move for the singular extension (the engine's
    /// search/singular.rs): searched one ply deeper where every other move is worse by a margin. It
    /// pays only where measured to (docs/strength.md), so each game opts in.
    singular_extension: bool = false, 0..=1;
    /// The singular extension is tested from this remaining depth on.
    se_depth: i32 = 8, 1..=20;
    /// The table's lower bound of the move tested may be at most this many plies shallower than the
    /// node.
    se_table_depth_slack: i32 = 3, 0..=10;
    /// The other moves are searched against the table's score less this much per remaining ply.
    se_margin: Pieces = Pieces::hundredths(2), 0..=100;

    /// Internal iterative reduction: a node without a table move is searched one ply shallower from
    /// this remaining depth on.
    iir_depth: i32 = 4, 1..=16;

    /// Reverse futility pruning applies up to this remaining depth.
    rfp_depth_max: i32 = 6, 0..=16;
    /// Reverse futility pruning: the static evaluation must beat beta by this much per remaining ply.
    rfp_margin: Pieces = Pieces::hundredths(80), 5..=500;

    /// Futility pruning applies up to this remaining depth.
    futility_depth_max: i32 = 3, 0..=16;
    /// Futility pruning: quiet moves are skipped where the static evaluation plus this much per
    /// remaining ply stays at or below alpha.
    futility_margin: Pieces = Pieces::hundredths(120), 5..=600;

    /// Late move pruning applies up to this remaining depth.
    lmp_depth_max: i32 = 3, 0..=16;
    /// At depth d, quiet moves from index `lmp_base + d²` (0 = first) on are skipped.
    lmp_base: i32 = 4, 0..=64;

    /// Late move reductions apply from this remaining depth on.
    lmr_depth: i32 = 3, 1..=16;
    /// Moves before this index (0 = first) are never reduced; a principal-variation node spares one
    /// more.
    lmr_moves_floor: usize = 3, 1..=32;
    /// The reduction is `(lmr_base + ln depth · ln index · lmr_factor) / 100` plies.
    lmr_base: i32 = 50, 0..=300;
    /// See `lmr_base`.
    lmr_factor: i32 = 40, 0..=200;
}

impl Default for SearchProfile {
    fn default() -> Self {
        SearchProfile::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_is_within_its_range_and_reads_back() {
        let mut profile = SearchProfile::DEFAULT;
        for parameter in SearchProfile::PARAMETERS {
            let value = (parameter.get)(&profile);
            assert!(
                (parameter.min..=parameter.max).contains(&value),
                "{}",
                parameter.name
            );
            (parameter.set)(&mut profile, parameter.max);
            assert_eq!(
                (parameter.get)(&profile),
                parameter.max,
                "{}",
                parameter.name
            );
        }
        assert_ne!(profile, SearchProfile::DEFAULT);
    }

    #[test]
    fn names_are_distinct() {
        let names: std::collections::HashSet<_> =
            SearchProfile::PARAMETERS.iter().map(|p| p.name).collect();
        assert_eq!(names.len(), SearchProfile::PARAMETERS.len());
        assert_eq!(
            SearchProfile::PARAMETERS[10].name,
            "singular_extension",
            "names are the fields'"
        );
    }
}
