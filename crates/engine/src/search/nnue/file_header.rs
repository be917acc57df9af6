//! The header the engine's own binary files start with (training data, nets): eight magic bytes that
//! say what the file is, a format version, then `key=value` text lines, the first naming the game,
//! the others how the file was made (settings, then `command=`). All numbers are little-endian.
//!
//! ```text
//! magic (8 bytes), version u16, text length u32, text (UTF-8 `key=value` lines: game=<name>, ...)
//! ```

/// A file's header: its game and the `key=value` lines that say how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileHeader {
    /// The game's name (`Game::NAME`).
    pub game: String,
    /// The other lines, in order (settings, then `command=`).
    pub lines: Vec<(String, String)>,
}

/// What kind of file a header opens: its magic bytes, the version this build writes and reads, and
/// what to call it in errors.
#[derive(Clone, Copy, Debug)]
pub struct FileKind {
    /// The first bytes of every file of this kind.
    pub magic: &'static [u8; 8],
    /// The format version this build writes and reads.
    pub version: u16,
    /// What errors call it, e.g. `duel datagen file`.
    pub name: &'static str,
}

impl FileHeader {
    /// The value of `key`, if the header has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.lines
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `key` as a number; errors name a line that is missing or not a number.
    pub fn number(&self, key: &str) -> Result<usize, String> {
        let value = self.get(key).ok_or(format!("the header has no {key}="))?;
        value
            .parse()
            .map_err(|_| format!("{key}={value} is not a number"))
    }

    /// The header's bytes, for a file of `kind`.
    pub fn encode(&self, kind: FileKind) -> Vec<u8> {
        let mut text = format!("game={}\n", self.game);
        for (key, value) in &self.lines {
            text.push_str(&format!("{key}={value}\n"));
        }
        let mut bytes = kind.magic.to_vec();
        bytes.extend_from_slice(&kind.version.to_le_bytes());
        bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
        bytes
    }

    /// Reads the header of a file of `kind` from the front of `bytes`; returns it and its length in
    /// bytes. Errors name what is wrong.
    pub fn decode(bytes: &[u8], kind: FileKind) -> Result<(FileHeader, usize), String> {
        if bytes.len() < 14 || &bytes[..8] != kind.magic {
            let magic = String::from_utf8_lossy(kind.magic);
            return Err(format!(
                "not a {} (it does not start with {magic})",
                kind.name
            ));
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != kind.version {
            return Err(format!(
                "{} format version {version}; this build reads version {}",
                kind.name, kind.version
            ));
        }
        let length = u32::from_le_bytes([bytes[10], bytes[11], bytes[12], bytes[13]]) as usize;
        let text = bytes
            .get(14..14 + length)
            .ok_or("the header is cut short")?;
        let text = std::str::from_utf8(text).map_err(|_| "the header is not UTF-8")?;
        let mut lines = Vec::new();
        for line in text.lines() {
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("header line without '=': {line:?}"))?;
            lines.push((key.to_string(), value.to_string()));
        }
        let game = match lines.first() {
            Some((key, value)) if key == "game" => value.clone(),
            _ => return Err("the header does not start with game=".to_string()),
        };
        lines.remove(0);
        Ok((FileHeader { game, lines }, 14 + length))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIND: FileKind = FileKind {
        magic: b"TESTFILE",
        version: 3,
        name: "test file",
    };

    #[test]
    fn a_header_round_trips_and_bad_ones_are_named() {
        let header = FileHeader {
            game: "duel".into(),
            lines: vec![
                ("nodes".into(), "5000".into()),
                ("command".into(), "x=y".into()),
            ],
        };
        let mut bytes = header.encode(KIND);
        let length = bytes.len();
        bytes.extend_from_slice(b"rest");
        assert_eq!(
            FileHeader::decode(&bytes, KIND),
            Ok((header.clone(), length))
        );
        assert_eq!(header.get("command"), Some("x=y"));
        let wrong = FileHeader::decode(b"SOMETHINGELSE!!", KIND).unwrap_err();
        assert!(wrong.contains("not a test file"), "{wrong}");
        let mut newer = header.encode(KIND);
        newer[8] = 4;
        let newer = FileHeader::decode(&newer, KIND).unwrap_err();
        assert!(newer.contains("version 4"), "{newer}");
        let short = FileHeader::decode(&bytes[..20], KIND).unwrap_err();
        assert!(short.contains("cut short"), "{short}");
    }
}
