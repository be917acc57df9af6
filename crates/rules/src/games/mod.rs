//! The games the engine hosts, each behind the [`crate::game`] traits in its own module, and
//! the one list of them, [`hosted_games!`](crate::hosted_games): the aliases, [`VARIANTS`], each
//! game's [`HostedGame`] and book, [`with_variant!`](crate::with_variant),
//! [`for_each_game!`](crate::for_each_game) and [`AnyGame`], a game in progress of any of them
//! chosen by name at run time, are all made from it.

pub mod alice;
pub mod any_game;
pub mod dame;
pub mod dipole;
pub mod duel;

pub use crate::{for_each_game, with_variant};
pub use any_game::{
    AnyGame, AnyGameError, GameVisitor, RecordVisitor, RecordVisitorMut, for_variant,
};

use crate::game::{
    ActionSpace, LevelLadder, Observation, Perft, Presentation, Searchable, Tuning, WebBoard,
};
use std::fmt;

/// The one list of hosted games, the default first. A line gives the alias a game's position goes
/// by, its type (in the game's module here) and the book it ships, if any: a path from the crate's
/// root, embedded in the binary so that `duel match` finds it from any directory. A new game is its
/// module plus one line here.
///
/// `hosted_games!(what …)` hands the list to the expansion named by `what` (see
/// `expand_hosted_games!`); the other macros here and `any_game/` call it, nothing else needs to.
#[macro_export]
macro_rules! hosted_games {
    ($($what:tt)*) => {
        $crate::expand_hosted_games! { [$($what)*]
            /// A Duel position: the first hosted game, and the default.
            Duel => duel::Position, book "books/duel.txt";
            /// A Dipole position: the second hosted game.
            Dipole => dipole::Position, book "books/dipole.txt";
            /// A Dame position: the third hosted game.
            Dame => dame::Position, book "books/dame.txt";
            /// An Alice chess position: the fourth hosted game.
            Alice => alice::Position, book "books/alice.txt";
        }
    };
}

