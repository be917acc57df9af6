//! Before any game: the engine is started once and its `uci` answer read, so that a parameter it
//! does not declare as a `spin` option, or a range wider than the one it declares, is refused by
//! name.

use super::param::Param;
use crate::engine_process::{EngineCommand, EngineProcess, HandshakeError, WaitError};
use std::collections::BTreeMap;
use std::time::Duration;

/// A spin option's range as the engine declares it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct SpinRange {
    min: f64,
    max: f64,
}

/// Checks `params` against the spin options `command`'s engine declares for `variant`.
pub fn check_options(
    command: &EngineCommand,
    params: &[Param],
    variant: &str,
    timeout: Duration,
) -> Result<(), String> {
    let spins = declared_spins(command, variant, timeout)?;
    for param in params {
        let name = &param.name;
        let range = spins.get(&name.to_ascii_lowercase()).ok_or_else(|| {
            format!("parameter {name}: the engine has no spin option of that name")
        })?;
        if param.min < range.min || param.max > range.max {
            return Err(format!(
                "parameter {name}: [{}, {}] is outside the engine's range [{}, {}]",
                param.min, param.max, range.min, range.max
            ));
        }
    }
    Ok(())
}

/// The spin options of the engine's `uci` answer, by lower-cased name (UCI option names are not
/// case sensitive).
fn declared_spins(
    command: &EngineCommand,
    variant: &str,
    timeout: Duration,
) -> Result<BTreeMap<String, SpinRange>, String> {
    let program = &command.program;
    let mut engine = EngineProcess::spawn(command)
        .map_err(|e| format!("cannot start the engine {program}: {e}"))?;
    let mut lines = Vec::new();
    let answer = engine.handshake(command, variant, timeout, |traffic| {
        if let crate::engine_process::Traffic::Received(line) = traffic {
            lines.push(line.to_string());
        }
    });
    let _ = engine.send("quit");
    engine.kill();
    answer.map_err(|e| match e {
        HandshakeError::Wait(WaitError::Silent(_)) => format!("the engine {program} sent no uciok"),
        HandshakeError::Wait(WaitError::Exited(status)) => {
            format!("the engine {program} exited during the handshake ({status})")
        }
        HandshakeError::Write(e) => format!("cannot write to the engine {program}: {e}"),
    })?;
    Ok(lines.iter().filter_map(|line| spin(line)).collect())
}

/// The name and range of an `option name <N> type spin default <d> min <a> max <b>` line.
fn spin(line: &str) -> Option<(String, SpinRange)> {
    let rest = line.strip_prefix("option name ")?;
    let (name, rest) = rest.split_once(" type ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.first() != Some(&"spin") {
        return None;
    }
    let value = |key: &str| -> Option<f64> {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1)?.parse().ok()
    };
    let range = SpinRange {
        min: value("min")?,
        max: value("max")?,
    };
    Some((name.trim().to_ascii_lowercase(), range))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_spin_declarations_only() {
        assert_eq!(
            spin("option name Skill Level type spin default 20 min 0 max 20"),
            Some((
                "skill level".into(),
                SpinRange {
                    min: 0.0,
                    max: 20.0
                }
            ))
        );
        assert_eq!(spin("option name Ponder type check default false"), None);
        assert_eq!(spin("id name toy"), None);
    }
}
