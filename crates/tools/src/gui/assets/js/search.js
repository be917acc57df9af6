// The searches sent to the engine and not yet answered, and what starts them: after every new
// state the engine moves, or analyses, or waits (a review, js/review.js, runs searches of its own,
// which carry their `done`). The engine's answers come from js/dispatch.js.

import { showBanner, showMessage } from './banner.js';
import { isHuman } from './controls.js';
import { $ } from './dom.js';
import { enginePlays, engineReady, engineSend, limitGo, positionLine, setEngineStatus, setMultiPv, setSkillLevel } from './engine.js';
import { drawEvaluation } from './evaluation.js';
import { whiteEval } from './info.js';
import { drawArrows } from './marks.js';
import { drawLines } from './panels.js';
import { waitingRequests } from './server.js';
import { live, page } from './state.js';

const HANG_GRACE_MS = 5000; // how late a bestmove may be before the engine is taken to hang

// The searches sent and not yet answered, oldest first: the engine answers them in order, and every
// info line belongs to the oldest. A search is of the game's last position (a move) or the position
// shown (analysis), unless `at` names its ply and side to move (a review's). The search is returned:
// its owner may give it `done(bestmove, eval)`, told of its answer, or `done(null)` when it is
// stopped or dropped.
export function startSearch(purpose, goLine, limitMs, at = null) {
  const searched = at ? at.ply : purpose === 'move' ? page.game.moves.length : page.view;
  // The level the person picked is for the engine's moves; analysis and review are at full strength.
  setSkillLevel(purpose === 'move' ? $('level').value : '20');
  engineSend(positionLine(searched));
  engineSend(goLine);
  const search = {
    purpose, ply: searched, side: at ? at.side : page.state.side,
    started: performance.now(), info: null, eval: null, ignore: false, timer: null, done: null,
  };
  if (limitMs != null) search.timer = setTimeout(() => engineHangs(search), limitMs + HANG_GRACE_MS);
  page.searches.push(search);
  document.body.dataset.thinking = purpose;
  return search;
}

// Tells a search's owner, once, how it ended: its bestmove and evaluation, or null.
function settle(search, best, known) {
  const done = search.done;
  search.done = null;
  if (done) done(best, known);
}

export function activeSearch() {
  return page.searches.find((s) => !s.ignore);
}

// Stops whatever the engine is searching; its answer will be dropped.
export function stopSearches() {
  let running = false;
  for (const search of page.searches) {
    if (!search.ignore) running = true;
    search.ignore = true;
    clearTimeout(search.timer);
  }
  if (running) engineSend('stop');
  page.lines = [];
  drawLines();
  delete document.body.dataset.thinking;
  for (const search of page.searches) settle(search, null);
}

// The engine was restarted or has gone: no answer is coming.
export function dropSearches() {
  const dropped = page.searches;
  for (const search of dropped) clearTimeout(search.timer);
  page.searches = [];
  for (const search of dropped) settle(search, null);
  page.lines = []; // a gone engine's last lines no longer apply
  drawLines();
  delete document.body.dataset.thinking;
}

// Asks the engine to play its move now; false when it is not thinking about a move. A bestmove that
// does not follow within the grace time means the engine hangs.
export function stopMoveSearch() {
  const search = activeSearch();
  if (!search || search.purpose !== 'move') return false;
  engineSend('stop');
  clearTimeout(search.timer);
  search.timer = setTimeout(() => engineHangs(search), HANG_GRACE_MS);
  return true;
}

export function engineHangs(search) {
  if (!page.searches.includes(search)) return;
  setEngineStatus('hung', 'does not answer');
  showBanner(`The engine has not answered for ${Math.round((performance.now() - search.started) / 1000)} s: it seems to hang. Press "Restart engine".`, false);
}

// The engine's `info`: it belongs to the oldest search; an analysis shows its lines and scores. The
// best line's exact score is the position's evaluation, in the bar and the graph as it comes.
export function onInfo(info) {
  const search = page.searches[0];
  if (!search || search.ignore || info.depth == null) return;
  if ((info.multipv || 1) === 1) search.info = info;
  // A review's lines are of a position not shown: not listed, nor drawn as arrows.
  if (search.purpose === 'analysis') page.lines[(info.multipv || 1) - 1] = info;
  else if (search.purpose === 'move') page.lines = [info];
  drawLines();
  if ((info.multipv || 1) === 1 && info.bound == null) {
    const known = whiteEval(info, search.side);
    if (known) page.game.evals[search.ply] = known;
    search.eval = known || search.eval;
    drawEvaluation();
  }
}

// The engine's `bestmove`: it answers the oldest search. The move to play, with its comment (time,
// score, depth), when it answers a search for the game's move; else null.
export function takeBestmove(text) {
  const search = page.searches.shift();
  if (!search) return null;
  clearTimeout(search.timer);
  if (!page.searches.some((s) => !s.ignore)) delete document.body.dataset.thinking;
  if (page.engine.state === 'hung') setEngineStatus('ready', 'answers again');
  if (!search.ignore && search.done) {
    settle(search, text, search.eval || (search.info && whiteEval(search.info, search.side)));
    return null;
  }
  if (search.ignore || search.purpose !== 'move') return null;
  if (search.ply !== page.game.moves.length || !text || text === '(none)') return null;
  const used = Math.round(performance.now() - search.started);
  const info = search.info || {};
  const comment = { ms: used };
  if (info.mate != null) comment.mate = info.mate;
  else if (info.cp != null) comment.cp = info.cp;
  if (info.depth != null && (comment.cp != null || comment.mate != null)) comment.depth = info.depth;
  if (info.wdl && (comment.cp != null || comment.mate != null)) comment.wdl = info.wdl;
  const known = info.depth != null ? whiteEval(info, search.side) : null;
  if (known) page.game.evals[search.ply] = known;
  page.forceEngine = false;
  return { text, comment };
}

// After every new state: the engine moves, or analyses, or waits.
export function afterState() {
  const state = page.state;
  // A review has the engine to itself until it ends.
  if (!state || !engineReady() || waitingRequests() > 0 || page.reviewing) return;
  const searching = activeSearch();
  if (live() && !state.end && (!isHuman(state.side) || page.forceEngine)) {
    if (searching && searching.purpose === 'move') return;
    if (!enginePlays(page.game.variant)) {
      return showMessage(`${page.engineName} does not play ${page.game.variant}`);
    }
    stopSearches();
    setMultiPv(1);
    const go = limitGo();
    startSearch('move', go.line, go.ms);
    return;
  }
  if (searching && searching.purpose === 'move') stopSearches(); // the engine no longer has this move
  if ($('analyse').checked && !state.end && enginePlays(page.game.variant)) {
    if (searching && searching.purpose === 'analysis' && searching.ply === page.view) return;
    stopSearches();
    setMultiPv(Number($('multipv').value));
    startSearch('analysis', 'go infinite', null);
  } else if (searching && searching.purpose === 'analysis') {
    stopSearches();
  }
}
