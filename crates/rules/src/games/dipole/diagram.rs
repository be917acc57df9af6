//! A text diagram of the board: each dark square shows its stack as owner and height (`W12`, ` B3`)
//! or ` . ` when empty; light squares, where nothing can stand, stay blank.

use super::position::Position;
use super::square::{SIDE_LENGTH, Square};
use crate::game::{Game, Side};

/// The board as text, row 8 at the top, then the side to move and the checkers left.
pub fn render(pos: &Position) -> String {
    let border = format!("   +{}\n", "---+".repeat(SIDE_LENGTH as usize));
    let mut out = String::from("     a   b   c   d   e   f   g   h\n");
    out.push_str(&border);
    for row in (0..SIDE_LENGTH).rev() {
        out.push_str(&format!(" {} |", row + 1));
        for column in 0..SIDE_LENGTH {
            let cell = match Square::at(column, row) {
                None => "   ".to_string(),
                Some(sq) => match pos.stack_at(sq) {
                    None => " . ".to_string(),
                    Some(stack) => {
                        let owner = match stack.owner {
                            Side::White => 'W',
                            Side::Black => 'B',
                        };
                        format!("{:>3}", format!("{owner}{}", stack.height))
                    }
                },
            };
            out.push_str(&cell);
            out.push('|');
        }
        out.push('\n');
        out.push_str(&border);
    }
    out.push_str(&format!(
        "{} to move; checkers: white {}, black {}\n",
        pos.side_to_move(),
        pos.checkers(Side::White),
        pos.checkers(Side::Black)
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_diagram() {
        let text = render(&Position::start());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19);
        assert_eq!(lines[2], " 8 |   | . |   |B12|   | . |   | . |");
        assert_eq!(lines[16], " 1 | . |   | . |   |W12|   | . |   |");
        assert_eq!(lines[18], "white to move; checkers: white 12, black 12");
    }
}
