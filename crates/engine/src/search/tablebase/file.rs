//! A database file: one signature's values, run-length compressed, with a block index for random
//! access (the scheme of Scan's endgame databases).
//!
//! Layout, little-endian: the magic `DUELEGTB`; the format version (u32); the game's name and the
//! signature's name (each a length byte and the bytes); the signature's code (u32); how many
//! positions (u64); how many per block (u32); the block count (u32); the data's length (u64); the
//! block index, each block's start in the data (u32 each); the data; and an FNV-1a checksum (u64) of
//! everything before it.
//!
//! The data is runs, none crossing a block's end: a value's code (see [`EndgameValue::code`]) and the
//! run's length less one as a LEB128 number. Indices that store no value (no position, or one
//! resolved through its moves) join whatever run they fall in, so they cost nothing.

use super::EndgameValue;
use super::value::NO_VALUE;
use duel_rules::game::Signature;
use std::fmt;

/// The first bytes of every database file.
const MAGIC: &[u8; 8] = b"DUELEGTB";
/// The format's version: a file of another is refused.
pub const FORMAT_VERSION: u32 = 1;
/// Positions per block: a probe decodes at most one block's runs.
const BLOCK: u64 = 256;

/// One signature's table, as read from its file (or just encoded).
#[derive(Clone, Debug)]
pub struct Table {
    /// The game's name.
    pub game: String,
    /// The signature's name.
    pub signature_name: String,
    /// The signature.
    pub signature: Signature,
    /// How many indices the table numbers.
    pub positions: u64,
    /// Each block's start in `data`.
    blocks: Vec<u32>,
    /// The runs.
    data: Vec<u8>,
}

/// Why a database file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The file does not start with the magic.
    NotATable,
    /// The file is of another format version.
    OtherVersion(u32),
    /// The file is of another game.
    OtherGame(String),
    /// The file ends before its contents do.
    Truncated,
    /// The checksum or the index does not match the contents.
    Corrupt,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NotATable => f.write_str("not an endgame database (no DUELEGTB magic)"),
            TableError::OtherVersion(v) => write!(
                f,
                "format version {v}, but this engine reads version {FORMAT_VERSION}"
            ),
            TableError::OtherGame(game) => write!(f, "a database of the game '{game}'"),
            TableError::Truncated => f.write_str("truncated: the file ends before its contents"),
            TableError::Corrupt => f.write_str("corrupt: the checksum does not match"),
        }
    }
}

impl std::error::Error for TableError {}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Table {
    /// Compresses `codes` (one per index; [`NO_VALUE`] where none is stored).
    pub fn encode(game: &str, signature_name: &str, signature: Signature, codes: &[u8]) -> Table {
        let mut data = Vec::new();
        let mut blocks = Vec::new();
        for block in codes.chunks(BLOCK as usize) {
            blocks.push(data.len() as u32);
            let mut run: Option<(u8, u64)> = None;
            let mut pending = 0; // indices without a value, not yet in a run
            for &code in block {
                run = match run {
                    _ if code == NO_VALUE => {
                        pending += 1;
                        run
                    }
                    Some((value, len)) if value == code => Some((value, len + 1 + pending)),
                    Some((value, len)) => {
                        push_run(&mut data, value, len + pending);
                        Some((code, 1))
                    }
                    None => Some((code, 1 + pending)),
                };
                if code != NO_VALUE {
                    pending = 0;
                }
            }
            let (value, len) = run.unwrap_or((0, 0));
            push_run(&mut data, value, len + pending);
        }
        Table {
            game: game.to_string(),
            signature_name: signature_name.to_string(),
            signature,
            positions: codes.len() as u64,
            blocks,
            data,
        }
    }

