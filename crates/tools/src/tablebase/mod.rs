//! `duel tablebase`: endgame databases by retrograde analysis (docs/tablebase.md). Every material
//! signature up to a number of pieces, fewest first, each built from the finished ones (`build`),
//! compressed into its file (`store`, the format in [`duel_engine::search::tablebase`]) and, on request,
//! checked (`verify`). A folder's finished files are kept, so a stopped run resumes.

mod build;
mod store;
mod sweep;
mod tables;
mod verify;

pub use tables::Tables;

use crate::cli_error::CliError;
use crate::tool::{Call, Tool, finished};
use clap::Args;
use duel_engine::search::tablebase::Table;
use duel_rules::game::{EndgameIndex, Signature};
use duel_rules::games::HostedGame;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Signatures of at most this many pieces are compared with a search to the end by `--verify`:
/// beyond it the search is too slow.
const SEARCH_CHECK_PIECES: u32 = 3;
/// The search's horizon in plies: every 3-piece result is forced well within it.
const SEARCH_HORIZON: u32 = 40;
/// Every this-many-th index is compared with the search.
const SEARCH_STEP: u64 = 997;

/// `duel tablebase`: build endgame databases.
#[derive(Args, Debug, Clone)]
pub struct TablebaseArgs {
    /// Every signature of up to this many pieces, both sides' men and kings together.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pub pieces: u32,
    /// The folder of the database files (made if missing); its finished files are kept.
    #[arg(long)]
    pub out: PathBuf,
    /// Threads [default: the machine's cores].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Then check every table: each value against its moves', and up to 3 pieces a sample
    /// against a search to the end.
    #[arg(long)]
    pub verify: bool,
    /// Check only these signatures, with `--verify`'s checks (names separated by commas, e.g.
    /// `KKvK,MvKM`): a large set a few signatures at a time.
    #[arg(long, value_delimiter = ',', value_name = "SIGNATURES")]
    pub verify_only: Vec<String>,
}

/// Builds (or keeps) every signature's file, then verifies them if asked.
pub fn run<G: EndgameIndex>(args: &TablebaseArgs) -> Result<(), String> {
    let signatures = G::endgame_signatures(args.pieces);
    if signatures.is_empty() {
        return Err(format!("{} has no endgame databases", G::NAME));
    }
    let to_verify = signatures_to_verify::<G>(args, &signatures)?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let started = Instant::now();
    let mut tables = Tables::default();
    let mut bytes = 0;
    for (at, &signature) in signatures.iter().enumerate() {
        let label = format!("[{:>3}/{}]", at + 1, signatures.len());
        bytes += make_signature::<G>(args, signature, &mut tables, threads, &label)?;
    }
    eprintln!(
        "{} signatures, {bytes} bytes, {:.1} s",
        signatures.len(),
        started.elapsed().as_secs_f64()
    );
    if !to_verify.is_empty() {
        verify_all::<G>(&tables, &to_verify, threads)?;
    }
    Ok(())
}

/// The signatures to check: every one of `signatures` with `--verify`, the named ones with
/// `--verify-only` (each of up to `--pieces` pieces, or the run is refused before it builds
/// anything), none otherwise.
fn signatures_to_verify<G: EndgameIndex>(
    args: &TablebaseArgs,
    signatures: &[Signature],
) -> Result<Vec<Signature>, String> {
    if args.verify_only.is_empty() {
        return Ok(if args.verify {
            signatures.to_vec()
        } else {
            Vec::new()
        });
    }
    args.verify_only
        .iter()
        .map(|name| {
            G::signature_named(name, args.pieces).ok_or_else(|| {
                format!(
                    "--verify-only: {name} is not a {} signature of up to {} pieces",
                    G::NAME,
                    args.pieces
                )
            })
        })
        .collect()
}

