//! The board as text, for the protocol's `d` and for `duel play`: each dark square shows its piece
//! with the letter of the position text (`M`/`K` White man/king, `m`/`k` Black) or `.` when empty;
//! light squares, where nothing can stand, stay blank.
//!
//! The last move is marked: a `*` beside its start and every landing square (the whole capture
//! sequence) and an `x` on the squares of the pieces it captured. With colour, pieces take their
//! side's colour and the marked squares a background; the text alone still says everything. Seen
//! from Black (`flipped`), row 1 is at the top and column h on the left.

use super::fen::letter_of;
use super::moves::Move;
use super::position::{KING_MOVES_DRAW, Position};
use super::square::{SIDE_LENGTH, Square};
use crate::game::{BoardStyle, Game, Side};

/// ANSI colours of each side's pieces: blue and red read on dark and light terminals alike.
const SIDE_COLOUR: [&str; 2] = ["1;34", "1;31"];
/// The background of the last move's squares (yellow).
const HIGHLIGHT_BACKGROUND: &str = "43";

/// The board drawn as `style` asks, then the side to move and what each side has left.
pub fn render(pos: &Position, style: &BoardStyle<Move>) -> String {
    let (path, captured) = match style.last_move {
        Some(mv) => (
            mv.landings()
                .fold(mv.from().bit(), |set, sq| set | sq.bit()),
            mv.captured(),
        ),
        None => (0, 0),
    };
    let order = |i: i32| {
        if style.flipped {
            SIDE_LENGTH - 1 - i
        } else {
            i
        }
    };
    let columns: String = (0..SIDE_LENGTH)
        .map(|i| format!("   {}", char::from(b'a' + order(i) as u8)))
        .collect();
    let border = format!("   +{}\n", "---+".repeat(SIDE_LENGTH as usize));
    let mut out = format!("  {columns}\n{border}");
    for i in (0..SIDE_LENGTH).rev() {
        let row = order(i);
        out.push_str(&format!(" {} |", row + 1));
        for j in 0..SIDE_LENGTH {
            let cell = match Square::at(order(j), row) {
                None => "   ".to_string(),
                Some(sq) => cell(pos, sq, style, path, captured),
            };
            out.push_str(&cell);
            out.push('|');
        }
        out.push('\n');
        out.push_str(&border);
    }
    out.push_str(&summary(pos));
    out
}

/// One square's three characters: a space, the piece letter (or `.`/`x`), the last-move mark.
fn cell(pos: &Position, sq: Square, style: &BoardStyle<Move>, path: u32, captured: u32) -> String {
    let on_path = path & sq.bit() != 0;
    let piece = match pos.piece_at(sq) {
        Some(piece) => style.paint(
            SIDE_COLOUR[piece.side.index()],
            &letter_of(piece).to_string(),
        ),
        None if captured & sq.bit() != 0 => "x".to_string(),
        None => ".".to_string(),
    };
    let mark = if on_path { "*" } else { " " };
    let text = format!(" {piece}{mark}");
    if on_path || captured & sq.bit() != 0 {
        style.paint(HIGHLIGHT_BACKGROUND, &text)
    } else {
        text
    }
}

/// The lines under the board: who moves, the pieces left, and the draw count when it runs.
fn summary(pos: &Position) -> String {
    let count = |set: u32| set.count_ones();
    let mut text = format!(
        "{} to move; men: white {}, black {}; kings: white {}, black {}\n",
        pos.side_to_move().name(),
        count(pos.men(Side::White)),
        count(pos.men(Side::Black)),
        count(pos.kings(Side::White)),
        count(pos.kings(Side::Black)),
    );
    if pos.quiet_plies() > 0 {
        text.push_str(&format!(
            "plies of king moves without capture: {} of {KING_MOVES_DRAW}\n",
            pos.quiet_plies()
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_diagram() {
        let text = render(&Position::start(), &BoardStyle::plain());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19);
        assert_eq!(lines[0], "     a   b   c   d   e   f   g   h");
        assert_eq!(lines[2], " 8 |   | m |   | m |   | m |   | m |");
        assert_eq!(lines[16], " 1 | M |   | M |   | M |   | M |   |");
        assert_eq!(
            lines[18],
            "White to move; men: white 12, black 12; kings: white 0, black 0"
        );
    }

    #[test]
    fn the_last_capture_sequence_is_marked_and_black_sees_its_side() {
        // White's king went a1xd4xg7 taking c3 and f6.
        let before = Position::from_text("8/8/5m1m/8/8/2m5/8/K7 w").unwrap();
        let mv = before.parse_move("a1xd4xg7").unwrap();
        let after = before.make_move(mv);
        let style = BoardStyle {
            colour: false,
            flipped: false,
            last_move: Some(mv),
        };
        let text = render(&after, &style);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[4], " 7 | . |   | . |   | . |   | K*|   |");
        assert_eq!(lines[6], " 6 |   | . |   | . |   | x |   | m |");
        assert_eq!(lines[10], " 4 |   | . |   | .*|   | . |   | . |");
        assert_eq!(lines[12], " 3 | . |   | x |   | . |   | . |   |");
        assert_eq!(lines[16], " 1 | .*|   | . |   | . |   | . |   |");
        let flipped = render(
            &after,
            &BoardStyle {
                flipped: true,
                ..style
            },
        );
        let lines: Vec<&str> = flipped.lines().collect();
        assert_eq!(lines[0], "     h   g   f   e   d   c   b   a");
        assert_eq!(lines[2], " 1 |   | . |   | . |   | . |   | .*|");
        assert_eq!(lines[12], " 6 | m |   | x |   | . |   | . |   |");
        let coloured = render(
            &after,
            &BoardStyle {
                colour: true,
                ..style
            },
        );
        assert!(coloured.contains("\x1b[43m"));
    }
}