/// What [`hosted_games!`](crate::hosted_games) makes of its list: `[declare]` the items of this
/// module, `[with_variant …]` the match of [`with_variant!`](crate::with_variant), `[any_game]`
/// the enum [`AnyGame`] and its dispatch (expanded in `any_game/mod.rs`, whose private `Played` it
/// names) and `[tests …]` the module of [`for_each_game!`](crate::for_each_game).
#[doc(hidden)]
#[macro_export]
macro_rules! expand_hosted_games {
    (
        [declare]
        $( $(#[$doc:meta])* $alias:ident => $module:ident::$ty:ident $(, book $book:literal)?; )*
    ) => {
        $(
            $(#[$doc])*
            pub type $alias = $crate::games::$module::$ty;

            impl $crate::games::HostedGame for $alias {
                const BOOK: Option<&'static str> = $crate::expand_hosted_games!([book] $($book)?);
            }
        )*

        /// The names of the hosted games (`UCI_Variant`, `--variant`), the default first.
        pub const VARIANTS: [&str; [$(<$alias as $crate::game::Game>::NAME),*].len()] =
            [$(<$alias as $crate::game::Game>::NAME),*];

        /// The `UCI_Elo` the hosted games' ladders span, from the lowest level 0 to the highest full
        /// strength: the option's range.
        pub const ELO_RANGE: (u32, u32) =
            elo_range(&[$(<$alias as $crate::game::SearchHooks>::LEVELS),*]);
    };
    ([book]) => { None };
    ([book] $book:literal) => {
        Some(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $book)))
    };
    (
        [with_variant $name:expr, $G:ident => $body:expr]
        $( $(#[$doc:meta])* $alias:ident => $module:ident::$ty:ident $(, book $book:literal)?; )*
    ) => {{
        let name: &str = $name;
        match name.to_ascii_lowercase().as_str() {
            $(
                n if n == <$crate::games::$alias as $crate::game::Game>::NAME => {
                    type $G = $crate::games::$alias;
                    Ok($body)
                }
            )*
            _ => Err($crate::games::UnknownVariant(name.to_string())),
        }
    }};
    (
        [any_game]
        $( $(#[$doc:meta])* $alias:ident => $module:ident::$ty:ident $(, book $book:literal)?; )*
    ) => {
        /// A game in progress of any hosted game, chosen by name at run time: one variant per
        /// hosted game, each holding that game's record ([`crate::games::any_game`] says how to
        /// use it).
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $(
                #[doc = concat!(
                    "A game of [`", stringify!($alias), "`](crate::games::",
                    stringify!($alias), ")."
                )]
                $alias($crate::game::GameRecord<$crate::games::$alias>),
            )*
        }

        impl AnyGame {
            /// Hands the record, with its game's own type, to `visitor`.
            pub fn visit<'a, V: RecordVisitor<'a>>(&'a self, visitor: V) -> V::Output {
                match self {
                    $(AnyGame::$alias(record) => visitor.visit(record),)*
                }
            }

            /// Hands the record, with its game's own type, to `visitor` to change.
            pub fn visit_mut<'a, V: RecordVisitorMut<'a>>(&'a mut self, visitor: V) -> V::Output {
                match self {
                    $(AnyGame::$alias(record) => visitor.visit(record),)*
                }
            }

            /// The record as a game of `G`, or `None` when it is another game's.
            pub fn record<G: $crate::games::HostedGame>(
                &self,
            ) -> Option<&$crate::game::GameRecord<G>> {
                let record: &dyn std::any::Any = match self {
                    $(AnyGame::$alias(record) => record,)*
                };
                record.downcast_ref()
            }

            /// The record behind the text API, its game's type forgotten.
            fn played(&self) -> &dyn Played {
                match self {
                    $(AnyGame::$alias(record) => record,)*
                }
            }

            /// [`AnyGame::played`], to change.
            fn played_mut(&mut self) -> &mut dyn Played {
                match self {
                    $(AnyGame::$alias(record) => record,)*
                }
            }
        }

        $(
            impl From<$crate::game::GameRecord<$crate::games::$alias>> for AnyGame {
                fn from(record: $crate::game::GameRecord<$crate::games::$alias>) -> Self {
                    AnyGame::$alias(record)
                }
            }
        )*
    };
    (
        [tests $check:ident]
        $( $(#[$doc:meta])* $alias:ident => $module:ident::$ty:ident $(, book $book:literal)?; )*
    ) => {
        mod $check {
            $(
                #[test]
                fn $module() {
                    super::$check::<$crate::games::$alias>();
                }
            )*
        }
    };
}

/// Evaluates an expression with a type name standing for the game called `name` (case-insensitive):
/// `with_variant!(name, G => body)` is `Ok(body)` with `G` the game's position type, or
/// `Err(UnknownVariant)` for a name that names no hosted game. The body is compiled once per game,
/// each copy in an arm of a `match`, so `?` and `return` in it act on the enclosing function.
#[macro_export]
macro_rules! with_variant {
    ($name:expr, $G:ident => $body:expr $(,)?) => {
        $crate::hosted_games!(with_variant $name, $G => $body)
    };
}

/// Runs a generic check once per hosted game, each as its own test: for a function
/// `fn check<G>()` in scope, `for_each_game!(check)` declares a module `check` with one `#[test]`
/// per game, named after the game's module (`check::duel`, `check::dipole`, …), that calls
/// `check::<G>()`. The harness runs the games side by side, and a new game is checked with no new
/// line.
#[macro_export]
macro_rules! for_each_game {
    ($check:ident) => {
        $crate::hosted_games!(tests $check);
    };
}

crate::hosted_games!(declare);

/// Everything a hosted game implements: what the search asks of it ([`Searchable`]: its rules, its
/// evaluation, the search's hooks and its net's inputs), how perft counts it ([`Perft`]), how it is
/// shown ([`Presentation`], and to graphical front ends [`WebBoard`]) and how it is tuned
/// ([`Tuning`]), how programs that learn number its moves and see its positions ([`ActionSpace`],
/// [`Observation`]; a game may leave both at their defaults, none), and the book it ships. The
/// protocol and the tools take this bound where they need more than the rules.
/// [`hosted_games!`](crate::hosted_games) implements it for each game on the list.
pub trait HostedGame:
    Searchable + Perft + Presentation + Tuning + WebBoard + ActionSpace + Observation
{
    /// The game's shipped book, in the openings format of `duel match`: the match's default
    /// openings. `None` for a game that ships none.
    const BOOK: Option<&'static str>;
}

/// The lowest level 0 and the highest full strength of `ladders`.
const fn elo_range(ladders: &[LevelLadder]) -> (u32, u32) {
    let (mut lowest, mut highest) = (u32::MAX, 0);
    let mut at = 0;
    while at < ladders.len() {
        if ladders[at].lowest() < lowest {
            lowest = ladders[at].lowest();
        }
        if ladders[at].highest() > highest {
            highest = ladders[at].highest();
        }
        at += 1;
    }
    (lowest, highest)
}

/// A variant name that names no hosted game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected one of: {})",
            self.0,
            VARIANTS.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_listed_variant_is_reachable_by_name() {
        for name in VARIANTS {
            assert_eq!(with_variant!(name, G => G::NAME), Ok(name), "{name}");
        }
        assert_eq!(
            with_variant!("DIPOLE", G => G::start().to_text()).unwrap(),
            "3l4/8/8/8/8/8/8/4L3 w"
        );
        let err = with_variant!("chess", G => G::start().to_text()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown variant 'chess' (expected one of: duel, dipole, dame, alice)"
        );
    }

    #[test]
    fn every_hosted_game_ships_its_book() {
        for name in VARIANTS {
            let book = with_variant!(name, G => G::BOOK).unwrap();
            let file = format!("{}/books/{name}.txt", env!("CARGO_MANIFEST_DIR"));
            assert_eq!(
                book,
                std::fs::read_to_string(&file).ok().as_deref(),
                "{file}"
            );
        }
    }
}
