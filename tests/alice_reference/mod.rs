//! A deliberately simple, independent reference move generator for Alice chess.
//!
//! It exists only for the test suite: it is written to be obviously correct, not fast, and shares no
//! code with the engine. The two boards are plain arrays of 64 squares; pieces move by walking their
//! steps and rays square by square; a move is legal when, after making it, the mover's king is not
//! attacked on the board it stands on (and a king's move also when its destination is not attacked
//! on the board it leaves). Moves are plain UCI strings.
//!
//! The rules are in `shared/rules/alice.md`.

#![allow(dead_code)]

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

/// A piece: white or not, and its kind.
type Piece = (bool, Kind);

/// `boards[board][square]`, board 0 = A, 1 = B, square = file + 8 × rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    boards: [[Option<Piece>; 64]; 2],
    white_to_move: bool,
    /// K, Q, k, q.
    castling: [bool; 4],
    /// The square passed over by the last move's double step, whoever could take there.
    en_passant: Option<usize>,
    halfmove: u32,
    fullmove: u32,
}

const A_LETTERS: [char; 6] = ['p', 'n', 'b', 'r', 'q', 'k'];
const B_LETTERS: [char; 6] = ['s', 'o', 'c', 'u', 't', 'l'];
const KINDS: [Kind; 6] = [
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::King,
];

const KNIGHT_STEPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ROOK_RAYS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_RAYS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn file(sq: usize) -> i32 {
    (sq % 8) as i32
}

fn rank(sq: usize) -> i32 {
    (sq / 8) as i32
}

/// The square `df` files and `dr` ranks from `sq`, if on the board.
fn step(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let (f, r) = (file(sq) + df, rank(sq) + dr);
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((f + 8 * r) as usize)
    } else {
        None
    }
}

fn name(sq: usize) -> String {
    format!(
        "{}{}",
        (b'a' + file(sq) as u8) as char,
        (b'1' + rank(sq) as u8) as char
    )
}

fn square(name: &str) -> usize {
    let b = name.as_bytes();
    (b[0] - b'a') as usize + 8 * (b[1] - b'1') as usize
}

fn kind_letter(kind: Kind) -> char {
    A_LETTERS[KINDS.iter().position(|&k| k == kind).unwrap()]
}

/// A move as the reference makes it.
#[derive(Clone, Copy, Debug)]
struct RefMove {
    board: usize,
    from: usize,
    to: usize,
    promotion: Option<Kind>,
    en_passant: bool,
    castle: bool,
}

impl RefMove {
    fn text(&self) -> String {
        let mut text = name(self.from) + &name(self.to);
        if let Some(kind) = self.promotion {
            text.push(kind_letter(kind));
        }
        text
    }
}

