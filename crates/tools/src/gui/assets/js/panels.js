// The panels beside the board: the players, the move list, the engine's lines, the status line, the
// engine's badge and the protocol log.

import { drawBanner, dropStaleMessage, gameResult } from './banner.js';
import { isHuman } from './controls.js';
import { $ } from './dom.js';
import { percentText, scoreText } from './info.js';
import { drawArrows } from './marks.js';
import { gameReview, live, page } from './state.js';
import { markMove } from './verdicts.js';

const LOG_LINES = 400;

// The move list: a row per move number, White's move then Black's (with the review's mark after a
// marked move), and the result under the last.
export function drawMoves() {
  const list = $('moves');
  const cell = (cls, text, ply) => {
    const span = document.createElement('span');
    span.className = cls;
    span.textContent = text;
    if (ply != null) {
      span.dataset.ply = String(ply);
      if (page.view === ply) span.classList.add('current');
    }
    return span;
  };
  const nodes = [cell('move', 'start', 0)];
  // The side that moved first: the first mover in the history shown, or the side to move at the start.
  const firstSide = page.state.history.length ? page.state.history[0].side : page.state.side;
  let number = 1;
  const review = gameReview(); // once: its key is the whole game's
  page.game.moves.forEach((text, i) => {
    const side = (i % 2 === 0) === (firstSide === 'white') ? 'white' : 'black';
    if (side === 'white' || i === 0) nodes.push(cell('number', `${number}.`));
    if (side === 'black' && i === 0) nodes.push(cell('number', '…'));
    const entry = cell('move', text, i + 1);
    markMove(entry, review && review.moves[i]);
    nodes.push(entry);
    if (side === 'black') number += 1;
  });
  const result = gameResult();
  if (result) nodes.push(cell('result', result));
  list.replaceChildren(...nodes);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

// The two players beside the board: who plays each side, at what level, and whose turn it is.
function drawPlayers() {
  const state = page.state;
  const mode = $('mode').value;
  const kind = $('limit-kind').value;
  const value = $('limit-value').value;
  const limit = kind === 'movetime' ? `${value} ms a move` : kind === 'depth' ? `depth ${value}` : `clock ${value}`;
  const named = $('level-choice').hidden ? '' : `${$('level').selectedOptions[0].textContent}, `;
  const level = named + limit;
  for (const side of ['white', 'black']) {
    const card = $(`player-${side}`);
    const colour = side === 'white' ? 'White' : 'Black';
    const human = mode === 'both' || mode === side;
    card.querySelector('.name').textContent = mode === 'both' ? colour : human ? `You (${colour})` : `${page.engineName} (${colour})`;
    card.querySelector('.level').textContent = human ? '' : level;
    card.classList.toggle('to-move', Boolean(state && !state.end && state.side === side));
  }
}

export function drawLines() {
  const box = $('lines');
  box.replaceChildren(...page.lines.filter(Boolean).map((info, i) => {
    const div = document.createElement('div');
    div.className = 'line';
    div.dataset.multipv = String(i + 1);
    const nps = info.nps != null ? `${Math.round(info.nps / 1000)} kn/s` : '';
    div.textContent = `${i + 1}. ${scoreText(info)}${info.bound ? (info.bound === 'lowerbound' ? '≥' : '≤') : ''}  depth ${info.depth}  ${nps}  ${(info.pv || []).join(' ')}`;
    if (info.wdl) {
      const [win, draw, loss] = info.wdl.map((perMille) => percentText(perMille / 10));
      div.title = `for the side to move: win ${win}, draw ${draw}, loss ${loss}`;
    }
    return div;
  }));
  drawArrows();
}

export function drawStatus() {
  const state = page.state;
  let text;
  if (state.end) {
    text = state.end.text;
  } else {
    const who = state.side === 'white' ? 'White' : 'Black';
    const mode = $('mode').value;
    const role = mode === 'both' ? '' : isHuman(state.side) ? ' (you)' : ` (${page.engineName})`;
    text = `${who}${role} to move, move ${state.move_number}`;
    if (!live()) text += ` — looking at move ${page.view} of ${page.game.moves.length}; a move here keeps the rest as a side line`;
  }
  $('status').textContent = text;
  drawPlayers();
  drawBanner();
  dropStaleMessage();
}

export function log(line) {
  const box = $('log');
  const lines = box.textContent ? box.textContent.split('\n') : [];
  lines.push(line);
  box.textContent = lines.slice(-LOG_LINES).join('\n');
  box.scrollTop = box.scrollHeight;
}

// The engine's badge in the header: its name and what it is doing (page.engine.state).
export function drawEngineStatus(message) {
  const badge = $('engine-status');
  badge.dataset.state = page.engine.state;
  // When the engine was first ready, in ms since the page was opened: a figure the tests report.
  if (page.engine.state === 'ready' && !badge.dataset.readyMs) badge.dataset.readyMs = String(Math.round(performance.now()));
  badge.textContent = `${page.engineName}: ${message}`;
}
