// The pointer on the board: a piece picked by a click or dragged, dropped on a square, and the
// choice between moves that the two squares do not tell apart.

import { S, drawingOf, geometry } from './board.js';
import { $ } from './dom.js';
import { humanMayMove, playMove } from './game.js';
import { boardAfter, destinations, drawArrows, drawMarks, legalFrom } from './marks.js';
import { showMessage } from './panels.js';
import { request } from './server.js';
import { page } from './state.js';

export function svgPoint(event) {
  const svg = $('board');
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

export function onPointerDown(event) {
  const g = geometry();
  if (!g || event.button > 0) return;
  const p = svgPoint(event);
  const square = g.at(p.x, p.y);
  if (page.choice) return;
  if (page.selected && square && square !== page.selected && destinations(page.selected).has(square)) {
    event.preventDefault();
    tryMove(page.selected, square);
    return;
  }
  if (square && square !== 'off' && legalFrom(square).length) {
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    event.preventDefault();
    page.selected = square;
    drawMarks();
    const piece = document.querySelector(`#pieces .piece[data-square="${square}"]`);
    const ghost = piece ? piece.cloneNode(true) : null;
    if (ghost) {
      ghost.classList.add('ghost');
      $('board').appendChild(ghost);
    }
    page.drag = { from: square, x: p.x, y: p.y, moved: false, ghost };
    $('board').setPointerCapture(event.pointerId);
    return;
  }
  if (page.selected) {
    if (square && square !== page.selected) refuse(page.selected, square);
    page.selected = null;
    drawMarks();
  }
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

export function tryMove(from, to) {
  const candidates = legalFrom(from).filter((m) => (to === 'off' ? m.off : m.to === to));
  page.selected = null;
  if (candidates.length === 0) return refuse(from, to);
  if (candidates.length === 1) return playMove(candidates[0].text);
  askChoice(candidates);
}

// Where one move is not told by its two squares: Duel's two L-paths, shown as two arrows; the
// sizes a Dipole stack can bear off; Dame's capture sequences that take different pieces, an arrow
// through each one's landings.
export function askChoice(candidates) {
  page.choice = candidates;
  drawMarks();
  drawArrows();
  const box = $('choice');
  const question = document.createElement('div');
  const routes = candidates.some((m) => m.via || (m.captured && m.captured.length));
  question.textContent = routes ? 'Which way? Click an arrow on the board or:' : candidates.some((m) => m.off) ? 'How many checkers bear off?' : candidates.some((m) => m.promotion) ? 'Promote to:' : 'Which move?';
  const drawing = drawingOf(page.game.variant);
  const buttons = candidates.map((move, i) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.move = move.text;
    if (move.via) button.className = `choice-${i % 2}`; // the colour of its arrow
    const landing = document.createElement('b');
    const label = document.createElement('span');
    if (move.via) label.textContent = `via ${move.via} (${move.text})`;
    else if (move.off) label.textContent = `${move.count} (${move.text})`;
    else if (move.promotion) label.textContent = `${move.promotion} (${move.text})`;
    else label.textContent = move.text;
    button.append(landing, label);
    button.addEventListener('click', () => chooseMove(move.text));
    // What the piece shows where it lands (a die's top value), which tells the paths apart.
    if (drawing && drawing.landingText && move.to) {
      boardAfter(move.text).then((board) => {
        const text = page.choice === candidates ? drawing.landingText(board, move.to) : '';
        if (text) landing.textContent = `${text} `;
      }, () => {});
    }
    return button;
  });
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { closeChoice(); drawArrows(); });
  box.replaceChildren(question, ...buttons, cancel);
  box.hidden = false;
}

export function chooseMove(text) {
  closeChoice();
  playMove(text);
}

export function closeChoice() {
  page.choice = null;
  $('choice').hidden = true;
  $('choice').replaceChildren();
}

// A drop the rules do not allow: the piece goes back, and the server says why.
export function refuse(from, to) {
  page.refusals += 1;
  document.body.dataset.refused = String(page.refusals);
  if (!to) return showMessage(`${from}: that is off the board; the piece stays`);
  if (to === 'off') return showMessage(`${from} cannot bear off: not one of its moves`);
  const drawing = drawingOf(page.game.variant);
  const text = drawing && drawing.dropText ? drawing.dropText(from, to) : `${from}-${to}`;
  showMessage(`${from}–${to} is not a legal move`);
  const moves = page.game.moves.slice(0, page.view).concat([text]);
  request({ type: 'state', variant: page.game.variant, start: page.game.start, moves }).then(
    () => {},
    (message) => showMessage(`${from}–${to} is not a legal move: ${message.replace(/^move \d+ '[^']*': /, '')}`),
  );
}
