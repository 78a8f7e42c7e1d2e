// The analysis board (docs/gui-protocol.md, "Analysis"): a position of its own
// on which a person moves both sides (walking analysis.legal, the same tree of
// clicks as a game's, with store.js's functions), Rule Zero's MultiPV lines in
// the readable notation with scores from White's side, the evaluation bar,
// the best turn as an arrow, a line played onto the board by a click on one
// of its turns, and the chart of an analysed game. The server owns the board;
// this module shows it in place of the game's layout while it is open, and
// knows no rules. The playing features serve it too: a dragged piece
// (drag.js), promotion picked on the board (picker.js), arrows and circles
// by right-drag (arrows.js, a layer of its own), sounds, the preferences.
import { $, el, sideName } from './dom.js';
import { rz, on, nextClicksIn, completedTurnIn, frameIn, expandLegal } from './store.js';
import { send, onMessage } from './connection.js';
import { addStylesheet } from './assets.js';
import { wirePressAndDrop } from './input.js';
import { drawBoardsInto, drawHandsInto, boardLayouts, arrangeBoards } from './board.js';
import { scoreText, drawEvalBar } from './evalbar.js';
import { drawChart } from './chart.js';
import { dragBoard, dimOrigin } from './drag.js';
import { drawPickerIn } from './picker.js';
import { shapesOn } from './arrows.js';
import { playSound } from './sound.js';
import { boardPieces } from './material.js';
import { keyboardBoard, boardKey, changeText, announce } from './access.js';

// Module state; window.rulezero.analysis for the tests.
const an = rz.analysis = {
  msg: null,        // the last `analysis` (board, legal, ...), null when closed
  info: null,       // the latest lines and game scores of that board (id, running, lines, game)
  clicks: [],       // clicks of the turn being entered
  flipped: false,
  shapes: []        // the person's arrows and circles on this board (arrows.js)
};
let shapes = null;   // their layer
let keys = null;     // the keyboard's play of the board (access.js)
let byKeys = false;  // the board was opened from the keyboard: its focus goes to the board

const GAME_LIMITS = { depth: 12, ms: 300 };

// ---------------------------------------------------------------- layout
function buildLayout() {
  addStylesheet('analysis.css');   // none in the single file: its CSS is inlined

  const open = el('button');
  open.type = 'button';
  open.id = 'btn-analysis';
  open.title = 'Analysis board: analyse the position shown, moving both sides';
  open.innerHTML = '<svg class="an-icon" viewBox="0 0 24 24" aria-hidden="true"><circle cx="10" cy="10" r="6.5"/><path d="M15 15l6 6"/></svg>' +
    '<span class="an-label">Analysis board</span>';   // the label goes on a phone, the icon stays
  $('btn-new').before(open);

  const gameBox = el('div', 'controls');
  gameBox.id = 'analysis-controls';
  const whole = el('button', null, 'Analyse this game');
  whole.type = 'button';
  whole.id = 'btn-analyse-game';
  whole.title = 'Score every position of the game and show the chart';
  gameBox.appendChild(whole);
  document.querySelector('#side-col .controls').after(gameBox);

  const box = el('section');
  box.id = 'analysis';
  box.hidden = true;
  box.innerHTML = `
    <div class="an-board-col">
      <div id="an-hand-top" class="hand-row"></div>
      <div class="an-board-row">
        <div id="an-evalbar" class="evalbar"><div class="eval-fill"></div><span class="eval-text"></span></div>
        <div id="an-board-wrap">
          <div id="an-boards" class="boards"></div>
          <svg id="an-arrows" aria-hidden="true"></svg>
          <div id="an-choices" hidden><span class="prompt">Choose:</span><span id="an-choice-buttons"></span></div>
        </div>
      </div>
      <div id="an-hand-bottom" class="hand-row"></div>
      <div id="an-status"></div>
      <div id="an-announce" class="sr-only" role="status" aria-live="polite"></div>
    </div>
    <aside class="an-side">
      <div class="an-head">
        <h2>Analysis board</h2>
        <span id="an-engine"></span>
      </div>
      <div class="controls">
        <label class="an-multipv">Lines <select id="an-multipv">
          <option>1</option><option>2</option><option>3</option><option>4</option><option>5</option></select></label>
        <button type="button" id="an-back" title="Take back (←)">‹ Back</button>
        <button type="button" id="an-flip" title="Flip board (f)">⇅ Flip</button>
        <button type="button" id="an-close" class="primary" title="Close the analysis board">Back to game</button>
      </div>
      <div id="an-lines" aria-label="Engine lines"></div>
      <div id="an-game" hidden>
        <div class="an-game-head"><span>Game analysis</span> <span id="an-game-progress"></span></div>
        <svg id="an-chart" role="img" aria-label="White's score per ply"></svg>
      </div>
      <div class="an-moves-head">Turns on the board</div>
      <div id="an-moves"></div>
      <div class="an-fen"><label for="an-fen">FEN</label><input id="an-fen" readonly spellcheck="false"></div>
    </aside>`;
  $('layout').after(box);
}

