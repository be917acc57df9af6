// A game as a link: the page opens the game its address names, `?game=dame&fen=…&moves=c3-d4,f6-e5`
// (each part optional, each URL-encoded), and "Copy link" writes the game shown that way.

const MOVE_SEPARATOR = ',';

// The game the page's address names, or null where it names none: { variant, start, moves }, as
// written (the rules check them).
export function gameOfLink(search) {
  const params = new URLSearchParams(search);
  if (!['game', 'fen', 'moves'].some((part) => params.has(part))) return null;
  // A `+` typed by hand reads as a space (Duel's DUEL mark, `D1-e6+`): the rules take a move without it.
  const moves = (params.get('moves') || '').split(MOVE_SEPARATOR).map((m) => m.trim()).filter(Boolean);
  return { variant: params.get('game'), start: (params.get('fen') || '').trim() || null, moves };
}

// The address of this page that opens `game` with all its moves played.
export function linkOf(game, address) {
  // Slashes and colons may stand in a query as they are: positions and moves stay readable.
  const encode = (text) => encodeURIComponent(text).replace(/%2F/g, '/').replace(/%3A/g, ':');
  const parts = [`game=${encode(game.variant)}`];
  if (game.start) parts.push(`fen=${encode(game.start)}`);
  if (game.moves.length) parts.push(`moves=${game.moves.map(encode).join(MOVE_SEPARATOR)}`);
  const url = new URL(address);
  url.search = parts.join('&');
  url.hash = '';
  return url.href;
}