/// Keeps `signature`'s file where it is whole, or builds and writes it; adds its codes to
/// `tables` and returns the file's compressed size.
fn make_signature<G: EndgameIndex>(
    args: &TablebaseArgs,
    signature: Signature,
    tables: &mut Tables,
    threads: usize,
    label: &str,
) -> Result<usize, String> {
    let name = G::signature_name(signature);
    let path = store::path_of::<G>(&args.out, signature);
    match store::read::<G>(&path, signature) {
        Ok(Some(table)) => {
            let codes = table
                .decode_all()
                .ok_or_else(|| format!("{}: the data does not decode", path.display()))?;
            eprintln!("{label} {name}: kept {}", path.display());
            tables.insert(signature, codes);
            return Ok(table.compressed_size());
        }
        Ok(None) => {}
        Err(reason) => eprintln!("{label} {name}: {reason}; building it again"),
    }
    let started = Instant::now();
    let built = build::build::<G>(signature, tables, threads)?;
    let table = Table::encode(G::NAME, &name, signature, &built.codes);
    store::write(&path, &table)?;
    let [wins, draws, losses] = built.counts;
    eprintln!(
        "{label} {name}: {} positions, {wins} won, {draws} drawn, {losses} lost, {} passes, \
         {} bytes, {:.2} s",
        built.codes.len(),
        built.passes,
        table.compressed_size(),
        started.elapsed().as_secs_f64()
    );
    tables.insert(signature, built.codes);
    Ok(table.compressed_size())
}

