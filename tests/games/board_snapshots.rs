//! Snapshot tests of the board `duel play` and the protocol's `d` draw: the exact text for a few
//! positions, so every die's five visible values, the labels, the highlight and the flipped view are
//! pinned down. The snapshots live in `tests/snapshots/`; set `UPDATE_SNAPSHOTS=1` to rewrite them
//! after a deliberate change, and review the diff.

use duel_rules::game::{BoardStyle, Game, Presentation};
use duel_rules::games::Duel;
use std::path::Path;

/// Compares `actual` with the snapshot file `name`, or rewrites it when asked to.
fn check(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).expect("the snapshot can be written");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    assert!(
        actual == expected,
        "{name} differs from its snapshot.\n--- expected ---\n{expected}\n--- actual ---\n{actual}"
    );
}

/// The position after `moves` from the start, and the last of them.
fn after(moves: &[&str]) -> (Duel, Option<<Duel as Game>::Move>) {
    let mut position = Duel::start();
    let mut last = None;
    for text in moves {
        let mv = position
            .parse_move(text)
            .expect("the test's moves are legal");
        position = position.make_move(mv);
        last = Some(mv);
    }
    (position, last)
}

/// The line of the board that holds `text` (the first one).
fn line_with<'a>(board: &'a str, text: &str) -> &'a str {
    board
        .lines()
        .find(|l| l.contains(text))
        .unwrap_or_else(|| panic!("no line with {text:?} in\n{board}"))
}

#[test]
fn start_position() {
    let board = Duel::start().board_text(&BoardStyle::plain());
    // The rules: White's D1 die is top 6, north 4, east 2 (so south 3, west 5); Black's D8 die is
    // top 6, north 3, east 5 (so south 4, west 2).
    assert!(line_with(&board, " 1 │").contains("│5 [6] 2│  [K]  │"));
    assert!(line_with(&board, " 8 │").contains("│2 [6] 5│  [K]  │"));
    check("board_start.txt", &board);
}

#[test]
fn after_f1_e6_with_the_move_highlighted() {
    let (position, last) = after(&["F1-e6"]);
    let style = BoardStyle {
        last_move: last,
        ..BoardStyle::plain()
    };
    let board = position.board_text(&style);
    // The rules: after F1-e6 the die on E6 shows 2. Rolled north 5 then east 1 from (top 6, north 4):
    // north 6, east 4, south 1, west 3.
    assert!(line_with(&board, " 6 │").contains("│3 [2] 4│"));
    // Both squares of the move carry the mark: E6 (a die) and F1 (now empty).
    assert_eq!(
        board.matches('*').count(),
        2 + 1,
        "two marks and the legend's"
    );
    check("board_after_f1_e6.txt", &board);
}

#[test]
fn after_f1_e6_seen_from_black() {
    let (position, last) = after(&["F1-e6", "E8-E7"]);
    let style = BoardStyle {
        flipped: true,
        last_move: last,
        ..BoardStyle::plain()
    };
    let board = position.board_text(&style);
    // Turned half way round: column I on the left, row 1 at the top, and the E6 die shows its south
    // face (1) above, west (3) right, north (6) below, east (4) left.
    assert!(board.starts_with("       I       H"));
    assert!(line_with(&board, " 6 │").contains("│4 [2] 3│"));
    check("board_after_f1_e6_flipped.txt", &board);
}

#[test]
fn colour_adds_codes_but_no_text() {
    let (position, last) = after(&["F1-e6"]);
    let plain = BoardStyle {
        last_move: last,
        ..BoardStyle::plain()
    };
    let coloured = BoardStyle {
        colour: true,
        ..plain
    };
    let with_codes = position.board_text(&coloured);
    assert!(with_codes.contains("\x1b["));
    assert_eq!(strip_ansi(&with_codes), position.board_text(&plain));
}

/// `text` without its ANSI SGR sequences.
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}
