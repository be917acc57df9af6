//! How a game shows itself to graphical front ends (`duel gui`): its board and its moves as data.
//! Only a game's own module knows what its pieces show, so each game fills this in for itself; every
//! method has a default, and a game without a drawing of its own is shown by its
//! [`Presentation::diagram`](super::Presentation::diagram) text, its moves entered in notation.

use super::Game;
use serde_json::Value;

/// A game's board and moves as JSON for a drawing client.
pub trait WebBoard: Game {
    /// The page's drawing of this game: an ES module whose default export draws the board JSON of
    /// [`web_board`](Self::web_board) (see `docs/gui.md`); `None` for no drawing of its own.
    const WEB_BOARD_JS: Option<&'static str> = None;

    /// The position's board: an object whose `"kind"` names the drawing (the game's name) and whose
    /// other fields are what that drawing needs (see `docs/gui.md`); `None` for no drawing.
    fn web_board(&self) -> Option<Value> {
        None
    }

    /// How a pointer makes the legal move `mv`: an object with `"from"` and `"to"` square names
    /// (`null` where the move has none, e.g. bearing off) and whatever else tells it apart from other
    /// moves between the same squares (Duel: the corner of its L-path; Dipole: how many checkers
    /// move). `None` when the game gives no such description.
    fn web_move(&self, mv: Self::Move) -> Option<Value> {
        let _ = mv;
        None
    }
}
