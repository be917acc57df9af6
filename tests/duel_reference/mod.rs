//! A deliberately simple, independent reference move generator for Duel.
//!
//! It exists only for the test suite: it is written to be obviously correct, not fast.
//! No tables, no bitboards: the board is a plain grid, every die stores all six faces,
//! rolling permutes the faces exactly as a physical die tipping over an edge does, and
//! every path is walked square by square.
//!
//! The rules are in `shared/rules/duel.md`.

#![allow(dead_code)]

/// Number of columns (`A`..`I`).
pub const COLS: usize = 9;
/// Number of rows (`1`..`8`).
pub const ROWS: usize = 8;

/// A square as (column, row), both counted from zero: (0, 0) is A1, (8, 7) is I8.
pub type Square = (usize, usize);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    White,
    Black,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The square this side's king must reach to win: the enemy king's start square.
    fn goal_square(self) -> Square {
        match self {
            Side::White => (4, 7), // E8
            Side::Black => (4, 0), // E1
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dir {
    North,
    South,
    East,
    West,
}

const ALL_DIRS: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];

impl Dir {
    fn is_vertical(self) -> bool {
        matches!(self, Dir::North | Dir::South)
    }

    /// The two directions at a right angle to this one.
    fn perpendicular(self) -> [Dir; 2] {
        if self.is_vertical() {
            [Dir::East, Dir::West]
        } else {
            [Dir::North, Dir::South]
        }
    }

    /// The neighbouring square in this direction, or `None` if it is off the board.
    fn step(self, (col, row): Square) -> Option<Square> {
        match self {
            Dir::North if row + 1 < ROWS => Some((col, row + 1)),
            Dir::South if row > 0 => Some((col, row - 1)),
            Dir::East if col + 1 < COLS => Some((col + 1, row)),
            Dir::West if col > 0 => Some((col - 1, row)),
            _ => None,
        }
    }

    fn from_char(c: char) -> Dir {
        match c.to_ascii_lowercase() {
            'n' => Dir::North,
            's' => Dir::South,
            'e' => Dir::East,
            'w' => Dir::West,
            _ => panic!("bad direction {c:?}"),
        }
    }
}

/// A die with the value of every one of its six faces stored explicitly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Die {
    pub top: u8,
    pub bottom: u8,
    pub north: u8,
    pub south: u8,
    pub east: u8,
    pub west: u8,
}

type Vector = [i32; 3];