// ---------------------------------------------------------------- input
// The board's tree walked as the game's (store.js).
const legal = () => an.msg && !an.msg.result ? an.msg.legal : null;
const nextClicks = () => nextClicksIn(legal(), an.clicks);
const currentFrame = () => (legal() ? frameIn(legal(), an.msg.board, an.clicks) : null);

function press(click) {
  const next = nextClicks();
  if (!next.has(click)) {
    const restart = an.clicks.length > 0;
    an.clicks = [];
    if (restart && nextClicks().has(click)) an.clicks = [click];
    drawBoard();
    return;
  }
  an.clicks.push(click);
  const done = completedTurnIn(legal(), an.clicks);
  if (done !== null) {
    an.clicks = [];
    send({ type: 'analysis_turn', text: done });
  }
  drawBoard();
}

// While the board is open its keys go to it, not to the game's history.
function wireKeys() {
  window.addEventListener('keydown', event => {
    if (!isOpen() || boardKey(event) || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || document.querySelector('dialog[open]')) return;
    let used = true;
    if (event.key === 'ArrowLeft') back(1);
    else if (event.key === 'Escape') { an.clicks = []; drawBoard(); }
    else if (event.key === 'f') flip();
    else if (event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') used = true;
    else used = false;
    if (used) { event.preventDefault(); event.stopImmediatePropagation(); }
  }, true);
}

function back(count) {
  if (an.msg && an.msg.ply >= count && count > 0) send({ type: 'analysis_back', count });
}

function flip() { an.flipped = !an.flipped; drawBoard(); drawInfo(); }

// ---------------------------------------------------------------- drawing
const isOpen = () => !!(an.msg && an.msg.active);

function show(open) {
  $('analysis').hidden = !open;
  $('layout').hidden = open;
  $('btn-analysis').hidden = open;
}

function drawHands(board, next) {
  drawHandsInto('an-hand-top', 'an-hand-bottom', board, { flipped: an.flipped, next, picked: an.clicks[0] });
}

// Choices as buttons, or a promotion's pieces over the board (picker.js).
function drawChoices(next) {
  const box = $('an-choice-buttons');
  box.textContent = '';
  const labels = an.msg.choices || {};
  const choices = [...next].filter(c => c.startsWith('choice:'));
  $('an-choices').hidden = choices.length === 0;
  $('an-choices').classList.toggle('overlay', choices.length > 0 && choices.length === next.size);
  for (const c of choices) {
    const b = el('button', 'choice', labels[c] || c.slice(7));
    b.type = 'button';
    b.dataset.click = c;
    box.appendChild(b);
  }
  drawPickerIn({ boards: $('an-boards'), choices: $('an-choices'), buttons: box, id: 'an-picker',
    clicks: an.clicks, next, labels, board: an.msg.board, side: an.msg.side });
}

// The square size fits the space left of the side column (or the phone's
// width): side by side or stacked, as the game's boards (board.js).
function sizeBoard() {
  const box = $('an-boards');
  const areas = [...box.querySelectorAll('.area')].map(a => {
    const g = a.querySelector('.grid');
    const title = a.querySelector('.area-title');
    return { cols: parseInt(g.dataset.cols, 10) || 0, rows: parseInt(g.dataset.rows, 10) || 0, title: title ? 22 : 0 };
  });
  if (!areas.length) return;
  const col = document.querySelector('.an-board-col');
  const width = col.clientWidth - $('an-evalbar').offsetWidth - 10;
  const used = $('top').offsetHeight + $('an-hand-top').offsetHeight + $('an-hand-bottom').offsetHeight + 90;
  // The screen's height, not innerHeight: a phone's browser zoomed out to show
  // boards drawn wider than the screen (before this sizes them) reports the
  // zoomed-out height there (four-board Nick Danger: 1,892 px of an 844 px screen).
  const height = document.documentElement.clientHeight - used;
  arrangeBoards(box, boardLayouts(areas, width, height), 18, 88);
}

function drawStatus() {
  const m = an.msg;
  let text;
  if (m.result) text = m.result.score + ' · ' + m.result.reason;
  else {
    const next = [...nextClicks()];
    const choosing = next.length > 0 && next.every(c => c.startsWith('choice:'));
    const frame = currentFrame();   // the server may say what comes next (Nick Danger's link action)
    text = sideName(m.side) + ' to move' + (!an.clicks.length ? ' · move either side'
      : frame && frame.hint ? ' · ' + frame.hint + ' (Esc to start over)'
      : choosing ? ' · choose how the turn ends (Esc to start over)' : ' · click the next highlighted square (Esc to start over)');
  }
  $('an-status').textContent = text;
  $('an-status').dataset.side = m.side;
}

function drawBoard() {
  if (!isOpen()) return;
  const m = an.msg;
  const next = nextClicks();
  const frame = currentFrame();
  drawBoardsInto($('an-boards'), m.board, {
    pieces: frame && frame.pieces, links: frame && frame.links, clicks: an.clicks, next, flipped: an.flipped
  });
  drawHands(m.board, next);
  drawChoices(next);
  sizeBoard();
  drawStatus();
  drawMoves();
  $('an-fen').value = m.fen;
  $('an-multipv').value = String(m.multipv);
  $('an-back').disabled = m.ply === 0;
  drawArrows();
  shapes.draw();
  dimOrigin();
  keys.drawn();
}

// Moves of the board in the readable notation, numbered as the game's; a click takes back to that turn.
function drawMoves() {
  const box = $('an-moves');
  box.textContent = '';
  an.msg.moves.forEach((mv, i) => {
    if (mv.color === 'white' || i === 0) box.appendChild(el('span', 'an-num', mv.number + (mv.color === 'white' ? '.' : '…')));
    const s = el('span', 'an-move-played', mv.text);
    s.dataset.ply = String(mv.ply);
    s.title = mv.coord;
    if (mv.ply === an.msg.ply) s.classList.add('current');
    box.appendChild(s);
  });
  if (!an.msg.moves.length) box.appendChild(el('span', 'an-empty', 'none yet: move either side on the board'));
}

// The best turn (and the second line's, fainter) as arrows over the board.
function drawArrows() {
  const svg = $('an-arrows');
  svg.textContent = '';
  const lines = (an.info && an.info.lines) || [];
  const wrap = $('an-board-wrap').getBoundingClientRect();
  svg.setAttribute('viewBox', '0 0 ' + wrap.width + ' ' + wrap.height);
  svg.style.width = wrap.width + 'px';
  svg.style.height = wrap.height + 'px';
  const NS = 'http://www.w3.org/2000/svg';
  const defs = document.createElementNS(NS, 'defs');
  const head = (id, color) => '<marker id="' + id + '" viewBox="0 0 10 10" refX="4" refY="5" markerWidth="2.6" markerHeight="2.6" ' +
    'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="' + color + '"/></marker>';
  defs.innerHTML = head('an-head-0', '#15781b') + head('an-head-1', '#2f6fb4');
  svg.appendChild(defs);
  lines.slice(0, 2).forEach((line, i) => {
    if (!line.arrow || line.arrow.length < 2) return;
    const [a, b] = line.arrow.map(sq => document.querySelector('#an-boards [data-square="' + CSS.escape(sq) + '"]'));
    if (!a || !b) return;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const x1 = ra.left + ra.width / 2 - wrap.left, y1 = ra.top + ra.height / 2 - wrap.top;
    let x2 = rb.left + rb.width / 2 - wrap.left, y2 = rb.top + rb.height / 2 - wrap.top;
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len < 1) return;
    const shorten = Math.min(len / 3, ra.width * 0.3);
    x2 -= (x2 - x1) / len * shorten;
    y2 -= (y2 - y1) / len * shorten;
    const arrow = document.createElementNS(NS, 'line');
    for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) arrow.setAttribute(k, v.toFixed(1));
    arrow.setAttribute('class', 'an-arrow' + (i ? ' second' : ''));
    arrow.setAttribute('stroke-width', (ra.width * (i ? 0.12 : 0.18)).toFixed(1));
    arrow.setAttribute('marker-end', 'url(#an-head-' + (i ? 1 : 0) + ')');
    arrow.dataset.from = line.arrow[0];
    arrow.dataset.to = line.arrow[1];
    svg.appendChild(arrow);
  });
}

