//! Fuzzes the endgame database files (`Table::from_bytes`, and `Tablebases::load` and `probe`, what
//! `setoption name TablebasePath` reads and the search asks), and the probing of the tables they
//! accept.
//!
//! Input: the first byte picks the game (bits 0–1: its index in `VARIANTS`, modulo their number;
//! Dame is the game with databases) and, with bit 7, has the checksum made right: the last 8 bytes
//! of the file are replaced by the FNV-1a of the rest, so that the fuzzer also reaches what follows
//! the checksum (the signature, the sizes, the runs) with any contents. The rest is the file, which
//! is written to a folder of its own for `Tablebases::load` to read as the engine does.
//!
//! Properties:
//! - loading (from bytes and from the folder) never panics, and both agree on whether the file is
//!   a table of the game;
//! - a table accepted has the magic, the version, the game, a checksum that matches (checked here
//!   apart from the loader), a signature the game lists and that signature's count of positions;
//!   written again (`to_bytes`) it is the same bytes (where its signature's name is UTF-8: the
//!   reader replaces what is not);
//! - a corrupt table is refused, so that no value of it reaches the search: an accepted file with
//!   any one byte changed, cut short by one byte or more, or one byte longer, does not load;
//! - probing an accepted table never panics: its codes at indices in and out of range, and the
//!   positions of its signature through the engine's `Tablebases::probe`, which gives each the
//!   value resolved from the table loaded again from the same bytes.

#![no_main]

use duel_engine::search::tablebase::{Table, Tablebases, resolve};
use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The most indices of a table probed per input.
const MAX_PROBES: u64 = 300;
/// The file's fixed fields before the names: the magic and the version.
const MAGIC: &[u8] = b"DUELEGTB";

/// FNV-1a, 64 bits: the files' checksum, written here apart from the loader's.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether the last 8 bytes are the checksum of the others.
fn checksum_matches(bytes: &[u8]) -> bool {
    let Some(body) = bytes.len().checked_sub(8) else {
        return false;
    };
    bytes[body..] == fnv1a(&bytes[..body]).to_le_bytes()
}

/// The folder of this process's database file: in memory where Linux offers it (`/dev/shm`),
/// since a file rewritten on disk at every run is flushed at every run. Made for each run and
/// removed after it, so that none is left behind once the fuzzer exits.
fn folder() -> &'static PathBuf {
    static FOLDER: OnceLock<PathBuf> = OnceLock::new();
    FOLDER.get_or_init(|| {
        let shm = PathBuf::from("/dev/shm");
        let base = if shm.is_dir() {
            shm
        } else {
            std::env::temp_dir()
        };
        base.join(format!("duel-fuzz-database-{}", std::process::id()))
    })
}

/// The signature name's bytes as the file holds them: after the magic, the version and the game's
/// name (each name a length byte and its bytes).
fn signature_name_bytes(bytes: &[u8]) -> Option<&[u8]> {
    let game_length = usize::from(*bytes.get(12)?);
    let at = 13 + game_length;
    let length = usize::from(*bytes.get(at)?);
    bytes.get(at + 1..at + 1 + length)
}

/// Loads and checks one file for game `G`.
struct Check<'a> {
    bytes: &'a [u8],
}

