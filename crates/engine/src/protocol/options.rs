//! The engine options: their declarations (printed after `uci`/`ugi`) and `setoption` checking.
//!
//! Names are matched case-insensitively, with runs of spaces counting as one. A value out of range is
//! rejected, not clamped, so a typo in a tournament configuration is noticed. A valid `setoption`
//! becomes a [`Setting`] for the command handler to apply; the values live in the engine (Hash,
//! Threads, MultiPV, Move Overhead, Skill Level, UCI_LimitStrength, UCI_Elo, Contempt, Use NNUE, EvalFile, TablebasePath) and in the handler
//! (UCI_Variant; TablebasePath too, to load the next game's databases). `Use NNUE` and `EvalFile` choose the evaluation (the engine keeps the net). Ponder needs no value kept: the
//! engine ponders whenever `go ponder` asks, and the option only tells the GUI that it may.

use crate::search::{MAX_LEVEL, Settings, TranspositionTable};
use duel_rules::game::Pieces;
use duel_rules::games::{ELO_RANGE, VARIANTS};
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
    /// Any text, such as a file's path.
    Text { default: &'static str },
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
    SkillLevel,
    LimitStrength,
    Elo,
    Contempt,
    UseNet,
    EvalFile,
    TablebasePath,
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
            default: TranspositionTable::DEFAULT_MB as u64,
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    Declaration {
        id: Id::Threads,
        name: "Threads",
        kind: Kind::Spin {
            default: Settings::DEFAULT.threads as u64,
            min: 1,
            max: 256,
        },
    },
    Declaration {
        id: Id::MultiPv,
        name: "MultiPV",
        kind: Kind::Spin {
            default: Settings::DEFAULT.multipv as u64,
            min: 1,
            max: 256,
        },
    },
    Declaration {
        id: Id::MoveOverhead,
        name: "Move Overhead",
        kind: Kind::Spin {
            default: Settings::DEFAULT.move_overhead.as_millis() as u64,
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
    Declaration {
        id: Id::SkillLevel,
        name: "Skill Level",
        kind: Kind::Spin {
            default: MAX_LEVEL as u64,
            min: 0,
            max: MAX_LEVEL as u64,
        },
    },
    Declaration {
        id: Id::LimitStrength,
        name: "UCI_LimitStrength",
        kind: Kind::Check { default: false },
    },
    Declaration {
        id: Id::Elo,
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: ELO_RANGE.1 as u64,
            min: ELO_RANGE.0 as u64,
            max: ELO_RANGE.1 as u64,
        },
    },
    Declaration {
        id: Id::Contempt,
        name: "Contempt",
        kind: Kind::Spin {
            default: Settings::DEFAULT.contempt.in_hundredths() as u64,
            min: 0,
            max: 100,
        },
    },
    Declaration {
        id: Id::UseNet,
        name: "Use NNUE",
        kind: Kind::Check { default: true },
    },
    Declaration {
        id: Id::EvalFile,
        name: "EvalFile",
        kind: Kind::Text {
            default: EMBEDDED_NET,
        },
    },
    Declaration {
        id: Id::TablebasePath,
        name: "TablebasePath",
        kind: Kind::Text { default: NO_PATH },
    },
];

/// The `EvalFile` value that stands for the net embedded in the binary (the default).
pub const EMBEDDED_NET: &str = "<embedded>";
/// The `TablebasePath` value that stands for no folder (the default, Stockfish's `SyzygyPath`'s).
pub const NO_PATH: &str = "<empty>";

/// A valid `setoption`: one option and its new value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Hash`: the transposition table's size in MB.
    Hash(usize),
    /// `Threads`: search threads.
    Threads(usize),
    /// `MultiPV`: principal variations reported.
    MultiPv(usize),
    /// `Move Overhead`: time kept back per move for communication.
    MoveOverhead(Duration),
    /// `Clear Hash`: empty the transposition table.
    ClearHash,
    /// `Ponder`: whether the GUI may send `go ponder`.
    Ponder(bool),
    /// `UCI_Variant`: switch to this game, at its start position.
    Variant(&'static str),
    /// `Skill Level`: 0 (weakest) to 20 (full strength).
    SkillLevel(u8),
    /// `UCI_LimitStrength`: whether `UCI_Elo` sets the strength.
    LimitStrength(bool),
    /// `UCI_Elo`: the strength when limited.
    Elo(u32),
    /// `Contempt`: how much worse than level a draw is for the engine, in hundredths of a basic
    /// piece (0 to 100).
    Contempt(Pieces),
    /// `Use NNUE`: evaluate with the game's net (where it has one) or its hand-written evaluation.
    UseNet(bool),
    /// `EvalFile`: the net file to evaluate with; `None`: the embedded net ([`EMBEDDED_NET`], or an
    /// empty value).
    EvalFile(Option<String>),
    /// `TablebasePath`: the folder of the endgame databases to probe; `None`: none ([`NO_PATH`],
    /// or an empty value).
    TablebasePath(Option<String>),
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
            Kind::Text { default } => {
                format!("option name {} type string default {default}", d.name)
            }
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

/// Reads `setoption name <name> [value <value>]` into the setting it asks for.
pub fn parse(name: &str, value: Option<&str>) -> Result<Setting, OptionError> {
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
    Ok(match declaration.id {
        // The ranges fit usize on every platform the engine builds for.
        Id::Hash => Setting::Hash(declaration.spin(value)? as usize),
        Id::Threads => Setting::Threads(declaration.spin(value)? as usize),
        Id::MultiPv => Setting::MultiPv(declaration.spin(value)? as usize),
        Id::MoveOverhead => Setting::MoveOverhead(Duration::from_millis(declaration.spin(value)?)),
        // A value on a button is meaningless; some GUIs send an empty one, so it is ignored.
        Id::ClearHash => Setting::ClearHash,
        Id::Ponder => Setting::Ponder(declaration.check(value)?),
        Id::Variant => Setting::Variant(declaration.combo(value)?),
        Id::SkillLevel => Setting::SkillLevel(declaration.spin(value)? as u8),
        Id::LimitStrength => Setting::LimitStrength(declaration.check(value)?),
        Id::Elo => Setting::Elo(declaration.spin(value)? as u32),
        Id::Contempt => Setting::Contempt(Pieces::hundredths(declaration.spin(value)? as i32)),
        Id::UseNet => Setting::UseNet(declaration.check(value)?),
        Id::EvalFile => Setting::EvalFile(path(value, EMBEDDED_NET)),
        Id::TablebasePath => Setting::TablebasePath(path(value, NO_PATH)),
    })
}

/// A path option's value: `None` where it is empty or `default`, which stand for the option's
/// default.
fn path(value: Option<&str>, default: &str) -> Option<String> {
    value
        .map(str::trim)
        .filter(|path| !path.is_empty() && *path != default)
        .map(str::to_string)
}

impl Declaration {
    /// The value of a spin option, within its range.
    fn spin(&self, value: Option<&str>) -> Result<u64, OptionError> {
        let name = self.name;
        let Kind::Spin { min, max, .. } = self.kind else {
            unreachable!("only spin options are read as numbers");
        };
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
        Ok(number)
    }

    /// The value of a check option.
    fn check(&self, value: Option<&str>) -> Result<bool, OptionError> {
        let name = self.name;
        let text = value.ok_or(OptionError::MissingValue(name))?;
        match text.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(OptionError::NotABool {
                name,
                text: text.to_string(),
            }),
        }
    }

    /// The value of a combo option: one of its names, as declared.
    fn combo(&self, value: Option<&str>) -> Result<&'static str, OptionError> {
        let name = self.name;
        let Kind::Combo { values } = self.kind else {
            unreachable!("only combo options are read as choices");
        };
        let text = value.ok_or(OptionError::MissingValue(name))?;
        values
            .iter()
            .copied()
            .find(|v| v.eq_ignore_ascii_case(text))
            .ok_or_else(|| OptionError::NotAChoice {
                name,
                text: text.to_string(),
                values,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Strength;

    #[test]
    fn the_declarations_and_their_defaults() {
        assert_eq!(TranspositionTable::DEFAULT_MB, 16);
        assert_eq!(
            Settings::DEFAULT,
            Settings {
                threads: 1,
                multipv: 1,
                move_overhead: Duration::from_millis(10),
                strength: Strength::FULL,
                contempt: Pieces::hundredths(0),
                use_net: true,
                net: None,
                tablebases: None,
            }
        );
        assert_eq!(VARIANTS[0], "duel");
        let variants: String = VARIANTS.iter().map(|v| format!(" var {v}")).collect();
        assert_eq!(
            declarations(),
            [
                "option name Hash type spin default 16 min 1 max 12288",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Clear Hash type button",
                "option name Ponder type check default false",
                &format!("option name UCI_Variant type combo default duel{variants}"),
                "option name Skill Level type spin default 20 min 0 max 20",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 2063 min 463 max 2063",
                "option name Contempt type spin default 0 min 0 max 100",
                "option name Use NNUE type check default true",
                "option name EvalFile type string default <embedded>",
                "option name TablebasePath type string default <empty>",
            ]
        );
    }

    #[test]
    fn every_default_is_a_valid_value() {
        for d in DECLARATIONS {
            let default = match d.kind {
                Kind::Spin { default, .. } => Some(default.to_string()),
                Kind::Check { default } => Some(default.to_string()),
                Kind::Button => None,
                Kind::Combo { values } => Some(values[0].to_string()),
                Kind::Text { default } => Some(default.to_string()),
            };
            assert!(parse(d.name, default.as_deref()).is_ok(), "{}", d.name);
        }
    }

    #[test]
    fn the_variant_is_a_choice() {
        assert_eq!(
            parse("uci_variant", Some("DIPOLE")),
            Ok(Setting::Variant("dipole"))
        );
        let err = parse("UCI_Variant", Some("chess")).unwrap_err();
        assert!(matches!(err, OptionError::NotAChoice { .. }), "{err:?}");
        assert!(parse("UCI_Variant", None).is_err());
    }

    #[test]
    fn names_are_case_insensitive() {
        assert_eq!(parse("hash", Some("64")), Ok(Setting::Hash(64)));
        assert_eq!(
            parse("move  OVERHEAD", Some("0")),
            Ok(Setting::MoveOverhead(Duration::ZERO))
        );
        assert_eq!(parse("multipv", Some("3")), Ok(Setting::MultiPv(3)));
        assert_eq!(
            parse("contempt", Some("25")),
            Ok(Setting::Contempt(Pieces::hundredths(25)))
        );
        assert_eq!(parse("PONDER", Some("True")), Ok(Setting::Ponder(true)));
        assert_eq!(parse("clear hash", None), Ok(Setting::ClearHash));
        assert_eq!(parse("use nnue", Some("false")), Ok(Setting::UseNet(false)));
        assert_eq!(
            parse("evalfile", Some("nets/my net.nnue")),
            Ok(Setting::EvalFile(Some("nets/my net.nnue".into())))
        );
        assert_eq!(
            parse("EvalFile", Some("<embedded>")),
            Ok(Setting::EvalFile(None))
        );
        assert_eq!(parse("EvalFile", None), Ok(Setting::EvalFile(None)));
        assert_eq!(
            parse("tablebasepath", Some(" tb/dame ")),
            Ok(Setting::TablebasePath(Some("tb/dame".into())))
        );
        assert_eq!(
            parse("TablebasePath", Some("<empty>")),
            Ok(Setting::TablebasePath(None))
        );
        assert_eq!(parse("threads", Some("2")), Ok(Setting::Threads(2)));
        assert_eq!(parse("skill level", Some("5")), Ok(Setting::SkillLevel(5)));
        assert_eq!(
            parse("uci_limitstrength", Some("TRUE")),
            Ok(Setting::LimitStrength(true))
        );
        assert_eq!(parse("UCI_ELO", Some("1200")), Ok(Setting::Elo(1200)));
    }

    #[test]
    fn reject_bad_values() {
        assert_eq!(
            parse("Hash", Some("0")),
            Err(OptionError::OutOfRange {
                name: "Hash",
                value: 0,
                min: 1,
                max: MAX_HASH_MB
            })
        );
        assert!(matches!(
            parse("Threads", Some("-1")),
            Err(OptionError::NotANumber { .. })
        ));
        assert!(matches!(
            parse("Threads", Some("99999999999999999999999")),
            Err(OptionError::NotANumber { .. })
        ));
        assert_eq!(
            parse("Threads", None),
            Err(OptionError::MissingValue("Threads"))
        );
        assert!(matches!(
            parse("Ponder", Some("yes")),
            Err(OptionError::NotABool { .. })
        ));
        assert!(matches!(
            parse("Skill Level", Some("21")),
            Err(OptionError::OutOfRange { max: 20, .. })
        ));
        assert!(matches!(
            parse("UCI_Elo", Some("462")),
            Err(OptionError::OutOfRange { min: 463, .. })
        ));
        assert!(matches!(
            parse("UCI_LimitStrength", Some("1")),
            Err(OptionError::NotABool { .. })
        ));
        assert_eq!(
            parse("SyzygyPath", Some("/tmp")),
            Err(OptionError::Unknown("SyzygyPath".into()))
        );
    }
}
