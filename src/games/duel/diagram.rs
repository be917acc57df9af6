//! A text diagram of the board showing all five visible values of every die.
//!
//! Each square is eight characters wide and three lines high: the north value above, `west top east`
//! in the middle with the owner's letter (`w`/`b`) before the top value, the south value below. Kings
//! show as `wK` / `bK`, empty squares as `.`.

use super::position::Position;
use super::square::{COLUMNS, ROWS, Square};
use crate::game::Side;

/// The three lines of one square.
fn cell(pos: &Position, sq: Square) -> [String; 3] {
    let piece = pos.piece_at(sq);
    let owner = if piece.side() == Side::White {
        'w'
    } else {
        'b'
    };
    let blank = " ".repeat(8);
    if piece.is_none() {
        [blank.clone(), "    .   ".to_string(), blank]
    } else if let Some(o) = piece.orientation() {
        [
            format!("    {}   ", o.north()),
            format!(" {} {}{} {} ", o.west(), owner, o.top(), o.east()),
            format!("    {}   ", o.south()),
        ]
    } else {
        [blank.clone(), format!("   {owner}K   "), blank]
    }
}

/// The board as text, row 8 at the top.
pub fn render(pos: &Position) -> String {
    let columns = COLUMNS as usize;
    let border = format!("   +{}\n", "--------+".repeat(columns));
    let mut out = String::from("   ");
    for column in 0..columns {
        out.push_str(&format!("     {}   ", (b'A' + column as u8) as char));
    }
    out.push('\n');
    out.push_str(&border);
    for row in (0..ROWS as i32).rev() {
        let mut lines = [
            "   |".to_string(),
            format!(" {} |", row + 1),
            "   |".to_string(),
        ];
        for column in 0..COLUMNS as i32 {
            let sq = Square::at(column, row).expect("on the board");
            for (line, text) in lines.iter_mut().zip(cell(pos, sq)) {
                line.push_str(&text);
                line.push('|');
            }
        }
        for line in lines {
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push_str(&border);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_position_shows_five_values_per_die() {
        let text = render(&Position::start());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0].trim_end(),
            "        A        B        C        D        E        F        G        H        I"
        );
        // Row 8: Black's dice show 3 to the north (toward Black) and 4 to the south.
        assert_eq!(
            lines[2],
            "   |    3   |    3   |    3   |    3   |        |    3   |    3   |    3   |    3   |"
        );
        // East values from the rules' table: (5,3) → 1, (1,3) → 2, (2,3) → 6, (6,3) → 5.
        assert_eq!(
            lines[3],
            " 8 | 6 b5 1 | 5 b1 2 | 1 b2 6 | 2 b6 5 |   bK   | 2 b6 5 | 1 b2 6 | 5 b1 2 | 6 b5 1 |"
        );
        assert_eq!(
            lines[4],
            "   |    4   |    4   |    4   |    4   |        |    4   |    4   |    4   |    4   |"
        );
        // Row 1: White's D1 die is top 6, north 4, east 2.
        let row1 = lines[lines.len() - 3];
        assert!(
            row1.starts_with(" 1 | 1 w5 6 | 2 w1 5 | 6 w2 1 | 5 w6 2 |   wK   |"),
            "{row1}"
        );
        assert!(
            lines
                .iter()
                .all(|l| l.len() == lines[1].len() || l.trim().is_empty() || l.starts_with("   ")),
            "aligned"
        );
        assert_eq!(lines.len(), 2 + 8 * 4);
    }
}
