// The pointer on the board: a piece picked by a click or dragged, dropped on a square, and the
// choice between moves that the two squares do not tell apart (an arrow or a button clicked).

import { showMessage } from './banner.js';
import { drawChoice, showLanding } from './choice.js';
import { $ } from './dom.js';
import { humanMayMove, playMove } from './game.js';
import { S, drawingOf, geometry } from './geometry.js';
import { destinations, legalFrom } from './legal.js';
import { drawArrows, drawMarks } from './marks.js';
import { closeChoice } from './position.js';
import { request } from './server.js';
import { page } from './state.js';

function svgPoint(event) {
  const svg = $('board');
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

export function onPointerDown(event) {
  const g = geometry();
  if (!g || event.button > 0) return;
  if (page.choice) {
    const arrow = event.target.closest && event.target.closest('#arrows .arrow[data-move]');
    if (arrow) chooseMove(arrow.dataset.move);
    return;
  }
  const p = svgPoint(event);
  const square = g.at(p.x, p.y);
  if (page.selected && square && square !== page.selected && destinations(page.selected).has(square)) {
    event.preventDefault();
    tryMove(page.selected, square);
  } else if (square && square !== 'off' && legalFrom(square).length) {
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    event.preventDefault();
    pick(square, p);
    $('board').setPointerCapture(event.pointerId);
  } else if (page.selected) {
    if (square && square !== page.selected) refuse(page.selected, square);
    page.selected = null;
    drawMarks();
  }
  return undefined;
}

// Picks the piece on `square` and starts dragging a copy of it from the point `p`.
function pick(square, p) {
  page.selected = square;
  preview(square);
  drawMarks();
  const piece = document.querySelector(`#pieces .piece[data-square="${square}"]`);
  const ghost = piece ? piece.cloneNode(true) : null;
  if (ghost) {
    ghost.classList.add('ghost');
    $('board').appendChild(ghost);
  }
  page.drag = { from: square, x: p.x, y: p.y, moved: false, ghost };
}

export function onPointerMove(event) {
  const drag = page.drag;
  if (!drag) return;
  const p = svgPoint(event);
  if (Math.hypot(p.x - drag.x, p.y - drag.y) > 4) drag.moved = true;
  if (drag.ghost) drag.ghost.setAttribute('transform', `translate(${p.x - S / 2} ${p.y - S / 2})`);
}

export function onPointerUp(event) {
  const drag = page.drag;
  if (!drag) return;
  page.drag = null;
  if (drag.ghost) drag.ghost.remove();
  const g = geometry();
  const p = svgPoint(event);
  const target = g ? g.at(p.x, p.y) : null;
  if (!drag.moved || target === drag.from) return; // a click: the piece stays picked
  if (target && destinations(drag.from).has(target)) {
    tryMove(drag.from, target);
  } else {
    refuse(drag.from, target);
    page.selected = null;
    drawMarks();
  }
}

export function onPointerCancel() {
  if (page.drag && page.drag.ghost) page.drag.ghost.remove();
  page.drag = null;
}

function tryMove(from, to) {
  const candidates = legalFrom(from).filter((m) => (to === 'off' ? m.off : m.to === to));
  page.selected = null;
  if (candidates.length === 0) return refuse(from, to);
  if (candidates.length === 1) return playMove(candidates[0].text);
  return askChoice(candidates);
}

// Where one move is not told by its two squares: the moves as arrows and buttons (js/choice.js),
// each with what the piece shows where it lands (a die's top value), which tells the paths apart.
function askChoice(candidates) {
  page.choice = candidates;
  drawMarks();
  drawArrows();
  drawChoice();
  const drawing = drawingOf(page.game.variant);
  if (!drawing || !drawing.landingText) return;
  for (const move of candidates.filter((m) => m.to)) {
    boardAfter(move.text).then((board) => {
      if (page.choice === candidates) showLanding(move.text, drawing.landingText(board, move.to));
    }, () => {});
  }
}

// A click in the question box: a move's button plays it, Cancel closes the question.
export function onChoiceClick(event) {
  const button = event.target.closest('button');
  if (!button) return;
  if (button.dataset.move) return chooseMove(button.dataset.move);
  closeChoice();
  return drawArrows();
}

function chooseMove(text) {
  closeChoice();
  playMove(text);
}

// The board after `text` is played at the position shown, from the server.
function boardAfter(text) {
  const moves = page.game.moves.slice(0, page.view).concat([text]);
  return request({ type: 'state', variant: page.game.variant, start: page.game.start, moves }).then((next) => next.board);
}

// Asks what the picked piece would show on each of its destinations, when its game says (Duel).
function preview(square) {
  const drawing = drawingOf(page.game.variant);
  const key = `${page.state.position} ${square}`;
  if (!drawing || !drawing.landingMark || page.previews.key === key) return;
  const previews = { key, marks: new Map() };
  page.previews = previews;
  const moves = legalFrom(square).filter((m) => m.to);
  Promise.all(moves.map((m) => boardAfter(m.text).then((board) => [m.to, drawing.landingMark(board, m.to)], () => [m.to, '']))).then((pairs) => {
    if (page.previews !== previews) return;
    for (const [to, mark] of pairs) {
      if (mark) previews.marks.set(to, [...(previews.marks.get(to) || []), mark]);
    }
    if (page.selected === square) drawMarks();
  });
}

// A drop the rules do not allow: the piece goes back, and the server says why.
function refuse(from, to) {
  page.refusals += 1;
  document.body.dataset.refused = String(page.refusals);
  if (!to) return showMessage(`${from}: that is off the board; the piece stays`);
  if (to === 'off') return showMessage(`${from} cannot bear off: not one of its moves`);
  const drawing = drawingOf(page.game.variant);
  const text = drawing && drawing.dropText ? drawing.dropText(from, to) : `${from}-${to}`;
  showMessage(`${from}–${to} is not a legal move`);
  const moves = page.game.moves.slice(0, page.view).concat([text]);
  return request({ type: 'state', variant: page.game.variant, start: page.game.start, moves }).then(
    () => {},
    (message) => showMessage(`${from}–${to} is not a legal move: ${message.replace(/^move \d+ '[^']*': /, '')}`),
  );
}
