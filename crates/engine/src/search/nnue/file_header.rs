//! The header the engine's own binary files start with (training data, nets): eight magic bytes that
//! say what the file is, a format version, then `key=value` text lines, the first naming the game,
//! the others how the file was made (settings, then `command=`). All numbers are little-endian.
//!
//! ```text
//! magic (8 bytes), version u16, text length u32, text (UTF-8 `key=value` lines: game=<name>, ...)
//! ```

use super::file_header_error::FileHeaderError;
use super::file_kind::FileKind;

/// A file's header: its game and the `key=value` lines that say how it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileHeader {
    /// The game's name (`Game::NAME`).
    pub game: String,
    /// The other lines, in order (settings, then `command=`).
    pub lines: Vec<(String, String)>,
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
    pub fn number(&self, key: &str) -> Result<usize, FileHeaderError> {
        let value = self.get(key).ok_or_else(|| FileHeaderError::MissingKey {
            key: key.to_string(),
        })?;
        value.parse().map_err(|_| FileHeaderError::NotANumber {
            key: key.to_string(),
            value: value.to_string(),
        })
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
    pub fn decode(bytes: &[u8], kind: FileKind) -> Result<(FileHeader, usize), FileHeaderError> {
        if bytes.len() < 14 || &bytes[..8] != kind.magic {
            return Err(FileHeaderError::WrongMagic { kind });
        }
        let version = u16::from_le_bytes([bytes[8], bytes[9]]);
        if version != kind.version {
            return Err(FileHeaderError::OtherVersion {
                kind,
                found: version,
            });
        }
        let length = u32::from_le_bytes([bytes[10], bytes[11], bytes[12], bytes[13]]) as usize;
        let text = bytes
            .get(14..14 + length)
            .ok_or(FileHeaderError::Truncated)?;
        let text = std::str::from_utf8(text).map_err(|_| FileHeaderError::NotUtf8)?;
        let mut lines = Vec::new();
        // Split as `encode` joins, at '\n' alone: `lines()` would also cut a '\r' before it off a
        // value that ends with one (a command line's last word, say), so it would not read back.
        for line in text.split_terminator('\n') {
            let (key, value) =
                line.split_once('=')
                    .ok_or_else(|| FileHeaderError::LineWithoutEquals {
                        line: line.to_string(),
                    })?;
            lines.push((key.to_string(), value.to_string()));
        }
        let game = match lines.first() {
            Some((key, value)) if key == "game" => value.clone(),
            _ => return Err(FileHeaderError::NoGameLine),
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
        assert!(wrong.to_string().contains("not a test file"), "{wrong}");
        let mut newer = header.encode(KIND);
        newer[8] = 4;
        let newer = FileHeader::decode(&newer, KIND).unwrap_err();
        assert!(newer.to_string().contains("version 4"), "{newer}");
        let short = FileHeader::decode(&bytes[..20], KIND).unwrap_err();
        assert!(short.to_string().contains("cut short"), "{short}");
    }

    /// Found by the fuzz target `datagen`: a value ending in '\r' (`k=v\r`, last line) was written
    /// back as `k=v\r\n`, which read as `v`.
    #[test]
    fn fuzz_datagen_a_value_ending_in_a_carriage_return_reads_back() {
        let header = FileHeader {
            game: "duel".into(),
            lines: vec![("command".into(), "duel datagen --out x.bin\r".into())],
        };
        let bytes = header.encode(KIND);
        assert_eq!(FileHeader::decode(&bytes, KIND), Ok((header, bytes.len())));
    }

    #[test]
    fn a_refusal_carries_what_is_wrong_and_says_it_in_the_same_words() {
        let header = FileHeader {
            game: "duel".into(),
            lines: vec![("nodes".into(), "many".into())],
        };
        let bytes = header.encode(KIND);
        let wrong = FileHeader::decode(b"SOMETHINGELSE!!", KIND).unwrap_err();
        assert_eq!(wrong, FileHeaderError::WrongMagic { kind: KIND });
        assert_eq!(
            wrong.to_string(),
            "not a test file (it does not start with TESTFILE)"
        );
        let mut newer = bytes.clone();
        newer[8] = 4;
        let newer = FileHeader::decode(&newer, KIND).unwrap_err();
        assert_eq!(
            newer,
            FileHeaderError::OtherVersion {
                kind: KIND,
                found: 4
            }
        );
        assert_eq!(
            newer.to_string(),
            "test file format version 4; this build reads version 3"
        );
        let short = FileHeader::decode(&bytes[..bytes.len() - 1], KIND);
        assert_eq!(short, Err(FileHeaderError::Truncated));
        assert_eq!(
            header.number("nodes").unwrap_err().to_string(),
            "nodes=many is not a number"
        );
        assert_eq!(
            header.number("hidden"),
            Err(FileHeaderError::MissingKey {
                key: "hidden".into()
            })
        );
    }
}
