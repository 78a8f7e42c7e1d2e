// Puzzles to learn each game (docs/puzzles.md): the page's puzzle sets, one
// file a game (puzzles/VARIANT.jsonl, made by `rulezero puzzles`), each
// puzzle a position where one turn clearly wins and the line that follows.
// The person picks a game and gets a puzzle: a new game of two people from
// the puzzle's FEN, the board turned to the side to move. The turn played is
// compared with the solution's first turn: right, the page plays the rest of
// the line onto the board; wrong, "Try again" takes it back and "Show
// solution" plays the whole line. Every turn goes to the server (or the
// browser build's session) as any turn does, so the rules check each one.
// Starting another game ends the puzzle. State in rz.puzzle (the tests read it).
import { $, el, sideName } from './dom.js';
import { rz, on, render } from './store.js';
import { send } from './connection.js';
import { puzzleText } from './assets.js';


const sets = new Map();      // variant -> [puzzle] once read, or a Promise while read
const next = new Map();      // variant -> index of the next puzzle to give

// phase: null (no puzzle), 'loading' (new game sent), 'solve' (the person's
// turn), 'wrong' (a wrong turn is on the board), 'rewind' (taking back, then
// `then`), 'playing' (the line plays out from the right first turn or as the
// solution), 'solved', 'shown'. playDelayMs: the pause between the turns of
// the line as it plays out (for a person to follow; the browser tests set 0).
const puzzle = rz.puzzle = { phase: null, variant: null, index: 0, item: null, tries: 0, solved: 0, then: null,
  playDelayMs: 600 };

function parseSet(text) {
  const items = [];
  for (const line of String(text || '').split('\n')) {
    if (!line.trim()) continue;
    let item;
    try { item = JSON.parse(line); } catch (e) { continue; }
    if (item && typeof item.fen === 'string' && Array.isArray(item.line) && item.line.length) items.push(item);
  }
  return items;
}

async function loadSet(variant) {
  if (!sets.has(variant)) sets.set(variant, puzzleText(variant).then(parseSet, () => []));
  const set = await sets.get(variant);
  sets.set(variant, Promise.resolve(set));
  return set;
}

function setStatus(text) { $('pz-status').textContent = text; }

// Shows these of the three buttons (display too: the page's CSS lays out .controls buttons).
function show(ids) {
  for (const id of ['pz-retry', 'pz-solution', 'pz-next']) {
    $(id).hidden = !ids.includes(id);
    $(id).style.display = ids.includes(id) ? '' : 'none';
  }
}

// The puzzle's options ("NAME=VALUE") as new_game wants them.
function optionsOf(item) {
  const options = {};
  for (const o of item.options || []) {
    const eq = o.indexOf('=');
    if (eq > 0) options[o.slice(0, eq)] = o.slice(eq + 1);
  }
  return options;
}

const sameTurn = (a, b) => String(a || '').toLowerCase() === String(b || '').toLowerCase();

export async function startPuzzle(variant, index) {
  const set = await loadSet(variant);
  if (!set.length) { setStatus('No puzzles for this game.'); return false; }
  const i = index === undefined ? (next.get(variant) || 0) % set.length : index % set.length;
  next.set(variant, i + 1);
  Object.assign(puzzle, { phase: 'loading', variant, index: i, item: set[i], tries: 0, then: null });
  show([]);
  setStatus('Setting up puzzle ' + (i + 1) + ' of ' + set.length + '...');
  const item = set[i];
  if (!send({ type: 'new_game', variant, white: 'human', black: 'human', tc: { kind: 'untimed' }, options: optionsOf(item), fen: item.fen })) {
    puzzle.phase = null;
    return false;
  }
  return true;
}

function sideToMove(state) { return state.side === 'black' ? 'black' : 'white'; }

function describe(item) {
  const score = item.score_mate ? 'mates in ' + item.score_mate : 'wins (+' + (item.score / 100).toFixed(1) + ')';
  return item.notation && item.notation.length ? item.notation.join(' ') + ' — ' + score : score;
}

function begin(state) {
  puzzle.phase = 'solve';
  puzzle.gameNumber = state.game_number;
  puzzle.side = sideToMove(state);
  rz.flipped = puzzle.side === 'black';
  rz.flipChosen = true;
  show(['pz-solution']);
  setStatus('Puzzle ' + (puzzle.index + 1) + ': ' + sideName(puzzle.side) + ' to play. Find the turn that wins.');
  render();
}

// Plays the line's turn number `n` (from 0) after a pause, if the board still stands at n.
function playLater(n) {
  const number = puzzle.gameNumber;
  setTimeout(() => {
    const s = rz.state;
    if (puzzle.phase !== 'playing' || !s || s.game_number !== number || s.moves.length !== n) return;
    send({ type: 'turn', text: puzzle.item.line[n] });
  }, puzzle.playDelayMs);
}

