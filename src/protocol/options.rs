//! The engine options: their declarations (printed after `uci`/`ugi`), their current values, and
//! `setoption` checking.
//!
//! Names are matched case-insensitively, with runs of spaces counting as one. A value out of range is
//! rejected, not clamped, so a typo in a tournament configuration is noticed.

use crate::games::VARIANTS;
use crate::search::Settings;
use std::fmt;
use std::time::Duration;

/// The kind of an option, with its default and range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An integer.
    Spin { default: u64, min: u64, max: u64 },
    /// A boolean.
    Check { default: bool },
    /// An action without a value.
    Button,
    /// One of a list of names; the first is the default.
    Combo { values: &'static [&'static str] },
}

/// Which option a declaration is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Id {
    Hash,
    Threads,
    MultiPv,
    MoveOverhead,
    ClearHash,
    Ponder,
    Variant,
}

struct Declaration {
    id: Id,
    name: &'static str,
    kind: Kind,
}

/// The largest `Hash`, in MB: half the memory of the machines the engine is built for (24 GB), so a
/// mistaken value cannot take the whole machine.
pub const MAX_HASH_MB: u64 = 12 * 1024;

const DECLARATIONS: &[Declaration] = &[
    Declaration {
        id: Id::Hash,
        name: "Hash",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    Declaration {
        id: Id::Threads,
        name: "Threads",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Declaration {
        id: Id::MultiPv,
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    },
    Declaration {
        id: Id::MoveOverhead,
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
        },
    },
    Declaration {
        id: Id::ClearHash,
        name: "Clear Hash",
        kind: Kind::Button,
    },
    Declaration {
        id: Id::Ponder,
        name: "Ponder",
        kind: Kind::Check { default: false },
    },
    Declaration {
        id: Id::Variant,
        name: "UCI_Variant",
        kind: Kind::Combo { values: &VARIANTS },
    },
];

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations reported.
    pub multipv: usize,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
    /// Whether the GUI may send `go ponder`.
    pub ponder: bool,
    /// The game played (`UCI_Variant`).
    pub variant: &'static str,
}

/// What a successful `setoption` asks the engine to do besides remembering the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the value is read when the next search starts.
    None,
    /// Resize the transposition table to `hash_mb`.
    ResizeHash,
    /// Empty the transposition table.
    ClearHash,
    /// Switch to the game named `variant` and reset the position to its start.
    SwitchVariant,
}

