// The page's state, one object that the other modules read and the actions change: the game (its
// variant, start position, moves in notation, comments, scores, side lines), the ply shown, the
// server's answer for it, the searches sent to the engine, the game's review, and what the pointer
// is doing. Data only: this module imports nothing.

export const page = {
  engineName: 'engine',
  dialect: 'uci',
  engine: { state: 'connecting', options: new Set(), variants: null, multipv: 1, inHandshake: true },
  game: newGame('duel', null),
  view: 0,
  state: null,
  stateSeq: 0,
  flipped: false,
  selected: null,
  // What the picked piece would show on each destination (a die's top value), asked of the server
  // once per pick: { key, marks: Map(square -> [mark]) }.
  previews: { key: null, marks: new Map() },
  drag: null,
  choice: null,
  searches: [],
  lines: [],
  clock: null,
  refusals: 0,
  forceEngine: false,
  humanMoveAt: null,
  // The review under way (js/review.js): { key, game, sides, end, found: [{ expected, best }] }.
  reviewing: null,
  // The last review done: the page service's `review` answer with the key of the game reviewed.
  review: null,
};

export function newGame(variant, start) {
  return { variant, start, moves: [], comments: [], evals: [], forfeit: null, sideLines: [] };
}

// Whether the position shown is the game's last.
export function live() {
  return page.view === page.game.moves.length;
}

// The key of the game's first `plies` moves (all by default): what was said or found about a game
// is kept under it, and holds while the game is the same.
export function gameKey(plies = page.game.moves.length) {
  return JSON.stringify([page.game.variant, page.game.start, page.game.moves.slice(0, plies)]);
}

// The review of the game shown, while its moves are those reviewed; else null.
export function gameReview() {
  return page.review && page.review.key === gameKey() ? page.review : null;
}
