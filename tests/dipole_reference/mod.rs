//! A deliberately simple, independent reference move generator for Dipole.
//!
//! It exists only for the test suite: it is written to be obviously correct, not fast, and shares no
//! code with the engine. The board is a plain 8×8 grid of signed heights (White positive, Black
//! negative, light squares simply stay 0); every move is found by walking each of the 8 directions k
//! squares for every k the stack allows; moves are plain strings.
//!
//! The rules are in `shared/rules/dipole.md`.

#![allow(dead_code)]

/// `grid[row][column]`, row 0 = row 1, column 0 = a: the height of the stack there, positive for
/// White, negative for Black, 0 for an empty (or light) square.
type Grid = [[i32; 8]; 8];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    grid: Grid,
    white_to_move: bool,
}

fn square_name(column: i32, row: i32) -> String {
    let letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    format!("{}{}", letters[column as usize], row + 1)
}

fn square_from_name(name: &str) -> (i32, i32) {
    let bytes = name.as_bytes();
    assert_eq!(bytes.len(), 2, "square name {name}");
    let column = (bytes[0] - b'a') as i32;
    let row = (bytes[1] - b'1') as i32;
    (column, row)
}

fn inside(column: i32, row: i32) -> bool {
    (0..8).contains(&column) && (0..8).contains(&row)
}

impl RefPosition {
    /// Reads a position text; panics on anything malformed (test input is always valid).
    pub fn from_text(text: &str) -> RefPosition {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(fields.len(), 2, "{text}");
        let rows: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(rows.len(), 8, "{text}");
        let mut grid = [[0; 8]; 8];
        for (i, row_text) in rows.iter().enumerate() {
            let row = 7 - i;
            let mut column = 0;
            for c in row_text.chars() {
                if c.is_ascii_digit() {
                    column += c as usize - '0' as usize;
                } else if c.is_ascii_uppercase() {
                    grid[row][column] = (c as i32 - 'A' as i32) + 1;
                    column += 1;
                } else {
                    grid[row][column] = -((c as i32 - 'a' as i32) + 1);
                    column += 1;
                }
            }
            assert_eq!(column, 8, "{text}");
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => panic!("side {other}"),
        };
        RefPosition {
            grid,
            white_to_move,
        }
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..8).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for column in 0..8 {
                let height = self.grid[row][column];
                if height == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                let letter = if height > 0 {
                    (b'A' + (height - 1) as u8) as char
                } else {
                    (b'a' + (-height - 1) as u8) as char
                };
                text.push(letter);
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        let side = if self.white_to_move { "w" } else { "b" };
        format!("{} {side}", rows.join("/"))
    }

    /// How many checkers White (`white`) or Black has.
    pub fn checkers(&self, white: bool) -> i32 {
        let mut total = 0;
        for row in 0..8 {
            for column in 0..8 {
                let height = self.grid[row][column];
                if white && height > 0 {
                    total += height;
                }
                if !white && height < 0 {
                    total -= height;
                }
            }
        }
        total
    }

    /// "white" or "black" once the other side has no checkers.
    pub fn winner(&self) -> Option<&'static str> {
        if self.checkers(false) == 0 {
            Some("white")
        } else if self.checkers(true) == 0 {
            Some("black")
        } else {
            None
        }
    }

    /// Every legal move as text, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if self.winner().is_some() {
            return moves;
        }
        // `me` turns heights into "mine positive"; `forward` is my row direction.
        let me = if self.white_to_move { 1 } else { -1 };
        let forward = me;
        for row in 0..8 {
            for column in 0..8 {
                let height = self.grid[row as usize][column as usize] * me;
                if height <= 0 {
                    continue;
                }
                let from = square_name(column, row);
                let mut can_bear_off = [false; 13];
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        if dr == 0 && dc == 0 {
                            continue;
                        }
                        let orthogonal = dr == 0 || dc == 0;
                        let forward_line = dr == forward;
                        for k in 1..=height {
                            if orthogonal && k % 2 == 1 {
                                continue; // odd k along a row or column ends on a light square
                            }
                            let (c, r) = (column + dc * k, row + dr * k);
                            if !inside(c, r) {
                                if forward_line {
                                    can_bear_off[k as usize] = true;
                                }
                                continue;
                            }
                            let target = self.grid[r as usize][c as usize] * me;
                            let to = square_name(c, r);
                            if target < 0 && -target <= k {
                                moves.push(format!("{from}x{to}"));
                            } else if target >= 0 && forward_line {
                                moves.push(format!("{from}-{to}"));
                            }
                        }
                    }
                }
                for k in 1..=height {
                    if can_bear_off[k as usize] {
                        moves.push(format!("{from}-off:{k}"));
                    }
                }
            }
        }
        if moves.is_empty() {
            moves.push("pass".to_string());
        }
        moves.sort();
        moves
    }

    /// The position after the legal move `mv` (as [`legal_moves`] writes it).
    pub fn play(&self, mv: &str) -> RefPosition {
        let mut next = self.clone();
        next.white_to_move = !self.white_to_move;
        if mv == "pass" {
            return next;
        }
        let me = if self.white_to_move { 1 } else { -1 };
        let (from_column, from_row) = square_from_name(&mv[0..2]);
        let rest = &mv[3..];
        let k = if let Some(count) = rest.strip_prefix("off:") {
            count.parse::<i32>().unwrap()
        } else {
            let (to_column, to_row) = square_from_name(rest);
            let k = (to_column - from_column)
                .abs()
                .max((to_row - from_row).abs());
            let target = &mut next.grid[to_row as usize][to_column as usize];
            if *target * me < 0 {
                *target = k * me; // the enemy stack is captured
            } else {
                *target += k * me;
            }
            k
        };
        next.grid[from_row as usize][from_column as usize] -= k * me;
        next
    }

    /// Leaf nodes `depth` plies below (decided positions are leaves, a pass is a ply).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}

impl RefPosition {
    /// `'w'` or `'b'`: the side to move.
    pub fn side_to_move(&self) -> char {
        if self.white_to_move { 'w' } else { 'b' }
    }

    /// Every legal move (as [`RefPosition::legal_moves`] writes and sorts them) with the position
    /// after it.
    pub fn successors(&self) -> Vec<(String, RefPosition)> {
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let next = self.play(&mv);
                (mv, next)
            })
            .collect()
    }
}
