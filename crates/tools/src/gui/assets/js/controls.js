// The settings as the page's controls hold them: who plays which side, and the engine's limit.

import { $ } from './dom.js';

// Each limit kind's value when it is chosen.
export const LIMIT_DEFAULTS = { movetime: '1000', depth: '6', clock: '300+2' };

export function isHuman(side) {
  const mode = $('mode').value;
  return mode === 'both' || mode === side;
}
