// The page's state, one object that the other modules read and the actions change: the game (its
// variant, start position, moves in notation, comments, scores, side lines), the ply shown, the
// server's answer for it, the searches sent to the engine, and what the pointer is doing. Data only:
// this module imports nothing.

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
};

export function newGame(variant, start) {
  return { variant, start, moves: [], comments: [], evals: [], forfeit: null, sideLines: [] };
}

// Whether the position shown is the game's last.
export function live() {
  return page.view === page.game.moves.length;
}
