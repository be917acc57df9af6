// The board drawn from the state: its squares and coordinates, the bearing-off strips, the game's
// own markings and pieces (its drawing module, js/geometry.js), then the marks and arrows over them.

import { $, el, textEl } from './dom.js';
import { BOARD_GAP, MARGIN, S, geometry } from './geometry.js';
import { drawArrows, drawMarks } from './marks.js';
import { page } from './state.js';

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
  drawDefinitions(svg);
  const squares = el('g', { id: 'squares' }, svg);
  for (let b = 0; b < g.boards; b++) {
    drawSquares(squares, g, b);
    drawFiles(svg, g, b);
  }
  drawRanks(svg, g);
  if (g.off) drawOffStrips(svg, g);
  if (g.drawing.drawMarkings) g.drawing.drawMarkings(svg, g, page.state.board);
  el('g', { id: 'marks' }, svg);
  const pieces = el('g', { id: 'pieces' }, svg);
  g.drawing.drawPieces(pieces, g, page.state.board);
  el('g', { id: 'arrows' }, svg);
  drawMarks();
  drawArrows();
}

// The arrows' heads, and the glow round a king under DUEL or check.
function drawDefinitions(svg) {
  const defs = el('defs', {}, svg);
  for (const [id, colour] of [['head-best', '#2a64c8'], ['head-0', '#d0302a'], ['head-1', '#7a2ad0']]) {
    const marker = el('marker', { id, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }, marker);
  }
  const glow = el('radialGradient', { id: 'glow-check' }, defs);
  el('stop', { offset: '0', 'stop-color': '#ff0000', 'stop-opacity': '1' }, glow);
  el('stop', { offset: '0.6', 'stop-color': '#e70000', 'stop-opacity': '1' }, glow);
  el('stop', { offset: '1', 'stop-color': '#a90000', 'stop-opacity': '0' }, glow);
}

// The squares of board number `b`, dark and light where the game has colours.
function drawSquares(squares, g, b) {
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
}

// The letters above and below board number `b`, and its name where there are two.
function drawFiles(svg, g, b) {
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

// The numbers left and right of the boards.
function drawRanks(svg, g) {
  for (let i = 0; i < g.rows; i++) {
    const r = page.flipped ? i : g.rows - 1 - i;
    textEl(svg, MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
    textEl(svg, g.width - MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
  }
}

// Dipole: the strips above and below the board that a stack bears off onto.
function drawOffStrips(svg, g) {
  for (const y of [MARGIN, MARGIN + g.off + g.rows * S]) {
    el('rect', { x: MARGIN, y, width: g.cols * S, height: g.off, class: 'off', 'data-square': 'off' }, svg);
    textEl(svg, MARGIN + (g.cols * S) / 2, y + g.off / 2, 'off the board', 'off-label');
  }
}