/// Checks every signature's values against its moves', and the small ones against a search.
fn verify_all<G: EndgameIndex>(
    tables: &Tables,
    signatures: &[Signature],
    threads: usize,
) -> Result<(), String> {
    let started = Instant::now();
    let (mut consistent, mut searched, mut confirmed, mut beyond) = (0, 0, 0, 0);
    for (done, &signature) in signatures.iter().enumerate() {
        consistent += verify::check_consistency::<G>(tables, signature, threads)?;
        if G::signature_pieces(signature) <= SEARCH_CHECK_PIECES {
            let check =
                verify::check_against_search::<G>(tables, signature, SEARCH_STEP, SEARCH_HORIZON)?;
            searched += check.compared;
            confirmed += check.confirmed;
            beyond += check.beyond_horizon;
        }
        // A progress line a signature: checking 5 pieces takes about as long as building them.
        eprintln!(
            "[{:>3}/{}] {}: verified, {:.1} s",
            done + 1,
            signatures.len(),
            G::signature_name(signature),
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!(
        "verified: {consistent} indices against their moves; {searched} positions against a \
         search of {SEARCH_HORIZON} plies ({confirmed} wins and losses found by both, {beyond} \
         beyond its horizon); {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The signatures are the game's, so the arguments are checked in the run.
impl Tool for TablebaseArgs {
    type Settings = TablebaseArgs;

    fn settings(&self, _: &Call<'_>) -> Result<TablebaseArgs, String> {
        Ok(self.clone())
    }

    fn run<G: HostedGame>(args: &TablebaseArgs) -> Result<ExitCode, CliError> {
        finished(run::<G>(args))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_engine::search::tablebase::EndgameValue;
    use duel_rules::game::Game;
    use duel_rules::games::Dame;

    /// Every Dame table of up to `pieces` pieces, built in memory on two threads.
    fn dame_tables(pieces: u32) -> (Tables, Vec<Signature>) {
        let signatures = Dame::endgame_signatures(pieces);
        let mut tables = Tables::default();
        for &signature in &signatures {
            let built = build::build::<Dame>(signature, &tables, 2).unwrap();
            tables.insert(signature, built.codes);
        }
        (tables, signatures)
    }

    fn value(tables: &Tables, text: &str) -> EndgameValue {
        tables.value(&Dame::from_text(text).unwrap()).unwrap()
    }

    /// Every value against its moves; a sample against a short search (the full one, 40 plies,
    /// is `--verify`'s and takes a minute).
    #[test]
    fn three_pieces_agree_with_their_moves_and_with_a_search() {
        let (tables, signatures) = dame_tables(3);
        let mut confirmed = 0;
        for signature in signatures {
            let positions = Dame::endgame_position_count(signature);
            let checked = verify::check_consistency::<Dame>(&tables, signature, 2).unwrap();
            assert_eq!(checked, positions);
            let check = verify::check_against_search::<Dame>(&tables, signature, 997, 12).unwrap();
            assert!(
                check.compared > positions / 2000,
                "{check:?} of {positions}"
            );
            confirmed += check.confirmed;
        }
        assert!(confirmed > 50, "{confirmed}");
    }

    /// Colours reversed, a signature has as many wins, draws and losses as its mirror: a check
    /// of the build that the index (which uses no symmetry) does not make by itself.
    #[test]
    fn mirrored_signatures_have_the_same_results() {
        let (tables, signatures) = dame_tables(3);
        let counts = |signature| {
            let mut counts = [0; 3];
            for index in 0..Dame::endgame_position_count(signature) {
                if let Some(pos) = Dame::endgame_position(signature, index) {
                    counts[(1 - tables.value(&pos).unwrap().wdl()) as usize] += 1;
                }
            }
            counts
        };
        for &signature in &signatures {
            let name = Dame::signature_name(signature);
            let (white, black) = name.split_once('v').unwrap();
            let mirror = Dame::signature_named(&format!("{black}v{white}"), 3).unwrap();
            assert_eq!(counts(signature), counts(mirror), "{name}");
        }
    }

    #[test]
    fn values_of_known_positions() {
        let (tables, _) = dame_tables(2);
        // The White king takes the Black one: a capture due, resolved through its moves.
        assert_eq!(value(&tables, "8/8/8/8/8/2k5/8/K7 w"), EndgameValue::Win(1));
        // The king on a1 must step onto the long diagonal, where the king on h8 takes it.
        assert_eq!(value(&tables, "7k/8/8/8/8/8/8/K7 w"), EndgameValue::Loss(2));
        assert_eq!(value(&tables, "7k/8/8/8/8/8/8/K7 b"), EndgameValue::Loss(2));
        // Kings apart, off each other's diagonals: neither can force anything.
        assert_eq!(value(&tables, "8/8/8/4k3/8/8/8/6K1 w"), EndgameValue::Draw);
        // A Black man on a7 that can neither step nor jump: Black, to move, has lost.
        let (three, _) = dame_tables(3);
        assert_eq!(
            value(&three, "8/m7/1K6/2K5/8/8/8/8 b"),
            EndgameValue::Loss(0)
        );
        // The same man takes the king on b6 when c5 is free.
        assert_eq!(
            value(&three, "8/m7/1K6/8/3K4/8/8/8 b"),
            EndgameValue::Win(1)
        );
    }

    /// Between kings alone every conversion ends the game, so the distance to conversion is the
    /// distance to the end, which a search finds exactly: forced within it and not within one ply
    /// less.
    #[test]
    fn king_against_king_distances_are_those_of_a_search() {
        let (tables, signatures) = dame_tables(2);
        let kvk = signatures[0];
        assert_eq!(Dame::signature_name(kvk), "KvK");
        let mut memo = std::collections::HashMap::new();
        let mut decided = 0;
        for index in 0..Dame::endgame_position_count(kvk) {
            let pos = Dame::endgame_position(kvk, index).unwrap();
            let value = tables.value(&pos).unwrap();
            if value.wdl() == 0 {
                continue;
            }
            let d = value.distance();
            let mut forced = |plies| verify::forced_result(&pos, plies, &mut memo);
            assert_eq!(forced(d), value.wdl(), "{pos:?} {value:?}");
            if d > 0 {
                assert_eq!(forced(d - 1), 0, "{pos:?} {value:?}");
            }
            decided += 1;
        }
        assert!(decided > 100, "{decided}");
    }

    #[test]
    fn a_stored_value_that_breaks_its_moves_is_reported() {
        let (mut tables, signatures) = dame_tables(2);
        let kvk = signatures[0];
        let mut codes = tables.codes(kvk).unwrap().to_vec();
        let pos = Dame::from_text("7k/8/8/8/8/8/8/K7 w").unwrap();
        let (_, index) = pos.endgame_index().unwrap();
        codes[index as usize] = EndgameValue::Win(3).code().unwrap();
        tables.insert(kvk, codes);
        let error = verify::check_consistency::<Dame>(&tables, kvk, 2).unwrap_err();
        assert!(
            error.starts_with("KvK: 7k/8/8/8/8/8/8/K7 w stores Some(Win(3))"),
            "{error}"
        );
    }
}
