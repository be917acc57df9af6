//! Endgame databases, generic over [`duel_rules::game::EndgameIndex`]: the value of a position with few
//! pieces (`value`), a signature's table and its file (`file`), a position's value from stored
//! values (`resolve`), a folder's tables loaded and probed (`probe`), and why a file or folder was
//! not loaded (`load_error`). The generator is the `duel tablebase` subcommand; docs/tablebase.md
//! describes both.

mod file;
mod load_error;
mod probe;
mod resolve;
mod value;

pub use file::{FORMAT_VERSION, Table, TableError};
pub use load_error::TablebaseLoadError;
pub use probe::{Tablebases, file_name, read_table};
pub use resolve::{best_of_moves, game_over, no_move_value, resolve};
pub use value::{EndgameValue, MAX_DISTANCE, NO_VALUE};