impl GameVisitor for Check<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        let bytes = self.bytes;
        let read = Table::from_bytes(bytes, G::NAME);
        // The engine's way in: every `<game>-*.tb` file of the folder.
        let path = folder().join(format!("{}-fuzz.tb", G::NAME));
        std::fs::write(&path, bytes).expect("the file is written");
        let (tables, refused) = Tablebases::load::<G>(folder()).expect("the folder reads");
        let Ok(table) = read else {
            assert!(
                tables.is_empty() && refused.len() == 1,
                "a refused file loads"
            );
            return;
        };
        // Refused by the folder's loader only: a whole file of a signature the game does not
        // list (whose size it cannot tell), or of another size than its signature's.
        let signature = table.signature;
        let listed = G::endgame_signatures(G::signature_pieces(signature)).contains(&signature);
        if !listed || table.positions != G::endgame_position_count(signature) {
            assert!(
                tables.is_empty() && refused.len() == 1,
                "a table of another signature or size loads"
            );
            return;
        }
        assert_eq!(tables.len(), 1, "a table the loader reads is not loaded");
        assert!(bytes.starts_with(MAGIC) && bytes[8..12] == 1u32.to_le_bytes());
        assert_eq!(table.game, G::NAME);
        assert!(
            checksum_matches(bytes),
            "a table is accepted whose checksum does not match"
        );
        if signature_name_bytes(bytes).is_some_and(|name| std::str::from_utf8(name).is_ok()) {
            assert!(
                table.to_bytes() == bytes,
                "the table is not written back as read"
            );
        }
        refuses_corrupt_copies(bytes, G::NAME);
        probe::<G>(bytes, &table, &tables);
    }
}

/// An accepted file changed in one byte, cut, or lengthened is refused; which byte and how much
/// depend on the file.
fn refuses_corrupt_copies(bytes: &[u8], game: &str) {
    let hash = fnv1a(bytes);
    let refused = |copy: &[u8], what: &str| {
        assert!(
            Table::from_bytes(copy, game).is_err(),
            "a file {what} still loads"
        );
    };
    for k in 0..4u64 {
        let mut changed = bytes.to_vec();
        let at = (hash.rotate_left(16 * k as u32) % bytes.len() as u64) as usize;
        changed[at] ^= 1 << (k + hash % 5);
        refused(&changed, "with one byte changed");
    }
    refused(&bytes[..bytes.len() - 1], "cut by one byte");
    refused(&bytes[..(hash % bytes.len() as u64) as usize], "cut short");
    refused(&[bytes, &[0]].concat(), "one byte longer");
}

/// Probes `table` (and `tables`, the engine's load of the same file) at indices spread over its
/// range: codes, and the positions of its signature.
fn probe<G: HostedGame>(bytes: &[u8], table: &Table, tables: &Tablebases) {
    let again = Table::from_bytes(bytes, G::NAME).expect("the same bytes load again");
    assert_eq!(table.decode_all(), again.decode_all());
    let signature = table.signature;
    let step = (table.positions / MAX_PROBES).max(1);
    let offset = fnv1a(bytes) % step;
    let mut index = offset;
    while index < table.positions {
        let code = table.code(index);
        assert_eq!(code, again.code(index), "index {index}");
        if let Some(pos) = G::endgame_position(signature, index) {
            // The numbering's contract, for the game's signatures (the only ones loaded).
            assert_eq!(pos.endgame_index(), Some((signature, index)));
            let stored = |s, i| if s == signature { again.value(i) } else { None };
            let probed = tables.probe(&pos);
            if pos.endgame_pieces() <= tables.max_pieces() {
                assert_eq!(probed, resolve(&pos, &stored), "{}", pos.to_text());
            }
        }
        index += step;
    }
    for beyond in [table.positions, table.positions.saturating_add(1), u64::MAX] {
        assert_eq!(table.code(beyond), None, "a code beyond the table");
    }
}

fuzz_target!(|input: &[u8]| {
    let Some((&first, file)) = input.split_first() else {
        return;
    };
    let game = VARIANTS[usize::from(first & 0x03) % VARIANTS.len()];
    let mut bytes = file.to_vec();
    if first & 0x80 != 0 && bytes.len() >= 8 {
        let body = bytes.len() - 8;
        let sum = fnv1a(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.to_le_bytes());
    }
    std::fs::create_dir_all(folder()).expect("a temporary folder");
    for_variant(game, Check { bytes: &bytes }).expect("a name from VARIANTS");
    let _ = std::fs::remove_dir_all(folder());
});
