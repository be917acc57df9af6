// The page's dialogs, made here rather than in index.html: the question before a move cuts the game,
// the "New game" dialog (game, colour, the engine's time or depth) and each game's rules card, whose
// text and move example come from the game's own drawing module (crates/rules/src/games/<game>/web_board.js). They
// ask and answer; what is done with the answer is the actions' (js/game.js, js/opening.js).

import { LIMIT_DEFAULTS } from './controls.js';
import { $ } from './dom.js';
import { drawingOf } from './geometry.js';
import { page } from './state.js';

function node(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) e.setAttribute(key, value);
  e.append(...children);
  return e;
}

// A modal dialog with a title, a body and buttons [label, value, primary?]; resolves to the value of
// the button pressed, or null when it is closed by Esc.
export function askDialog(id, title, body, buttons) {
  const old = $(id);
  if (old) old.remove();
  const row = node('div', { class: 'dialog-buttons' });
  const dialog = node('dialog', { id, class: 'page-dialog' }, node('h2', {}, title), ...body, row);
  document.body.append(dialog);
  return new Promise((resolve) => {
    for (const [label, value, primary] of buttons) {
      const button = node('button', { type: 'button', 'data-value': value }, label);
      if (primary) button.classList.add('primary');
      button.addEventListener('click', () => {
        dialog.close();
        resolve(value);
      });
      row.append(button);
    }
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(null);
    });
    dialog.showModal();
    row.querySelector('.primary')?.focus();
  });
}

// Before a person's move at an earlier position of a game: whether the later moves may be cut (they
// are kept as a side line).
export function confirmCut(text) {
  const later = page.game.moves.length - page.view;
  const body = [
    node('p', {}, `You are looking at ply ${page.view} of ${page.game.moves.length}. Playing ${text} here takes back the ${later} later ${later === 1 ? 'move' : 'moves'} and goes on from here.`),
    node('p', { class: 'hint' }, 'The moves taken back are kept as a side line under the move list. In analysis the page does not ask.'),
  ];
  return askDialog('confirm-cut', 'Play from this earlier position?', body, [
    ['Play here', 'play', true], ['Cancel', 'cancel'],
  ]).then((answer) => answer === 'play');
}

// The rules card of `variant`, as a list; empty when its drawing has none.
export function rulesCard(variant) {
  const drawing = drawingOf(variant);
  const lines = drawing && drawing.rules ? drawing.rules : [];
  return node('ul', { class: 'rules-card', 'data-variant': variant }, ...lines.map((l) => node('li', {}, l)));
}

export function showRules() {
  const variant = page.game.variant;
  askDialog('rules', `How to play ${variant.charAt(0).toUpperCase()}${variant.slice(1)}`, [rulesCard(variant)], [['Close', 'close', true]]);
}

// The move box's example, in the notation of the game shown.
export function showMoveExample() {
  const drawing = drawingOf(page.game.variant);
  $('move-input').placeholder = drawing && drawing.example ? `e.g. ${drawing.example}` : 'a move';
}

// The choices of a select, copied from a control of the page so that the two cannot differ.
function choicesOf(id, value) {
  const select = node('select', { id: `new-${id}` });
  select.append(...[...$(id).options].map((o) => new Option(o.textContent, o.value)));
  select.value = value;
  return select;
}

// The engine's level, offered when the engine declares `Skill Level` (docs/levels.md names them);
// otherwise the time or depth per move is its strength.
function levelChoices() {
  if ($('level-choice').hidden) return [];
  return [node('label', {}, 'Level ', choicesOf('level', $('level').value))];
}

// The "New game" dialog: the game, who plays which side, the engine's time or depth. Resolves to
// the choices when Start is pressed ({ variant, mode, kind, value, level? }), else to null.
export function askNewGame() {
  const variant = choicesOf('variant', page.game.variant);
  const mode = choicesOf('mode', $('mode').value);
  const kind = choicesOf('limit-kind', $('limit-kind').value);
  const value = node('input', { id: 'new-limit-value', size: '8', spellcheck: 'false' });
  value.value = $('limit-value').value;
  kind.addEventListener('change', () => { value.value = LIMIT_DEFAULTS[kind.value]; });
  const rules = node('details', { class: 'rules' }, node('summary', {}, 'Rules of this game'), rulesCard(variant.value));
  variant.addEventListener('change', () => rules.replaceChild(rulesCard(variant.value), rules.lastChild));
  const body = [
    node('label', {}, 'Game ', variant),
    node('label', {}, 'Players ', mode),
    node('label', {}, 'Engine ', kind, ' ', value),
    ...levelChoices(),
    rules,
  ];
  return askDialog('new-game', 'New game', body, [['Start', 'start', true], ['Cancel', 'cancel']]).then((answer) => {
    if (answer !== 'start') return null;
    const level = document.getElementById('new-level');
    return {
      variant: variant.value, mode: mode.value, kind: kind.value,
      value: value.value.trim() || LIMIT_DEFAULTS[kind.value], level: level ? level.value : null,
    };
  });
}
