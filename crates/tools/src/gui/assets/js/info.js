// The engine's `info` lines: parsed into their fields, and their score as White's or as text.

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
        if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') info.bound = words[++i];
        break;
      }
      case 'pv': info.pv = words.slice(i + 1); i = words.length; break;
      default: break;
    }
  }
  return info;
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
