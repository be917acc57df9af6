//! Fuzzes the NNUE net file loader (`Network::from_bytes`, what `setoption name EvalFile` reads) and
//! the evaluation of the nets it accepts.
//!
//! Input: the first byte picks the game (its index in `VARIANTS`, modulo their number); bit 7 of it
//! picks how the rest makes the file:
//! - clear: the rest is the file as it is (the seeds are small nets and cut ones);
//! - set: the rest, through `arbitrary`, writes a file of the game's shape (a header with a small
//!   hidden layer, perhaps output buckets, perhaps a wrong size line or extra lines, then parameters
//!   filled from the input's bytes), then perhaps cuts it, lengthens it or changes one byte, so that
//!   most files get past the header to the parameters and into the evaluation.
//!
//! Properties:
//! - loading never panics, whatever the bytes;
//! - a net that loads is the game's (`game=`, its feature count) with a non-empty hidden layer, and
//!   the same bytes loaded again give the same net, evaluating every position alike;
//! - on the start and positions of random play, the accumulators a search keeps (`NetStack`, updated
//!   move by move) give the evaluation summed afresh (`evaluate_afresh`);
//! - the net's own file (`to_bytes`) reads back as the same net, and evaluates alike.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use duel_engine::search::nnue::network::FILE_KIND;
use duel_engine::search::nnue::{FileHeader, NetStack, Network, evaluate_afresh};
use duel_rules::game::{MoveList, Rng};
use duel_rules::games::{GameVisitor, HostedGame, VARIANTS, for_variant};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// The most neurons of a written file's hidden layer: a vector of 16 lanes and a tail.
const MAX_WRITTEN_HIDDEN: usize = 17;
/// Plies of each random game whose positions are evaluated.
const PLIES: usize = 24;

/// How a written file departs from the game's shape.
#[derive(Arbitrary, Debug)]
struct Written {
    /// `hidden=`, `1 + n % MAX_WRITTEN_HIDDEN` (0 for 255: refused).
    hidden: u8,
    /// The `hidden=` line's text instead, the parameters still sized by `hidden`: any number.
    hidden_text: Option<String>,
    /// `buckets=` and `bucket_span=`, each modulo 20 (0 and above 16 are refused).
    buckets: Option<(u8, u8)>,
    /// `scale=`.
    scale: Scale,
    /// The `features=` line off by this much (0: the game's).
    features_off: i8,
    /// `qa=` and `qb=` off by this much (0: this build's).
    quantisation_off: (i8, i8),
    /// Lines added after the sizes.
    extra: Vec<(String, String)>,
    /// Another game's name in `game=`.
    other_game: Option<String>,
    /// The parameters' bytes, cycled to fill them (zeros when empty).
    fill: Vec<u8>,
    /// What happens to the file once written.
    change: Change,
}

/// A `scale=` line.
#[derive(Arbitrary, Debug)]
enum Scale {
    Small(u16),
    Zero,
    /// Beyond `i32`.
    Huge,
    Text(String),
}

/// A change to a written file.
#[derive(Arbitrary, Debug)]
enum Change {
    None,
    /// Keeps the first `n` bytes, counted from the end (`n` modulo the length + 1).
    CutFromEnd(u16),
    /// Appends the bytes.
    Append(Vec<u8>),
    /// Replaces byte `at` (modulo the length) by `value`.
    Replace {
        at: u32,
        value: u8,
    },
}

