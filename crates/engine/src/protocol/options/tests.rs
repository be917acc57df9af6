use super::*;
use crate::search::{ProfileOverrides, Strength, TranspositionTable};
use duel_rules::game::Pieces;
use duel_rules::games::VARIANTS;
use std::time::Duration;
use table::MAX_HASH_MB;

/// A target that keeps the settings and writes down every other change.
struct Recorder {
    settings: Settings,
    changes: Vec<String>,
}

impl Recorder {
    fn new() -> Self {
        Recorder {
            settings: Settings::DEFAULT,
            changes: Vec::new(),
        }
    }
}

impl Target for Recorder {
    fn configure(&mut self, change: &dyn Fn(&mut Settings)) {
        change(&mut self.settings);
    }
    fn resize_hash(&mut self, option: &'static str, megabytes: usize) {
        self.changes.push(format!("{option}: resize {megabytes}"));
    }
    fn clear_hash(&mut self) {
        self.changes.push("clear".into());
    }
    fn switch_variant(&mut self, variant: &'static str) {
        self.changes.push(format!("switch {variant}"));
    }
    fn load_net(&mut self, option: &'static str, path: Option<String>) {
        self.changes.push(format!("{option}: net {path:?}"));
    }
    fn load_win_rate_model(&mut self, option: &'static str, path: Option<String>) {
        self.changes.push(format!("{option}: model {path:?}"));
    }
    fn load_tablebases(&mut self, option: &'static str, folder: Option<String>) {
        self.changes
            .push(format!("{option}: tablebases {folder:?}"));
    }
}

fn parse(name: &str, value: Option<&str>) -> Result<Recorder, OptionError> {
    let mut recorder = Recorder::new();
    set(&mut recorder, name, value)?;
    Ok(recorder)
}

/// The changes other than to the settings that setting `name` to `value` makes.
fn changes(name: &str, value: Option<&str>) -> Vec<String> {
    parse(name, value).unwrap().changes
}

/// The settings after setting `name` to `value`.
fn settings(name: &str, value: Option<&str>) -> Settings {
    parse(name, value).unwrap().settings
}

#[test]
fn the_declarations_and_their_defaults() {
    assert_eq!(TranspositionTable::DEFAULT_MB, 16);
    assert_eq!(
        Settings::DEFAULT,
        Settings {
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
        }
    );
    assert_eq!(VARIANTS[0], "duel");
    let variants: String = VARIANTS.iter().map(|v| format!(" var {v}")).collect();
    // The table's options come first; the tuning build's follow them (its own tests below).
    assert_eq!(
        declarations(&SearchProfile::DEFAULT)[..OPTIONS.len()],
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
            "option name UCI_ShowWDL type check default false",
            "option name Contempt type spin default 0 min 0 max 100",
            "option name Use NNUE type check default true",
            "option name EvalFile type string default <embedded>",
            "option name WDLFile type string default <embedded>",
            "option name TablebasePath type string default <empty>",
        ]
    );
}

#[test]
fn every_default_is_a_valid_value() {
    for option in OPTIONS {
        let default = match option.kind {
            Kind::Spin { default, .. } => Some(default.to_string()),
            Kind::Check { default, .. } => Some(default.to_string()),
            Kind::Button { .. } => None,
            Kind::Combo { values, .. } => Some(values[0].to_string()),
            Kind::Text { default, .. } => Some(default.to_string()),
        };
        assert!(
            parse(option.name, default.as_deref()).is_ok(),
            "{}",
            option.name
        );
    }
}

#[test]
fn the_variant_is_a_choice() {
    assert_eq!(changes("uci_variant", Some("DIPOLE")), ["switch dipole"]);
    let err = parse("UCI_Variant", Some("chess")).err().unwrap();
    assert!(matches!(err, OptionError::NotAChoice { .. }), "{err:?}");
    assert!(parse("UCI_Variant", None).is_err());
}

#[test]
fn names_are_case_insensitive_and_values_reach_their_setting() {
    assert_eq!(changes("hash", Some("64")), ["Hash: resize 64"]);
    let overhead = settings("move  OVERHEAD", Some("0")).move_overhead;
    assert_eq!(overhead, Duration::ZERO);
    assert_eq!(settings("multipv", Some("3")).multipv, 3);
    let contempt = settings("contempt", Some("25")).contempt;
    assert_eq!(contempt, Pieces::hundredths(25));
    assert_eq!(settings("PONDER", Some("True")), Settings::DEFAULT);
    assert_eq!(changes("PONDER", Some("True")), Vec::<String>::new());
    assert_eq!(changes("clear hash", None), ["clear"]);
    assert!(!settings("use nnue", Some("false")).use_net);
    assert_eq!(settings("threads", Some("2")).threads, 2);
    assert_eq!(settings("skill level", Some("5")).strength.skill_level, 5);
    assert!(
        settings("uci_limitstrength", Some("TRUE"))
            .strength
            .limit_strength
    );
    assert_eq!(settings("UCI_ELO", Some("1200")).strength.elo, 1200);
    assert!(settings("uci_showwdl", Some("true")).show_wdl);
    assert!(!settings("UCI_ShowWDL", Some("false")).show_wdl);
}

