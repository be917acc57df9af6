//! The engine options, in the manner of Stockfish's `OptionsMap`: one table (`table.rs`) declares
//! each option once, with what a value of it changes, and everything else comes from it: the
//! `option name …` lines printed after `uci`/`ugi`, `setoption`'s checks, applying a value, and the
//! table of options in docs/engine.md.
//!
//! The tuning build (cargo feature `tune`) adds an option per search parameter after the table's
//! (`tuning.rs`); they stay out of docs/engine.md's table, which documents them in a section.
//!
//! Names are matched case-insensitively, with runs of spaces counting as one. A value out of range is
//! rejected, not clamped, so a typo in a tournament configuration is noticed. A valid value is applied
//! at once, to a [`Target`]: the command handler, which owns the engine.

mod table;
#[cfg(feature = "tune")]
mod tuning;

pub use table::{EMBEDDED_NET, SHOW_WDL_OPTION, VARIANT_OPTION};

use super::output::quote;
use crate::search::Settings;
use duel_rules::game::SearchProfile;
use std::fmt;
use table::OPTIONS;

/// What option values change: the command handler, seen without its game. Messages name the option
/// by the `option` passed in.
pub trait Target {
    /// Changes the settings the next search starts with (see [`crate::engine::Engine::configure`]).
    fn configure(&mut self, change: &dyn Fn(&mut Settings));
    /// Replaces the transposition table by an empty one of `megabytes` MB.
    fn resize_hash(&mut self, option: &'static str, megabytes: usize);
    /// Empties the transposition table.
    fn clear_hash(&mut self);
    /// Hands over to the handler of `variant`, at its start position.
    fn switch_variant(&mut self, variant: &'static str);
    /// Evaluates with the net file at `path`; with the embedded net for `None`.
    fn load_net(&mut self, option: &'static str, path: Option<String>);
    /// Shows scores and chances with the win-rate model file at `path`; with the game's shipped
    /// model for `None`.
    fn load_win_rate_model(&mut self, option: &'static str, path: Option<String>);
    /// Probes the endgame databases in the folder `folder`; none for `None`.
    fn load_tablebases(&mut self, option: &'static str, folder: Option<String>);
}

/// What a valid value does to the target; the option's name comes along for messages.
type Apply<T> = fn(&mut dyn Target, &'static str, T);

/// The kind of an option, with its default, its range and what a value does.
#[derive(Clone, Copy)]
enum Kind {
    /// An integer from `min` to `max`.
    Spin {
        default: u64,
        min: u64,
        max: u64,
        apply: Apply<u64>,
    },
    /// A boolean.
    Check { default: bool, apply: Apply<bool> },
    /// An action without a value.
    Button { apply: Apply<()> },
    /// One of a list of names; the first is the default.
    Combo {
        values: &'static [&'static str],
        apply: Apply<&'static str>,
    },
    /// Any text, such as a file's path; `None` for an empty value or `default`, which stands for
    /// the option's default.
    Text {
        default: &'static str,
        apply: Apply<Option<String>>,
    },
}

/// One engine option, as the table declares it.
struct EngineOption {
    /// The name, as `uci` lists it.
    name: &'static str,
    kind: Kind,
    /// What it does, as docs/engine.md's table says it (Markdown).
    help: &'static str,
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
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option {}", quote(name)),
            OptionError::MissingValue(name) => write!(f, "option '{name}' needs a value"),
            OptionError::NotANumber { name, text } => {
                let text = quote(text);
                write!(f, "option '{name}' needs a whole number, found {text}")
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
                let text = quote(text);
                write!(f, "option '{name}' must be 'true' or 'false', found {text}")
            }
            OptionError::NotAChoice { name, text, values } => {
                let (values, text) = (values.join(", "), quote(text));
                write!(f, "option '{name}' must be one of {values}, found {text}")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Every option the engine has: the table's, then the tuning build's.
fn all() -> impl Iterator<Item = &'static EngineOption> {
    #[cfg(feature = "tune")]
    let tuning = tuning::OPTIONS.iter();
    #[cfg(not(feature = "tune"))]
    let tuning = std::iter::empty();
    OPTIONS.iter().chain(tuning)
}

/// The `option name … type …` lines, in the table's order (the tuning build's options last).
pub fn declarations(profile: &SearchProfile) -> Vec<String> {
    all()
        .map(|option| {
            let name = option.name;
            match option.kind {
                Kind::Spin {
                    default, min, max, ..
                } => {
                    let default = spin_default(option, default, profile);
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                Kind::Check { default, .. } => {
                    format!("option name {name} type check default {default}")
                }
                Kind::Button { .. } => format!("option name {name} type button"),
                Kind::Text { default, .. } => {
                    format!("option name {name} type string default {default}")
                }
                Kind::Combo { values, .. } => {
                    let choices: String = values.iter().map(|v| format!(" var {v}")).collect();
                    format!(
                        "option name {name} type combo default {}{choices}",
                        values[0]
                    )
                }
            }
        })
        .collect()
}

/// The default `uci` declares for a spin option: in the tuning build, a search parameter's value in
/// the running game's `profile` (what a search uses until the option is set); else the table's.
#[cfg_attr(not(feature = "tune"), allow(unused_variables))]
fn spin_default(option: &EngineOption, default: u64, profile: &SearchProfile) -> u64 {
    #[cfg(feature = "tune")]
    if let Some(value) = tuning::value_in(option.name, profile) {
        return value;
    }
    default
}

/// The options as the Markdown table docs/engine.md shows: name, type, default, range and what each
/// does, in the table's order.
pub fn options_markdown() -> String {
    let mut text =
        String::from("| option | type | default | range | what it does |\n|---|---|---|---|---|\n");
    for option in OPTIONS {
        let (kind, default, range) = match option.kind {
            Kind::Spin {
                default, min, max, ..
            } => ("spin", format!("`{default}`"), format!("{min} to {max}")),
            Kind::Check { default, .. } => ("check", format!("`{default}`"), String::new()),
            Kind::Button { .. } => ("button", String::new(), String::new()),
            Kind::Combo { values, .. } => {
                let names: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
                ("combo", names[0].clone(), names.join(", "))
            }
            Kind::Text { default, .. } => ("string", format!("`{default}`"), String::new()),
        };
        let name = option.name;
        let help = option.help;
        text.push_str(&format!(
            "| `{name}` | {kind} | {default} | {range} | {help} |\n"
        ));
    }
    text
}

/// `setoption name <name> [value <value>]`: checks the value against the option's declaration and
/// applies it to `target`. A rejected value changes nothing.
pub fn set(target: &mut dyn Target, name: &str, value: Option<&str>) -> Result<(), OptionError> {
    let option = find(name)?;
    let name = option.name;
    match option.kind {
        Kind::Spin {
            min, max, apply, ..
        } => apply(target, name, spin(name, value, min, max)?),
        Kind::Check { apply, .. } => apply(target, name, check(name, value)?),
        // A value on a button is meaningless; some GUIs send an empty one, so it is ignored.
        Kind::Button { apply } => apply(target, name, ()),
        Kind::Combo { values, apply } => apply(target, name, combo(name, value, values)?),
        Kind::Text { default, apply } => apply(target, name, text(value, default)),
    }
    Ok(())
}

/// The option named `wanted`, in any case and spacing.
fn find(wanted: &str) -> Result<&'static EngineOption, OptionError> {
    let words: Vec<&str> = wanted.split_whitespace().collect();
    all()
        .find(|option| {
            let declared: Vec<&str> = option.name.split_whitespace().collect();
            declared.len() == words.len()
                && declared
                    .iter()
                    .zip(&words)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
        })
        .ok_or_else(|| OptionError::Unknown(wanted.to_string()))
}

/// A spin option's value, within its range.
fn spin(name: &'static str, value: Option<&str>, min: u64, max: u64) -> Result<u64, OptionError> {
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

/// A check option's value.
fn check(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
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

/// A combo option's value: one of its names, as declared.
fn combo(
    name: &'static str,
    value: Option<&str>,
    values: &'static [&'static str],
) -> Result<&'static str, OptionError> {
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

/// A string option's value: `None` where it is empty or `default`, which stand for the default.
fn text(value: Option<&str>, default: &str) -> Option<String> {
    value
        .map(str::trim)
        .filter(|text| !text.is_empty() && *text != default)
        .map(str::to_string)
}

#[cfg(test)]
mod tests;