/// The file a [`Written`] describes for game `name` of `features` features.
fn write(written: &Written, name: &str, features: usize) -> Vec<u8> {
    let hidden = match written.hidden {
        255 => 0,
        n => 1 + usize::from(n) % MAX_WRITTEN_HIDDEN,
    };
    let features_line = features as i64 + i64::from(written.features_off);
    let mut lines = vec![
        ("features".to_string(), features_line.to_string()),
        (
            "hidden".to_string(),
            written.hidden_text.clone().unwrap_or(hidden.to_string()),
        ),
    ];
    lines.push((
        "scale".to_string(),
        match &written.scale {
            Scale::Small(n) => n.to_string(),
            Scale::Zero => "0".to_string(),
            Scale::Huge => (u64::from(u32::MAX) + 7).to_string(),
            Scale::Text(text) => text.clone(),
        },
    ));
    let (qa, qb) = written.quantisation_off;
    lines.push(("qa".to_string(), (255 + i64::from(qa)).to_string()));
    lines.push(("qb".to_string(), (512 + i64::from(qb)).to_string()));
    let mut bucket_count = 1;
    if let Some((count, span)) = written.buckets {
        bucket_count = usize::from(count % 20);
        lines.push(("buckets".to_string(), bucket_count.to_string()));
        lines.push(("bucket_span".to_string(), (span % 20).to_string()));
    }
    lines.extend(written.extra.iter().take(4).cloned());
    let header = FileHeader {
        game: written
            .other_game
            .clone()
            .unwrap_or_else(|| name.to_string()),
        lines,
    };
    let mut bytes = header.encode(FILE_KIND);
    // `features=` as the line says (when it reads as a count), so that a wrong line is refused for
    // what it says, not for the file's length.
    let stated = usize::try_from(features_line).unwrap_or(0);
    let values = stated * hidden + hidden + bucket_count * 2 * hidden;
    let length = 2 * values + 4 * bucket_count;
    if written.fill.is_empty() {
        bytes.resize(bytes.len() + length, 0);
    } else {
        bytes.extend(written.fill.iter().cycle().take(length));
    }
    match &written.change {
        Change::None => {}
        Change::CutFromEnd(n) => {
            let cut = usize::from(*n) % (bytes.len() + 1);
            bytes.truncate(bytes.len() - cut);
        }
        Change::Append(more) => bytes.extend_from_slice(more),
        Change::Replace { at, value } => {
            let at = *at as usize % bytes.len();
            bytes[at] = *value;
        }
    }
    bytes
}

/// Loads and checks one file for game `G`.
struct Check<'a> {
    input: &'a [u8],
}

impl GameVisitor for Check<'_> {
    type Output = ();

    fn visit<G: HostedGame>(self) {
        // As the engine: a game without a neural evaluation refuses every file unread.
        if G::FEATURE_COUNT == 0 {
            return;
        }
        let written;
        let bytes = if self.input[0] & 0x80 == 0 {
            &self.input[1..]
        } else {
            let Ok(shape) = Written::arbitrary_take_rest(Unstructured::new(&self.input[1..]))
            else {
                return;
            };
            written = write(&shape, G::NAME, G::FEATURE_COUNT);
            &written[..]
        };
        let Ok(net) = Network::from_bytes(bytes, G::NAME, G::FEATURE_COUNT) else {
            return;
        };
        assert_eq!(net.header().game, G::NAME);
        assert_eq!(net.header().number("features"), Ok(G::FEATURE_COUNT));
        assert!(net.hidden() >= 1);
        let again = Network::from_bytes(bytes, G::NAME, G::FEATURE_COUNT)
            .expect("the same bytes load again");
        assert_eq!(net, again, "the same bytes gave another net");
        let own = Network::from_bytes(&net.to_bytes(), G::NAME, G::FEATURE_COUNT)
            .unwrap_or_else(|e| panic!("a net's own file is refused: {e}"));
        assert_eq!(own, net, "a net's own file reads back as another net");
        check_evaluations::<G>(Arc::new(net), &[again, own], seed(bytes));
    }
}

/// A seed for the random play, from the file (so that a run is repeatable).
fn seed(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Walks two random games from the start as a search would, telling `net`'s accumulator stack
/// each move: every position's incremental evaluation equals the fresh one, and `others` (the same
/// net, loaded again) evaluate it alike.
fn check_evaluations<G: HostedGame>(net: Arc<Network>, others: &[Network], seed: u64) {
    let mut stack = NetStack::<G>::new(Arc::clone(&net), PLIES + 1);
    let mut rng = Rng::new(seed);
    let mut moves = MoveList::new();
    for _ in 0..2 {
        let mut pos = G::start();
        for ply in 0..=PLIES {
            let fresh = evaluate_afresh(&net, &pos);
            assert_eq!(
                stack.evaluate(&pos, ply),
                fresh,
                "incremental and fresh evaluations differ at {}",
                pos.to_text()
            );
            for other in others {
                assert_eq!(evaluate_afresh(other, &pos), fresh, "{}", pos.to_text());
            }
            if ply == PLIES || pos.decided_winner().is_some() {
                break;
            }
            pos.generate_moves(&mut moves);
            let Some(&mv) = rng.pick(&moves) else { break };
            let child = pos.make_move(mv);
            stack.played(&pos, mv, &child, ply);
            pos = child;
        }
    }
}

fuzz_target!(|input: &[u8]| {
    let Some(&first) = input.first() else {
        return;
    };
    let game = VARIANTS[usize::from(first & 0x7F) % VARIANTS.len()];
    for_variant(game, Check { input }).expect("a name from VARIANTS");
});
