//! Both boards drawn side by side, with orthodox letters (upper case White), `.` for an empty square:
//! the protocol's `d` and `duel play` both show this drawing.
//!
//! Every square is three characters wide. The squares of the last move are bracketed on both boards
//! (`(N)`, `( )`), so the text alone shows where a piece came from and where it went; with colour the
//! owner's colour marks every piece and the last move's squares get a background. Seen from Black
//! (`flipped`), both boards are turned half way round.

use super::moves::Move;
use super::position::Position;
use super::square::{Board, Square};
use crate::game::{BoardStyle, Game, paint};

/// ANSI colours of each side's pieces, as in Duel's drawing.
const SIDE_COLOUR: [&str; 2] = ["1;34", "1;31"];
/// The background of the last move's squares (yellow).
const HIGHLIGHT_BACKGROUND: &str = "43";
/// Between the two boards.
const GAP: &str = "    ";

/// The plain drawing.
pub fn render(pos: &Position) -> String {
    render_styled(pos, &BoardStyle::plain())
}

/// The drawing as `style` asks.
pub fn render_styled(pos: &Position, style: &BoardStyle<Move>) -> String {
    let files: Vec<i32> = if style.flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<i32> = if style.flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let marked = |sq: Square| {
        style
            .last_move
            .is_some_and(|mv| mv.from() == sq || mv.to() == sq)
    };
    let letters: String = files
        .iter()
        .map(|&f| format!(" {} ", char::from(b'a' + f as u8)))
        .collect();
    let header = format!("   {:^24}{GAP}   {:^24}", "board A", "board B");
    let labels = format!("   {letters}{GAP}   {letters}");
    let mut out = format!("{}\n{}\n", header.trim_end(), labels.trim_end());
    for &rank in &ranks {
        let mut line = String::new();
        for board in Board::BOTH {
            if board == Board::B {
                line.push_str(GAP);
            }
            line.push_str(&format!(" {} ", rank + 1));
            for &file in &files {
                let Some(sq) = Square::at(file, rank) else {
                    continue;
                };
                line.push_str(&cell(pos, sq, board, marked(sq), style.colour));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let castling: String = pos
        .castling()
        .rights()
        .map(super::castling::CastlingRight::letter)
        .collect();
    out.push_str(&format!(
        "{} to move{}; castling {}; en passant {}\n",
        pos.side_to_move(),
        if pos.in_check() { " (in check)" } else { "" },
        if castling.is_empty() { "-" } else { &castling },
        pos.en_passant()
            .map_or_else(|| "-".to_string(), |sq| sq.to_string()),
    ));
    out
}

/// One square of one board: the piece standing there on that board, or `.`.
fn cell(pos: &Position, sq: Square, board: Board, marked: bool, colour: bool) -> String {
    let (letter, sgr) = match pos.occupant(sq).get() {
        Some((piece, on)) if on == board => {
            let letter = piece.letter(Board::A);
            (letter.to_string(), SIDE_COLOUR[piece.side.index()])
        }
        _ => (".".to_string(), ""),
    };
    let painted = paint(colour, sgr, &letter);
    if marked {
        let text = if letter == "." { " " } else { &painted };
        paint(colour, HIGHLIGHT_BACKGROUND, &format!("({text})"))
    } else {
        format!(" {painted} ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn the_start_and_a_move_drawn_side_by_side() {
        let start = Position::start();
        let text = render(&start);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 11, "{text}");
        assert_eq!(
            lines[2],
            " 8  r  n  b  q  k  b  n  r      8  .  .  .  .  .  .  .  ."
        );
        assert_eq!(lines[10], "white to move; castling KQkq; en passant -");
        let mv = start.parse_move("g1f3").unwrap();
        let after = start.make_move(mv);
        let style = BoardStyle {
            colour: false,
            flipped: true,
            last_move: Some(mv),
        };
        let text = render_styled(&after, &style);
        let lines: Vec<&str> = text.lines().collect();
        // Seen from Black: rank 1 at the top, h-file on the left.
        assert_eq!(
            lines[2],
            " 1  R ( ) B  K  Q  B  N  R      1  . ( ) .  .  .  .  .  ."
        );
        assert_eq!(
            lines[4],
            " 3  .  . ( ) .  .  .  .  .      3  .  . (N) .  .  .  .  ."
        );
    }
}
