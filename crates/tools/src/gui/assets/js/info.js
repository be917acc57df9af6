// The engine's `info` lines: parsed into their fields, their chances as an expected result in %
// (the one place that turns a score or a `wdl` into a percent), and their score as White's or as text.

// How a score on the common scale reads as an expected result where the engine gave no `wdl` (an
// engine without UCI_ShowWDL, a PGN comment): the common scale's +1.00 is a 75 % expected result at
// a typical middle game (protocol.md, "The common scale"), so each 100 multiplies the odds by 3.
const ODDS_PER_100 = 3;

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
      case 'tbhits': i++; break;
      case 'score': {
        const kind = words[++i];
        const value = Number(words[++i]);
        if (kind === 'cp') info.cp = value;
        if (kind === 'mate') info.mate = value;
        break;
      }
      // A bound may stand before or after the `wdl` triple.
      case 'lowerbound': case 'upperbound': info.bound = words[i]; break;
      case 'wdl': {
        const wdl = words.slice(i + 1, i + 4).map(Number);
        i += 3;
        if (wdl.every((n) => Number.isInteger(n) && n >= 0) && wdl.some((n) => n > 0)) info.wdl = wdl;
        break;
      }
      case 'pv': info.pv = words.slice(i + 1); i = words.length; break;
      default: break;
    }
  }
  return info;
}

// The expected result of the side the score is for, in % (a win 100, a draw 50): from the engine's
// `wdl` if it gave one, else from the score (a mate is certain); null without a score.
export function expectedPercent(info) {
  if (info.wdl) {
    const [win, draw, loss] = info.wdl;
    return (100 * (win + draw / 2)) / (win + draw + loss);
  }
  if (info.mate != null && Number.isFinite(info.mate)) return info.mate > 0 ? 100 : 0;
  if (info.cp == null || !Number.isFinite(info.cp)) return null;
  return 100 / (1 + ODDS_PER_100 ** (-info.cp / 100));
}

// An evaluation from White's point of view, as the game keeps it for the bar and the graph: the
// expected result in % and the score (`cp` or `mate`); null without a score. `side` is the side the
// info's score is for (the side to move, or the mover of a PGN comment).
export function whiteEval(info, side) {
  const sign = side === 'white' ? 1 : -1;
  const score = info.mate != null ? { mate: sign * info.mate } : { cp: sign * info.cp };
  const expected = expectedPercent(info);
  if (expected == null || !Number.isFinite(score.mate ?? score.cp)) return null;
  return { expected: side === 'white' ? expected : 100 - expected, ...score };
}

// Whether a stored evaluation has the shape whiteEval gives (what a reload reads back is checked).
export function isWhiteEval(value) {
  return Boolean(value) && Number.isFinite(value.expected) && value.expected >= 0 && value.expected <= 100
    && (Number.isFinite(value.cp) || Number.isFinite(value.mate));
}

// An expected result in whole percent, as the page writes it: `62%`.
export function percentText(expected) {
  return `${Math.round(expected)}%`;
}

export function scoreText(info) {
  if (info.mate != null) return info.mate > 0 ? `+M${info.mate}` : `-M${-info.mate}`;
  if (info.cp == null) return '?';
  const value = (info.cp / 100).toFixed(2);
  return info.cp > 0 ? `+${value}` : value;
}
