//! The profile a search runs with: the game's own ([`SearchHooks::SEARCH`]), with any parameter a
//! tuner set through the tuning build's options in its place (docs/engine.md, "Search profiles and
//! the tuning build").
//!
//! [`SearchHooks::SEARCH`]: duel_rules::game::SearchHooks::SEARCH

use duel_rules::game::SearchProfile;

/// The parameters set at run time, by their index in [`SearchProfile::PARAMETERS`]; the others keep
/// the game's value, so switching games keeps what a tuner set and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProfileOverrides {
    values: [Option<u64>; SearchProfile::PARAMETERS.len()],
}

impl ProfileOverrides {
    /// None set: every game searches with its own profile.
    pub const NONE: ProfileOverrides = ProfileOverrides {
        values: [None; SearchProfile::PARAMETERS.len()],
    };

    /// Sets the parameter `SearchProfile::PARAMETERS[index]` to `value`, which must be within its
    /// range.
    pub fn set(&mut self, index: usize, value: u64) {
        let parameter = &SearchProfile::PARAMETERS[index];
        debug_assert!((parameter.min..=parameter.max).contains(&value));
        self.values[index] = Some(value);
    }

    /// `profile` with the parameters set here in place of its own.
    pub fn applied_to(&self, mut profile: SearchProfile) -> SearchProfile {
        for (parameter, value) in SearchProfile::PARAMETERS.iter().zip(&self.values) {
            if let Some(value) = *value {
                (parameter.set)(&mut profile, value);
            }
        }
        profile
    }
}

impl Default for ProfileOverrides {
    fn default() -> Self {
        ProfileOverrides::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_parameters_set_change() {
        assert_eq!(
            ProfileOverrides::NONE.applied_to(SearchProfile::DEFAULT),
            SearchProfile::DEFAULT
        );
        let index = SearchProfile::PARAMETERS
            .iter()
            .position(|p| p.name == "rfp_margin")
            .unwrap();
        let mut overrides = ProfileOverrides::NONE;
        overrides.set(index, 95);
        let singular = SearchProfile {
            singular_extension: true,
            ..SearchProfile::DEFAULT
        };
        let profile = overrides.applied_to(singular);
        assert_eq!(profile.rfp_margin.in_hundredths(), 95);
        assert!(profile.singular_extension, "the game's own value kept");
        assert_eq!(
            SearchProfile {
                rfp_margin: SearchProfile::DEFAULT.rfp_margin,
                ..profile
            },
            singular
        );
    }
}
