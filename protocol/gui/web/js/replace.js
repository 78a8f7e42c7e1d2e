// Putting a whole game in place of the one on the board, checked by the
// rules: a game opened by link (link.js) and an imported PGN (pgnimport.js)
// both become a record (docs/gui-protocol.md, "Saving a game") sent in
// `restore`. The rules side (the native server, or the session's Worker in
// the browser build) replays every turn and either replaces the game (a new
// game_number) or answers "the stored game could not be restored: WHY" and
// leaves the game exactly as it was. The page checks no turn itself.
//
// In the browser build the stored game is given back first (saving.js): no
// record is sent before that question is settled, so that its answer is
// never taken for this one's.
import { rz, on } from './store.js';
import { send, onMessage, inBrowser } from './connection.js';

const REFUSED = 'the stored game could not be restored: ';
const GATE = 'refused: ';   // a server's gate (a game with seats, its limits)

let settled = false;   // the stored game's restore (browser build), or the first state (native)
const waiting = [];
let pending = null;    // { before: game_number, resolve } while a record is with the rules side

function settle() {
  if (settled) return;
  settled = true;
  while (waiting.length) waiting.shift()();
}

// Calls fn once the page may replace the game.
export function whenSettled(fn) {
  if (settled) fn(); else waiting.push(fn);
}

// A record for `restore` of a game between two people, untimed: what a link
// or a PGN carries (the variant, its settings, the start position, the turns).
export function recordOf({ variant, options = {}, fen = '', turns = [], result = null }) {
  return { format: 'rulezero-game', version: 1, variant, options, fen, turns, white: 'human', black: 'human',
    tc: { kind: 'untimed' }, clock_ms: [0, 0], paused: false, result };
}

// Sends the record; resolves { ok: true, state } with the new game's first
// state, or { ok: false, why } (the game unchanged).
export function replaceGame(record) {
  return new Promise(resolve => whenSettled(() => {
    if (pending) { resolve({ ok: false, why: 'another game is being opened' }); return; }
    const before = rz.state ? rz.state.game_number : null;
    if (!send({ type: 'restore', record })) { resolve({ ok: false, why: 'the game is still loading' }); return; }
    pending = { before, resolve };
  }));
}

function answered(result) {
  const p = pending;
  pending = null;
  p.resolve(result);
}

export function initReplace() {
  on('state', state => {
    if (!inBrowser) settle();   // the native server keeps its own game: nothing to give back first
    if (pending && state.game_number !== pending.before) answered({ ok: true, state });
  });
  on('stored-game-settled', settle);   // saving.js
  onMessage('error', msg => {
    const text = msg.message || '';
    // The record refused; or the message itself ("refused: a game with seats is restored from its file only")
    const why = text.startsWith(REFUSED) ? text.slice(REFUSED.length) : text.startsWith(GATE) ? text.slice(GATE.length) : null;
    if (!pending || why === null) return false;
    answered({ ok: false, why });
    return true;
  });
}
