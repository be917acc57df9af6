//! Engine options that shape a search and its reports: threads, principal variations, the chances
//! shown beside a score, the move overhead, the playing strength, the contempt for draws, the
//! evaluation, the win-rate model scores are shown with, the endgame databases and the tuning
//! build's search parameters.

use super::nnue::{Network, embedded_network};
use super::profile::ProfileOverrides;
use super::skill::Strength;
use super::tablebase::Tablebases;
use duel_rules::game::{Evaluation, NetFeatures, Pieces, WinRateModel};
use std::sync::Arc;
use std::time::Duration;

/// Settings that come from engine options.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Search threads (Lazy SMP: every thread searches the whole tree, sharing the transposition
    /// table; the first one reports and decides).
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Whether the reports show the chances of a win, a draw and a loss beside the score
    /// (`UCI_ShowWDL`); the search itself is the same either way.
    pub show_wdl: bool,
    /// Time kept back per move for communication.
    pub move_overhead: Duration,
    /// The playing strength (`Skill Level`, `UCI_LimitStrength`, `UCI_Elo`).
    pub strength: Strength,
    /// How much worse than the evaluation's zero a draw is for the side the engine searches for
    /// (`Contempt`, in hundredths of a basic piece, as Stockfish's was in centipawns): above zero, the
    /// engine plays on in a level position rather than settle for a draw by rule or by the endgame
    /// databases; the opponent's draws are worth as much more to it.
    pub contempt: Pieces,
    /// Whether to evaluate with a net where the game has one (`Use NNUE`); otherwise, and in games
    /// without a net, with the game's hand-written evaluation.
    pub use_net: bool,
    /// The net loaded by `EvalFile`; `None`: the game's embedded net.
    pub net: Option<Arc<Network>>,
    /// The win-rate model loaded by `WDLFile`, which the reports' common scale and chances are
    /// shown with; `None`: the game's shipped model. The search itself does not read it.
    pub win_rate_model: Option<Arc<WinRateModel>>,
    /// The endgame databases loaded by `TablebasePath`, probed at the root and in the search.
    pub tablebases: Option<Arc<Tablebases>>,
    /// The search parameters set by the tuning build's options, in place of the game's own
    /// (none outside that build).
    pub profile: ProfileOverrides,
}

impl Settings {
    /// The defaults, which the engine options declare: one thread, one line without chances, 10 ms
    /// of overhead, full strength, no contempt, the game's embedded net.
    pub const DEFAULT: Settings = Settings {
        threads: 1,
        multipv: 1,
        show_wdl: false,
        move_overhead: Duration::from_millis(10),
        strength: Strength::FULL,
        contempt: Pieces::hundredths(0),
        use_net: true,
        net: None,
        win_rate_model: None,
        tablebases: None,
        profile: ProfileOverrides::NONE,
    };
}

/// A win-rate model's numbers are all finite ([`WinRateModel::new`] refuses others), so settings
/// equal themselves.
impl Eq for Settings {}

impl Settings {
    /// The net a search of `G` evaluates with under these settings: none when `Use NNUE` is off or
    /// the game has no feature set, else the loaded one or the embedded one.
    pub fn network<G: NetFeatures>(&self) -> Option<Arc<Network>> {
        if G::FEATURE_COUNT == 0 || !self.use_net {
            return None;
        }
        self.net.clone().or_else(embedded_network::<G>)
    }

    /// The win-rate model the reports of `G` are shown with: the one `WDLFile` loaded, else the
    /// game's shipped one.
    pub fn win_rate_model<G: Evaluation>(&self) -> &WinRateModel {
        match &self.win_rate_model {
            Some(model) => model,
            None => G::win_rate_model(),
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_rules::games::{Dipole, Duel};

    #[test]
    fn the_options_choose_the_net() {
        let hand_written = Settings {
            use_net: false,
            ..Settings::DEFAULT
        };
        assert!(hand_written.network::<Duel>().is_none());
        let embedded = Settings::DEFAULT
            .network::<Duel>()
            .expect("the embedded net");
        assert!(
            Arc::ptr_eq(&embedded, &embedded_network::<Duel>().unwrap()),
            "read once"
        );
        let loaded = Arc::new((*embedded_network::<Dipole>().unwrap()).clone());
        let from_file = Settings {
            net: Some(Arc::clone(&loaded)),
            ..Settings::DEFAULT
        };
        assert!(Arc::ptr_eq(
            &from_file.network::<Dipole>().unwrap(),
            &loaded
        ));
        assert!(
            Settings {
                use_net: false,
                ..from_file
            }
            .network::<Dipole>()
            .is_none(),
            "Use NNUE false outranks a loaded net"
        );
    }

    #[test]
    fn the_options_choose_the_win_rate_model() {
        assert_eq!(
            Settings::DEFAULT.win_rate_model::<Duel>(),
            Duel::win_rate_model()
        );
        let mut loaded = Duel::win_rate_model().clone();
        loaded.reference_phase = loaded.phase_range.0;
        let settings = Settings {
            win_rate_model: Some(Arc::new(loaded.clone())),
            ..Settings::DEFAULT
        };
        assert_eq!(settings.win_rate_model::<Duel>(), &loaded);
        assert_ne!(settings, Settings::DEFAULT);
    }
}
