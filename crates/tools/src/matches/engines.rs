//! `--engine` specifications: `name=<n> cmd=<path> [args=…] [proto=uci|ugi] [tc=<tc>]
//! [option.<Name>=<v>]…` or `name=<n> builtin=random|greedy`.

use super::builtin::BuiltinKind;
use crate::engine_process::EngineCommand;
use crate::time_control::TimeControl;
use duel_engine::protocol::Dialect;

/// What plays under a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// A program speaking the engine protocol.
    Process(EngineCommand),
    /// A built-in player.
    Builtin(BuiltinKind),
}

/// A named participant of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in PGN and statistics.
    pub name: String,
    /// What plays.
    pub kind: EngineKind,
    /// Its own clock, replacing the match's `--tc` for this engine (time odds, e.g. to measure how
    /// the engine scales with time).
    pub tc: Option<TimeControl>,
}

impl EngineSpec {
    /// Parses the `key=value` words of one `--engine`.
    pub fn parse(words: &[String]) -> Result<EngineSpec, String> {
        let mut name = None;
        let mut program = None;
        let mut builtin = None;
        let mut args = Vec::new();
        let mut options = Vec::new();
        let mut dialect = Dialect::Uci;
        let mut tc = None;
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("--engine: expected key=value, found '{word}'"))?;
            match key {
                "name" => name = Some(value.to_string()),
                "cmd" => program = Some(value.to_string()),
                "tc" => tc = Some(TimeControl::parse(value).map_err(|e| format!("--engine: {e}"))?),
                "args" => args.extend(value.split_whitespace().map(String::from)),
                "proto" => {
                    dialect = Dialect::from_name(value).ok_or_else(|| {
                        format!("--engine: proto must be uci or ugi, not '{value}'")
                    })?
                }
                "builtin" => {
                    builtin = Some(BuiltinKind::parse(value).ok_or_else(|| {
                        format!("--engine: unknown builtin '{value}' (random or greedy)")
                    })?)
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.push((option.to_string(), value.to_string()))
                    }
                    _ => return Err(format!("--engine: unknown key '{key}'")),
                },
            }
        }
        let kind = match (program, builtin) {
            (Some(program), None) => EngineKind::Process(EngineCommand {
                program,
                args,
                options,
                dialect,
            }),
            (None, Some(kind)) => EngineKind::Builtin(kind),
            (Some(_), Some(_)) => {
                return Err("--engine: give cmd= or builtin=, not both".to_string());
            }
            (None, None) => {
                return Err("--engine: needs cmd=<path> or builtin=random|greedy".to_string());
            }
        };
        let name = name.unwrap_or_else(|| kind.default_name());
        Ok(EngineSpec { name, kind, tc })
    }
}

impl EngineKind {
    /// The name of an engine given no `name=`: its program's file name, or the built-in's kind.
    fn default_name(&self) -> String {
        match self {
            EngineKind::Process(c) => c.program.rsplit('/').next().unwrap_or("engine").to_string(),
            EngineKind::Builtin(BuiltinKind::Random) => "random".to_string(),
            EngineKind::Builtin(BuiltinKind::Greedy) => "greedy".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_processes_and_builtins() {
        let spec = EngineSpec::parse(&words(
            "name=new cmd=./duel proto=ugi option.Hash=32 option.Move=5",
        ))
        .unwrap();
        assert_eq!(spec.name, "new");
        let EngineKind::Process(command) = spec.kind else {
            panic!("a process")
        };
        assert_eq!(command.dialect, Dialect::Ugi);
        assert_eq!(
            command.options,
            vec![("Hash".into(), "32".into()), ("Move".into(), "5".into())]
        );
        assert_eq!(spec.tc, None);
        let spec = EngineSpec::parse(&words("cmd=./duel tc=2+0.02")).unwrap();
        assert_eq!(spec.tc, Some(TimeControl::parse("2+0.02").unwrap()));
        let spec = EngineSpec::parse(&words("builtin=greedy")).unwrap();
        assert_eq!(
            (spec.name.as_str(), spec.kind),
            ("greedy", EngineKind::Builtin(BuiltinKind::Greedy))
        );
        for bad in [
            "name=x",
            "cmd=a builtin=random",
            "builtin=smart",
            "cmd=a proto=xboard",
            "cmd=a colour=red",
            "cmd",
            "cmd=a tc=fast",
        ] {
            assert!(EngineSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }
}
