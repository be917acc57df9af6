//! `setoption name <name> [value <value>]`: its syntax and errors, and what a value does to the
//! handler and its engine. Which options there are, their kinds, ranges and value errors are the
//! option table's (`protocol::options`); this is the [`Target`] its values are applied to.

use super::Command;
use crate::protocol::handler::{Handler, TablebaseFolder};
use crate::protocol::options::{self, EMBEDDED_NET, Target};
use crate::protocol::{Flow, Output};
use crate::search::Settings;
use duel_rules::games::HostedGame;
use std::fmt;
use std::path::Path;

/// Why a `setoption` command cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetOptionSyntaxError {
    /// `name` is missing.
    MissingName,
    /// `name` is followed by no words.
    EmptyName,
}

impl fmt::Display for SetOptionSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetOptionSyntaxError::MissingName => f.write_str("expected 'name <name> [value <v>]'"),
            SetOptionSyntaxError::EmptyName => f.write_str("the option name is missing"),
        }
    }
}

impl std::error::Error for SetOptionSyntaxError {}

/// Reads the words after `setoption`.
pub(super) fn parse(args: &[&str]) -> Result<Command, SetOptionSyntaxError> {
    let Some((&"name", rest)) = args.split_first() else {
        return Err(SetOptionSyntaxError::MissingName);
    };
    // Option names may contain spaces; the name runs up to the word `value`.
    let split = rest.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(SetOptionSyntaxError::EmptyName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.filter(|v| !v.is_empty()),
    })
}

impl<G: HostedGame> Handler<G> {
    /// `setoption`: applies the value, or reports why not and changes nothing. Returns
    /// [`Flow::SwitchVariant`] when the value chose another game.
    pub(in crate::protocol) fn set_option(&mut self, name: &str, value: Option<&str>) -> Flow {
        if let Err(e) = options::set(self, name, value) {
            self.out.error(format!("setoption: {e}"));
        }
        match self.switching {
            Some(_) => Flow::SwitchVariant,
            None => Flow::Continue,
        }
    }
}

impl<G: HostedGame> Target for Handler<G> {
    fn configure(&mut self, change: &dyn Fn(&mut Settings)) {
        self.engine.configure(change);
    }

    fn resize_hash(&mut self, option: &'static str, megabytes: usize) {
        if let Err(e) = self.engine.set_hash_mb(megabytes) {
            self.out.error(format!(
                "setoption: cannot allocate {} MB for {option} ({}); keeping {} MB",
                e.wanted, e.cause, e.kept
            ));
        }
    }

    fn clear_hash(&mut self) {
        self.engine.clear_hash();
    }

    fn switch_variant(&mut self, variant: &'static str) {
        self.engine.stop();
        self.switching = Some(variant);
    }

    /// Loads the net at `path` (the embedded one for `None`) and says which net the engine now
    /// uses; a file that cannot be read or is not a net of this game is refused by name, the net in
    /// use kept.
    fn load_net(&mut self, option: &'static str, path: Option<String>) {
        let loaded = match &path {
            None => self.engine.set_net_file(EMBEDDED_NET, None),
            Some(path) => match std::fs::read(path) {
                Ok(bytes) => self.engine.set_net_file(path, Some(&bytes)),
                Err(e) => Err(format!("cannot read {path}: {e}")),
            },
        };
        let doing = "evaluating with";
        report_load(&self.out, option, path.as_deref(), loaded, doing, "the net");
    }

    /// Loads the win-rate model at `path` (the game's shipped one for `None`) and says which model
    /// scores and chances are now shown with; a file that cannot be read or is not a model of this
    /// game is refused by name, the model in use kept.
    fn load_win_rate_model(&mut self, option: &'static str, path: Option<String>) {
        let loaded = match &path {
            None => self.engine.set_win_rate_model_file(EMBEDDED_NET, None),
            Some(path) => match std::fs::read_to_string(path) {
                Ok(text) => self.engine.set_win_rate_model_file(path, Some(&text)),
                Err(e) => Err(format!("cannot read {path}: {e}")),
            },
        };
        let doing = "showing scores with";
        report_load(
            &self.out,
            option,
            path.as_deref(),
            loaded,
            doing,
            "the model",
        );
    }

