// The page's shared state (window.rulezero, which the tests read), what follows
// from it (the clicks still possible), and the events other modules listen to.
//
// Events (on(name, fn)):
//   'setup'  (setup)            the server's setup arrived (variants, players)
//   'state'  (state, info)      a new state was accepted; info = { old, newGame, moved, sameLegal }
//   'render' (ctx)              draw now; ctx = { state, board, next } (board: the viewed or live
//                               board; next: the Set of clicks that may come next)
//   'view'   (view)             the `view` of a history position arrived and is shown
// A module adds its own drawing with on('render', ...) and never edits another's.

export const rz = window.rulezero = {
  setup: null, state: null,
  view: null, viewPly: null,          // history browsing: the `view` shown, or null (live)
  clicks: [],                         // clicks of the turn being entered
  flipped: false, flipChosen: false,
  perf: { clickToBoard: [], messageToBoard: [] },
  pendingTurnAt: null, stateAt: 0, renders: 0, ws: null, lastError: null
};

// ---------------------------------------------------------------- events
const listeners = new Map();

// Calls fn on every `name` event; returns a function that stops it.
export function on(name, fn) {
  if (!listeners.has(name)) listeners.set(name, []);
  listeners.get(name).push(fn);
  return () => { const list = listeners.get(name); const i = list.indexOf(fn); if (i >= 0) list.splice(i, 1); };
}

// One listener's failure is reported and does not stop the others.
export function emit(name, ...args) {
  for (const fn of (listeners.get(name) || []).slice()) {
    try { fn(...args); } catch (e) { console.error('rulezero: a "' + name + '" listener failed:', e); }
  }
}

// ---------------------------------------------------------------- players
export function isHuman(player) { return player && player.id === 'human'; }
export function humanSeat(state) {
  const p = state.players || {};
  if (isHuman(p.black) && !isHuman(p.white)) return 'black';
  return 'white';
}

// ---------------------------------------------------------------- the turn being entered
// The turns of state.legal whose clicks begin with the clicks so far.
export function candidates() {
  const s = rz.state;
  if (!s || rz.viewPly !== null || !s.legal) return [];
  const n = rz.clicks.length;
  return s.legal.filter(t => t.clicks.length >= n && rz.clicks.every((c, i) => t.clicks[i] === c));
}

export function nextClicks() {
  const n = rz.clicks.length;
  const next = new Set();
  for (const t of candidates()) if (t.clicks.length > n) next.add(t.clicks[n]);
  return next;
}

// While a turn is half entered: the last frame reached (pieces, and links
// where the game has them). The server lists a frame on one turn of those
// sharing its clicks, so every turn still matching is searched.
export function currentFrame() {
  const n = rz.clicks.length;
  if (!n || rz.viewPly !== null) return null;
  let best = null;
  for (const t of candidates()) {
    for (const f of t.frames || []) {
      if (f.after <= n && (!best || f.after > best.after)) best = f;
    }
  }
  return best;
}

// ---------------------------------------------------------------- states
function sameTurns(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].text !== b[i].text) return false;
  return true;
}

// A `state` from the server (arrived: performance.now() at its arrival).
export function acceptState(state, arrived) {
  const old = rz.state;
  const sameLegal = old && sameTurns(old.legal, state.legal);
  const seats = st => st.players ? st.players.white.id + '/' + st.players.black.id : '';
  const newGame = !old || state.variant !== old.variant || seats(state) !== seats(old) ||
    (state.moves.length === 0 && (old.moves.length !== 0 || old.fen !== state.fen));
  const moved = !newGame && state.moves.length > old.moves.length;
  rz.state = state;
  rz.stateAt = arrived;
  if (!state.paused) rz.lastError = null;   // an engine's failure stays in view while it holds the game
  if (!sameLegal) rz.clicks = [];
  if (newGame) { rz.flipChosen = false; rz.viewPly = null; rz.view = null; }
  if (!rz.flipChosen) rz.flipped = humanSeat(state) === 'black';
  if (moved) {
    if (rz.pendingTurnAt !== null) { measures.push({ list: rz.perf.clickToBoard, since: rz.pendingTurnAt }); rz.pendingTurnAt = null; }
    else measures.push({ list: rz.perf.messageToBoard, since: arrived });
  }
  emit('state', state, { old, newGame, moved, sameLegal: !!sameLegal });
  scheduleRender();
}

// ---------------------------------------------------------------- rendering
// Draws everything now: every 'render' listener, in the order they registered.
export function render() {
  const s = rz.state;
  if (!s) return;
  rz.renders++;
  emit('render', { state: s, board: rz.view ? rz.view.board : s.board, next: nextClicks() });
}

// States may come faster than frames (engine games): one render per frame.
// A measure ends when the board that shows its turn has been painted.
let renderQueued = false;
const measures = [];
export function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    render();
    const done = measures.splice(0);
    if (done.length) setTimeout(() => { const now = performance.now(); for (const m of done) m.list.push(now - m.since); }, 0);
  });
}
