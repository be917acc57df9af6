//! The one table of the engine options, in the order `uci` lists them: each option's name, kind,
//! default, range, what docs/engine.md says of it and what a value changes, written once.

use super::{EngineOption, Kind};
use crate::search::{MAX_LEVEL, Settings, TranspositionTable};
use duel_rules::game::Pieces;
use duel_rules::games::{ELO_RANGE, VARIANTS};
use std::time::Duration;

/// The largest `Hash`, in MB: half the memory of the machines the engine is built for (24 GB), so a
/// mistaken value cannot take the whole machine.
pub const MAX_HASH_MB: u64 = 12 * 1024;

/// The `EvalFile` value that stands for the net embedded in the binary (the default), and the
/// `WDLFile` value that stands for the win-rate model shipped with it.
pub const EMBEDDED_NET: &str = "<embedded>";
/// The name of the option that names the game played: a client of any engine that has it sets it
/// before a game (the match runner, the page's server).
pub const VARIANT_OPTION: &str = "UCI_Variant";
/// The name of the option that has `info` lines carry the chances of a win, a draw and a loss
/// (`wdl`): a client of any engine that has it and can read them sets it (the match runner, the page).
pub const SHOW_WDL_OPTION: &str = "UCI_ShowWDL";
/// The `TablebasePath` value that stands for no folder (the default, Stockfish's `SyzygyPath`'s).
pub const NO_PATH: &str = "<empty>";

/// Every option; the ranges fit the types the values are cast to (`usize` is at least 32 bits on
/// every platform the engine builds for).
pub(super) const OPTIONS: &[EngineOption] = &[
    EngineOption {
        name: "Hash",
        kind: Kind::Spin {
            default: TranspositionTable::DEFAULT_MB as u64,
            min: 1,
            max: MAX_HASH_MB,
            apply: |target, name, megabytes| target.resize_hash(name, megabytes as usize),
        },
        help: "the transposition table's size, in MB",
    },
    EngineOption {
        name: "Threads",
        kind: Kind::Spin {
            default: Settings::DEFAULT.threads as u64,
            min: 1,
            max: 256,
            apply: |target, _, threads| target.configure(&|s| s.threads = threads as usize),
        },
        help: "search threads",
    },
    EngineOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: Settings::DEFAULT.multipv as u64,
            min: 1,
            max: 256,
            apply: |target, _, lines| target.configure(&|s| s.multipv = lines as usize),
        },
        help: "principal variations reported",
    },
    EngineOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: Settings::DEFAULT.move_overhead.as_millis() as u64,
            min: 0,
            max: 5000,
            apply: |target, _, ms| {
                target.configure(&|s| s.move_overhead = Duration::from_millis(ms));
            },
        },
        help: "time kept back per move for communication, in ms",
    },
    EngineOption {
        name: "Clear Hash",
        kind: Kind::Button {
            apply: |target, _, ()| target.clear_hash(),
        },
        help: "empties the transposition table",
    },
    EngineOption {
        name: "Ponder",
        kind: Kind::Check {
            default: false,
            // Nothing to keep: the engine ponders whenever `go ponder` asks.
            apply: |_, _, _| {},
        },
        help: "tells the GUI that it may send `go ponder`",
    },
    EngineOption {
        name: VARIANT_OPTION,
        kind: Kind::Combo {
            values: &VARIANTS,
            apply: |target, _, variant| target.switch_variant(variant),
        },
        help: "the game played, from its start position",
    },
    EngineOption {
        name: "Skill Level",
        kind: Kind::Spin {
            default: MAX_LEVEL as u64,
            min: 0,
            max: MAX_LEVEL as u64,
            apply: |target, _, level| {
                target.configure(&|s| s.strength.skill_level = level as u8);
            },
        },
        help: "the level, 0 the weakest and 20 full strength: [levels.md](levels.md)",
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: Kind::Check {
            default: false,
            apply: |target, _, limit| target.configure(&|s| s.strength.limit_strength = limit),
        },
        help: "whether the Elo below, instead of the level above, sets the strength",
    },
    EngineOption {
        name: "UCI_Elo",
        kind: Kind::Spin {
            default: ELO_RANGE.1 as u64,
            min: ELO_RANGE.0 as u64,
            max: ELO_RANGE.1 as u64,
            apply: |target, _, elo| target.configure(&|s| s.strength.elo = elo as u32),
        },
        help: "the strength when limited: a rating on the ladder of the game played (its random \
               mover = 0); below the ladder level 0, above it full strength",
    },
    EngineOption {
        name: SHOW_WDL_OPTION,
        kind: Kind::Check {
            default: false,
            apply: |target, _, show| target.configure(&|s| s.show_wdl = show),
        },
        help: "whether `info` lines show the chances of a win, a draw and a loss (`wdl`, per mille) \
               beside the score",
    },
    EngineOption {
        name: "Contempt",
        kind: Kind::Spin {
            default: Settings::DEFAULT.contempt.in_hundredths() as u64,
            min: 0,
            max: 100,
            apply: |target, _, hundredths| {
                target.configure(&|s| s.contempt = Pieces::hundredths(hundredths as i32));
            },
        },
        help: "hundredths of a piece: how much worse than level a draw is for the engine",
    },
    EngineOption {
        name: "Use NNUE",
        kind: Kind::Check {
            default: true,
            apply: |target, _, use_net| target.configure(&|s| s.use_net = use_net),
        },
        help: "true: every game evaluates with its embedded net; false: with the hand-written \
               evaluation",
    },
    EngineOption {
        name: "EvalFile",
        kind: Kind::Text {
            default: EMBEDDED_NET,
            apply: |target, name, path| target.load_net(name, path),
        },
        help: "another net file, made by `duel train`",
    },
    EngineOption {
        name: "WDLFile",
        kind: Kind::Text {
            default: EMBEDDED_NET,
            apply: |target, name, path| target.load_win_rate_model(name, path),
        },
        help: "another win-rate model file, made by `duel wdl`, that scores and chances are shown \
               with (`score cp`, `wdl`, `eval`; the search is the same): [wdl.md](wdl.md)",
    },
    EngineOption {
        name: "TablebasePath",
        kind: Kind::Text {
            default: NO_PATH,
            apply: |target, name, folder| target.load_tablebases(name, folder),
        },
        help: "a folder of Dame's endgame databases, made by `duel tablebase`, probed at the root \
               and in the search: [tablebase.md](tablebase.md)",
    },
];