    /// Loads this game's endgame databases from `folder` (none for `None`) and says what the
    /// searches now probe. A folder that cannot be read or holds no database of this game is
    /// reported, and the engine plays on without databases; each file refused is named, with why,
    /// and left out.
    fn load_tablebases(&mut self, option: &'static str, folder: Option<String>) {
        let loaded = self.engine.set_tablebases(folder.as_deref().map(Path::new));
        match (loaded, &folder) {
            (Ok(refused), Some(folder)) => {
                for reason in refused {
                    self.out
                        .error(format!("setoption: {option}: left out {reason}"));
                }
                if let Some(tables) = &self.engine.settings().tablebases {
                    self.out.info_string(format!(
                        "{option}: probing {} {} databases of up to {} pieces from {folder}",
                        tables.len(),
                        G::NAME,
                        tables.max_pieces()
                    ));
                }
            }
            (Ok(_), None) => {}
            (Err(e), _) => self.out.error(format!(
                "setoption: {option}: {e}; playing on without endgame databases"
            )),
        }
        self.tablebases = folder.map(|folder| TablebaseFolder { option, folder });
    }
}

/// Says on `out` what a file option's load came to: `<option>: <doing> <path>` (the embedded one
/// for no path), or the error and that `kept` stays in use.
fn report_load(
    out: &Output,
    option: &str,
    path: Option<&str>,
    loaded: Result<(), String>,
    doing: &str,
    kept: &str,
) {
    match loaded {
        Ok(()) => {
            let what = path.unwrap_or(EMBEDDED_NET);
            out.info_string(format!("{option}: {doing} {what}"));
        }
        Err(e) => out.error(format!("setoption: {option}: {e}; keeping {kept} in use")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Host;
    use crate::protocol::command::{CommandError, parse as parse_line};
    use crate::protocol::output::{Capture, Output};
    use crate::search::{ProfileOverrides, Strength, TranspositionTable};
    use duel_rules::game::{Evaluation, Pieces, WinRateModel};
    use duel_rules::games::{Alice, Duel};
    use std::time::Duration;

    fn ok(line: &str) -> Command {
        parse_line(line).unwrap().unwrap()
    }

    fn err(line: &str) -> CommandError {
        parse_line(line).unwrap_err()
    }

    fn set(handler: &mut Handler<Duel>, name: &str, value: Option<&str>) -> Flow {
        handler.handle(Command::SetOption {
            name: name.to_string(),
            value: value.map(str::to_string),
        })
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Ponder value"),
            Command::SetOption {
                name: "Ponder".into(),
                value: None
            }
        );
        assert_eq!(
            err("setoption Hash 3"),
            CommandError::SetOption(SetOptionSyntaxError::MissingName)
        );
        assert_eq!(
            err("setoption name value 3"),
            CommandError::SetOption(SetOptionSyntaxError::EmptyName)
        );
    }

    #[test]
    fn options_reach_the_engine() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        set(&mut handler, "hash", Some("2"));
        set(&mut handler, "threads", Some("3"));
        set(&mut handler, "MultiPV", Some("4"));
        set(&mut handler, "move overhead", Some("0"));
        set(&mut handler, "Ponder", Some("true"));
        set(&mut handler, "Clear Hash", None);
        set(&mut handler, "Skill Level", Some("7"));
        set(&mut handler, "UCI_LimitStrength", Some("true"));
        set(&mut handler, "UCI_Elo", Some("1000"));
        set(&mut handler, "Contempt", Some("35"));
        set(&mut handler, "UCI_ShowWDL", Some("true"));
        assert_eq!(handler.engine.hash_mb(), 2);
        assert_eq!(
            *handler.engine.settings(),
            Settings {
                threads: 3,
                multipv: 4,
                show_wdl: true,
                move_overhead: Duration::ZERO,
                strength: Strength {
                    skill_level: 7,
                    limit_strength: true,
                    elo: 1000,
                },
                contempt: Pieces::hundredths(35),
                use_net: true,
                net: None,
                win_rate_model: None,
                tablebases: None,
                profile: ProfileOverrides::NONE,
            }
        );
        set(&mut handler, "Use NNUE", Some("false"));
        assert!(!handler.engine.settings().use_net);
        assert_eq!(
            set(&mut handler, "UCI_Variant", Some("Dipole")),
            Flow::SwitchVariant
        );
        assert_eq!(Box::new(handler).into_parts().variant, "dipole");
        assert!(capture.lines().is_empty(), "{:?}", capture.lines());
    }

    #[test]
    fn files_that_cannot_be_read_are_reported_by_option() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        set(&mut handler, "EvalFile", Some("/no/such/net.nnue"));
        set(&mut handler, "EvalFile", None);
        let lines = capture.lines();
        assert!(
            lines[0].starts_with(
                "info string error: setoption: EvalFile: cannot read /no/such/net.nnue"
            ),
            "{lines:?}"
        );
        assert!(lines[0].ends_with("; keeping the net in use"), "{lines:?}");
        assert_eq!(lines[1], "info string EvalFile: evaluating with <embedded>");
    }

    #[test]
    fn a_win_rate_model_file_is_loaded_or_refused_by_cause() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        let dir = std::env::temp_dir().join(format!("duel-wdlfile-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shipped = Duel::win_rate_model();
        let mut other = shipped.clone();
        other.reference_phase = shipped.phase_range.0;
        let other = WinRateModel::new(
            "duel",
            other.a,
            other.b,
            other.phase_range,
            other.reference_phase,
        )
        .unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path.display().to_string()
        };
        let good = write("other.wdl", &other.to_text("another model", 10));
        let garbage = write("garbage.wdl", "not a model");
        let alice = write("alice.wdl", &Alice::win_rate_model().to_text("", 10));
        set(&mut handler, "WDLFile", Some(&good));
        assert_eq!(handler.engine.settings().win_rate_model::<Duel>(), &other);
        for bad in [
            garbage,
            alice,
            dir.join("missing.wdl").display().to_string(),
        ] {
            set(&mut handler, "WDLFile", Some(&bad));
        }
        assert_eq!(
            handler.engine.settings().win_rate_model::<Duel>(),
            &other,
            "kept"
        );
        set(&mut handler, "WDLFile", Some("<embedded>"));
        assert_eq!(handler.engine.settings().win_rate_model::<Duel>(), shipped);
        let lines = capture.lines();
        assert_eq!(
            lines[0],
            format!("info string WDLFile: showing scores with {good}")
        );
        assert!(
            lines[1].contains("line 1 is not key=value; keeping the model in use"),
            "{lines:?}"
        );
        assert!(
            lines[2].contains("the model is for alice, not duel"),
            "{lines:?}"
        );
        assert!(lines[3].contains("WDLFile: cannot read "), "{lines:?}");
        assert_eq!(
            lines[4],
            "info string WDLFile: showing scores with <embedded>"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn rejected_values_change_nothing() {
        let capture = Capture::default();
        let mut handler = Handler::<Duel>::new(Output::new(capture.clone()));
        let rejected = [
            ("Hash", Some("0")),
            ("Threads", Some("-1")),
            ("Threads", Some("99999999999999999999999")),
            ("Threads", None),
            ("MultiPV", Some("0")),
            ("Move Overhead", Some("5001")),
            ("Skill Level", Some("21")),
            ("UCI_Elo", Some("2074")),
            ("UCI_LimitStrength", Some("yes")),
            ("UCI_ShowWDL", Some("1")),
            ("Ponder", Some("yes")),
            ("UCI_Variant", Some("chess")),
            ("UCI_Variant", None),
            ("Contempt", Some("101")),
            ("Contempt", Some("-10")),
            ("SyzygyPath", Some("/tmp")),
        ];
        for (name, value) in rejected {
            assert_eq!(set(&mut handler, name, value), Flow::Continue);
        }
        assert_eq!(handler.engine.hash_mb(), TranspositionTable::DEFAULT_MB);
        assert_eq!(*handler.engine.settings(), Settings::DEFAULT);
        assert_eq!(handler.switching, None);
        let lines = capture.lines();
        assert_eq!(lines.len(), rejected.len());
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("info string error: setoption: ")),
            "{lines:?}"
        );
    }
}