fn cross(a: Vector, b: Vector) -> Vector {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

impl Die {
    /// Builds the die with the given top and north values; the east value follows from
    /// chirality (checked with a cross product). `None` if the pair is impossible.
    pub fn new(top: u8, north: u8) -> Option<Die> {
        if !(1..=6).contains(&top) || !(1..=6).contains(&north) {
            return None;
        }
        if north == top || north == 7 - top {
            return None;
        }
        let mut found = None;
        for east in 1..=6u8 {
            if east == top || east == 7 - top || east == north || east == 7 - north {
                continue;
            }
            let die = Die {
                top,
                bottom: 7 - top,
                north,
                south: 7 - north,
                east,
                west: 7 - east,
            };
            if die.is_standard() {
                assert!(found.is_none(), "two east faces fit ({top}, {north})");
                found = Some(die);
            }
        }
        Some(found.expect("one of the two remaining faces must fit"))
    }

    /// Outward normal of the face carrying `value` (x = east, y = north, z = up).
    fn normal(&self, value: u8) -> Vector {
        if self.top == value {
            [0, 0, 1]
        } else if self.bottom == value {
            [0, 0, -1]
        } else if self.north == value {
            [0, 1, 0]
        } else if self.south == value {
            [0, -1, 0]
        } else if self.east == value {
            [1, 0, 0]
        } else if self.west == value {
            [-1, 0, 0]
        } else {
            panic!("die {self:?} has no face {value}")
        }
    }

    /// Six distinct values, opposite faces adding up to 7.
    pub fn is_consistent(&self) -> bool {
        let mut values = [
            self.top,
            self.bottom,
            self.north,
            self.south,
            self.east,
            self.west,
        ];
        values.sort();
        values == [1, 2, 3, 4, 5, 6]
            && self.top + self.bottom == 7
            && self.north + self.south == 7
            && self.east + self.west == 7
    }

    /// The rules' chirality: n1 x n2 = n3.
    pub fn is_standard(&self) -> bool {
        self.is_consistent() && cross(self.normal(1), self.normal(2)) == self.normal(3)
    }

    /// The die after tipping over one edge onto the neighbouring square in `dir`.
    ///
    /// Tipping north turns the die about its east-west axis: the face that was up now
    /// faces north, the north face goes down, the bottom faces south and the south face
    /// comes up; east and west stay where they are. The other directions are the same
    /// motion turned around.
    fn roll(self, dir: Dir) -> Die {
        match dir {
            Dir::North => Die {
                top: self.south,
                north: self.top,
                bottom: self.north,
                south: self.bottom,
                east: self.east,
                west: self.west,
            },
            Dir::South => Die {
                top: self.north,
                south: self.top,
                bottom: self.south,
                north: self.bottom,
                east: self.east,
                west: self.west,
            },
            Dir::East => Die {
                top: self.west,
                east: self.top,
                bottom: self.east,
                west: self.bottom,
                north: self.north,
                south: self.south,
            },
            Dir::West => Die {
                top: self.east,
                west: self.top,
                bottom: self.west,
                east: self.bottom,
                north: self.north,
                south: self.south,
            },
        }
    }
}

/// East face for a (top, north) pair, derived from chirality. `None` if impossible.
pub fn east_face(top: u8, north: u8) -> Option<u8> {
    Die::new(top, north).map(|d| d.east)
}

/// Rolls the die (top, north) one square in `dir` (`'n'`, `'s'`, `'e'` or `'w'`) and
/// returns the new (top, north, east).
pub fn rolled(top: u8, north: u8, dir: char) -> (u8, u8, u8) {
    let die = Die::new(top, north)
        .expect("valid orientation")
        .roll(Dir::from_char(dir));
    (die.top, die.north, die.east)
}

/// All six faces of (top, north) after rolling it in `dir`, as the full `Die`.
pub fn rolled_die(top: u8, north: u8, dir: char) -> Die {
    Die::new(top, north)
        .expect("valid orientation")
        .roll(Dir::from_char(dir))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    King,
    Die(Die),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    fn is_king(&self) -> bool {
        self.kind == Kind::King
    }

    /// The DFEN text of this piece, e.g. `wK` or `b53`.
    fn dfen(&self) -> String {
        match self.kind {
            Kind::King => format!("{}K", self.side.letter()),
            Kind::Die(d) => format!("{}{}{}", self.side.letter(), d.top, d.north),
        }
    }

    /// Every sequence of single steps this piece may try: the king one step in each
    /// direction; a die with top t every straight line of t steps and every line of k
    /// steps followed by t - k steps at a right angle (0 < k < t).
    fn step_sequences(&self) -> Vec<Vec<Dir>> {
        match self.kind {
            Kind::King => ALL_DIRS.iter().map(|&d| vec![d]).collect(),
            Kind::Die(die) => {
                let t = die.top as usize;
                let mut out = Vec::new();
                for first in ALL_DIRS {
                    out.push(vec![first; t]);
                    for k in 1..t {
                        for second in first.perpendicular() {
                            let mut seq = vec![first; k];
                            seq.extend(vec![second; t - k]);
                            out.push(seq);
                        }
                    }
                }
                out
            }
        }
    }

    /// How far this piece moves (Manhattan distance).
    fn reach(&self) -> usize {
        match self.kind {
            Kind::King => 1,
            Kind::Die(d) => d.top as usize,
        }
    }
}

fn manhattan(a: Square, b: Square) -> usize {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

fn square_name((col, row): Square, upper: bool) -> String {
    let letter = (b'A' + col as u8) as char;
    let letter = if upper {
        letter
    } else {
        letter.to_ascii_lowercase()
    };
    format!("{letter}{}", row + 1)
}

/// Parses `e6` / `E6` to a square.
pub fn parse_square(text: &str) -> Square {
    let chars: Vec<char> = text.chars().collect();
    assert_eq!(chars.len(), 2, "bad square {text:?}");
    let col = chars[0].to_ascii_uppercase();
    assert!(('A'..='I').contains(&col), "bad column in {text:?}");
    let row = chars[1].to_digit(10).expect("bad row") as usize;
    assert!((1..=ROWS).contains(&row), "bad row in {text:?}");
    ((col as u8 - b'A') as usize, row - 1)
}

/// A legal move: its notation without mark and the position it leads to.
struct Candidate {
    text: String,
    from: Square,
    to: Square,
    child: RefPosition,
    /// A king move onto the enemy king's start square.
    wins_on_goal: bool,
}

#[derive(Clone, Debug)]
pub struct RefPosition {
    /// `board[row][col]`, row 0 is row 1, col 0 is column A.
    board: [[Option<Piece>; COLS]; ROWS],
    side_to_move: Side,
    plies_since_capture: u32,
    move_number: u32,
}

pub const START_DFEN: &str =
    "b53b13b23b63bKb63b23b13b53/9/9/9/9/9/9/w54w14w24w64wKw64w24w14w54 w 0 1";

impl RefPosition {
    /// The start position, built square by square from the rules' description.
    pub fn startpos() -> RefPosition {
        let tops = [5, 1, 2, 6, 0, 6, 2, 1, 5];
        let mut board = [[None; COLS]; ROWS];
        for (col, &top) in tops.iter().enumerate() {
            for (side, row, north) in [(Side::White, 0, 4), (Side::Black, ROWS - 1, 3)] {
                let kind = if col == 4 {
                    Kind::King
                } else {
                    Kind::Die(Die::new(top, north).expect("valid start die"))
                };
                board[row][col] = Some(Piece { side, kind });
            }
        }
        RefPosition {
            board,
            side_to_move: Side::White,
            plies_since_capture: 0,
            move_number: 1,
        }
    }

    /// Parses a DFEN; panics on bad input.
    pub fn from_dfen(dfen: &str) -> RefPosition {
        match RefPosition::try_from_dfen(dfen) {
            Ok(p) => p,
            Err(e) => panic!("bad DFEN {dfen:?}: {e}"),
        }
    }

    /// Parses a DFEN, applying the rules' rejection list. A won position (a king on the
    /// enemy start square) is accepted even if the winning king stands attacked.
    pub fn try_from_dfen(dfen: &str) -> Result<RefPosition, String> {
        let fields: Vec<&str> = dfen.split_whitespace().collect();
        if fields.len() != 2 && fields.len() != 4 {
            return Err(format!("expected 2 or 4 fields, got {}", fields.len()));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != ROWS {
            return Err(format!("expected {ROWS} rows, got {}", rows.len()));
        }
        let mut board = [[None; COLS]; ROWS];
        for (i, row_text) in rows.iter().enumerate() {
            let row = ROWS - 1 - i; // the first row in the text is row 8
            let chars: Vec<char> = row_text.chars().collect();
            let mut col = 0usize;
            let mut k = 0usize;
            while k < chars.len() {
                let c = chars[k];
                if let Some(n) = c.to_digit(10) {
                    if n == 0 {
                        return Err(format!("zero in row {row_text:?}"));
                    }
                    col += n as usize;
                    k += 1;
                    continue;
                }
                let side = match c {
                    'w' => Side::White,
                    'b' => Side::Black,
                    _ => return Err(format!("unexpected {c:?} in row {row_text:?}")),
                };
                let kind = match chars.get(k + 1) {
                    Some('K') => {
                        k += 2;
                        Kind::King
                    }
                    Some(t) if t.is_ascii_digit() => {
                        let top = t.to_digit(10).unwrap() as u8;
                        let north = chars
                            .get(k + 2)
                            .and_then(|n| n.to_digit(10))
                            .ok_or_else(|| format!("die without north in {row_text:?}"))?
                            as u8;
                        k += 3;
                        Kind::Die(
                            Die::new(top, north)
                                .ok_or_else(|| format!("impossible die {top}{north}"))?,
                        )
                    }
                    _ => return Err(format!("bad piece in row {row_text:?}")),
                };
                if col >= COLS {
                    return Err(format!("row {row_text:?} is too long"));
                }
                board[row][col] = Some(Piece { side, kind });
                col += 1;
            }
            if col != COLS {
                return Err(format!("row {row_text:?} has {col} squares"));
            }
        }
        let side_to_move = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            s => return Err(format!("bad side {s:?}")),
        };
        let (plies_since_capture, move_number) = if fields.len() == 4 {
            (
                fields[2].parse().map_err(|_| "bad plies counter")?,
                fields[3].parse().map_err(|_| "bad move number")?,
            )
        } else {
            (0, 1)
        };
        let pos = RefPosition {
            board,
            side_to_move,
            plies_since_capture,
            move_number,
        };
        for side in [Side::White, Side::Black] {
            let pieces = pos.pieces_of(side);
            let kings = pieces.iter().filter(|(_, p)| p.is_king()).count();
            if kings != 1 {
                return Err(format!("{side:?} has {kings} kings"));
            }
            if pieces.len() - kings > 8 {
                return Err(format!("{side:?} has more than 8 dice"));
            }
        }
        if pos.won_by().is_none() {
            let other = side_to_move.other();
            if pos.is_attacked(pos.king_square(other), side_to_move) {
                return Err("the side not to move is attacked".to_string());
            }
        }
        Ok(pos)
    }

    /// The DFEN with both counters.
    pub fn to_dfen(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..ROWS).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for col in 0..COLS {
                match self.board[row][col] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(&p.dfen());
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        format!(
            "{} {} {} {}",
            rows.join("/"),
            self.side_to_move.letter(),
            self.plies_since_capture,
            self.move_number
        )
    }

    /// The piece on a square (`"e6"`), as DFEN text (`"w52"`, `"bK"`), or `None` if empty.
    pub fn piece_at(&self, square: &str) -> Option<String> {
        self.at(parse_square(square)).map(|p| p.dfen())
    }

    /// `'w'` or `'b'`.
    pub fn side_to_move(&self) -> char {
        self.side_to_move.letter()
    }

    fn at(&self, (col, row): Square) -> Option<Piece> {
        self.board[row][col]
    }

    fn pieces_of(&self, side: Side) -> Vec<(Square, Piece)> {
        let mut out = Vec::new();
        for row in 0..ROWS {
            for col in 0..COLS {
                if let Some(p) = self.board[row][col]
                    && p.side == side
                {
                    out.push(((col, row), p));
                }
            }
        }
        out
    }

    fn king_square(&self, side: Side) -> Square {
        self.pieces_of(side)
            .into_iter()
            .find(|(_, p)| p.is_king())
            .map(|(sq, _)| sq)
            .expect("every side has a king")
    }

    /// The side whose king stands on the enemy king's start square, if any.
    fn won_by(&self) -> Option<Side> {
        [Side::White, Side::Black].into_iter().find(|&side| {
            self.at(side.goal_square())
                == Some(Piece {
                    side,
                    kind: Kind::King,
                })
        })
    }

    /// Walks `steps` from `from` for a piece of `side`. Returns the end square if the path
    /// stays on the board, every passed square is empty, and the end square is empty or
    /// holds an enemy piece.
    fn walk(&self, from: Square, steps: &[Dir], side: Side) -> Option<Square> {
        let mut sq = from;
        for (i, &dir) in steps.iter().enumerate() {
            sq = dir.step(sq)?;
            let is_last = i + 1 == steps.len();
            match self.at(sq) {
                None => {}
                Some(_) if !is_last => return None,
                Some(p) if p.side == side => return None,
                Some(_) => {}
            }
        }
        Some(sq)
    }

    /// Does the piece on `from` have a move (ignoring legality) that ends on `target`?
    fn piece_attacks(&self, from: Square, target: Square) -> bool {
        let piece = match self.at(from) {
            Some(p) => p,
            None => return false,
        };
        if manhattan(from, target) != piece.reach() {
            return false; // every move covers exactly `reach` squares
        }
        piece
            .step_sequences()
            .iter()
            .any(|steps| self.walk(from, steps, piece.side) == Some(target))
    }

    /// Is `square` attacked by any piece of `by`?
    fn is_attacked(&self, square: Square, by: Side) -> bool {
        self.pieces_of(by)
            .into_iter()
            .any(|(from, _)| self.piece_attacks(from, square))
    }

    /// The position after the piece on `from` walks `steps` to `to` (already checked).
    fn make(&self, from: Square, steps: &[Dir], to: Square) -> RefPosition {
        let mut child = self.clone();
        let mut piece = child.board[from.1][from.0].take().expect("piece to move");
        if let Kind::Die(mut die) = piece.kind {
            for &dir in steps {
                die = die.roll(dir);
            }
            piece.kind = Kind::Die(die);
        }
        let captured = child.board[to.1][to.0].is_some();
        child.board[to.1][to.0] = Some(piece);
        child.plies_since_capture = if captured {
            0
        } else {
            self.plies_since_capture + 1
        };
        if self.side_to_move == Side::Black {
            child.move_number = self.move_number + 1;
        }
        child.side_to_move = self.side_to_move.other();
        child
    }

    /// Calls `visit` with every legal move and the position it leads to, in board order,
    /// until `visit` returns `false`.
    fn visit_legal(&self, visit: &mut dyn FnMut(Candidate) -> bool) {
        if self.won_by().is_some() {
            return; // a won position is a leaf
        }
        let me = self.side_to_move;
        for (from, piece) in self.pieces_of(me) {
            for steps in piece.step_sequences() {
                let to = match self.walk(from, &steps, me) {
                    Some(to) => to,
                    None => continue,
                };
                let child = self.make(from, &steps, to);
                let wins_on_goal = piece.is_king() && to == me.goal_square();
                if !wins_on_goal && child.is_attacked(child.king_square(me), me.other()) {
                    continue;
                }
                let capture = self.at(to).is_some();
                let text = format!(
                    "{}{}{}",
                    square_name(from, steps[0].is_vertical()),
                    if capture { 'x' } else { '-' },
                    square_name(to, steps[steps.len() - 1].is_vertical()),
                );
                let go_on = visit(Candidate {
                    text,
                    from,
                    to,
                    child,
                    wins_on_goal,
                });
                if !go_on {
                    return;
                }
            }
        }
    }

    /// Every legal move with the position it leads to.
    fn legal_candidates(&self) -> Vec<Candidate> {
        let mut out = Vec::new();
        self.visit_legal(&mut |c| {
            out.push(c);
            true
        });
        out
    }

    /// Does the side to move have at least one legal move?
    fn has_legal_move(&self) -> bool {
        let mut found = false;
        self.visit_legal(&mut |_| {
            found = true;
            false
        });
        found
    }

    /// Every legal move, in notation without its mark, with the position it leads to, in board
    /// order: what a solver walking the game tree needs, without the cost of working out every
    /// move's mark (which needs the opponent's replies).
    pub fn successors(&self) -> Vec<(String, RefPosition)> {
        self.legal_candidates()
            .into_iter()
            .map(|c| (c.text, c.child))
            .collect()
    }

    /// Consecutive plies without a capture.
    pub fn plies_since_capture(&self) -> u32 {
        self.plies_since_capture
    }

    /// All legal moves in canonical notation with marks, sorted.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .legal_candidates()
            .into_iter()
            .map(|c| {
                let mark = if c.wins_on_goal {
                    ""
                } else if !c.child.has_legal_move() {
                    "++"
                } else if c.child.in_check() {
                    "+"
                } else {
                    ""
                };
                format!("{}{}", c.text, mark)
            })
            .collect();
        out.sort();
        out
    }

    /// Plays a move given in notation (marks and `x` optional; straight moves in either case).
    pub fn play(&self, mv: &str) -> RefPosition {
        let wanted = normalize(mv);
        let candidates = self.legal_candidates();
        if let Some(c) = candidates.iter().find(|c| normalize(&c.text) == wanted) {
            return c.child.clone();
        }
        // Straight moves have only one path, so the case of their letters does not matter.
        if let Some(c) = candidates.iter().find(|c| {
            (c.from.0 == c.to.0 || c.from.1 == c.to.1)
                && normalize(&c.text).eq_ignore_ascii_case(&wanted)
        }) {
            return c.child.clone();
        }
        panic!(
            "move {mv:?} is not legal in {}; legal: {:?}",
            self.to_dfen(),
            self.legal_moves()
        );
    }

    /// Perft: legal moves, paths counted separately, won positions are leaves.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let candidates = self.legal_candidates();
        if depth == 1 {
            return candidates.len() as u64;
        }
        candidates.iter().map(|c| c.child.perft(depth - 1)).sum()
    }

    /// `Some('w')` / `Some('b')` if that side has won, `None` if the game goes on.
    pub fn winner(&self) -> Option<char> {
        if let Some(side) = self.won_by() {
            return Some(side.letter());
        }
        if !self.has_legal_move() {
            return Some(self.side_to_move.other().letter());
        }
        None
    }

    /// Is the side to move's king attacked?
    pub fn in_check(&self) -> bool {
        let me = self.side_to_move;
        self.is_attacked(self.king_square(me), me.other())
    }
}

/// Drops spaces and marks, and writes the separator as `-`.
fn normalize(mv: &str) -> String {
    let mut chars: Vec<char> = mv
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '+')
        .collect();
    if chars.len() == 5 && (chars[2] == 'x' || chars[2] == 'X') {
        chars[2] = '-';
    }
    chars.into_iter().collect()
}