    /// The stored code at `index`: [`NO_VALUE`]'s indices read as a neighbouring value. `None` for an
    /// index out of range or data that does not decode (a probe never panics on a bad file).
    pub fn code(&self, index: u64) -> Option<u8> {
        if index >= self.positions {
            return None;
        }
        let block = (index / BLOCK) as usize;
        let start = *self.blocks.get(block)? as usize;
        let end = self
            .blocks
            .get(block + 1)
            .map_or(self.data.len(), |&e| e as usize);
        let mut runs = self.data.get(start..end)?;
        let mut within = index % BLOCK;
        loop {
            let (&value, rest) = runs.split_first()?;
            let (len, rest) = read_leb128(rest)?;
            if within <= len {
                return Some(value);
            }
            within -= len + 1;
            runs = rest;
        }
    }

    /// Every index's code in order, [`NO_VALUE`]'s indices reading as their run's value; `None` for
    /// data that does not decode.
    pub fn decode_all(&self) -> Option<Vec<u8>> {
        let mut codes = Vec::with_capacity(self.positions as usize);
        let mut runs = self.data.as_slice();
        while !runs.is_empty() {
            let (&value, rest) = runs.split_first()?;
            let (len, rest) = read_leb128(rest)?;
            // A run may claim any length: one beyond counting is beyond the table too.
            let end = usize::try_from(len).ok()?.checked_add(codes.len() + 1)?;
            if end as u64 > self.positions {
                return None;
            }
            codes.resize(end, value);
            runs = rest;
        }
        (codes.len() as u64 == self.positions).then_some(codes)
    }

    /// The stored value at `index`.
    pub fn value(&self, index: u64) -> Option<EndgameValue> {
        self.code(index).and_then(EndgameValue::from_code)
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.data.len() + 4 * self.blocks.len() + 64);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        for name in [&self.game, &self.signature_name] {
            out.push(name.len() as u8);
            out.extend_from_slice(name.as_bytes());
        }
        out.extend_from_slice(&self.signature.0.to_le_bytes());
        out.extend_from_slice(&self.positions.to_le_bytes());
        out.extend_from_slice(&(BLOCK as u32).to_le_bytes());
        out.extend_from_slice(&(self.blocks.len() as u32).to_le_bytes());
        out.extend_from_slice(&(self.data.len() as u64).to_le_bytes());
        for start in &self.blocks {
            out.extend_from_slice(&start.to_le_bytes());
        }
        out.extend_from_slice(&self.data);
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a file's bytes, refusing one of another game (`game`), of another version, truncated
    /// or corrupt.
    pub fn from_bytes(bytes: &[u8], game: &str) -> Result<Table, TableError> {
        let mut reader = Reader(bytes);
        if reader
            .take(MAGIC.len())
            .map_err(|_| TableError::NotATable)?
            != MAGIC
        {
            return Err(TableError::NotATable);
        }
        let version = reader.u32()?;
        if version != FORMAT_VERSION {
            return Err(TableError::OtherVersion(version));
        }
        let found_game = reader.name()?;
        if found_game != game {
            return Err(TableError::OtherGame(found_game));
        }
        let signature_name = reader.name()?;
        let signature = Signature(reader.u32()?);
        let positions = reader.u64()?;
        let block = reader.u32()?;
        let block_count = reader.u32()? as usize;
        let data_len = reader.u64()? as usize;
        if u64::from(block) != BLOCK || (block_count as u64) != positions.div_ceil(BLOCK) {
            return Err(TableError::Corrupt);
        }
        let blocks = (0..block_count)
            .map(|_| reader.u32())
            .collect::<Result<Vec<u32>, _>>()?;
        let data = reader.take(data_len)?.to_vec();
        let body = bytes.len() - reader.0.len();
        if reader.u64()? != checksum(&bytes[..body]) || !reader.0.is_empty() {
            return Err(TableError::Corrupt);
        }
        Ok(Table {
            game: found_game,
            signature_name,
            signature,
            positions,
            blocks,
            data,
        })
    }

    /// The compressed size in bytes (data and block index).
    pub fn compressed_size(&self) -> usize {
        self.data.len() + 4 * self.blocks.len()
    }
}

