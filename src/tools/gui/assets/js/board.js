// The board: its geometry (squares to SVG coordinates and back, flipped or not, one board or
// Alice's two), its squares and coordinates, and the registry of the games' drawings. Each game's
// pieces are drawn by its own module (src/games/<game>/web_board.js), registered by the board
// `kind` the server's state carries; that module's default export is
// { kind, upper?, offBar?, drawMarkings?(svg, g, board), drawPieces(layer, g, board), dropText?(from, to),
// landingMark?(board, square), landingText?(board, square) }: the last two say, short and in words,
// what a piece shows where a move lands it. A drawing imports nothing: the geometry `g` it is handed
// carries what it draws with (`size`, `piece`, `shape`, `text`), so it loads from any path.

import { $, el, textEl } from './dom.js';
import { drawArrows, drawMarks } from './marks.js';
import { page } from './state.js';

export const S = 60; // the side of a square, in SVG units
export const MARGIN = 24; // room for the coordinates
const BOARD_GAP = 40; // Alice: the room between board A and board B
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

export function drawBoard() {
  const svg = $('board');
  const g = geometry();
  $('diagram').hidden = Boolean(g);
  svg.style.display = g ? '' : 'none';
  if (!g) {
    $('diagram').textContent = page.state ? page.state.diagram : '';
    return;
  }
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  // The stylesheet sizes the board from its shape; the players' order beside it follows the flip.
  document.documentElement.style.setProperty('--ratio', String(g.width / g.height));
  document.body.dataset.flipped = String(page.flipped);
  svg.dataset.kind = g.kind;
  svg.replaceChildren();
  const defs = el('defs', {}, svg);
  for (const [id, colour] of [['head-best', '#2a64c8'], ['head-0', '#d0302a'], ['head-1', '#7a2ad0']]) {
    const marker = el('marker', { id, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }, marker);
  }
  // The glow round a king under DUEL or check.
  const glow = el('radialGradient', { id: 'glow-check' }, defs);
  el('stop', { offset: '0', 'stop-color': '#ff0000', 'stop-opacity': '1' }, glow);
  el('stop', { offset: '0.6', 'stop-color': '#e70000', 'stop-opacity': '1' }, glow);
  el('stop', { offset: '1', 'stop-color': '#a90000', 'stop-opacity': '0' }, glow);
  const squares = el('g', { id: 'squares' }, svg);
  for (let b = 0; b < g.boards; b++) {
    for (let r = 0; r < g.rows; r++) {
      for (let c = 0; c < g.cols; c++) {
        const name = g.name(c, r);
        const [x, y] = g.origin(name, b);
        let cls = 'sq-plain';
        if (g.darkParity !== undefined) cls = (c + r) % 2 === g.darkParity ? 'sq-dark' : 'sq-light';
        const rect = el('rect', { x, y, width: S, height: S, class: `sq ${cls}`, 'data-square': name }, squares);
        if (g.boards > 1) rect.dataset.board = page.state.board.boards[b];
      }
    }
    const left = MARGIN + b * (g.cols * S + BOARD_GAP);
    for (let i = 0; i < g.cols; i++) {
      const c = page.flipped ? g.cols - 1 - i : i;
      const letter = g.name(c, 0)[0];
      textEl(svg, left + i * S + S / 2, MARGIN / 2, letter, 'label');
      textEl(svg, left + i * S + S / 2, g.height - MARGIN / 2, letter, 'label');
    }
    if (g.boards > 1) {
      textEl(svg, left - MARGIN / 2, MARGIN / 2, page.state.board.boards[b], 'label board-name');
    }
  }
  for (let i = 0; i < g.rows; i++) {
    const r = page.flipped ? i : g.rows - 1 - i;
    textEl(svg, MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
    textEl(svg, g.width - MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
  }
  if (g.off) {
    for (const y of [MARGIN, MARGIN + g.off + g.rows * S]) {
      el('rect', { x: MARGIN, y, width: g.cols * S, height: g.off, class: 'off', 'data-square': 'off' }, svg);
      textEl(svg, MARGIN + (g.cols * S) / 2, y + g.off / 2, 'off the board', 'off-label');
    }
  }
  if (g.drawing.drawMarkings) g.drawing.drawMarkings(svg, g, page.state.board);
  el('g', { id: 'marks' }, svg);
  const pieces = el('g', { id: 'pieces' }, svg);
  g.drawing.drawPieces(pieces, g, page.state.board);
  el('g', { id: 'arrows' }, svg);
  drawMarks();
  drawArrows();
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
