// The UCI front end of the adapted vakhtan (build.py appends it to vakhtan's engine code): the
// position as Dame's text or `startpos` with moves in Dame's notation, `go` with a clock, `movetime`
// or `depth`, and three commands of its own for checking it: `moves` (the legal moves), `fen` (the
// position's text) and `perft <depth>` (two routes of one capture counted once, as Dame's rules say).
// Time: a new iteration starts within t/30 + 0.8 inc; a running one stops at min(t/10 + inc, t/2).
var stopped = false, deadline = Infinity, tick = 0;
function outOfTime() {
  if (stopped) return true;
  if ((++tick & 1023) == 0 && Date.now() > deadline) stopped = true;
  return stopped;
}
function slot(list, i) {
  while (list.length <= i) list.push(createMove());
  return list[i];
}
const FILES = 'abcdefgh';
const sqOf = {};
for (const [sq, c] of Object.entries(sq2coord)) sqOf[c] = parseInt(sq);
function legal(color) {
  let list = createMoveList();
  let n = generateCaptures(list, color);
  if (!n) n = generateQuiets(list, color);
  return list.slice(0, n);
}
function moveText(mv) {
  let from = sq2coord[mv.m[0] & 255];
  if (mv.l <= 2) return from + '-' + sq2coord[mv.m[1] & 255];
  let t = from;
  for (let i = 1; i <= mv.l - 2; i++) t += 'x' + sq2coord[mv.path[i]];
  return t;
}
// What tells a move apart whatever its route: its squares and the pieces it takes (the form
// `routeKey` gives a move text).
function moveKey(mv) {
  let s = [];
  for (let i = 2; i < mv.l; i++) s.push(mv.m[i] & 255);
  return sq2coord[mv.m[0] & 255] + ':' + sq2coord[mv.m[1] & 255] + ':' + s.sort((a, b) => a - b).join(',');
}
// The squares a route written as landings jumps over, on the board before the move.
function routeKey(text) {
  let sqs = text.split(/[-x]/);
  let caps = [];
  for (let i = 0; i + 1 < sqs.length; i++) {
    let f1 = FILES.indexOf(sqs[i][0]), r1 = parseInt(sqs[i][1]);
    let f2 = FILES.indexOf(sqs[i + 1][0]), r2 = parseInt(sqs[i + 1][1]);
    let df = Math.sign(f2 - f1), dr = Math.sign(r2 - r1);
    for (let f = f1 + df, r = r1 + dr; f != f2; f += df, r += dr) {
      let p = b[sqOf[FILES[f] + r]];
      if (p != FREE) caps.push(sqOf[FILES[f] + r]);
    }
  }
  return sqs[0] + ':' + sqs[sqs.length - 1] + ':' + caps.sort((a, b) => a - b).join(',');
}
function findMove(text, color) {
  let moves = legal(color);
  let exact = moves.find(mv => moveText(mv) == text);
  if (exact) return exact;
  let key = routeKey(text);
  return moves.find(mv => moveKey(mv) == key);
}
function setPosition(text, color) {
  for (let sq = 0; sq < 46; sq++) b[sq] = OCCUPIED;
  for (let sq = 5; sq <= 40; sq++) b[sq] = FREE;
  for (let sq = 9; sq <= 36; sq += 9) b[sq] = OCCUPIED;
  let rows = text.split('/');
  for (let r = 0; r < 8; r++) {
    let f = 0;
    for (const c of rows[r]) {
      if (c >= '1' && c <= '8') { f += parseInt(c); continue; }
      let piece = { M: WHITE | MAN, K: WHITE | KING, m: BLACK | MAN, k: BLACK | KING }[c];
      b[sqOf[FILES[f] + (8 - r)]] = piece;
      f++;
    }
  }
  side[0] = color;
  hashKey = generateHashKey();
}
const START = '1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1';
function position(words) {
  let i = 1;
  if (words[i] == 'startpos') { setPosition(START, WHITE); i++; }
  else if (words[i] == 'fen') { setPosition(words[i + 1], words[i + 2] == 'b' ? BLACK : WHITE); i += 3; }
  while (i < words.length && words[i] != 'moves') i++;
  for (i++; i < words.length; i++) {
    let mv = findMove(words[i], side[0]);
    if (!mv) { console.log('info string illegal move ' + words[i]); return; }
    makeMove(mv);
    side[0] ^= CHANGECOLOR;
    hashKey = generateHashKey();
  }
  ply = 0;
}
function go(words) {
  let arg = name => { let k = words.indexOf(name); return k < 0 ? null : parseInt(words[k + 1]); };
  let us = side[0] == WHITE ? 'w' : 'b';
  let time = arg(us + 'time'), inc = arg(us + 'inc') || 0, movetime = arg('movetime'), maxDepth = arg('depth') || 60;
  let start = Date.now(), soft = Infinity;
  if (movetime != null) deadline = start + movetime - 20;
  else if (time != null) {
    soft = time / 30 + inc * 0.8;
    deadline = start + Math.max(5, Math.min(time / 10 + inc, time / 2 - 20));
  } else deadline = Infinity;
  soft = start + soft;
  stopped = false; tick = 0;
  clearSearch();
  let moves = legal(side[0]);
  let best = moves[0];
  let bestMove = [createMove()];
  for (let depth = 1; depth <= Math.min(maxDepth, 60) && moves.length > 1; depth++) {
    let score = negamax(depth, -INFINITY, INFINITY, depth, side[0], bestMove);
    if (stopped) break;
    best = structuredClone(bestMove[0]);
    console.log(`info depth ${depth} score cp ${Math.round(score / 2)} nodes ${nodes} time ${Date.now() - start} pv ${moveText(best)}`);
    if (Date.now() > soft) break;
  }
  console.log('bestmove ' + (best ? moveText(best) : '0000'));
}
function perft(depth, color) {
  if (depth == 0) return 1;
  let seen = new Set(), total = 0;
  for (const mv of legal(color)) {
    let key = moveKey(mv);
    if (seen.has(key)) continue;   // two routes of one move count once
    seen.add(key);
    makeMove(mv);
    total += perft(depth - 1, color ^ CHANGECOLOR);
    undoMove(mv);
  }
  return total;
}
// The position in Dame's text (rows 8 to 1, digits for empty squares, M/K White, m/k Black, side).
function positionText() {
  let rows = [];
  for (let r = 8; r >= 1; r--) {
    let row = '', empty = 0;
    for (let f = 0; f < 8; f++) {
      let sq = sqOf[FILES[f] + r];
      let p = sq === undefined ? FREE : b[sq];
      let c = { 5: 'M', 9: 'K', 6: 'm', 10: 'k' }[p];
      if (c) { if (empty) row += empty; empty = 0; row += c; } else empty++;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/') + ' ' + (side[0] == WHITE ? 'w' : 'b');
}
initRandomKeys();
initHashTable();
setPosition(START, WHITE);
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', chunk => {
  pending += chunk;
  let lines = pending.split('\n');
  pending = lines.pop();
  for (const line of lines) {
    let words = line.trim().split(/\s+/);
    switch (words[0]) {
      case 'uci': console.log('id name vakhtan-dame\nid author Maksim Korzh (adapted to Dame)\nuciok'); break;
      case 'isready': console.log('readyok'); break;
      case 'ucinewgame': initHashTable(); break;
      case 'position': position(words); break;
      case 'go': go(words); break;
      case 'perft': console.log('nodes ' + perft(parseInt(words[1]), side[0])); break;
      case 'fen': console.log(positionText()); break;
      case 'moves': console.log(legal(side[0]).map(moveText).join(' ')); break;
      case 'quit': process.exit(0);
    }
  }
});
process.stdin.on('end', () => process.exit(0));
