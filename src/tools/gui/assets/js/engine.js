// The engine's side of the protocol: the lines sent to it (variant, new game, options, position,
// go with the chosen limits) and the parsing of the lines it sends back (options, info, bestmove).

import { currentClock } from './clock.js';
import { $ } from './dom.js';
import { log, showBanner, showMessage } from './panels.js';
import { afterState, dropSearches, onBestmove, onInfo } from './search.js';
import { send } from './server.js';
import { page } from './state.js';

export function engineSend(line) {
  send({ type: 'engine', line });
}

export function onEngineStatus(msg) {
  setEngineStatus(msg.state, msg.message);
  if (msg.state === 'starting') {
    page.engine.options = new Set();
    page.engine.variants = null;
    $('level-choice').hidden = true; // until the engine declares `Skill Level`
    page.engine.inHandshake = true;
    dropSearches();
  } else if (msg.state === 'ready') {
    page.engine.inHandshake = false;
    showBanner('', false); // a notice that the engine stopped no longer applies
    page.engine.multipv = 1;
    page.engine.skill = '20'; // a (re)started engine plays at full strength until told otherwise
    syncEngineGame();
    afterState();
  } else if (msg.state === 'exited' || msg.state === 'failed') {
    dropSearches();
    showBanner(`The engine has stopped: ${msg.message}. Press "Restart engine".`, false);
  }
}

export function setEngineStatus(state, message) {
  page.engine.state = state;
  const badge = $('engine-status');
  badge.dataset.state = state;
  // When the engine was first ready, in ms since the page was opened: a figure the tests report.
  if (state === 'ready' && !badge.dataset.readyMs) badge.dataset.readyMs = String(Math.round(performance.now()));
  badge.textContent = `${page.engineName}: ${message}`;
}

export function engineReady() {
  return page.engine.state === 'ready';
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

export function onEngineLine(line) {
  log(`< ${line}`);
  const words = line.split(/\s+/);
  if (words[0] === 'option' && words[1] === 'name') {
    const typeAt = words.indexOf('type');
    const name = words.slice(2, typeAt < 0 ? undefined : typeAt).join(' ').toLowerCase();
    page.engine.options.add(name);
    if (name === 'skill level') $('level-choice').hidden = false;
    if (name === 'uci_variant') {
      page.engine.variants = words.filter((w, i) => words[i - 1] === 'var');
    }
  } else if (words[0] === 'info') {
    if (words[1] === 'string') {
      if (words[2] === 'error:') showMessage(`engine: ${words.slice(3).join(' ')}`);
      return;
    }
    onInfo(parseInfo(words));
  } else if (words[0] === 'bestmove') {
    onBestmove(words[1]);
  }
}

export function parseInfo(words) {
  const info = {};
  for (let i = 1; i < words.length; i++) {
    switch (words[i]) {
      case 'depth': info.depth = Number(words[++i]); break;
      case 'seldepth': info.seldepth = Number(words[++i]); break;
      case 'multipv': info.multipv = Number(words[++i]); break;
      case 'nodes': info.nodes = Number(words[++i]); break;
      case 'nps': info.nps = Number(words[++i]); break;
      case 'time': info.time = Number(words[++i]); break;
      case 'hashfull': i++; break;
      case 'score': {
        const kind = words[++i];
        const value = Number(words[++i]);
        if (kind === 'cp') info.cp = value;
        if (kind === 'mate') info.mate = value;
        if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.bound = words[++i];
        break;
      }
      case 'pv': info.pv = words.slice(i + 1); i = words.length; break;
      default: break;
    }
  }
  return info;
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

export function whiteScore(info, side) {
  const cp = info.mate != null ? Math.sign(info.mate) * 1000 : info.cp;
  if (cp == null) return null;
  return side === 'white' ? cp : -cp;
}

export function scoreText(info) {
  if (info.mate != null) return info.mate > 0 ? `+M${info.mate}` : `-M${-info.mate}`;
  if (info.cp == null) return '?';
  const value = (info.cp / 100).toFixed(2);
  return info.cp > 0 ? `+${value}` : value;
}
