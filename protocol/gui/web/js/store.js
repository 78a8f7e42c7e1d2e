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
  pendingTurnAt: null, stateAt: 0, clockAt: 0, renders: 0, ws: null, lastError: null,
  drawnState: null                    // the state the last render drew (rz.state once it is on screen)
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
// A node may tell its map of clicks as an earlier node's (`like`: that
// node's whole map, less the clicks in `not`, with its own `next` over it).
// Made whole once when a tree arrives, so the walks below read `next` alone.
export function expandLegal(legal) {
  if (!legal || !legal.nodes || !legal.nodes.some(n => 'like' in n)) return legal;
  const nodes = [];
  legal.nodes.forEach((node, i) => {
    if (!('like' in node)) { nodes.push(node); return; }
    const like = Number.isInteger(node.like) && node.like >= 0 && node.like < i ? nodes[node.like] : {};
    const gone = new Set(node.not || []);
    const next = {};
    for (const [c, k] of Object.entries(like.next || {})) if (!gone.has(c)) next[c] = k;
    Object.assign(next, node.next || {});
    const whole = Object.assign({}, node, { next });
    delete whole.like;
    delete whole.not;
    nodes.push(whole);
  });
  return Object.assign({}, legal, { nodes });
}

// The legal turns are a tree of clicks (docs/gui-protocol.md): from the
// root, each click leads to nodes[node.next[click]]. The walk gives the node
// the clicks lead to, the turn text spelled on the way (the nodes' parts)
// and the frame in force (the last met); null if the clicks lead nowhere.
export function walkLegal(legal, clicks) {
  if (!legal || !legal.nodes) return null;
  let node = legal.nodes[legal.root];
  let text = node.part || '', frame = node.frame || null;
  for (const c of clicks) {
    const index = node.next && Object.prototype.hasOwnProperty.call(node.next, c) ? node.next[c] : undefined;
    if (index === undefined) return null;
    node = legal.nodes[index];
    text += node.part || '';
    if (node.frame) frame = node.frame;
  }
  return { node, text, frame };
}

// The same questions for any tree and clicks (the game's, the analysis
// board's): the clicks that may come next, the text of the turn the clicks
// complete (or null), and the board as it stands after them (null before the
// first click or without a frame). The server tells a frame as changes from
// the board its tree came with.
export function nextClicksIn(legal, clicks) {
  const w = walkLegal(legal, clicks);
  return new Set(w && w.node.next ? Object.keys(w.node.next) : []);
}

export function completedTurnIn(legal, clicks) {
  const w = walkLegal(legal, clicks);
  return w && w.node.end ? w.text : null;
}

export function frameIn(legal, board, clicks) {
  if (!clicks.length) return null;
  const w = walkLegal(legal, clicks);
  if (!w || !w.frame) return null;
  const put = w.frame.put || [];
  const changed = new Set((w.frame.gone || []).concat(put.map(p => p.square)));
  return { pieces: (board.pieces || []).filter(p => !changed.has(p.square)).concat(put),
           links: w.frame.links || board.links || [], hint: w.frame.hint || null };
}

// The live game's tree (null while viewing history).
function liveLegal() {
  const s = rz.state;
  return s && rz.viewPly === null ? s.legal : null;
}

export function nextClicks() { return nextClicksIn(liveLegal(), rz.clicks); }

// The text of the turn the clicks so far complete, or null.
export function completedTurn() { return completedTurnIn(liveLegal(), rz.clicks); }

// While a turn is half entered: the board as it stands after the clicks so
// far (pieces, and links where the game has them).
export function currentFrame() {
  const legal = liveLegal();
  return legal ? frameIn(legal, rz.state.board, rz.clicks) : null;
}

// ---------------------------------------------------------------- states
// A `state` from the server (arrived: performance.now() at its arrival).
export function acceptState(state, arrived) {
  const old = rz.state;
  // The legal turns come once per generation; a state without them keeps the page's.
  const sameLegal = old && state.generation === old.generation;
  if (!('legal' in state)) {
    state.legal = sameLegal ? old.legal : null;
    state.choices = sameLegal ? old.choices : {};
  } else {
    state.legal = expandLegal(state.legal);
  }
  const seats = st => st.players ? st.players.white.id + '/' + st.players.black.id : '';
  const newGame = !old || state.game_number !== old.game_number || state.variant !== old.variant || seats(state) !== seats(old) ||
    (state.moves.length === 0 && (old.moves.length !== 0 || old.fen !== state.fen));
  const moved = !newGame && state.moves.length > old.moves.length;
  rz.state = state;
  rz.stateAt = rz.clockAt = arrived;
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

// A `clock` tick between states: the server's figures (the clocks are
// redrawn from them by panels.js's timer).
export function acceptClock(msg, arrived) {
  const s = rz.state;
  if (!s || !s.clocks) return;
  s.clocks = { white_ms: msg.white_ms, black_ms: msg.black_ms, running: msg.running };
  rz.clockAt = arrived;
}

// ---------------------------------------------------------------- rendering
// Draws everything now: every 'render' listener, in the order they registered.
export function render() {
  const s = rz.state;
  if (!s) return;
  rz.renders++;
  emit('render', { state: s, board: rz.view ? rz.view.board : s.board, next: nextClicks() });
  rz.drawnState = s;
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