impl RefPosition {
    /// Reads a FEN; panics on anything malformed (test input is always valid). The en-passant field
    /// is taken as it stands.
    pub fn from_text(text: &str) -> RefPosition {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "{text}");
        let mut boards = [[None; 64]; 2];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    f += n as usize;
                    continue;
                }
                let white = c.is_ascii_uppercase();
                let lower = c.to_ascii_lowercase();
                let (board, index) = match A_LETTERS.iter().position(|&l| l == lower) {
                    Some(index) => (0, index),
                    None => (1, B_LETTERS.iter().position(|&l| l == lower).unwrap()),
                };
                boards[board][f + 8 * r] = Some((white, KINDS[index]));
                f += 1;
            }
            assert_eq!(f, 8, "{text}");
        }
        let castling = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        RefPosition {
            boards,
            white_to_move: fields[1] == "w",
            castling,
            en_passant: (fields[3] != "-").then(|| square(fields[3])),
            halfmove: fields[4].parse().unwrap(),
            fullmove: fields[5].parse().unwrap(),
        }
    }

    /// The FEN. The en-passant square is written only when a pawn of the side to move attacks it
    /// and it is empty on both boards, as the engine does.
    pub fn to_text(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8 {
                let sq = f + 8 * r;
                let letter = match (self.boards[0][sq], self.boards[1][sq]) {
                    (Some(piece), _) => Some((piece, A_LETTERS)),
                    (None, Some(piece)) => Some((piece, B_LETTERS)),
                    (None, None) => None,
                };
                match letter {
                    None => empty += 1,
                    Some(((white, kind), letters)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = letters[KINDS.iter().position(|&k| k == kind).unwrap()];
                        row.push(if white { c.to_ascii_uppercase() } else { c });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let castling: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castling)
            .filter(|&(_, held)| held)
            .map(|(&c, _)| c)
            .collect();
        let en_passant = match self.en_passant {
            Some(sq) if self.could_take_en_passant(sq) => name(sq),
            _ => "-".to_string(),
        };
        format!(
            "{} {} {} {} {} {}",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            if castling.is_empty() { "-" } else { &castling },
            en_passant,
            self.halfmove,
            self.fullmove
        )
    }

    fn could_take_en_passant(&self, sq: usize) -> bool {
        let white = self.white_to_move;
        let back = if white { -1 } else { 1 };
        let empty = self.boards[0][sq].is_none() && self.boards[1][sq].is_none();
        let pawn_beside = [-1, 1].iter().any(|&df| {
            step(sq, df, back).is_some_and(|from| {
                (0..2).any(|b| self.boards[b][from] == Some((white, Kind::Pawn)))
            })
        });
        empty && pawn_beside
    }

    /// Whether `sq` on `board` is attacked by a piece of the given colour standing on that board.
    fn attacked(&self, board: usize, sq: usize, by_white: bool) -> bool {
        let b = &self.boards[board];
        let is = |at: Option<usize>, kinds: &[Kind]| {
            at.is_some_and(
                |at| matches!(b[at], Some((w, k)) if w == by_white && kinds.contains(&k)),
            )
        };
        if KNIGHT_STEPS
            .iter()
            .any(|&(df, dr)| is(step(sq, df, dr), &[Kind::Knight]))
        {
            return true;
        }
        if KING_STEPS
            .iter()
            .any(|&(df, dr)| is(step(sq, df, dr), &[Kind::King]))
        {
            return true;
        }
        // A white pawn attacks from one rank below, a black one from one rank above.
        let pawn_rank = if by_white { -1 } else { 1 };
        if [-1, 1]
            .iter()
            .any(|&df| is(step(sq, df, pawn_rank), &[Kind::Pawn]))
        {
            return true;
        }
        for (rays, kinds) in [
            (ROOK_RAYS, [Kind::Rook, Kind::Queen]),
            (BISHOP_RAYS, [Kind::Bishop, Kind::Queen]),
        ] {
            for (df, dr) in rays {
                let mut at = step(sq, df, dr);
                while let Some(s) = at {
                    if b[s].is_some() {
                        if is(Some(s), &kinds) {
                            return true;
                        }
                        break;
                    }
                    at = step(s, df, dr);
                }
            }
        }
        false
    }

    /// Where the king of the given colour stands: (board, square).
    fn king(&self, white: bool) -> (usize, usize) {
        for board in 0..2 {
            for sq in 0..64 {
                if self.boards[board][sq] == Some((white, Kind::King)) {
                    return (board, sq);
                }
            }
        }
        panic!("no king")
    }

    /// Whether the side to move is in check on its king's board.
    pub fn in_check(&self) -> bool {
        let (board, sq) = self.king(self.white_to_move);
        self.attacked(board, sq, !self.white_to_move)
    }

    /// The board the side to move's king stands on (0 = A).
    pub fn king_board(&self) -> usize {
        self.king(self.white_to_move).0
    }

    /// The moves of the piece on `from` of `board` by orthodox rules on that board alone, plus the
    /// en-passant capture; castling is apart.
    fn orthodox_moves(&self, board: usize, from: usize, out: &mut Vec<RefMove>) {
        let b = &self.boards[board];
        let Some((white, kind)) = b[from] else {
            return;
        };
        let plain = |to| RefMove {
            board,
            from,
            to,
            promotion: None,
            en_passant: false,
            castle: false,
        };
        let open_or_enemy = |to: usize| b[to].is_none_or(|(w, _)| w != white);
        match kind {
            Kind::Knight | Kind::King => {
                let steps = if kind == Kind::Knight {
                    KNIGHT_STEPS
                } else {
                    KING_STEPS
                };
                for (df, dr) in steps {
                    if let Some(to) = step(from, df, dr).filter(|&to| open_or_enemy(to)) {
                        out.push(plain(to));
                    }
                }
            }
            Kind::Bishop | Kind::Rook | Kind::Queen => {
                let mut rays = Vec::new();
                if kind != Kind::Bishop {
                    rays.extend(ROOK_RAYS);
                }
                if kind != Kind::Rook {
                    rays.extend(BISHOP_RAYS);
                }
                for (df, dr) in rays {
                    let mut at = step(from, df, dr);
                    while let Some(to) = at {
                        match b[to] {
                            None => out.push(plain(to)),
                            Some((w, _)) => {
                                if w != white {
                                    out.push(plain(to));
                                }
                                break;
                            }
                        }
                        at = step(to, df, dr);
                    }
                }
            }
            Kind::Pawn => {
                let ahead = if white { 1 } else { -1 };
                let start_rank = if white { 1 } else { 6 };
                let mut targets = Vec::new();
                if let Some(one) = step(from, 0, ahead).filter(|&s| b[s].is_none()) {
                    targets.push(one);
                    if rank(from) == start_rank
                        && let Some(two) = step(one, 0, ahead).filter(|&s| b[s].is_none())
                    {
                        targets.push(two);
                    }
                }
                for df in [-1, 1] {
                    if let Some(to) = step(from, df, ahead) {
                        if matches!(b[to], Some((w, _)) if w != white) {
                            targets.push(to);
                        } else if self.en_passant == Some(to) && b[to].is_none() {
                            out.push(RefMove {
                                en_passant: true,
                                ..plain(to)
                            });
                        }
                    }
                }
                for to in targets {
                    if rank(to) == 0 || rank(to) == 7 {
                        for promotion in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
                            out.push(RefMove {
                                promotion: Some(promotion),
                                ..plain(to)
                            });
                        }
                    } else {
                        out.push(plain(to));
                    }
                }
            }
        }
    }

    /// Castling moves as the rules describe them (not yet checked for the king on B).
    fn castlings(&self, out: &mut Vec<RefMove>) {
        let white = self.white_to_move;
        let home = if white { 0 } else { 56 };
        let a = &self.boards[0];
        let b = &self.boards[1];
        // (right index, king's destination, rook's start, rook's destination, squares between)
        let options = [
            (
                if white { 0 } else { 2 },
                home + 6,
                home + 7,
                home + 5,
                vec![home + 5, home + 6],
            ),
            (
                if white { 1 } else { 3 },
                home + 2,
                home,
                home + 3,
                vec![home + 1, home + 2, home + 3],
            ),
        ];
        for (right, king_to, rook_from, rook_to, between) in options {
            let allowed = self.castling[right]
                && a[home + 4] == Some((white, Kind::King))
                && a[rook_from] == Some((white, Kind::Rook))
                && between.iter().all(|&s| a[s].is_none())
                && b[king_to].is_none()
                && b[rook_to].is_none()
                && [home + 4, rook_to, king_to]
                    .iter()
                    .all(|&s| !self.attacked(0, s, !white));
            if allowed {
                out.push(RefMove {
                    board: 0,
                    from: home + 4,
                    to: king_to,
                    promotion: None,
                    en_passant: false,
                    castle: true,
                });
            }
        }
    }

    /// The position after `mv`, which the caller found among the candidates.
    fn make(&self, mv: &RefMove) -> RefPosition {
        let mut next = self.clone();
        let other = 1 - mv.board;
        let (white, kind) = next.boards[mv.board][mv.from].take().unwrap();
        let captured = if mv.en_passant {
            // The pawn taken stands beside the start square, on either board.
            let at = (mv.to % 8) + 8 * (mv.from / 8);
            next.boards[0][at]
                .take()
                .or_else(|| next.boards[1][at].take())
        } else {
            next.boards[mv.board][mv.to].take()
        };
        next.boards[other][mv.to] = Some((white, mv.promotion.unwrap_or(kind)));
        if mv.castle {
            let (rook_from, rook_to) = if mv.to % 8 == 6 {
                (mv.to + 1, mv.to - 1)
            } else {
                (mv.to - 2, mv.to + 1)
            };
            let rook = next.boards[0][rook_from].take();
            next.boards[1][rook_to] = rook;
        }
        if kind == Kind::King {
            let first = if white { 0 } else { 2 };
            next.castling[first] = false;
            next.castling[first + 1] = false;
        }
        for (corner, right) in [(7, 0), (0, 1), (63, 2), (56, 3)] {
            if mv.from == corner || mv.to == corner {
                next.castling[right] = false;
            }
        }
        next.en_passant = (kind == Kind::Pawn && (rank(mv.to) - rank(mv.from)).abs() == 2)
            .then(|| (mv.from + mv.to) / 2);
        next.halfmove = if kind == Kind::Pawn || captured.is_some() {
            0
        } else {
            self.halfmove + 1
        };
        if !white {
            next.fullmove += 1;
        }
        next.white_to_move = !white;
        next
    }

    /// Every legal move, made and checked.
    fn legal(&self) -> Vec<(RefMove, RefPosition)> {
        let white = self.white_to_move;
        let mut candidates = Vec::new();
        for board in 0..2 {
            for from in 0..64 {
                if matches!(self.boards[board][from], Some((w, _)) if w == white) {
                    self.orthodox_moves(board, from, &mut candidates);
                }
            }
        }
        self.castlings(&mut candidates);
        let mut legal = Vec::new();
        for mv in candidates {
            // The destination must be empty on the other board.
            if self.boards[1 - mv.board][mv.to].is_some() {
                continue;
            }
            let kind = self.boards[mv.board][mv.from].unwrap().1;
            if kind == Kind::King && !mv.castle {
                // Not onto a square attacked on the board it leaves: the orthodox move made there.
                let mut orthodox = self.clone();
                orthodox.boards[mv.board][mv.from] = None;
                orthodox.boards[mv.board][mv.to] = Some((white, Kind::King));
                if orthodox.attacked(mv.board, mv.to, !white) {
                    continue;
                }
            }
            let next = self.make(&mv);
            let (board, sq) = next.king(white);
            if !next.attacked(board, sq, !white) {
                legal.push((mv, next));
            }
        }
        legal
    }

    /// The legal moves as sorted UCI strings.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut texts: Vec<String> = self.legal().iter().map(|(mv, _)| mv.text()).collect();
        texts.sort();
        texts
    }

    /// The position after the legal move written `text`.
    pub fn play(&self, text: &str) -> RefPosition {
        self.legal()
            .into_iter()
            .find(|(mv, _)| mv.text() == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", self.to_text()))
            .1
    }

    /// The leaf nodes `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }

    /// What the position shows of the rules the cross-check must cover.
    pub fn coverage(&self) -> Coverage {
        let white = self.white_to_move;
        let legal = self.legal();
        let mut coverage = Coverage::default();
        for (mv, _) in &legal {
            coverage.castling |= mv.castle;
            if mv.en_passant {
                coverage.en_passant_from[mv.board] = true;
            }
            coverage.promotion |= mv.promotion.is_some();
        }
        let (board, sq) = self.king(white);
        if self.attacked(board, sq, !white) {
            coverage.check_on[board] = true;
        }
        // King steps whose square is free and unattacked on the board the king would land on, but
        // attacked on the board it leaves.
        for (df, dr) in KING_STEPS {
            let Some(to) = step(sq, df, dr) else { continue };
            let own = matches!(self.boards[board][to], Some((w, _)) if w == white);
            if own || self.boards[1 - board][to].is_some() {
                continue;
            }
            let mut orthodox = self.clone();
            orthodox.boards[board][sq] = None;
            orthodox.boards[board][to] = Some((white, Kind::King));
            if orthodox.attacked(board, to, !white) && !self.attacked(1 - board, to, !white) {
                coverage.king_held_back = true;
            }
        }
        coverage
    }
}

