//! A suite file (`tests/search/tactics/suite.txt` for Duel, `tests/search/tactics/<variant>/suite.txt`
//! for the other games): one position per line, `<position>; mate <n>; winning moves: <m1> <m2> …`,
//! with `#` comment lines.

use std::path::PathBuf;

/// One line of the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position in the game's text (Duel: DFEN with both counters).
    pub position: String,
    /// The shortest forced win for the side to move, in its own moves.
    pub mate: u32,
    /// Every first move that forces that win, in canonical notation (marks included), as the
    /// reference generator sorts them.
    pub winning: Vec<String>,
}

impl Entry {
    /// The line as the suite file holds it.
    pub fn to_line(&self) -> String {
        format!(
            "{}; mate {}; winning moves: {}",
            self.position,
            self.mate,
            self.winning.join(" ")
        )
    }

    /// Parses one non-comment line; `Err` says what is wrong with it.
    pub fn parse(line: &str) -> Result<Entry, String> {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [position, mate, winning] = fields[..] else {
            return Err(format!("expected 3 fields separated by ';': {line:?}"));
        };
        let mate = mate
            .strip_prefix("mate ")
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| format!("bad mate field {mate:?}"))?;
        let winning: Vec<String> = winning
            .strip_prefix("winning moves:")
            .ok_or_else(|| format!("bad winning-moves field {winning:?}"))?
            .split_whitespace()
            .map(String::from)
            .collect();
        if winning.is_empty() {
            return Err(format!("no winning move in {line:?}"));
        }
        Ok(Entry {
            position: position.to_string(),
            mate,
            winning,
        })
    }
}

/// Where the suite of `variant` (the game's name) lives.
pub fn path(variant: &str) -> PathBuf {
    let tactics = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/search/tactics");
    match variant {
        "duel" => tactics.join("suite.txt"),
        other => tactics.join(other).join("suite.txt"),
    }
}

/// Every entry of the suite file of `variant`, in file order; panics on a malformed line, naming it.
pub fn load(variant: &str) -> Vec<Entry> {
    let path = path(variant);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(index, line)| {
            Entry::parse(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), index + 1))
        })
        .collect()
}
