//! The board drawn with box characters, every die with all five visible values: the protocol's `d`
//! and `duel play` both show this one drawing.
//!
//! A square is seven characters wide and three lines high. A die shows its top value in brackets in
//! the middle and the four side faces around it, each on the side of the screen it faces; the owner's
//! letter (`w`/`b`, as in DFEN) sits in the top-left corner. A king is `[K]`. The two squares of the
//! last move carry a `*` in the top-right corner. With colour, the owner's colour marks every piece,
//! the top value is bold and inverted (it stands out as the largest thing on the square), and the last
//! move's squares get a background; the text alone still says everything.
//!
//! Seen from Black (`flipped`), the board is turned half way round: row 1 at the top, column I on the
//! left, and a die's south face above its top value, because that is the face pointing up the screen.
//! Nine squares take 79 columns with the labels, so the board fits an 80-column terminal.

use super::moves::Move;
use super::orientation::Orientation;
use super::position::Position;
use super::square::{COLUMNS, ROWS, Square};
use crate::game::{BoardStyle, Side};

/// Width of a square's inside, in characters.
const CELL_WIDTH: usize = 7;

/// ANSI colours of each side's pieces: blue and red read on dark and light terminals alike.
const SIDE_COLOUR: [&str; 2] = ["1;34", "1;31"];
/// Added to a side's colour for the top value: inverted, so it shows as a solid block.
const TOP_EMPHASIS: &str = ";7";
/// The background of the last move's squares (yellow).
const HIGHLIGHT_BACKGROUND: &str = "43";

/// One line of a square: pieces of text with their colour codes (empty: default colour).
type CellLine = Vec<(String, String)>;

/// The four side faces as they appear on the screen: (up, right, down, left).
fn faces_on_screen(o: Orientation, flipped: bool) -> (u8, u8, u8, u8) {
    if flipped {
        (o.south(), o.west(), o.north(), o.east())
    } else {
        (o.north(), o.east(), o.south(), o.west())
    }
}

/// The three lines of the square `sq`, uncoloured backgrounds; `marked` puts the last-move `*` in.
fn cell(pos: &Position, sq: Square, flipped: bool, marked: bool) -> [CellLine; 3] {
    let piece = pos.piece_at(sq);
    let colour = SIDE_COLOUR[piece.side().index()].to_string();
    let owner = match piece.side() {
        Side::White => "w",
        Side::Black => "b",
    };
    let plain = |text: String| (text, String::new());
    let mark = plain(if marked { "*" } else { " " }.to_string());
    if piece.is_none() {
        return [
            vec![plain(" ".repeat(CELL_WIDTH - 1)), mark],
            vec![plain(" ".repeat(CELL_WIDTH))],
            vec![plain(" ".repeat(CELL_WIDTH))],
        ];
    }
    let top_colour = colour.clone() + TOP_EMPHASIS;
    match piece.orientation() {
        Some(o) => {
            let (up, right, down, left) = faces_on_screen(o, flipped);
            [
                vec![
                    (owner.to_string(), colour),
                    plain(format!("  {up}  ")),
                    mark,
                ],
                vec![
                    plain(format!("{left} ")),
                    (format!("[{}]", o.top()), top_colour),
                    plain(format!(" {right}")),
                ],
                vec![plain(format!("   {down}   "))],
            ]
        }
        None => [
            vec![
                (owner.to_string(), colour),
                plain("     ".to_string()),
                mark,
            ],
            vec![
                plain("  ".to_string()),
                ("[K]".to_string(), top_colour),
                plain("  ".to_string()),
            ],
            vec![plain(" ".repeat(CELL_WIDTH))],
        ],
    }
}

/// A horizontal rule of the grid with the given corner and crossing characters.
fn rule(left: char, middle: char, right: char) -> String {
    let mut line = format!("   {left}");
    for column in 0..COLUMNS {
        line.push_str(&"─".repeat(CELL_WIDTH));
        line.push(if column + 1 == COLUMNS { right } else { middle });
    }
    line
}

