// The engine's side of the protocol as the page keeps it: the lines sent to it (variant, new game,
// options, position, go with the chosen limits), what it declared (its options and variants), and
// its state in the header's badge. Its lines back are dispatched by js/dispatch.js.

import { currentClock } from './clock_face.js';
import { $ } from './dom.js';
import { drawEngineStatus } from './panels.js';
import { send } from './server.js';
import { page } from './state.js';

export function engineSend(line) {
  send({ type: 'engine', line });
}

export function setEngineStatus(state, message) {
  page.engine.state = state;
  drawEngineStatus(message);
}

export function engineReady() {
  return page.engine.state === 'ready';
}

// A (re)starting engine: what it declared no longer holds.
export function engineStarting() {
  page.engine.options = new Set();
  page.engine.variants = null;
  $('level-choice').hidden = true; // until the engine declares `Skill Level`
  page.engine.inHandshake = true;
}

// A ready engine: it has its defaults and is told the game shown. One that can give its chances
// (UCI_ShowWDL) is asked to, for the evaluation bar and graph; they outlive a change of game.
export function engineReadied() {
  page.engine.inHandshake = false;
  page.engine.multipv = 1;
  page.engine.skill = '20'; // a (re)started engine plays at full strength until told otherwise
  if (page.engine.options.has('uci_showwdl')) engineSend('setoption name UCI_ShowWDL value true');
  syncEngineGame();
}

// An `option name … type …` line: the option is known (lower case), and its values if it is UCI_Variant.
export function noteOption(words) {
  const typeAt = words.indexOf('type');
  const name = words.slice(2, typeAt < 0 ? undefined : typeAt).join(' ').toLowerCase();
  page.engine.options.add(name);
  if (name === 'skill level') $('level-choice').hidden = false;
  if (name === 'uci_variant') {
    page.engine.variants = words.filter((w, i) => words[i - 1] === 'var');
  }
}

// Whether the engine plays the game shown: it declared UCI_Variant with this game among its values,
// or it declared no variants and the game is the first hosted one.
export function enginePlays(variant) {
  if (page.engine.variants) return page.engine.variants.includes(variant);
  return variant === $('variant').options[0]?.value;
}

// The game the page shows, told to the engine: its variant and a new game.
export function syncEngineGame() {
  if (!engineReady()) return;
  if (page.engine.options.has('uci_variant') && enginePlays(page.game.variant)) {
    engineSend(`setoption name UCI_Variant value ${page.game.variant}`);
  }
  engineSend(page.dialect === 'ugi' ? 'uginewgame' : 'ucinewgame');
  engineSend('isready');
}

// The engine's playing level (its `Skill Level`, 20 = full strength), sent before a search when it
// changes; an engine without the option plays at its full strength.
export function setSkillLevel(level) {
  if (!page.engine.options.has('skill level') || page.engine.skill === level) return;
  engineSend(`setoption name Skill Level value ${level}`);
  page.engine.skill = level;
}

export function setMultiPv(lines) {
  if (!page.engine.options.has('multipv') || page.engine.multipv === lines) return;
  engineSend(`setoption name MultiPV value ${lines}`);
  page.engine.multipv = lines;
}

export function positionLine(ply) {
  const moves = page.game.moves.slice(0, ply);
  const base = page.game.start ? `position fen ${page.game.start}` : 'position startpos';
  return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

export function limitGo() {
  const kind = $('limit-kind').value;
  const text = $('limit-value').value.trim();
  if (kind === 'depth') {
    const depth = Math.max(1, Math.min(64, parseInt(text, 10) || 1));
    return { line: `go depth ${depth}`, ms: null };
  }
  if (kind === 'clock') {
    const [w, b] = currentClock();
    const inc = page.clock ? page.clock.inc : 0;
    const names = page.dialect === 'ugi' ? ['p1time', 'p2time', 'p1inc', 'p2inc'] : ['wtime', 'btime', 'winc', 'binc'];
    const own = page.state.side === 'white' ? w : b;
    return { line: `go ${names[0]} ${w} ${names[1]} ${b} ${names[2]} ${inc} ${names[3]} ${inc}`, ms: own };
  }
  const ms = Math.max(1, parseInt(text, 10) || 1000);
  return { line: `go movetime ${ms}`, ms };
}
