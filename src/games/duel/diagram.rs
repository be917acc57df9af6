//! A text diagram of the board showing all five visible values of every die.
//!
//! Each square is three lines: the north value above, `west top east` in the middle with the owner's
//! letter before the top value, the south value below. Kings show as `wK` / `bK`.

use super::position::Position;
use super::square::{COLUMNS, ROWS, Square};
use crate::game::Side;

/// The board as text, row 8 at the top.
pub fn render(pos: &Position) -> String {
    let border = format!("   +{}\n", "-------+".repeat(COLUMNS as usize));
    let mut out =
        String::from("       A       B       C       D       E       F       G       H       I\n");
    out.push_str(&border);
    for row in (0..ROWS as i32).rev() {
        let mut lines = [
            String::from("   |"),
            format!(" {} |", row + 1),
            String::from("   |"),
        ];
        for column in 0..COLUMNS as i32 {
            let piece = pos.piece_at(Square::at(column, row).expect("on board"));
            let owner = if piece.side() == Side::White {
                'w'
            } else {
                'b'
            };
            let cell = if piece.is_none() {
                [
                    "       ".to_string(),
                    "   .   ".to_string(),
                    "       ".to_string(),
                ]
            } else if let Some(o) = piece.orientation() {
                [
                    format!("   {}   ", o.north()),
                    format!(" {} {}{} {} ", o.west(), owner, o.top(), o.east()),
                    format!("   {}   ", o.south()),
                ]
            } else {
                [
                    "       ".to_string(),
                    format!("  {owner}K   "),
                    "       ".to_string(),
                ]
            };
            for (line, text) in lines.iter_mut().zip(cell) {
                line.push_str(&text);
                line.push('|');
            }
        }
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        out.push_str(&border);
    }
    out
}
