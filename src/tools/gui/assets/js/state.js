// The page's state, one object imported by every module that reads or changes it: the game (its
// variant, start position, moves in notation, comments, scores, side lines), the ply shown, the server's answer
// for it, the searches sent to the engine, and what the pointer is doing.

import { $ } from './dom.js';

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

export function isHuman(side) {
  const mode = $('mode').value;
  return mode === 'both' || mode === side;
}

export function live() {
  return page.view === page.game.moves.length;
}
