// Nothing lost on reload, in the browser build (the native server keeps its
// own game, and this module does nothing there). The game lives in the
// session's Worker, which a reload ends; so the page keeps the game in
// localStorage ('rulezero.game': {app: 'rulezero', saved_at, saved_ms, running,
// record}: running is the side whose clock ran when it was stored) and
// gives it back to a new session:
//   - after every change of the game the browser build's session sends the
//     game's record (`saved`) right after its `state`, with no question asked,
//     so a reload at any moment finds the last change stored; while a clock
//     runs the page also asks `save` every CLOCK_SAVE_MS (the clocks), and
//     when the page is hidden; every `saved` record is stored;
//   - on start, after the first `state`, a stored record is sent in
//     `restore` with its saved_ms and running, and the session's Worker
//     takes the time since off the running clock (session-worker.js,
//     timeAway); the session answers the restored game's `state`, or an
//     `error` "the stored game could not be restored: ..." (a record of
//     another version, or a game this build does not know). That error, or a
//     stored value that is not even ours, is said in a notice with a button
//     to the new-game dialog, and the stored value is removed. Nothing is
//     saved before that question is settled, so a failed restore never
//     overwrites the stored game with the new one before it is reported.
import { $ } from './dom.js';
import { rz, on, emit } from './store.js';
import { send, onMessage, inBrowser } from './connection.js';
import { showNotice } from './notice.js';

export const STORE_KEY = 'rulezero.game';
const CLOCK_SAVE_MS = 5000;
const REFUSED = 'the stored game could not be restored: ';

let phase = 'start';         // 'start': before the first state; 'restoring': restore sent; 'live'
let gameBefore = null;       // game_number of the game the session started with

function storage() {
  try { return window.localStorage; } catch (e) { return null; }   // refused (a file URL, privacy settings)
}

// The stored wrapper's record, or { problem } saying why it cannot be read; null when nothing is stored.
function readStored() {
  const store = storage();
  const text = store && store.getItem(STORE_KEY);
  if (text === null || text === undefined) return null;
  let value;
  try { value = JSON.parse(text); } catch (e) { return { problem: 'it is not readable (not JSON)' }; }
  if (!value || typeof value !== 'object' || value.app !== 'rulezero' || !value.record || typeof value.record !== 'object') {
    return { problem: 'it is not a game saved by Rule Zero' };
  }
  return { record: value.record, saved_ms: value.saved_ms, running: value.running };
}

function forget() {
  const store = storage();
  try { if (store) store.removeItem(STORE_KEY); } catch (e) { /* nothing to remove */ }
}

function refused(why) {
  forget();
  rz.restore = { ok: false, why };
  showNotice('restore', 'Your stored game could not be resumed: ' + why + '. A new game was started.',
    [{ id: 'btn-restore-new', label: 'New game…', primary: true, onclick: () => $('btn-new').click() }]);
}

// The first state: the session's fresh game. Restore the stored one, if any.
function start(state) {
  gameBefore = state.game_number;
  const stored = readStored();
  if (!stored) { goLive(); return; }
  if (stored.problem) { refused(stored.problem); goLive(); return; }
  phase = 'restoring';
  // The session's Worker takes the time since saved_ms off the clock that ran
  // as it takes the record (session-worker.js), not this page when it sends it.
  if (!send({ type: 'restore', record: stored.record, saved_ms: stored.saved_ms, running: stored.running })) goLive();
}

function goLive() {
  phase = 'live';
  emit('stored-game-settled');   // a link or a PGN may replace the game now (replace.js)
}

function onState(state) {
  if (phase === 'start') { start(state); return; }
  if (phase === 'restoring' && state.game_number !== gameBefore) {   // not the fresh game's thinking or clock
    rz.restore = { ok: true };
    goLive();
  }
}

function askSave() {
  if (phase !== 'live' || !rz.state || !rz.ws || rz.ws.readyState !== 1) return;
  send({ type: 'save' });
}

// saved_ms: when the session's Worker sent the record (`at`, its Date.now()),
// the moment its clocks were read, not when this page got to it: a page busy
// for seconds before it handles `saved` would otherwise give a reload those
// seconds back (docs/reliability.md, issue 46).
function receiveSaved(msg, arrived, sentAt) {
  if (phase !== 'live' || !msg.record) return;
  const store = storage();
  if (!store) return;
  try {
    const now = Number.isFinite(sentAt) ? sentAt : Date.now();
    store.setItem(STORE_KEY, JSON.stringify({ app: 'rulezero', saved_at: new Date(now).toISOString(), saved_ms: now,
      running: clockRunning() ? rz.state.clocks.running : null, record: msg.record }));
    rz.savedAt = Date.now();
  } catch (e) {
    console.warn('rulezero: the game could not be stored in this browser:', e);
  }
}

// The session's answer to a restore it refused: said in the notice, not the error banner.
function receiveError(msg) {
  const text = msg.message || '';
  if (phase !== 'restoring' || !text.startsWith(REFUSED)) return false;
  refused(text.slice(REFUSED.length));
  goLive();
  return true;
}

function clockRunning() {
  const s = rz.state;
  return s && s.clocks && s.clocks.running && !s.result && !s.paused;
}

export function initSaving() {
  if (!inBrowser) return;
  on('state', onState);
  onMessage('saved', receiveSaved);
  onMessage('error', receiveError);
  setInterval(() => { if (clockRunning()) askSave(); }, CLOCK_SAVE_MS);
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') askSave(); });
}