/// Appends a run: the code, then its length less one in LEB128.
fn push_run(data: &mut Vec<u8>, value: u8, len: u64) {
    data.push(value);
    let mut rest = len - 1;
    while rest >= 0x80 {
        data.push((rest as u8 & 0x7F) | 0x80);
        rest >>= 7;
    }
    data.push(rest as u8);
}

/// A LEB128 number at the start of `bytes`, and what follows it.
fn read_leb128(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let mut value = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(10) {
        value |= u64::from(b & 0x7F) << (7 * i);
        if b & 0x80 == 0 {
            return Some((value, &bytes[i + 1..]));
        }
    }
    None
}

/// Reads a file's fields in order; running out is [`TableError::Truncated`].
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        if self.0.len() < n {
            return Err(TableError::Truncated);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn u32(&mut self) -> Result<u32, TableError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, TableError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    fn name(&mut self) -> Result<String, TableError> {
        let len = self.take(1)?[0] as usize;
        Ok(String::from_utf8_lossy(self.take(len)?).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Vec<u8>, Table) {
        // Runs of every length, values absent here and there, several blocks.
        let codes: Vec<u8> = (0..1000u32)
            .map(|i| match i % 97 {
                0..=40 => 0,
                41..=43 => NO_VALUE,
                44..=90 => (i / 97) as u8 + 1,
                _ => 130,
            })
            .collect();
        let table = Table::encode("dame", "KvK", Signature(0x101), &codes);
        (codes, table)
    }

    #[test]
    fn every_stored_value_reads_back() {
        let (codes, table) = sample();
        let read = Table::from_bytes(&table.to_bytes(), "dame").unwrap();
        for (i, &code) in codes.iter().enumerate() {
            if code != NO_VALUE {
                assert_eq!(read.code(i as u64), Some(code), "index {i}");
            }
        }
        assert_eq!(read.code(1000), None);
        let all = read.decode_all().unwrap();
        assert_eq!(all.len(), codes.len());
        for (i, &code) in codes.iter().enumerate() {
            assert!(code == NO_VALUE || all[i] == code, "index {i}");
        }
        assert!(read.compressed_size() < 200, "{}", read.compressed_size());
    }

    /// Found by the `database` fuzz target: a checksummed file whose second run claims a length
    /// of `u64::MAX` (the LEB128 below) overflowed the count of decoded codes.
    #[test]
    fn fuzz_database_run_length_beyond_counting() {
        let mut data = vec![0, 0, 0];
        data.extend([0xFF; 9]);
        data.push(0x01);
        let table = Table {
            game: "dame".into(),
            signature_name: "KvK".into(),
            signature: Signature(0x101),
            positions: 2,
            blocks: vec![0],
            data,
        };
        let read = Table::from_bytes(&table.to_bytes(), "dame").unwrap();
        assert_eq!(read.decode_all(), None);
        assert_eq!(read.code(0), Some(0));
        assert_eq!(read.code(1), Some(0));
    }

    #[test]
    fn bad_files_are_refused_by_name() {
        let (_, table) = sample();
        let bytes = table.to_bytes();
        let refusal = |bytes: &[u8], game: &str| Table::from_bytes(bytes, game).unwrap_err();
        assert_eq!(
            refusal(&bytes, "alice"),
            TableError::OtherGame("dame".into())
        );
        assert_eq!(
            refusal(&bytes[..bytes.len() - 9], "dame"),
            TableError::Truncated
        );
        assert_eq!(refusal(&bytes[..30], "dame"), TableError::Truncated);
        let mut other_version = bytes.clone();
        other_version[8] = 9;
        assert_eq!(refusal(&other_version, "dame"), TableError::OtherVersion(9));
        let mut flipped = bytes.clone();
        let middle = bytes.len() - 20;
        flipped[middle] ^= 1;
        assert_eq!(refusal(&flipped, "dame"), TableError::Corrupt);
        assert_eq!(
            refusal(b"PK\x03\x04 not a table", "dame"),
            TableError::NotATable
        );
        assert_eq!(
            refusal(&bytes, "alice").to_string(),
            "a database of the game 'dame'"
        );
    }
}