// Takes the board back to the puzzle's position, then solves again or shows the line.
function rewind(then) {
  puzzle.phase = 'rewind';
  puzzle.then = then;
  show([]);
  if (rz.state && rz.state.moves.length > 0) send({ type: 'undo' });
  else onState(rz.state, {});
}

function onLine(state) {
  return state.moves.every((m, k) => k < puzzle.item.line.length && sameTurn(m.coord, puzzle.item.line[k]));
}

function finishLine(state) {
  const line = puzzle.item.line;
  if (state.moves.length < line.length && onLine(state)) { playLater(state.moves.length); return; }
  puzzle.phase = puzzle.then === 'show' ? 'shown' : 'solved';
  if (puzzle.phase === 'solved') puzzle.solved++;
  show(puzzle.phase === 'shown' ? ['pz-retry', 'pz-next'] : ['pz-next']);
  setStatus((puzzle.phase === 'solved' ? 'Solved! ' : 'The solution: ') + describe(puzzle.item));
}

function judgeFirst(state) {
  const played = state.moves[0];
  if (sameTurn(played.coord, puzzle.item.line[0])) {
    puzzle.phase = 'playing';
    puzzle.then = 'solve';
    show([]);
    setStatus('Right: ' + played.text + '! The line plays out...');
    finishLine(state);
    return;
  }
  puzzle.phase = 'wrong';
  puzzle.tries++;
  show(['pz-retry', 'pz-solution']);
  setStatus(played.text + ' is not it. Try again, or show the solution.');
}

function onState(state, info) {
  if (!puzzle.phase) return;
  if (puzzle.phase === 'loading') {
    if (info.newGame && state.variant === puzzle.variant && state.moves.length === 0) begin(state);
    return;
  }
  if (state.game_number !== puzzle.gameNumber || state.variant !== puzzle.variant) { leave(); return; }
  const n = state.moves.length;
  if (puzzle.phase === 'rewind') {
    if (n > 0) { send({ type: 'undo' }); return; }
    if (puzzle.then === 'show') { puzzle.phase = 'playing'; setStatus('The solution plays out...'); playLater(0); }
    else begin(state);
    return;
  }
  if (puzzle.phase === 'solve' && n === 1) judgeFirst(state);
  else if (puzzle.phase === 'playing' && info.moved) finishLine(state);
}

function leave() {
  puzzle.phase = null;
  puzzle.item = null;
  show([]);
  setStatus('');
}

function openBox() {
  const select = $('pz-variant');
  if (!select.options.length && rz.setup) {
    for (const v of rz.setup.variants) select.appendChild(new Option(v.title, v.id));
  }
  if (rz.state && [...select.options].some(o => o.value === rz.state.variant)) select.value = rz.state.variant;
  $('puzzle').hidden = false;
}

function closeBox() {
  $('puzzle').hidden = true;
  leave();
}

export function initPuzzles() {
  const button = el('button');
  button.type = 'button';
  button.id = 'btn-puzzles';
  button.title = 'Puzzles to learn each game';
  button.setAttribute('aria-label', 'Puzzles');
  // A puzzle piece, and the word: on a phone the header keeps the piece only (style.css).
  button.innerHTML = '<svg class="pz-icon" viewBox="0 0 24 24" aria-hidden="true">' +
    '<path d="M3 7h5a2.5 2.5 0 1 1 5 0h4v5a2.5 2.5 0 1 1 0 5v4H3z"/></svg><span class="pz-label">Puzzles</span>';
  button.onclick = () => ($('puzzle').hidden ? openBox() : closeBox());
  $('btn-new').before(button);
  const box = el('section', 'puzzle');
  box.id = 'puzzle';
  box.hidden = true;
  box.setAttribute('aria-label', 'Puzzle');
  box.innerHTML = '<div class="controls"><label>Puzzles of <select id="pz-variant"></select></label>' +
    '<button type="button" id="pz-get" class="primary">Get a puzzle</button></div>' +
    '<p id="pz-status" role="status" aria-live="polite"></p>' +
    '<div class="controls"><button type="button" id="pz-retry" hidden>Try again</button>' +
    '<button type="button" id="pz-solution" hidden>Show solution</button>' +
    '<button type="button" id="pz-next" hidden>Next puzzle</button>' +
    '<button type="button" id="pz-close">Close</button></div>';
  $('side-col').prepend(box);
  show([]);
  $('pz-get').onclick = () => startPuzzle($('pz-variant').value);
  $('pz-next').onclick = () => startPuzzle(puzzle.variant);
  $('pz-retry').onclick = () => rewind('solve');
  $('pz-solution').onclick = () => rewind('show');
  $('pz-close').onclick = closeBox;
  on('state', onState);
}
