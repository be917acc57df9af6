//! The generic layer: what every hosted game provides (its rules, `Game`; its evaluation and the
//! unit it counts in, `Evaluation`; the search's hooks, `SearchHooks`; the inputs of a neural
//! evaluation, `NetFeatures`; all three with the rules, `Searchable`; how it is shown,
//! `Presentation`, and to graphical front ends, `WebBoard`; how it is tuned, `Tuning`; how programs
//! that learn see it, `ActionSpace` and `Observation`) and what all games share.

mod action_space;
pub mod board_rows;
mod board_style;
pub mod dark_square;
mod draw;
mod endgame_index;
mod evaluation;
mod game_move;
mod interface;
mod level_ladder;
mod linear_eval;
mod marks;
mod move_list;
mod move_text_error;
pub(crate) mod net_features;
mod observation;
mod outcome;
mod perft;
mod presentation;
mod random_play;
mod record;
mod rng;
mod score;
mod search_hooks;
mod search_profile;
mod searchable;
mod side;
pub mod side_field;
mod tuning;
mod variation;
mod web_board;
mod win_rate;
mod winning_move;
pub mod zobrist;

pub use action_space::{ActionSpace, NoActionId, has_action_space, legal_actions, move_of_action};
pub use board_style::{BoardStyle, paint};
pub use draw::DrawRules;
pub use endgame_index::{EndgameIndex, Signature};
pub use evaluation::{EvalTerm, EvalWeight, Evaluation, Pieces, embedded_win_rate_model};
pub use game_move::{GameMove, MoveArray};
pub use interface::Game;
pub use level_ladder::LevelLadder;
pub use linear_eval::{Counts, FeatureCounts, LinearEval};
pub use marks::join_marks;
pub use move_list::{Appender, MoveList};
pub use move_text_error::MoveTextError;
pub use net_features::{FeatureChanges, FeatureList, NetFeatures, record_square_change};
pub use observation::{Observation, Planes, has_observation, observe};
pub use outcome::{Outcome, Termination};
pub use perft::Perft;
pub use presentation::Presentation;
pub use random_play::random_positions;
pub use record::{GameRecord, ReplayError};
pub use rng::{Rng, scale};
pub use score::Score;
pub use search_hooks::SearchHooks;
pub use search_profile::{ProfileParameter, ProfileValue, SearchProfile};
pub use searchable::Searchable;
pub use side::Side;
pub use tuning::Tuning;
pub use variation::{is_legal, legal_prefix};
pub use web_board::WebBoard;
pub use win_rate::{Wdl, WinRateModel, WinRateModelError, polynomial};
pub use winning_move::{winning_move, wins_at_once};
