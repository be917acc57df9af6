// The board's geometry: squares to SVG coordinates and back, flipped or not, one board or Alice's
// two; and the registry of the games' drawings. Each game's pieces are drawn by its own module
// (crates/rules/src/games/<game>/web_board.js), registered by the board `kind` the server's state carries; that
// module's default export is { kind, upper?, offBar?, drawMarkings?(svg, g, board), drawPieces(layer,
// g, board), dropText?(from, to), landingMark?(board, square), landingText?(board, square) }: the last
// two say, short and in words, what a piece shows where a move lands it. A drawing imports nothing:
// the geometry `g` it is handed carries what it draws with (`size`, `piece`, `shape`, `text`), so it
// loads from any path.

import { el, textEl } from './dom.js';
import { page } from './state.js';

export const S = 60; // the side of a square, in SVG units
export const MARGIN = 24; // room for the coordinates
export const BOARD_GAP = 40; // Alice: the room between board A and board B
const drawings = new Map();

// Makes a game's drawing known to the page, by its board kind.
export function registerDrawing(drawing) {
  if (drawing && drawing.kind) drawings.set(drawing.kind, drawing);
}

// The drawing of the game called `kind`, if it has one.
export function drawingOf(kind) {
  return drawings.get(kind) || null;
}

export function geometry() {
  const board = page.state && page.state.board;
  const drawing = board && drawings.get(board.kind);
  if (!drawing) return null;
  const cols = board.columns;
  const rows = board.rows;
  const upper = Boolean(drawing.upper);
  const off = drawing.offBar || 0;
  // Alice: two boards side by side, A on the left; a square's name is the same on both.
  const boards = board.boards ? board.boards.length : 1;
  const span = cols * S + BOARD_GAP;
  return {
    kind: board.kind, drawing, flipped: page.flipped, cols, rows, upper, off, boards, darkParity: board.dark_parity,
    // What a game's drawing draws with: the square's side, a piece's group placed on its square, and
    // SVG shapes and text.
    size: S,
    shape: el,
    text: textEl,
    width: 2 * MARGIN + cols * S + (boards - 1) * span,
    height: 2 * MARGIN + rows * S + 2 * off,
    name(c, r) {
      const letter = String.fromCharCode((upper ? 65 : 97) + c);
      return `${letter}${r + 1}`;
    },
    coords(name) {
      const c = name.toLowerCase().charCodeAt(0) - 97;
      const r = Number(name.slice(1)) - 1;
      return [c, r];
    },
    // The top left corner of the square `name` on board number `b` (0 for a game of one board).
    origin(name, b = 0) {
      const [c, r] = this.coords(name);
      const x = MARGIN + b * span + (page.flipped ? cols - 1 - c : c) * S;
      const y = MARGIN + off + (page.flipped ? r : rows - 1 - r) * S;
      return [x, y];
    },
    // A piece's group, placed on its square (and board); the drawing fills it.
    piece(parent, p) {
      const [x, y] = this.origin(p.square, boardIndex(p.board));
      const transform = `translate(${x} ${y})`;
      return el('g', { class: 'piece', 'data-square': p.square, 'data-owner': p.owner, transform }, parent);
    },
    center(name, b = 0) {
      const [x, y] = this.origin(name, b);
      return [x + S / 2, y + S / 2];
    },
    at(x, y) {
      if (off && x >= MARGIN && x < MARGIN + cols * S && ((y >= MARGIN && y < MARGIN + off) || (y >= MARGIN + off + rows * S && y < MARGIN + 2 * off + rows * S))) return 'off';
      const b = Math.max(0, Math.min(boards - 1, Math.floor((x - MARGIN) / span)));
      if (x - MARGIN - b * span >= cols * S) return null; // the gap between the boards
      const sc = Math.floor((x - MARGIN - b * span) / S);
      const sr = Math.floor((y - MARGIN - off) / S);
      if (sc < 0 || sc >= cols || sr < 0 || sr >= rows) return null;
      const c = page.flipped ? cols - 1 - sc : sc;
      const r = page.flipped ? sr : rows - 1 - sr;
      return this.name(c, r);
    },
  };
}

// The index of the board a piece of the drawing stands on (0 for a game of one board).
export function boardIndex(name) {
  const boards = page.state && page.state.board && page.state.board.boards;
  return boards && name ? Math.max(0, boards.indexOf(name)) : 0;
}

// The board the piece on `square` stands on, as an index (Alice: a square holds a piece on one board).
export function boardOfSquare(square) {
  const pieces = page.state && page.state.board && page.state.board.pieces;
  const piece = pieces && page.state.board.boards ? pieces.find((p) => p.square === square) : null;
  return piece ? boardIndex(piece.board) : 0;
}
