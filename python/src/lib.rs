//! `duel._duel`, the extension module under the Python package `duel` (python/duel): the four
//! games' rules ([`board::Board`], [`moves::Move`], [`outcome::Outcome`]), the engine in-process
//! ([`engine::Engine`]) and random playouts in bulk, over the `duel-rules` and `duel-engine` crates. Nothing here knows a
//! game's rules: every game is reached through the library's traits (docs/python.md).

mod board;
mod engine;
mod moves;
mod outcome;
mod playouts;
mod rules;
mod score;

use pyo3::prelude::*;

/// How many action ids the game called `game` has: every legal move's id is below it.
#[pyfunction]
fn action_size(game: &str) -> PyResult<u32> {
    let spaces = rules::spaces(game).or_else(board::value_error)?;
    spaces.action_count().or_else(board::value_error)
}

/// The shape of the game's observation planes: planes, rows, columns.
#[pyfunction]
fn observation_shape(game: &str) -> PyResult<(usize, usize, usize)> {
    let spaces = rules::spaces(game).or_else(board::value_error)?;
    let [planes, rows, columns] = spaces.observation_shape().or_else(board::value_error)?;
    Ok((planes, rows, columns))
}

/// The most plies a game of `game` from the start can last under its rules (a bound, argued in
/// each game's `learning.rs`): what frameworks such as OpenSpiel ask for.
#[pyfunction]
fn max_game_length(game: &str) -> PyResult<u32> {
    let spaces = rules::spaces(game).or_else(board::value_error)?;
    spaces.max_game_plies().or_else(board::value_error)
}

/// `text` as a Python string literal in single quotes, for `repr`.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

#[pymodule]
fn _duel(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<board::Board>()?;
    module.add_class::<moves::Move>()?;
    module.add_class::<outcome::Outcome>()?;
    module.add_class::<engine::Engine>()?;
    module.add_class::<score::Score>()?;
    module.add_class::<score::Wdl>()?;
    module.add_function(wrap_pyfunction!(action_size, module)?)?;
    module.add_function(wrap_pyfunction!(observation_shape, module)?)?;
    module.add_function(wrap_pyfunction!(max_game_length, module)?)?;
    module.add_function(wrap_pyfunction!(board::_restore_board, module)?)?;
    module.add_function(wrap_pyfunction!(playouts::batch_playouts, module)?)?;
    module.add("VARIANTS", duel_rules::games::VARIANTS.to_vec())?;
    module.add("ENGINE_NAME", duel_engine::engine::ENGINE_NAME)?;
    Ok(())
}