function drawLines() {
  const box = $('an-lines');
  box.textContent = '';
  const info = an.info || {};
  const lines = info.lines || [];
  if (!an.msg.engine) { box.appendChild(el('div', 'an-note', 'No engine: Rule Zero could not be found.')); return; }
  if (an.msg.result) { box.appendChild(el('div', 'an-note', 'The game is over on this board.')); return; }
  if (!lines.length) {
    box.appendChild(el('div', 'an-note', info.error ? 'The engine failed: ' + info.error
      : info.game && !info.game.done ? 'Lines come once the game is analysed…' : 'Thinking…'));
    return;
  }
  for (const line of lines) {
    const row = el('div', 'an-line');
    row.dataset.line = String(line.multipv);
    const score = el('span', 'an-score', scoreText(line));
    score.classList.toggle('black-better', line.mate !== null ? line.mate < 0 : line.score_cp < 0);
    row.appendChild(score);
    const pv = el('span', 'an-pv');
    let side = an.msg.side, number = an.msg.number;   // numbered as a move list: "12… Nc6 13. Nc3"
    line.pv.forEach((text, i) => {
      if (side === 'white' || i === 0) pv.appendChild(el('span', 'an-pv-num', number + (side === 'white' ? '.' : '…')));
      if (side === 'black') number++;
      side = side === 'white' ? 'black' : 'white';
      const t = el('span', 'an-move', text);
      t.dataset.pvIndex = String(i);
      t.dataset.coord = line.pv_coord[i];
      t.title = 'Play the line up to here (' + line.pv_coord[i] + ')';
      pv.appendChild(t);
    });
    row.appendChild(pv);
    row.appendChild(el('span', 'an-depth', 'd' + line.depth));
    box.appendChild(row);
  }
}