#[test]
fn strings_stand_for_the_default_when_empty_or_the_default() {
    assert_eq!(
        changes("evalfile", Some("nets/my net.nnue")),
        [r#"EvalFile: net Some("nets/my net.nnue")"#]
    );
    assert_eq!(
        changes("EvalFile", Some("<embedded>")),
        ["EvalFile: net None"]
    );
    assert_eq!(changes("EvalFile", None), ["EvalFile: net None"]);
    assert_eq!(
        changes("wdlfile", Some("nets/my.wdl")),
        [r#"WDLFile: model Some("nets/my.wdl")"#]
    );
    assert_eq!(
        changes("WDLFile", Some("<embedded>")),
        ["WDLFile: model None"]
    );
    assert_eq!(changes("WDLFile", None), ["WDLFile: model None"]);
    assert_eq!(
        changes("tablebasepath", Some(" tb/dame ")),
        [r#"TablebasePath: tablebases Some("tb/dame")"#]
    );
    assert_eq!(
        changes("TablebasePath", Some("<empty>")),
        ["TablebasePath: tablebases None"]
    );
}

#[test]
fn reject_bad_values() {
    assert_eq!(
        parse("Hash", Some("0")).err(),
        Some(OptionError::OutOfRange {
            name: "Hash",
            value: 0,
            min: 1,
            max: MAX_HASH_MB
        })
    );
    for (name, value) in [("Threads", "-1"), ("Threads", "99999999999999999999999")] {
        let err = parse(name, Some(value)).err();
        assert!(
            matches!(err, Some(OptionError::NotANumber { .. })),
            "{value}"
        );
    }
    assert_eq!(
        parse("Threads", None).err(),
        Some(OptionError::MissingValue("Threads"))
    );
    assert!(matches!(
        parse("Ponder", Some("yes")).err(),
        Some(OptionError::NotABool { .. })
    ));
    assert!(matches!(
        parse("Skill Level", Some("21")).err(),
        Some(OptionError::OutOfRange { max: 20, .. })
    ));
    assert!(matches!(
        parse("UCI_Elo", Some("462")).err(),
        Some(OptionError::OutOfRange { min: 463, .. })
    ));
    assert!(matches!(
        parse("UCI_LimitStrength", Some("1")).err(),
        Some(OptionError::NotABool { .. })
    ));
    assert!(matches!(
        parse("UCI_ShowWDL", Some("yes")).err(),
        Some(OptionError::NotABool { .. })
    ));
    assert_eq!(
        parse("UCI_ShowWDL", None).err(),
        Some(OptionError::MissingValue("UCI_ShowWDL"))
    );
    assert_eq!(
        parse("SyzygyPath", Some("/tmp")).err(),
        Some(OptionError::Unknown("SyzygyPath".into()))
    );
}

#[test]
fn the_messages_name_the_option_and_the_evidence() {
    let message = |name, value| parse(name, value).err().unwrap().to_string();
    assert_eq!(
        message("Hash", Some("0")),
        "option 'Hash' must be from 1 to 12288, found 0"
    );
    assert_eq!(
        message("Ponder", Some("yes")),
        "option 'Ponder' must be 'true' or 'false', found 'yes'"
    );
    assert_eq!(message("Threads", None), "option 'Threads' needs a value");
    assert_eq!(
        message("Threads", Some("x")),
        "option 'Threads' needs a whole number, found 'x'"
    );
    assert_eq!(message("nope", None), "unknown option 'nope'");
    assert_eq!(
        message("UCI_Variant", Some("chess")),
        format!(
            "option 'UCI_Variant' must be one of {}, found 'chess'",
            VARIANTS.join(", ")
        )
    );
}

/// docs/engine.md's table of options is this table, so the two cannot drift apart.
#[test]
fn the_docs_show_the_option_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/engine.md");
    let doc = std::fs::read_to_string(path).expect("docs/engine.md");
    let header = "| option | type | default | range | what it does |";
    let start = doc
        .find(header)
        .expect("docs/engine.md has a table of options");
    let shown: Vec<&str> = doc[start..]
        .lines()
        .take_while(|line| line.starts_with('|'))
        .collect();
    let table = options_markdown();
    let declared: Vec<&str> = table.lines().collect();
    assert_eq!(
        shown, declared,
        "docs/engine.md's table of options, from the option table:\n{table}"
    );
}