/// The column letters over (and under) the squares, in screen order.
fn column_labels(columns: &[i32]) -> String {
    let mut line = "   ".to_string();
    for &column in columns {
        line.push_str(&format!("    {}   ", (b'A' + column as u8) as char));
    }
    line.trim_end().to_string()
}

/// The two lines explaining the drawing, each within 80 columns.
fn legend(flipped: bool) -> String {
    if flipped {
        "Each die: [top value]; south face above, west right, north below, east left.\n\
         w/b: owner   [K]: king   *: the last move   (seen from Black)\n"
            .to_string()
    } else {
        "Each die: [top value]; north face above, east right, south below, west left.\n\
         w/b: owner   [K]: king   *: the last move\n"
            .to_string()
    }
}

/// The board as `style` asks for it: labels, grid, pieces, the last move marked, and a legend.
pub fn render(pos: &Position, style: &BoardStyle<Move>) -> String {
    let flipped = style.flipped;
    let mut rows: Vec<i32> = (0..ROWS as i32).rev().collect();
    let mut columns: Vec<i32> = (0..COLUMNS as i32).collect();
    if flipped {
        rows.reverse();
        columns.reverse();
    }
    let highlighted = |sq: Square| {
        style
            .last_move
            .is_some_and(|mv| mv.from() == sq || mv.to() == sq)
    };
    let labels = column_labels(&columns);
    let mut out = format!("{labels}\n{}\n", rule('┌', '┬', '┐'));
    for (i, &row) in rows.iter().enumerate() {
        let mut lines = [
            "   │".to_string(),
            format!(" {} │", row + 1),
            "   │".to_string(),
        ];
        for &column in &columns {
            let sq = Square::at(column, row).expect("rows and columns come from the board's size");
            let lit = highlighted(sq);
            for (line, pieces) in lines.iter_mut().zip(cell(pos, sq, flipped, lit)) {
                for (text, sgr) in pieces {
                    let sgr = match (lit, sgr.is_empty()) {
                        (false, _) => sgr,
                        (true, true) => HIGHLIGHT_BACKGROUND.to_string(),
                        (true, false) => format!("{sgr};{HIGHLIGHT_BACKGROUND}"),
                    };
                    line.push_str(&style.paint(&sgr, &text));
                }
                line.push('│');
            }
        }
        lines[1].push_str(&format!(" {}", row + 1));
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
        let last = i + 1 == rows.len();
        out.push_str(&if last {
            rule('└', '┴', '┘')
        } else {
            rule('├', '┼', '┤')
        });
        out.push('\n');
    }
    out.push_str(&labels);
    out.push('\n');
    out.push_str(&legend(flipped));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_line_is_as_wide_as_the_grid() {
        let text = render(&Position::start(), &BoardStyle::plain());
        let lines: Vec<&str> = text.lines().collect();
        // Labels, 8 rows of 3 lines plus 9 rules, labels, two legend lines.
        assert_eq!(lines.len(), 1 + 8 * 4 + 1 + 1 + 2);
        let width = lines[1].chars().count();
        assert_eq!(width, 3 + 9 * 8 + 1);
        for line in &lines[1..lines.len() - 3] {
            let chars = line.trim_end_matches([' ', '1', '2', '3', '4', '5', '6', '7', '8']);
            assert!(chars.chars().count() == width, "{line}");
        }
    }

    #[test]
    fn colour_codes_only_when_asked() {
        let start = Position::start();
        assert!(!render(&start, &BoardStyle::plain()).contains('\x1b'));
        let style = BoardStyle {
            colour: true,
            ..BoardStyle::plain()
        };
        let coloured = render(&start, &style);
        assert!(coloured.contains("\x1b[1;34;7m[6]\x1b[0m"), "{coloured}");
        assert!(coloured.contains("\x1b[1;31;7m[K]\x1b[0m"), "{coloured}");
    }
}
