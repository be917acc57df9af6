// duel gui: a client of the engine protocol in one page.
//
// The page owns the game (its variant, start position and moves in notation) and is the engine's
// GUI: it sends the protocol lines any GUI sends (setoption, ucinewgame, isready, position, go,
// stop) through the server, which relays them to the engine and relays every line back. For the rules
// it asks the server: a "state" request replays the game and answers with the board, the legal moves
// (each with the squares it joins), the announcement and the end. Messages: docs/gui.md.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const S = 60; // the side of a square, in SVG units
const MARGIN = 24; // room for the coordinates
const OFF_BAR = 34; // Dipole's bearing-off strips above and below the board
const BOARD_GAP = 40; // Alice: the room between board A and board B
// Alice's pieces as the chess glyphs, the same filled shapes for both sides (the colour is the fill).
const CHESS_GLYPHS = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };
const HANG_GRACE_MS = 5000; // how late a bestmove may be before the engine is taken to hang
const LOG_LINES = 400;
const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  engineName: 'engine',
  dialect: 'uci',
  engine: { state: 'connecting', options: new Set(), variants: null, multipv: 1, inHandshake: true },
  game: newGame('duel', null),
  view: 0,
  state: null,
  stateSeq: 0,
  requestId: 0,
  pending: new Map(),
  flipped: false,
  selected: null,
  drag: null,
  choice: null,
  searches: [],
  lines: [],
  clock: null,
  refusals: 0,
  forceEngine: false,
  humanMoveAt: null,
};

function newGame(variant, start) {
  return { variant, start, moves: [], comments: [], evals: [], forfeit: null };
}

// ----- the connection ---------------------------------------------------------------------------

function connect() {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  app.ws = ws;
  ws.onmessage = (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (e) {
      return showMessage(`unreadable message from the server: ${e}`);
    }
    onServer(msg);
  };
  ws.onclose = () => {
    setEngineStatus('exited', 'the server has closed the connection; reload the page');
    for (const { reject } of app.pending.values()) reject('the connection is closed');
    app.pending.clear();
  };
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(msg));
}

function request(msg) {
  return new Promise((resolve, reject) => {
    const id = ++app.requestId;
    app.pending.set(id, { resolve, reject });
    send({ ...msg, id });
  });
}

function onServer(msg) {
  switch (msg.type) {
    case 'hello': return onHello(msg);
    case 'engine': return onEngineLine(msg.line);
    case 'sent': return log(`> ${msg.line}`);
    case 'engine_status': return onEngineStatus(msg);
    case 'state':
    case 'pgn':
    case 'game': {
      const waiting = app.pending.get(msg.id);
      if (waiting) {
        app.pending.delete(msg.id);
        waiting.resolve(msg);
      }
      return;
    }
    case 'error': {
      const waiting = msg.id != null && app.pending.get(msg.id);
      if (waiting) {
        app.pending.delete(msg.id);
        return waiting.reject(msg.message);
      }
      return showMessage(msg.message);
    }
    default:
      return undefined;
  }
}

function onHello(msg) {
  app.engineName = msg.engine.name;
  app.dialect = msg.engine.dialect;
  const select = $('variant');
  select.replaceChildren(...msg.variants.map((v) => new Option(v, v)));
  select.value = msg.variant;
  app.game = newGame(msg.variant, null);
  resetClock();
  loadState();
}

// ----- the engine -------------------------------------------------------------------------------

function engineSend(line) {
  send({ type: 'engine', line });
}

function onEngineStatus(msg) {
  setEngineStatus(msg.state, msg.message);
  if (msg.state === 'starting') {
    app.engine.options = new Set();
    app.engine.variants = null;
    app.engine.inHandshake = true;
    dropSearches();
  } else if (msg.state === 'ready') {
    app.engine.inHandshake = false;
    app.engine.multipv = 1;
    syncEngineGame();
    afterState();
  } else if (msg.state === 'exited' || msg.state === 'failed') {
    dropSearches();
    showBanner(`The engine has stopped: ${msg.message}. Press "Restart engine".`, false);
  }
}

function setEngineStatus(state, message) {
  app.engine.state = state;
  const el = $('engine-status');
  el.dataset.state = state;
  el.textContent = `${app.engineName}: ${message}`;
}

function engineReady() {
  return app.engine.state === 'ready';
}

// Whether the engine plays the game shown: it declared UCI_Variant with this game among its values,
// or it declared no variants and the game is the first hosted one.
function enginePlays(variant) {
  if (app.engine.variants) return app.engine.variants.includes(variant);
  return variant === $('variant').options[0]?.value;
}

// The game the page shows, told to the engine: its variant and a new game.
function syncEngineGame() {
  if (!engineReady()) return;
  if (app.engine.options.has('uci_variant') && enginePlays(app.game.variant)) {
    engineSend(`setoption name UCI_Variant value ${app.game.variant}`);
  }
  engineSend(app.dialect === 'ugi' ? 'uginewgame' : 'ucinewgame');
  engineSend('isready');
}

function setMultiPv(lines) {
  if (!app.engine.options.has('multipv') || app.engine.multipv === lines) return;
  engineSend(`setoption name MultiPV value ${lines}`);
  app.engine.multipv = lines;
}