/// Why a `setoption` was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// A spin or check option without `value`.
    MissingValue(&'static str),
    /// A spin value that is not a whole number.
    NotANumber {
        /// The option.
        name: &'static str,
        /// The text found.
        text: String,
    },
    /// A spin value outside its range.
    OutOfRange {
        /// The option.
        name: &'static str,
        /// The value found.
        value: u64,
        /// The least value allowed.
        min: u64,
        /// The greatest value allowed.
        max: u64,
    },
    /// A check value other than `true` or `false`.
    NotABool {
        /// The option.
        name: &'static str,
        /// The text found.
        text: String,
    },
    /// A combo value that is not one of its names.
    NotAChoice {
        /// The option.
        name: &'static str,
        /// The text found.
        text: String,
        /// The names allowed.
        values: &'static [&'static str],
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::output::quote;
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option {}", quote(name)),
            OptionError::MissingValue(name) => write!(f, "option '{name}' needs a value"),
            OptionError::NotANumber { name, text } => {
                write!(
                    f,
                    "option '{name}' needs a whole number, found {}",
                    quote(text)
                )
            }
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "option '{name}' must be from {min} to {max}, found {value}"
            ),
            OptionError::NotABool { name, text } => {
                write!(
                    f,
                    "option '{name}' must be 'true' or 'false', found {}",
                    quote(text)
                )
            }
            OptionError::NotAChoice { name, text, values } => write!(
                f,
                "option '{name}' must be one of {}, found {}",
                values.join(", "),
                quote(text)
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl Default for Options {
    fn default() -> Self {
        let mut options = Options {
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            move_overhead: Duration::ZERO,
            ponder: false,
            variant: VARIANTS[0],
        };
        for declaration in DECLARATIONS {
            match declaration.kind {
                Kind::Spin { default, .. } => options.store_number(declaration.id, default),
                Kind::Check { default } => options.ponder = default,
                Kind::Button | Kind::Combo { .. } => {}
            }
        }
        options
    }
}

impl Options {
    /// The `option name … type …` lines, in declaration order.
    pub fn declarations() -> Vec<String> {
        DECLARATIONS
            .iter()
            .map(|d| match d.kind {
                Kind::Spin { default, min, max } => format!(
                    "option name {} type spin default {default} min {min} max {max}",
                    d.name
                ),
                Kind::Check { default } => {
                    format!("option name {} type check default {default}", d.name)
                }
                Kind::Button => format!("option name {} type button", d.name),
                Kind::Combo { values } => {
                    let choices: Vec<String> = values.iter().map(|v| format!("var {v}")).collect();
                    format!(
                        "option name {} type combo default {} {}",
                        d.name,
                        values[0],
                        choices.join(" ")
                    )
                }
            })
            .collect()
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, OptionError> {
        let wanted: Vec<&str> = name.split_whitespace().collect();
        let declaration = DECLARATIONS
            .iter()
            .find(|d| {
                let words: Vec<&str> = d.name.split_whitespace().collect();
                words.len() == wanted.len()
                    && words
                        .iter()
                        .zip(&wanted)
                        .all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let name = declaration.name;
        match declaration.kind {
            Kind::Button => {
                // A value on a button is meaningless; some GUIs send an empty one, so it is ignored.
                Ok(Effect::ClearHash)
            }
            Kind::Combo { values } => {
                let text = value.ok_or(OptionError::MissingValue(name))?;
                let choice = values
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(text))
                    .ok_or_else(|| OptionError::NotAChoice {
                        name,
                        text: text.to_string(),
                        values,
                    })?;
                self.variant = choice;
                Ok(Effect::SwitchVariant)
            }
            Kind::Check { .. } => {
                let text = value.ok_or(OptionError::MissingValue(name))?;
                self.ponder = match text.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(OptionError::NotABool {
                            name,
                            text: text.to_string(),
                        });
                    }
                };
                Ok(Effect::None)
            }
            Kind::Spin { min, max, .. } => {
                let text = value.ok_or(OptionError::MissingValue(name))?;
                let number = text.parse::<u64>().map_err(|_| OptionError::NotANumber {
                    name,
                    text: text.to_string(),
                })?;
                if !(min..=max).contains(&number) {
                    return Err(OptionError::OutOfRange {
                        name,
                        value: number,
                        min,
                        max,
                    });
                }
                self.store_number(declaration.id, number);
                Ok(if declaration.id == Id::Hash {
                    Effect::ResizeHash
                } else {
                    Effect::None
                })
            }
        }
    }

    /// The settings a search takes from the options.
    pub fn settings(&self) -> Settings {
        Settings {
            threads: self.threads,
            multipv: self.multipv,
            move_overhead: self.move_overhead,
        }
    }

    /// Stores a spin value that is already known to be within its declared range (which fits usize
    /// on every platform the engine builds for).
    fn store_number(&mut self, id: Id, number: u64) {
        match id {
            Id::Hash => self.hash_mb = number as usize,
            Id::Threads => self.threads = number as usize,
            Id::MultiPv => self.multipv = number as usize,
            Id::MoveOverhead => self.move_overhead = Duration::from_millis(number),
            Id::ClearHash | Id::Ponder | Id::Variant => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_declarations() {
        let options = Options::default();
        assert_eq!(options.hash_mb, 16);
        assert_eq!(options.threads, 1);
        assert_eq!(options.multipv, 1);
        assert_eq!(options.move_overhead, Duration::from_millis(10));
        assert!(!options.ponder);
        assert_eq!(options.variant, "duel");
        assert_eq!(
            Options::declarations(),
            [
                "option name Hash type spin default 16 min 1 max 12288",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Clear Hash type button",
                "option name Ponder type check default false",
                "option name UCI_Variant type combo default duel var duel var dipole",
            ]
        );
    }

    #[test]
    fn the_variant_is_a_choice() {
        let mut options = Options::default();
        assert_eq!(
            options.set("uci_variant", Some("DIPOLE")),
            Ok(Effect::SwitchVariant)
        );
        assert_eq!(options.variant, "dipole");
        let err = options.set("UCI_Variant", Some("chess")).unwrap_err();
        assert!(matches!(err, OptionError::NotAChoice { .. }), "{err:?}");
        assert_eq!(
            options.variant, "dipole",
            "a rejected value changes nothing"
        );
        assert!(options.set("UCI_Variant", None).is_err());
    }

    #[test]
    fn names_are_case_insensitive() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Effect::ResizeHash));
        assert_eq!(options.set("move  OVERHEAD", Some("0")), Ok(Effect::None));
        assert_eq!(options.set("multipv", Some("3")), Ok(Effect::None));
        assert_eq!(options.set("PONDER", Some("True")), Ok(Effect::None));
        assert_eq!(options.set("clear hash", None), Ok(Effect::ClearHash));
        assert_eq!(
            (
                options.hash_mb,
                options.move_overhead,
                options.multipv,
                options.ponder
            ),
            (64, Duration::ZERO, 3, true)
        );
    }

    #[test]
    fn reject_bad_values_and_keep_the_old_one() {
        let mut options = Options::default();
        assert_eq!(
            options.set("Hash", Some("0")),
            Err(OptionError::OutOfRange {
                name: "Hash",
                value: 0,
                min: 1,
                max: MAX_HASH_MB
            })
        );
        assert!(matches!(
            options.set("Threads", Some("-1")),
            Err(OptionError::NotANumber { .. })
        ));
        assert!(matches!(
            options.set("Threads", Some("99999999999999999999999")),
            Err(OptionError::NotANumber { .. })
        ));
        assert_eq!(
            options.set("Threads", None),
            Err(OptionError::MissingValue("Threads"))
        );
        assert!(matches!(
            options.set("Ponder", Some("yes")),
            Err(OptionError::NotABool { .. })
        ));
        assert_eq!(
            options.set("Contempt", Some("1")),
            Err(OptionError::Unknown("Contempt".into()))
        );
        assert_eq!(options, Options::default());
    }
}