/// Which rules a position exercises.
#[derive(Clone, Copy, Debug, Default)]
pub struct Coverage {
    /// A castling is legal.
    pub castling: bool,
    /// An en-passant capture is legal for a pawn on board A (index 0) or B (1).
    pub en_passant_from: [bool; 2],
    /// A promotion is legal.
    pub promotion: bool,
    /// The side to move is in check on board A (0) or B (1).
    pub check_on: [bool; 2],
    /// The king may not step to a square only because it is attacked on the board it leaves.
    pub king_held_back: bool,
}

impl Coverage {
    /// The rules in a fixed order: castling, en passant from A, from B, promotion, check on A, on
    /// B, a king held back.
    pub fn flags(&self) -> [bool; 7] {
        [
            self.castling,
            self.en_passant_from[0],
            self.en_passant_from[1],
            self.promotion,
            self.check_on[0],
            self.check_on[1],
            self.king_held_back,
        ]
    }

    /// Whether every rule is shown.
    pub fn all(&self) -> bool {
        self.flags().iter().all(|&shown| shown)
    }

    /// The rules shown by either.
    pub fn or(self, other: Coverage) -> Coverage {
        Coverage {
            castling: self.castling || other.castling,
            en_passant_from: [
                self.en_passant_from[0] || other.en_passant_from[0],
                self.en_passant_from[1] || other.en_passant_from[1],
            ],
            promotion: self.promotion || other.promotion,
            check_on: [
                self.check_on[0] || other.check_on[0],
                self.check_on[1] || other.check_on[1],
            ],
            king_held_back: self.king_held_back || other.king_held_back,
        }
    }
}
