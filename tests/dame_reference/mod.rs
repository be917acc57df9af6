//! A deliberately simple, independent reference move generator for Dame.
//!
//! It exists only for the test suite: it is written to be obviously correct, not fast, and shares no
//! code with the engine. The board is a plain 8×8 grid (light squares simply stay empty); capture
//! sequences are found by a plain recursive search that walks each diagonal square by square; moves
//! are strings.
//!
//! The rules are in `shared/rules/dame.md`.

#![allow(dead_code)]

/// What stands on a square: 0 empty, 1 a White man, 2 a White king, -1 a Black man, -2 a Black king.
type Grid = [[i32; 8]; 8];

/// A square as (column, row), both 0-based: a1 = (0, 0).
type Sq = (i32, i32);

const DIAGONALS: [Sq; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    grid: Grid,
    white_to_move: bool,
    /// Plies in a row in which a king moved and nothing was captured.
    king_plies: u32,
}

/// A legal move: every route (list of squares, start first) that makes it, and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// `from-to:captured squares, sorted`, the same for every route of one move.
    pub key: String,
    /// Each route written as the rules write moves (`c3-d4`, `a1xd4xg7`), in the order found.
    pub routes: Vec<String>,
    from: Sq,
    to: Sq,
    captured: Vec<Sq>,
}

pub fn square_name(sq: Sq) -> String {
    let letters = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    format!("{}{}", letters[sq.0 as usize], sq.1 + 1)
}

fn inside(sq: Sq) -> bool {
    (0..8).contains(&sq.0) && (0..8).contains(&sq.1)
}

fn plus(sq: Sq, d: Sq, k: i32) -> Sq {
    (sq.0 + d.0 * k, sq.1 + d.1 * k)
}

impl RefPosition {
    /// Reads a position text; panics on anything malformed (test input is always valid).
    pub fn from_text(text: &str) -> RefPosition {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert!(fields.len() == 2 || fields.len() == 3, "{text}");
        let rows: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(rows.len(), 8, "{text}");
        let mut grid = [[0; 8]; 8];
        for (i, row_text) in rows.iter().enumerate() {
            let row = 7 - i;
            let mut column = 0;
            for c in row_text.chars() {
                let piece = match c {
                    'M' => 1,
                    'K' => 2,
                    'm' => -1,
                    'k' => -2,
                    digit => {
                        column += digit.to_digit(10).unwrap() as usize;
                        continue;
                    }
                };
                grid[row][column] = piece;
                column += 1;
            }
            assert_eq!(column, 8, "{text}");
        }
        let white_to_move = match fields[1] {
            "w" => true,
            "b" => false,
            other => panic!("side {other}"),
        };
        let king_plies = fields.get(2).map_or(0, |n| n.parse().unwrap());
        RefPosition {
            grid,
            white_to_move,
            king_plies,
        }
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..8).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for column in 0..8 {
                let letter = match self.grid[row][column] {
                    1 => 'M',
                    2 => 'K',
                    -1 => 'm',
                    -2 => 'k',
                    _ => {
                        empty += 1;
                        continue;
                    }
                };
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(letter);
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        let side = if self.white_to_move { "w" } else { "b" };
        if self.king_plies == 0 {
            format!("{} {side}", rows.join("/"))
        } else {
            format!("{} {side} {}", rows.join("/"), self.king_plies)
        }
    }

    fn at(&self, sq: Sq) -> i32 {
        self.grid[sq.1 as usize][sq.0 as usize]
    }

    /// +1 for the side to move, -1 for the other: turns pieces into "mine positive".
    fn me(&self) -> i32 {
        if self.white_to_move { 1 } else { -1 }
    }