function onEngineLine(line) {
  log(`< ${line}`);
  const words = line.split(/\s+/);
  if (words[0] === 'option' && words[1] === 'name') {
    const typeAt = words.indexOf('type');
    const name = words.slice(2, typeAt < 0 ? undefined : typeAt).join(' ').toLowerCase();
    app.engine.options.add(name);
    if (name === 'uci_variant') {
      app.engine.variants = words.filter((w, i) => words[i - 1] === 'var');
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

function parseInfo(words) {
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

// The searches sent and not yet answered, oldest first: the engine answers them in order, and every
// info line belongs to the oldest.
function startSearch(purpose, goLine, limitMs) {
  const ply = app.game.moves.length;
  const searched = purpose === 'move' ? ply : app.view;
  engineSend(positionLine(searched));
  engineSend(goLine);
  const search = {
    purpose, ply: searched, side: app.state.side,
    started: performance.now(), info: null, ignore: false, timer: null,
  };
  if (limitMs != null) search.timer = setTimeout(() => engineHangs(search), limitMs + HANG_GRACE_MS);
  app.searches.push(search);
  document.body.dataset.thinking = purpose;
}

function positionLine(ply) {
  const moves = app.game.moves.slice(0, ply);
  const base = app.game.start ? `position fen ${app.game.start}` : 'position startpos';
  return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

function activeSearch() {
  return app.searches.find((s) => !s.ignore);
}

// Stops whatever the engine is searching; its answer will be dropped.
function stopSearches() {
  let running = false;
  for (const search of app.searches) {
    if (!search.ignore) running = true;
    search.ignore = true;
    clearTimeout(search.timer);
  }
  if (running) engineSend('stop');
  app.lines = [];
  drawLines();
  delete document.body.dataset.thinking;
}

// The engine was restarted or has gone: no answer is coming.
function dropSearches() {
  for (const search of app.searches) clearTimeout(search.timer);
  app.searches = [];
  delete document.body.dataset.thinking;
}

function engineHangs(search) {
  if (!app.searches.includes(search)) return;
  setEngineStatus('hung', 'does not answer');
  showBanner(`The engine has not answered for ${Math.round((performance.now() - search.started) / 1000)} s: it seems to hang. Press "Restart engine".`, false);
}

function onInfo(info) {
  const search = app.searches[0];
  if (!search || search.ignore || info.depth == null) return;
  if ((info.multipv || 1) === 1) search.info = info;
  if (search.purpose === 'analysis') {
    app.lines[(info.multipv || 1) - 1] = info;
    drawLines();
    if ((info.multipv || 1) === 1 && info.bound == null) {
      app.game.evals[search.ply] = whiteScore(info, search.side);
      drawGraph();
      drawArrows();
    }
  } else {
    app.lines = [info];
    drawLines();
  }
}

function onBestmove(text) {
  const search = app.searches.shift();
  if (!search) return;
  clearTimeout(search.timer);
  if (!app.searches.some((s) => !s.ignore)) delete document.body.dataset.thinking;
  if (app.engine.state === 'hung') setEngineStatus('ready', 'answers again');
  if (search.ignore || search.purpose !== 'move') return;
  if (search.ply !== app.game.moves.length || !text || text === '(none)') return;
  const used = Math.round(performance.now() - search.started);
  const info = search.info || {};
  const comment = { ms: used };
  if (info.mate != null) comment.mate = info.mate;
  else if (info.cp != null) comment.cp = info.cp;
  if (info.depth != null && (comment.cp != null || comment.mate != null)) comment.depth = info.depth;
  if (info.depth != null) app.game.evals[search.ply] = whiteScore(info, search.side);
  app.forceEngine = false;
  playMove(text, comment);
}

function whiteScore(info, side) {
  const cp = info.mate != null ? Math.sign(info.mate) * 1000 : info.cp;
  if (cp == null) return null;
  return side === 'white' ? cp : -cp;
}

function scoreText(info) {
  if (info.mate != null) return info.mate > 0 ? `+M${info.mate}` : `-M${-info.mate}`;
  if (info.cp == null) return '?';
  const value = (info.cp / 100).toFixed(2);
  return info.cp > 0 ? `+${value}` : value;
}

// ----- whose move ------------------------------------------------------------------------------

function isHuman(side) {
  const mode = $('mode').value;
  return mode === 'both' || mode === side;
}

function live() {
  return app.view === app.game.moves.length;
}

function limitGo() {
  const kind = $('limit-kind').value;
  const text = $('limit-value').value.trim();
  if (kind === 'depth') {
    const depth = Math.max(1, Math.min(64, parseInt(text, 10) || 1));
    return { line: `go depth ${depth}`, ms: null };
  }
  if (kind === 'clock') {
    const [w, b] = currentClock();
    const inc = app.clock ? app.clock.inc : 0;
    const names = app.dialect === 'ugi' ? ['p1time', 'p2time', 'p1inc', 'p2inc'] : ['wtime', 'btime', 'winc', 'binc'];
    const own = app.state.side === 'white' ? w : b;
    return { line: `go ${names[0]} ${w} ${names[1]} ${b} ${names[2]} ${inc} ${names[3]} ${inc}`, ms: own };
  }
  const ms = Math.max(1, parseInt(text, 10) || 1000);
  return { line: `go movetime ${ms}`, ms };
}

// After every new state: the engine moves, or analyses, or waits.
function afterState() {
  const state = app.state;
  if (!state || !engineReady() || app.pending.size > 0) return;
  const searching = activeSearch();
  if (live() && !state.end && (!isHuman(state.side) || app.forceEngine)) {
    if (searching && searching.purpose === 'move') return;
    if (!enginePlays(app.game.variant)) {
      return showMessage(`${app.engineName} does not play ${app.game.variant}`);
    }
    stopSearches();
    setMultiPv(1);
    const go = limitGo();
    startSearch('move', go.line, go.ms);
    return;
  }
  if (searching && searching.purpose === 'move') stopSearches(); // the engine no longer has this move
  if ($('analyse').checked && !state.end && enginePlays(app.game.variant)) {
    if (searching && searching.purpose === 'analysis' && searching.ply === app.view) return;
    stopSearches();
    setMultiPv(Number($('multipv').value));
    startSearch('analysis', 'go infinite', null);
  } else if (searching && searching.purpose === 'analysis') {
    stopSearches();
  }
}

// ----- the game --------------------------------------------------------------------------------

// Asks the server for the position after the first `app.view` moves and shows it.
function loadState() {
  const seq = ++app.stateSeq;
  const moves = app.game.moves.slice(0, app.view);
  return request({
    type: 'state', variant: app.game.variant, start: app.game.start, moves,
    forfeit: live() ? app.game.forfeit : null,
  }).then((state) => {
    if (seq === app.stateSeq) showState(state);
  }, (message) => {
    if (seq === app.stateSeq) showMessage(message);
  });
}

function showState(state) {
  app.state = state;
  app.selected = null;
  closeChoice();
  if (live()) {
    app.game.moves = state.history.map((h) => h.text);
    if (state.end) {
      stopClock();
    }
  }
  document.body.dataset.ply = String(app.game.moves.length);
  document.body.dataset.view = String(app.view);
  document.body.dataset.side = state.side;
  drawBoard();
  drawMoves();
  drawGraph();
  drawStatus();
  if (document.activeElement !== $('position-text')) $('position-text').value = state.position;
  $('pass').hidden = !state.legal.some((m) => m.pass);
  afterState();
}

// Plays a move given in notation (from the mouse, the keyboard or the engine) at the position shown.
function playMove(text, comment) {
  const state = app.state;
  if (!state) return;
  const branching = !live();
  const asked = performance.now();
  const moves = app.game.moves.slice(0, app.view).concat([text]);
  const seq = ++app.stateSeq;
  stopSearches();
  request({ type: 'state', variant: app.game.variant, start: app.game.start, moves }).then((next) => {
    if (seq !== app.stateSeq) return;
    if (branching) {
      app.game.comments.length = app.view;
      app.game.evals.length = Math.min(app.game.evals.length, app.view + 1);
      app.game.forfeit = null;
    }
    chargeClock(state.side);
    app.game.comments[moves.length - 1] = comment || null;
    app.view = moves.length;
    app.game.moves = next.history.map((h) => h.text);
    showMessage('');
    showState(next);
    // How long a person waited for the engine's answer to their move, for the record.
    if (comment && app.humanMoveAt != null) document.body.dataset.replyMs = String(Math.round(performance.now() - app.humanMoveAt));
    app.humanMoveAt = comment ? null : asked;
    if (next.announcement || next.end) showBanner(next.end ? next.end.text : next.announcement, Boolean(next.end));
    else showBanner('', false);
  }, (message) => {
    if (seq === app.stateSeq) showMessage(message);
    afterState();
  });
}

function humanMayMove() {
  const state = app.state;
  if (!state || state.end) return 'the game is over';
  if (live() && !isHuman(state.side)) return 'it is the engine\'s move';
  if (app.choice) return 'choose one of the moves shown first';
  return null;
}

function goToPly(ply) {
  const target = Math.max(0, Math.min(app.game.moves.length, ply));
  if (target === app.view) return;
  stopSearches();
  app.view = target;
  showBanner('', false);
  loadState();
}

function newGameHere(variant, start) {
  stopSearches();
  app.game = newGame(variant, start);
  app.view = 0;
  app.forceEngine = false;
  showBanner('', false);
  showMessage('');
  resetClock();
  syncEngineGame();
  return loadState();
}

function undo() {
  stopSearches();
  const moves = app.game.moves;
  let back = 1;
  const mode = $('mode').value;
  if ((mode === 'white' || mode === 'black') && moves.length >= 2 && app.state) {
    // Back to the player's own turn: the engine's reply and the player's move.
    const history = app.state.history;
    const lastSide = history.length ? history[history.length - 1].side : null;
    if (lastSide && !isHuman(lastSide)) back = 2;
  }
  const keep = Math.max(0, moves.length - back);
  app.game.moves = moves.slice(0, keep);
  app.game.comments.length = Math.min(app.game.comments.length, keep);
  app.game.evals.length = Math.min(app.game.evals.length, keep + 1);
  app.game.forfeit = null;
  app.view = keep;
  showBanner('', false);
  loadState();
}

// ----- clocks -----------------------------------------------------------------------------------

function resetClock() {
  stopClock();
  app.clock = null;
  if ($('limit-kind').value !== 'clock') return drawClocks();
  const [base, inc] = $('limit-value').value.split('+').map(Number);
  const baseMs = Math.max(1, Number.isFinite(base) ? base : 300) * 1000;
  app.clock = { left: [baseMs, baseMs], inc: Math.round((Number.isFinite(inc) ? inc : 0) * 1000), since: performance.now(), timer: null };
  app.clock.timer = setInterval(tickClock, 100);
  drawClocks();
}

function stopClock() {
  if (app.clock && app.clock.timer) clearInterval(app.clock.timer);
  if (app.clock) app.clock.timer = null;
}

function sideIndex(side) {
  return side === 'white' ? 0 : 1;
}

function currentClock() {
  if (!app.clock) return [0, 0];
  const left = app.clock.left.slice();
  if (app.clock.timer && app.state && !app.state.end) {
    left[sideIndex(liveSide())] -= performance.now() - app.clock.since;
  }
  return left.map((ms) => Math.max(0, Math.round(ms)));
}

function liveSide() {
  const history = app.state ? app.state.history : [];
  if (live() && app.state) return app.state.side;
  const n = app.game.moves.length;
  const first = history.length ? history[0].side : app.state.side;
  return n % 2 === 0 ? first : (first === 'white' ? 'black' : 'white');
}

function chargeClock(side) {
  if (!app.clock || !app.clock.timer) return;
  const now = performance.now();
  const i = sideIndex(side);
  app.clock.left[i] -= now - app.clock.since;
  if (app.clock.left[i] > 0) app.clock.left[i] += app.clock.inc;
  app.clock.since = now;
}

function tickClock() {
  drawClocks();
  if (!app.clock || !app.state || app.state.end || app.game.forfeit) return;
  const [w, b] = currentClock();
  const side = liveSide();
  if ((side === 'white' ? w : b) <= 0) {
    app.game.forfeit = side;
    stopSearches();
    stopClock();
    app.view = app.game.moves.length;
    loadState().then(() => {
      if (app.state && app.state.end) showBanner(app.state.end.text, true);
    });
  }
}

function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  return `${Math.floor(tenths / 600)}:${String(Math.floor(tenths / 10) % 60).padStart(2, '0')}.${tenths % 10}`;
}

function drawClocks() {
  const white = $('clock-white');
  const black = $('clock-black');
  if (!app.clock) {
    white.textContent = '';
    black.textContent = '';
    return;
  }
  const [w, b] = currentClock();
  white.textContent = `White ${clockText(w)}`;
  black.textContent = `Black ${clockText(b)}`;
  const running = app.clock.timer && app.state && !app.state.end ? liveSide() : null;
  white.classList.toggle('running', running === 'white');
  black.classList.toggle('running', running === 'black');
}

// ----- the board --------------------------------------------------------------------------------

function geometry() {
  const board = app.state && app.state.board;
  if (!board) return null;
  const cols = board.columns;
  const rows = board.rows;
  const upper = board.kind === 'duel';
  const off = board.kind === 'dipole' ? OFF_BAR : 0;
  // Alice: two boards side by side, A on the left; a square's name is the same on both.
  const boards = board.boards ? board.boards.length : 1;
  const span = cols * S + BOARD_GAP;
  return {
    kind: board.kind, cols, rows, upper, off, boards, darkParity: board.dark_parity,
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
      const x = MARGIN + b * span + (app.flipped ? cols - 1 - c : c) * S;
      const y = MARGIN + off + (app.flipped ? r : rows - 1 - r) * S;
      return [x, y];
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
      const c = app.flipped ? cols - 1 - sc : sc;
      const r = app.flipped ? sr : rows - 1 - sr;
      return this.name(c, r);
    },
  };
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function textEl(parent, x, y, text, cls) {
  const node = el('text', { x, y, class: cls }, parent);
  node.textContent = text;
  return node;
}

function drawBoard() {
  const svg = $('board');
  const g = geometry();
  $('diagram').hidden = Boolean(g);
  svg.style.display = g ? '' : 'none';
  if (!g) {
    $('diagram').textContent = app.state ? app.state.diagram : '';
    return;
  }
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  svg.dataset.kind = g.kind;
  svg.replaceChildren();
  const defs = el('defs', {}, svg);
  for (const [id, colour] of [['head-best', '#2a64c8'], ['head-0', '#d0302a'], ['head-1', '#7a2ad0']]) {
    const marker = el('marker', { id, viewBox: '0 0 10 10', refX: '5', refY: '5', markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: colour }, marker);
  }
  const squares = el('g', { id: 'squares' }, svg);
  for (let b = 0; b < g.boards; b++) {
    for (let r = 0; r < g.rows; r++) {
      for (let c = 0; c < g.cols; c++) {
        const name = g.name(c, r);
        const [x, y] = g.origin(name, b);
        let cls = 'sq-plain';
        if (g.darkParity !== undefined) cls = (c + r) % 2 === g.darkParity ? 'sq-dark' : 'sq-light';
        const rect = el('rect', { x, y, width: S, height: S, class: `sq ${cls}`, 'data-square': name }, squares);
        if (g.boards > 1) rect.dataset.board = app.state.board.boards[b];
      }
    }
    const left = MARGIN + b * (g.cols * S + BOARD_GAP);
    for (let i = 0; i < g.cols; i++) {
      const c = app.flipped ? g.cols - 1 - i : i;
      const letter = g.name(c, 0)[0];
      textEl(svg, left + i * S + S / 2, MARGIN / 2, letter, 'label');
      textEl(svg, left + i * S + S / 2, g.height - MARGIN / 2, letter, 'label');
    }
    if (g.boards > 1) {
      textEl(svg, left - MARGIN / 2, MARGIN / 2, app.state.board.boards[b], 'label board-name');
    }
  }
  for (let i = 0; i < g.rows; i++) {
    const r = app.flipped ? i : g.rows - 1 - i;
    textEl(svg, MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
    textEl(svg, g.width - MARGIN / 2, MARGIN + g.off + i * S + S / 2, String(r + 1), 'label');
  }
  if (g.off) {
    for (const y of [MARGIN, MARGIN + g.off + g.rows * S]) {
      el('rect', { x: MARGIN, y, width: g.cols * S, height: g.off, class: 'off', 'data-square': 'off' }, svg);
      textEl(svg, MARGIN + (g.cols * S) / 2, y + g.off / 2, 'off the board', 'off-label');
    }
  }
  if (g.kind === 'duel') {
    for (const name of Object.values(app.state.board.goals)) {
      const [x, y] = g.origin(name);
      el('rect', { x: x + 3, y: y + 3, width: S - 6, height: S - 6, class: 'goal' }, svg);
    }
  }
  el('g', { id: 'marks' }, svg);
  const pieces = el('g', { id: 'pieces' }, svg);
  if (g.kind === 'duel') app.state.board.pieces.forEach((p) => drawDie(pieces, g, p));
  if (g.kind === 'dipole') app.state.board.stacks.forEach((p) => drawStack(pieces, g, p));
  if (g.kind === 'dame') app.state.board.pieces.forEach((p) => drawDraughtsman(pieces, g, p));
  if (g.kind === 'alice') app.state.board.pieces.forEach((p) => drawChessPiece(pieces, g, p));
  el('g', { id: 'arrows' }, svg);
  drawMarks();
  drawArrows();
}

// The index of the board a piece of the drawing stands on (0 for a game of one board).
function boardIndex(name) {
  const boards = app.state && app.state.board && app.state.board.boards;
  return boards && name ? Math.max(0, boards.indexOf(name)) : 0;
}

// The board the piece on `square` stands on, as an index (Alice: a square holds a piece on one board).
function boardOfSquare(square) {
  const pieces = app.state && app.state.board && app.state.board.pieces;
  const piece = pieces && app.state.board.boards ? pieces.find((p) => p.square === square) : null;
  return piece ? boardIndex(piece.board) : 0;
}

function pieceGroup(parent, g, p) {
  const [x, y] = g.origin(p.square, boardIndex(p.board));
  const group = el('g', { class: 'piece', 'data-square': p.square, 'data-owner': p.owner, transform: `translate(${x} ${y})` }, parent);
  return group;
}

// A die: the top value large in the middle, the four side values around it, each on the side of the
// board it faces (turned round when the board is flipped); a king: a crowned disc.
function drawDie(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  const ink = `ink-${p.owner}`;
  group.dataset.king = String(p.king);
  if (p.king) {
    el('circle', { cx: S / 2, cy: S / 2, r: S / 2 - 6, class: `body-${p.owner}` }, group);
    el('circle', { cx: S / 2, cy: S / 2, r: S / 2 - 10, class: 'king-ring' }, group);
    textEl(group, S / 2, S / 2 + 1, '♚', `crown ${ink}`);
    return;
  }
  for (const face of ['top', 'north', 'east', 'south', 'west']) group.dataset[face] = String(p[face]);
  el('rect', { x: 5, y: 5, width: S - 10, height: S - 10, rx: 9, class: `body-${p.owner}` }, group);
  const [up, right, down, left] = app.flipped ? [p.south, p.west, p.north, p.east] : [p.north, p.east, p.south, p.west];
  textEl(group, S / 2, S / 2 + 1, String(p.top), `top ${ink}`);
  textEl(group, S / 2, 14, String(up), `side face-up ${ink}`);
  textEl(group, S - 14, S / 2 + 1, String(right), `side face-right ${ink}`);
  textEl(group, S / 2, S - 13, String(down), `side face-down ${ink}`);
  textEl(group, 14, S / 2 + 1, String(left), `side face-left ${ink}`);
}

// An Alice chess piece: its chess glyph in its side's colour, outlined in the other's.
function drawChessPiece(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.kind = p.kind;
  group.dataset.board = p.board;
  textEl(group, S / 2, S / 2 + 2, CHESS_GLYPHS[p.kind] || '?', `chess body-${p.owner}`);
}

// A stack: discs piled up to show its height, the height written on the top one.
function drawStack(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.height = String(p.height);
  const layers = Math.min(p.height, 6);
  for (let i = 0; i < layers; i++) {
    el('ellipse', { cx: S / 2, cy: S / 2 + 8 - i * 3, rx: 22, ry: 15, class: `body-${p.owner}` }, group);
  }
  textEl(group, S / 2, S / 2 + 8 - (layers - 1) * 3, String(p.height), `height ink-${p.owner}`);
}

// A draughts piece: a disc; a king: two discs, crowned.
function drawDraughtsman(parent, g, p) {
  const group = pieceGroup(parent, g, p);
  group.dataset.king = String(p.king);
  if (p.king) el('circle', { cx: S / 2, cy: S / 2 + 4, r: S / 2 - 9, class: `body-${p.owner}` }, group);
  el('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 9, class: `body-${p.owner}` }, group);
  el('circle', { cx: S / 2, cy: S / 2 - (p.king ? 2 : 0), r: S / 2 - 16, class: 'man-ring' }, group);
  if (p.king) textEl(group, S / 2, S / 2 - 1, '♛', `crown ink-${p.owner}`);
}

function legalFrom(square) {
  return app.state ? app.state.legal.filter((m) => m.from === square) : [];
}

function destinations(square) {
  return new Set(legalFrom(square).map((m) => (m.off ? 'off' : m.to)));
}

function drawMarks() {
  const marks = $('marks');
  const g = geometry();
  if (!marks || !g) return;
  marks.replaceChildren();
  const last = app.state.last_move;
  if (last) {
    // A capture sequence (Dame) also marks every landing square and the pieces it took; an Alice
    // move starts on its board and the piece lands on the other.
    const b = boardIndex(last.board);
    for (const name of new Set([last.from, ...(last.path || []), last.to])) {
      if (!name) continue;
      const [x, y] = g.origin(name, name === last.from ? b : g.boards - 1 - b);
      el('rect', { x, y, width: S, height: S, class: 'last', 'data-square': name }, marks);
    }
    for (const name of last.captured || []) {
      const [cx, cy] = g.center(name);
      el('circle', { cx, cy, r: S / 2 - 10, class: 'taken', 'data-square': name }, marks);
    }
  }
  document.querySelectorAll('#board .dest').forEach((n) => n.classList.remove('dest'));
  if (!app.selected) return;
  const on = boardOfSquare(app.selected);
  const [px, py] = g.origin(app.selected, on);
  el('rect', { x: px, y: py, width: S, height: S, class: 'picked' }, marks);
  for (const name of destinations(app.selected)) {
    if (name === 'off') {
      document.querySelectorAll('#board .off').forEach((n) => n.classList.add('dest'));
      continue;
    }
    const square = document.querySelector(`#board rect.sq[data-square="${name}"]`);
    if (square) square.classList.add('dest');
    const [cx, cy] = g.center(name, on);
    el('circle', { cx, cy, r: 9, class: 'dest-dot' }, marks);
  }
}

// The arrow of a move: from its square, through its turn if any, to its square or off the board.
function arrowPoints(g, move) {
  const on = boardIndex(move.board);
  const points = [g.center(move.from, on)];
  if (move.via) points.push(g.center(move.via));
  if (move.path) move.path.slice(0, -1).forEach((name) => points.push(g.center(name)));
  if (move.off) {
    const [cx, cy] = points[0];
    const up = (app.state.side === 'white') !== app.flipped;
    points.push([cx, up ? MARGIN + g.off / 2 : g.height - MARGIN - g.off / 2]);
  } else if (move.to) {
    points.push(g.center(move.to, on));
  }
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

function findLegal(text) {
  if (!app.state || !text) return null;
  const bare = (t) => t.replace(/[+#]+$/, '');
  return app.state.legal.find((m) => m.text === text) || app.state.legal.find((m) => bare(m.text) === bare(text)) || null;
}

function drawArrows() {
  const layer = $('arrows');
  const g = geometry();
  if (!layer || !g) return;
  layer.replaceChildren();
  if (app.choice) {
    app.choice.forEach((move, i) => {
      if (!move.from || (!move.to && !move.off)) return;
      const line = el('polyline', { points: arrowPoints(g, move), class: `arrow choice-${i % 2}`, 'marker-end': `url(#head-${i % 2})`, 'data-move': move.text }, layer);
      line.addEventListener('pointerdown', (e) => {
        e.stopPropagation();
        chooseMove(move.text);
      });
    });
    return;
  }
  const search = app.searches[0];
  const best = app.lines[0];
  if ($('analyse').checked && best && best.pv && best.pv.length && search && !search.ignore && search.ply === app.view) {
    const move = findLegal(best.pv[0]);
    if (move && move.from) el('polyline', { points: arrowPoints(g, move), class: 'arrow best', 'marker-end': 'url(#head-best)', 'data-move': move.text }, layer);
  }
}

// ----- the mouse -------------------------------------------------------------------------------

function svgPoint(event) {
  const svg = $('board');
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function onPointerDown(event) {
  const g = geometry();
  if (!g || event.button > 0) return;
  const p = svgPoint(event);
  const square = g.at(p.x, p.y);
  if (app.choice) return;
  if (app.selected && square && square !== app.selected && destinations(app.selected).has(square)) {
    event.preventDefault();
    tryMove(app.selected, square);
    return;
  }
  if (square && square !== 'off' && legalFrom(square).length) {
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    event.preventDefault();
    app.selected = square;
    drawMarks();
    const piece = document.querySelector(`#pieces .piece[data-square="${square}"]`);
    const ghost = piece ? piece.cloneNode(true) : null;
    if (ghost) {
      ghost.classList.add('ghost');
      $('board').appendChild(ghost);
    }
    app.drag = { from: square, x: p.x, y: p.y, moved: false, ghost };
    $('board').setPointerCapture(event.pointerId);
    return;
  }
  if (app.selected) {
    if (square && square !== app.selected) refuse(app.selected, square);
    app.selected = null;
    drawMarks();
  }
}

function onPointerMove(event) {
  const drag = app.drag;
  if (!drag) return;
  const p = svgPoint(event);
  if (Math.hypot(p.x - drag.x, p.y - drag.y) > 4) drag.moved = true;
  if (drag.ghost) drag.ghost.setAttribute('transform', `translate(${p.x - S / 2} ${p.y - S / 2})`);
}

function onPointerUp(event) {
  const drag = app.drag;
  if (!drag) return;
  app.drag = null;
  if (drag.ghost) drag.ghost.remove();
  const g = geometry();
  const p = svgPoint(event);
  const target = g ? g.at(p.x, p.y) : null;
  if (!drag.moved || target === drag.from) return; // a click: the piece stays picked
  if (target && destinations(drag.from).has(target)) {
    tryMove(drag.from, target);
  } else {
    refuse(drag.from, target);
    app.selected = null;
    drawMarks();
  }
}

function tryMove(from, to) {
  const candidates = legalFrom(from).filter((m) => (to === 'off' ? m.off : m.to === to));
  app.selected = null;
  if (candidates.length === 0) return refuse(from, to);
  if (candidates.length === 1) return playMove(candidates[0].text);
  askChoice(candidates);
}

// Where one move is not told by its two squares: Duel's two L-paths, shown as two arrows; the
// sizes a Dipole stack can bear off; Dame's capture sequences that take different pieces, an arrow
// through each one's landings.
function askChoice(candidates) {
  app.choice = candidates;
  drawMarks();
  drawArrows();
  const box = $('choice');
  const question = document.createElement('div');
  const routes = candidates.some((m) => m.via || (m.captured && m.captured.length));
  question.textContent = routes ? 'Which way? Click an arrow or:' : candidates.some((m) => m.off) ? 'How many checkers bear off?' : candidates.some((m) => m.promotion) ? 'Promote to:' : 'Which move?';
  const buttons = candidates.map((move) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.move = move.text;
    if (move.via) button.textContent = `${move.text} (via ${move.via})`;
    else if (move.off) button.textContent = `${move.count} (${move.text})`;
    else if (move.promotion) button.textContent = `${move.promotion} (${move.text})`;
    else button.textContent = move.text;
    button.addEventListener('click', () => chooseMove(move.text));
    return button;
  });
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { closeChoice(); drawArrows(); });
  box.replaceChildren(question, ...buttons, cancel);
  box.hidden = false;
}

function chooseMove(text) {
  closeChoice();
  playMove(text);
}

function closeChoice() {
  app.choice = null;
  $('choice').hidden = true;
  $('choice').replaceChildren();
}

// A drop the rules do not allow: the piece goes back, and the server says why.
function refuse(from, to) {
  app.refusals += 1;
  document.body.dataset.refused = String(app.refusals);
  if (!to) return showMessage(`${from}: that is off the board; the piece stays`);
  if (to === 'off') return showMessage(`${from} cannot bear off: not one of its moves`);
  const text = app.game.variant === 'duel' ? `${from.toUpperCase()}-${to.toLowerCase()}` : app.game.variant === 'alice' ? `${from}${to}` : `${from}-${to}`;
  showMessage(`${from}–${to} is not a legal move`);
  const moves = app.game.moves.slice(0, app.view).concat([text]);
  request({ type: 'state', variant: app.game.variant, start: app.game.start, moves }).then(
    () => {},
    (message) => showMessage(`${from}–${to} is not a legal move: ${message.replace(/^move \d+ '[^']*': /, '')}`),
  );
}

// ----- the side panels --------------------------------------------------------------------------

function drawMoves() {
  const list = $('moves');
  const nodes = [];
  const startSpan = document.createElement('span');
  startSpan.className = `move${app.view === 0 ? ' current' : ''}`;
  startSpan.dataset.ply = '0';
  startSpan.textContent = 'start';
  nodes.push(startSpan);
  // The side that moved first: the first mover in the history shown, or the side to move at the start.
  const firstSide = app.state.history.length ? app.state.history[0].side : app.state.side;
  let number = 1;
  app.game.moves.forEach((text, i) => {
    const side = (i % 2 === 0) === (firstSide === 'white') ? 'white' : 'black';
    if (side === 'white' || i === 0) {
      const n = document.createElement('span');
      n.className = 'number';
      n.textContent = side === 'white' ? `${number}.` : `${number}...`;
      nodes.push(n);
    }
    const span = document.createElement('span');
    span.className = `move${app.view === i + 1 ? ' current' : ''}`;
    span.dataset.ply = String(i + 1);
    span.textContent = text;
    nodes.push(span);
    if (side === 'black') number += 1;
  });
  list.replaceChildren(...nodes);
  const current = list.querySelector('.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
}

function drawLines() {
  const box = $('lines');
  box.replaceChildren(...app.lines.filter(Boolean).map((info, i) => {
    const div = document.createElement('div');
    div.className = 'line';
    div.dataset.multipv = String(i + 1);
    const nps = info.nps != null ? `${Math.round(info.nps / 1000)} kn/s` : '';
    div.textContent = `${i + 1}. ${scoreText(info)}${info.bound ? (info.bound === 'lowerbound' ? '≥' : '≤') : ''}  depth ${info.depth}  ${nps}  ${(info.pv || []).join(' ')}`;
    return div;
  }));
  drawArrows();
}

function drawGraph() {
  const svg = $('graph');
  const W = 400;
  const H = 120;
  const plies = Math.max(app.game.moves.length, 10);
  const x = (ply) => (ply / plies) * W;
  const y = (cp) => H / 2 - (Math.max(-800, Math.min(800, cp)) / 800) * (H / 2 - 4);
  svg.replaceChildren();
  el('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'axis' }, svg);
  const points = [];
  app.game.evals.forEach((cp, ply) => {
    if (cp != null && ply <= app.game.moves.length) points.push([x(ply), y(cp)]);
  });
  svg.dataset.points = String(points.length);
  if (points.length) {
    const line = points.map(([px, py]) => `${px},${py}`).join(' ');
    el('polygon', { points: `${points[0][0]},${H / 2} ${line} ${points[points.length - 1][0]},${H / 2}`, class: 'area' }, svg);
    el('polyline', { points: line, class: 'eval' }, svg);
  }
  el('line', { x1: x(app.view), y1: 0, x2: x(app.view), y2: H, class: 'now' }, svg);
}

function drawStatus() {
  const state = app.state;
  let text;
  if (state.end) {
    text = state.end.text;
  } else {
    const who = state.side === 'white' ? 'White' : 'Black';
    const mode = $('mode').value;
    const role = mode === 'both' ? '' : isHuman(state.side) ? ' (you)' : ` (${app.engineName})`;
    text = `${who}${role} to move, move ${state.move_number}`;
    if (!live()) text += ` — looking at move ${app.view} of ${app.game.moves.length}; a move here starts a new line`;
  }
  $('status').textContent = text;
}

function showBanner(text, ended) {
  const banner = $('banner');
  banner.textContent = text;
  banner.classList.toggle('end', Boolean(ended));
}

function showMessage(text) {
  $('message').textContent = text;
}

function log(line) {
  const box = $('log');
  const lines = box.textContent ? box.textContent.split('\n') : [];
  lines.push(line);
  box.textContent = lines.slice(-LOG_LINES).join('\n');
  box.scrollTop = box.scrollHeight;
}

// ----- PGN and position text --------------------------------------------------------------------

function playerName(side) {
  const mode = $('mode').value;
  if (mode === 'engines') return app.engineName;
  if (mode === 'both') return 'player';
  return isHuman(side) ? 'player' : app.engineName;
}

function savePgn() {
  const kind = $('limit-kind').value;
  request({
    type: 'pgn', variant: app.game.variant, start: app.game.start, moves: app.game.moves,
    comments: app.game.comments, forfeit: app.game.forfeit, white: playerName('white'), black: playerName('black'),
    time_control: kind === 'clock' ? $('limit-value').value.trim() : '-',
  }).then((reply) => {
    $('pgn-text').value = reply.text;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([reply.text], { type: 'application/x-chess-pgn' }));
    link.download = `${app.game.variant}-game.pgn`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }, showMessage);
}

function loadPgn(text) {
  request({ type: 'load_pgn', variant: app.game.variant, text }).then((reply) => {
    stopSearches();
    const variantChanged = reply.variant !== app.game.variant;
    $('variant').value = reply.variant;
    app.game = newGame(reply.variant, reply.start);
    app.game.moves = reply.moves;
    app.game.comments = reply.comments;
    app.view = reply.moves.length;
    resetClock();
    if (variantChanged) app.flipped = false;
    syncEngineGame();
    showMessage(`loaded: ${reply.white || '?'} – ${reply.black || '?'}, ${reply.result}`);
    // The comments' scores are the movers' own; the graph shows White's.
    const first = request({ type: 'state', variant: reply.variant, start: reply.start, moves: reply.moves });
    return first.then((state) => {
      state.history.forEach((h, i) => {
        const c = reply.comments[i];
        if (c && (c.cp != null || c.mate != null)) app.game.evals[i] = whiteScore(c, h.side);
      });
      showState(state);
    });
  }).catch(showMessage);
}

function setPosition() {
  const text = $('position-text').value.trim();
  request({ type: 'state', variant: app.game.variant, start: text, moves: [] }).then((state) => {
    newGameHere(app.game.variant, state.start);
  }, (message) => showMessage(message));
}

// ----- wiring -----------------------------------------------------------------------------------

function wire() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  board.addEventListener('pointermove', onPointerMove);
  board.addEventListener('pointerup', onPointerUp);
  board.addEventListener('pointercancel', () => {
    if (app.drag && app.drag.ghost) app.drag.ghost.remove();
    app.drag = null;
  });
  $('variant').addEventListener('change', () => {
    app.flipped = false;
    newGameHere($('variant').value, null);
  });
  $('new').addEventListener('click', () => newGameHere(app.game.variant, app.game.start));
  $('undo').addEventListener('click', undo);
  $('flip').addEventListener('click', () => {
    app.flipped = !app.flipped;
    drawBoard();
  });
  $('go').addEventListener('click', () => {
    if (!live()) goToPly(app.game.moves.length);
    app.forceEngine = true;
    afterState();
  });
  $('stop').addEventListener('click', () => {
    const search = activeSearch();
    if (!search || search.purpose !== 'move') return showMessage('the engine is not thinking about a move');
    engineSend('stop');
    clearTimeout(search.timer);
    search.timer = setTimeout(() => engineHangs(search), HANG_GRACE_MS);
  });
  $('pass').addEventListener('click', () => {
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    const pass = app.state.legal.find((m) => m.pass);
    if (pass) playMove(pass.text);
  });
  $('entry').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('move-input').value.trim();
    if (!text) return;
    const refusal = humanMayMove();
    if (refusal) return showMessage(refusal);
    $('move-input').value = '';
    playMove(text);
  });
  $('mode').addEventListener('change', () => {
    app.forceEngine = false;
    if (app.state) drawStatus();
    afterState();
  });
  $('limit-kind').addEventListener('change', () => {
    const defaults = { movetime: '1000', depth: '6', clock: '300+2' };
    $('limit-value').value = defaults[$('limit-kind').value];
    resetClock();
  });
  $('limit-value').addEventListener('change', resetClock);
  $('analyse').addEventListener('change', () => {
    if (!$('analyse').checked) stopSearches();
    afterState();
  });
  $('multipv').addEventListener('change', () => {
    if (activeSearch() && activeSearch().purpose === 'analysis') stopSearches();
    afterState();
  });
  $('moves').addEventListener('click', (event) => {
    const ply = event.target.dataset && event.target.dataset.ply;
    if (ply != null) goToPly(Number(ply));
  });
  $('graph').addEventListener('click', (event) => {
    const box = $('graph').getBoundingClientRect();
    const plies = Math.max(app.game.moves.length, 10);
    goToPly(Math.round(((event.clientX - box.left) / box.width) * plies));
  });
  $('restart').addEventListener('click', () => {
    dropSearches();
    send({ type: 'restart' });
  });
  $('set-position').addEventListener('click', setPosition);
  $('save-pgn').addEventListener('click', savePgn);
  $('load-pgn').addEventListener('click', () => loadPgn($('pgn-text').value));
  $('pgn-file').addEventListener('change', () => {
    const file = $('pgn-file').files[0];
    if (!file) return;
    file.text().then((text) => {
      $('pgn-text').value = text;
      loadPgn(text);
    });
  });
  $('raw').addEventListener('submit', (event) => {
    event.preventDefault();
    const line = $('raw-line').value;
    if (line.trim()) engineSend(line);
    $('raw-line').value = '';
  });
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') goToPly(app.view - 1);
    if (event.key === 'ArrowRight') goToPly(app.view + 1);
    if (event.key === 'Escape' && app.choice) { closeChoice(); drawArrows(); }
  });
}

wire();
connect();