// The analysed game's chart; the marker shows the board's ply when the board follows the game.
function drawGame() {
  const game = an.info && an.info.game;
  $('an-game').hidden = !game;
  if (!game) return;
  const done = game.scores.filter(s => s).length;
  $('an-game-progress').textContent = game.done ? game.plies + ' turns, ' + game.ms + ' ms or depth ' + game.depth + ' each'
    : 'scoring ' + done + ' of ' + game.scores.length + ' positions…';
  const moves = an.msg.moves.map(m => m.coord);
  const follows = moves.length <= game.plies && moves.every((t, i) => t === game.coords[i]);
  drawChart($('an-chart'), game, follows ? an.msg.ply : null, ply => send({ type: 'analysis_goto', ply }));
}

function drawEngine() {
  const info = an.info || {};
  const best = (info.lines || [])[0];
  const parts = [an.msg.engine || 'no engine'];
  if (best) parts.push('depth ' + best.depth);
  parts.push(info.running ? 'running' : 'idle');
  $('an-engine').textContent = parts.join(' · ');
  $('an-engine').dataset.running = info.running ? 'yes' : 'no';
}

function drawInfo() {
  if (!isOpen()) return;
  const best = an.msg.result ? { result: an.msg.result.score } : ((an.info && an.info.lines) || [])[0];
  drawEvalBar($('an-evalbar'), best, an.flipped);
  drawEngine();
  drawLines();
  drawGame();
  drawArrows();
}