    /// "white" or "black" once the other side has no pieces.
    pub fn winner(&self) -> Option<&'static str> {
        let count = |sign: i32| {
            self.grid
                .iter()
                .flatten()
                .filter(|&&p| p * sign > 0)
                .count()
        };
        if count(-1) == 0 {
            Some("white")
        } else if count(1) == 0 {
            Some("black")
        } else {
            None
        }
    }

    /// Every legal move, sorted by key.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let mut moves: Vec<RefMove> = Vec::new();
        if self.winner().is_some() {
            return moves;
        }
        let me = self.me();
        // Captures first: if there is any, only captures are legal.
        for row in 0..8 {
            for column in 0..8 {
                let from = (column, row);
                let piece = self.at(from) * me;
                if piece <= 0 {
                    continue;
                }
                // The piece leaves its square when it starts to move.
                let mut lifted = self.clone();
                lifted.grid[row as usize][column as usize] = 0;
                let mut routes = Vec::new();
                lifted.captures(
                    from,
                    piece == 2,
                    &mut vec![from],
                    &mut Vec::new(),
                    &mut routes,
                );
                for (path, captured) in routes {
                    add(&mut moves, &path, captured, true);
                }
            }
        }
        if moves.is_empty() {
            for row in 0..8 {
                for column in 0..8 {
                    let from = (column, row);
                    let piece = self.at(from) * me;
                    for d in DIAGONALS {
                        if piece == 1 && d.1 != me {
                            continue; // men step forward only
                        }
                        let reach = if piece == 2 {
                            7
                        } else if piece == 1 {
                            1
                        } else {
                            0
                        };
                        for k in 1..=reach {
                            let to = plus(from, d, k);
                            if !inside(to) || self.at(to) != 0 {
                                break;
                            }
                            add(&mut moves, &[from, to], Vec::new(), false);
                        }
                    }
                }
            }
        }
        moves.sort_by(|a, b| a.key.cmp(&b.key));
        moves
    }

    /// The jumps a piece on `at` can make with `captured` already taken: (captured piece, landing).
    /// The board (`self`) has the moving piece lifted and still holds the captured pieces.
    fn jumps(&self, at: Sq, king: bool, captured: &[Sq]) -> Vec<(Sq, Sq)> {
        let me = self.me();
        let mut found = Vec::new();
        for d in DIAGONALS {
            if !king && d.1 != me {
                continue; // men capture forward only
            }
            // The first piece along the diagonal (for a man: the adjacent square only).
            let mut k = 1;
            while king && inside(plus(at, d, k)) && self.at(plus(at, d, k)) == 0 {
                k += 1;
            }
            let victim = plus(at, d, k);
            if !inside(victim) || self.at(victim) * me >= 0 || captured.contains(&victim) {
                continue;
            }
            let reach = if king { 7 } else { 1 };
            for j in 1..=reach {
                let landing = plus(victim, d, j);
                if !inside(landing) || self.at(landing) != 0 {
                    break;
                }
                found.push((victim, landing));
            }
        }
        found
    }

    /// Extends the sequence `path` (squares so far, start first) taking `captured`, pushing every
    /// complete sequence onto `out`.
    fn captures(
        &self,
        at: Sq,
        king: bool,
        path: &mut Vec<Sq>,
        captured: &mut Vec<Sq>,
        out: &mut Vec<(Vec<Sq>, Vec<Sq>)>,
    ) {
        let jumps = self.jumps(at, king, captured);
        if jumps.is_empty() {
            if path.len() > 1 {
                out.push((path.clone(), captured.clone()));
            }
            return;
        }
        for &(victim, landing) in &jumps {
            captured.push(victim);
            // A king must land where it can go on, if some landing beyond this victim allows it.
            let goes_on = |sq: Sq| !self.jumps(sq, king, captured).is_empty();
            let some_go_on = jumps
                .iter()
                .filter(|(v, _)| *v == victim)
                .any(|&(_, l)| goes_on(l));
            if !some_go_on || goes_on(landing) {
                path.push(landing);
                self.captures(landing, king, path, captured, out);
                path.pop();
            }
            captured.pop();
        }
    }

    /// The position after the move with key `key`.
    pub fn play(&self, key: &str) -> RefPosition {
        let mv = self
            .legal_moves()
            .into_iter()
            .find(|m| m.key == key)
            .unwrap_or_else(|| panic!("{key} is not legal in {}", self.to_text()));
        let mut next = self.clone();
        let me = self.me();
        let piece = self.at(mv.from);
        next.grid[mv.from.1 as usize][mv.from.0 as usize] = 0;
        for &c in &mv.captured {
            next.grid[c.1 as usize][c.0 as usize] = 0;
        }
        let far_row = if me == 1 { 7 } else { 0 };
        let crowned = if mv.to.1 == far_row { 2 * me } else { piece };
        next.grid[mv.to.1 as usize][mv.to.0 as usize] = crowned;
        next.king_plies = if piece * me == 2 && mv.captured.is_empty() {
            self.king_plies + 1
        } else {
            0
        };
        next.white_to_move = !self.white_to_move;
        next
    }

    /// Leaf nodes `depth` plies below (decided positions and positions without moves are leaves).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.play(&m.key).perft(depth - 1))
            .sum()
    }
}

/// Adds a route to the move it makes, creating the move if it is new.
fn add(moves: &mut Vec<RefMove>, path: &[Sq], mut captured: Vec<Sq>, capture: bool) {
    let separator = if capture { "x" } else { "-" };
    let route: Vec<String> = path.iter().map(|&sq| square_name(sq)).collect();
    let route = route.join(separator);
    captured.sort();
    let (from, to) = (path[0], *path.last().unwrap());
    let taken: Vec<String> = captured.iter().map(|&sq| square_name(sq)).collect();
    let key = format!(
        "{}-{}:{}",
        square_name(from),
        square_name(to),
        taken.join(",")
    );
    match moves.iter_mut().find(|m| m.key == key) {
        Some(m) => m.routes.push(route),
        None => moves.push(RefMove {
            key,
            routes: vec![route],
            from,
            to,
            captured,
        }),
    }
}
