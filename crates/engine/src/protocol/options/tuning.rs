//! The tuning build's options (cargo feature `tune`): one `spin` option per parameter of the search
//! profile ([`SearchProfile::PARAMETERS`]), named as the parameter, as Stockfish's tuning build
//! exposes its parameters, so that any tuner can drive them (docs/engine.md, "Search profiles and
//! the tuning build").
//! `uci` declares each with its value in the running game's profile; one never set leaves each game
//! its own value, one set replaces it in every game's next search.

use super::{EngineOption, Kind, Target};
use duel_rules::game::SearchProfile;
use once_cell::sync::Lazy;

/// The help of every tuning option (docs/engine.md's table lists only the standard options).
const HELP: &str = "a search parameter of the tuning build: docs/engine.md, \"Search profiles and \
                    the tuning build\"";

/// The options, in the order of the profile's fields; built once, from the parameters' table.
pub(super) static OPTIONS: Lazy<Vec<EngineOption>> = Lazy::new(|| {
    SearchProfile::PARAMETERS
        .iter()
        .map(|parameter| EngineOption {
            name: parameter.name,
            kind: Kind::Spin {
                default: (parameter.get)(&SearchProfile::DEFAULT),
                min: parameter.min,
                max: parameter.max,
                apply: set_parameter,
            },
            help: HELP,
        })
        .collect()
});

/// Sets the parameter named `name` (an option's name, so one of the table's) for the next search.
fn set_parameter(target: &mut dyn Target, name: &'static str, value: u64) {
    let index = SearchProfile::PARAMETERS
        .iter()
        .position(|parameter| parameter.name == name)
        .expect("every tuning option is a parameter");
    target.configure(&|settings| settings.profile.set(index, value));
}

/// The value of the search parameter called `name` in `profile`; `None` for an option that is not
/// a search parameter.
pub(super) fn value_in(name: &str, profile: &SearchProfile) -> Option<u64> {
    SearchProfile::PARAMETERS
        .iter()
        .find(|parameter| parameter.name == name)
        .map(|parameter| (parameter.get)(profile))
}