// ---------------------------------------------------------------- messages
function receiveAnalysis(msg) {
  const wasOpen = isOpen();
  if (!msg.active) {
    an.msg = null;
    an.info = null;
    an.clicks = [];
    const inside = $('analysis').contains(document.activeElement) || document.activeElement === document.body;
    show(false);
    if (wasOpen && inside) $('btn-analysis').focus();   // the keyboard's place back where it opened the board
    window.dispatchEvent(new Event('resize'));   // the game's board sizes itself again
    return;
  }
  if (!wasOpen) an.flipped = rz.flipped;
  const old = wasOpen ? an.msg : null;
  if (!old || msg.id !== old.id) an.shapes = [];   // as on lichess: shapes go with the position they were drawn on
  if (old && msg.ply === old.ply + 1 && msg.moves.length === old.moves.length + 1) {
    playSound(boardPieces(msg.board).length < boardPieces(old.board).length ? 'capture' : 'move');
  }
  msg.legal = expandLegal(msg.legal);
  an.msg = msg;
  an.info = { id: msg.id, running: msg.running, error: msg.error, lines: msg.lines, game: msg.game };
  an.clicks = [];
  const opener = !wasOpen && byKeys;
  byKeys = false;
  show(true);
  drawBoard();
  drawInfo();
  const said = changeText(msg, old, wasOpen ? null : 'Analysis board of ' + (rz.state && rz.state.title || msg.variant) + '.');
  if (said) announce(said, 'an-announce');
  if (opener) { const stop = document.querySelector('#an-boards .cell[tabindex="0"]'); if (stop) stop.focus({ preventScroll: true }); }
}

function receiveInfo(msg) {
  if (!an.msg || msg.id !== an.msg.id) return;   // about a board since changed
  an.info = msg;
  drawInfo();
}

// ---------------------------------------------------------------- buttons
function openBoard(event) {
  byKeys = event.detail === 0;   // Enter or Space on the button: a click with no pointer
  const s = rz.state;
  const msg = { type: 'analyse' };
  if (s && rz.viewPly !== null) msg.ply = rz.viewPly;   // the position of the game being viewed
  send(msg);
}

function wireButtons() {
  $('btn-analysis').onclick = openBoard;
  $('btn-analyse-game').onclick = () => send({ type: 'analyse_game', ...GAME_LIMITS });
  $('an-close').onclick = () => send({ type: 'analysis_stop' });
  $('an-back').onclick = () => back(1);
  $('an-flip').onclick = flip;
  $('an-multipv').onchange = event => send({ type: 'analysis_multipv', multipv: parseInt(event.target.value, 10) });
  $('an-lines').addEventListener('click', event => {
    const move = event.target.closest('[data-pv-index]');
    const row = move && move.closest('[data-line]');
    const line = row && ((an.info && an.info.lines) || []).find(l => String(l.multipv) === row.dataset.line);
    if (line) send({ type: 'analysis_turn', texts: line.pv_coord.slice(0, parseInt(move.dataset.pvIndex, 10) + 1) });
  });
  $('an-moves').addEventListener('click', event => {
    const mv = event.target.closest('[data-ply]');
    if (mv) back(an.msg.ply - parseInt(mv.dataset.ply, 10));
  });
}

// The browser build has the same board: its session's Worker speaks the same
// messages (its engine is polled there: protocol/web/analysis_web.c).
export function initAnalysis() {
  buildLayout();
  shapes = shapesOn('an-boards', an);
  keys = keyboardBoard({ root: document.querySelector('#analysis .an-board-col'), boards: 'an-boards', picker: 'an-picker',
    choices: 'an-choices', buttons: 'an-choice-buttons', live: 'an-announce', next: nextClicks, clicks: () => an.clicks, press });
  dragBoard('#analysis', '#an-boards', () => an.clicks);
  wirePressAndDrop($('analysis'), $('analysis'), '#an-boards',
    { clicks: () => an.clicks, clear: () => { an.clicks = []; drawBoard(); }, press, next: nextClicks });
  wireKeys();
  wireButtons();
  onMessage('analysis', receiveAnalysis);
  onMessage('analysis_info', receiveInfo);
  on('render', ({ state }) => { $('btn-analyse-game').disabled = !state.moves.length; });
  on('prefs', () => { if (isOpen()) drawBoard(); });   // piece set, coordinates
  window.addEventListener('resize', () => { if (isOpen()) { sizeBoard(); drawInfo(); } });
}
