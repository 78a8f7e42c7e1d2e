// The side column: players and clocks, the status line, the move list, the
// result, the engine's thinking, the game's panels, the rules card, the
// pause/resume controls.
import { $, el, sideName } from './dom.js';
import { rz, on, isHuman, nextClicks, currentFrame } from './store.js';
import { send } from './connection.js';
import { rulesOf } from './assets.js';

function drawPlayers(s) {
  const bottom = rz.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [id, color] of [['player-top', top], ['player-bottom', bottom]]) {
    const box = $(id);
    const p = (s.players || {})[color] || {};
    box.dataset.color = color;
    box.classList.toggle('to-move', !s.result && s.side === color);
    box.querySelector('.name').textContent = sideName(color) + ' · ' + (p.name || p.id || '?');
    box.querySelector('.clock').dataset.ms = '';
  }
  tickClocks();
}

export function formatClock(ms) {
  if (ms === null || ms === undefined) return '';
  const neg = ms < 0;
  ms = Math.abs(ms);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, sec = total % 60;
  let text = (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + String(sec).padStart(2, '0');
  if (!h && total < 10) text += '.' + Math.floor((ms % 1000) / 100);
  return (neg ? '-' : '') + text;
}

// Clocks run down between the server's ticks; the server's figures win.
function tickClocks() {
  const s = rz.state;
  if (!s) return;
  const c = s.clocks;
  for (const id of ['player-top', 'player-bottom']) {
    const box = $(id);
    const color = box.dataset.color;
    const clock = box.querySelector('.clock');
    if (!c) { clock.textContent = ''; clock.hidden = true; continue; }
    clock.hidden = false;
    let ms = c[color + '_ms'];
    const running = c.running === color && !s.result;
    if (running) ms -= performance.now() - rz.clockAt;
    clock.textContent = formatClock(Math.max(ms, 0));
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', ms < 10000);
  }
}

function drawStatus(s) {
  const st = $('status');
  st.dataset.side = s.side || '';
  st.dataset.toMove = s.to_move || '';
  let text;
  if (s.result) text = s.result.score + ' · ' + s.result.reason;
  else if (s.paused) text = 'Paused · ' + sideName(s.side) + ' to move' + (rz.lastError ? ' · ' + rz.lastError : '') + ' (Resume continues)';
  else if (rz.viewPly !== null) text = 'Viewing the position after ' + rz.viewPly + ' of ' + s.moves.length + ' turns (→ or End to return)';
  else if (s.to_move === 'human') {
    const next = [...nextClicks()];
    const choosing = next.length > 0 && next.every(c => c.startsWith('choice:'));
    const frame = currentFrame();   // the server may say what comes next (Nick Danger's link action)
    const hint = !rz.clicks.length ? '' : frame && frame.hint ? ' · ' + frame.hint + ' (Esc to start over)'
      : choosing ? ' · choose how the turn ends (Esc to start over)'
      : ' · click the next highlighted square (Esc to start over)';
    text = sideName(s.side) + ' to move · your turn' + hint;
  } else if (s.to_move === 'engine') {
    const p = (s.players || {})[s.side] || {};
    text = sideName(s.side) + ' to move · ' + (p.name || 'engine') + ' is thinking…';
  } else text = sideName(s.side) + ' to move';
  st.textContent = text;
}

function drawMoves(s) {
  const list = $('moves');
  list.textContent = '';
  const current = rz.viewPly === null ? s.moves.length : rz.viewPly;
  let row = null;
  for (const m of s.moves) {
    if (!row || m.color === 'white' || row.dataset.number !== String(m.number)) {
      row = el('li', 'move-row');
      row.dataset.number = String(m.number);
      row.appendChild(el('span', 'num', m.number + '.'));
      if (m.color === 'black') row.appendChild(el('span', 'move empty', '…'));
      list.appendChild(row);
    }
    const mv = el('span', 'move', m.text);
    mv.dataset.ply = String(m.ply);
    if (m.ply === current) mv.classList.add('current');
    row.appendChild(mv);
  }
  const cur = list.querySelector('.current');
  if (cur) {   // only the list scrolls, never the page
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight;
  } else list.scrollTop = list.scrollHeight;
  $('viewing').hidden = rz.viewPly === null;
}

function drawResult(s) {
  const box = $('result');
  box.hidden = !s.result;
  if (s.result) {
    box.textContent = '';
    box.appendChild(el('div', 'score', s.result.score));
    box.appendChild(el('div', 'reason', s.result.reason));
  }
}

function drawThinking(s) {
  const t = s.thinking;
  $('thinking').hidden = !t;
  if (!t) return;
  // Once the thinker has moved (or the game ended) the line is its last search, not a search going on.
  const now = !s.result && !s.paused && s.to_move === 'engine' && s.side === t.color;
  $('thinking').classList.toggle('done', !now);
  $('think-who').textContent = sideName(t.color) + (now ? ' thinks:' : ' thought:');
  $('think-depth').textContent = 'depth ' + t.depth;
  // The server gives the score from White's side whoever thinks, as lichess shows it.
  const score = $('think-score');
  score.textContent = t.score;
  score.dataset.favours = t.mate ? (t.mate > 0 ? 'white' : 'black')
    : t.score_cp > 0 ? 'white' : t.score_cp < 0 ? 'black' : 'none';
  $('think-nodes').textContent = Number(t.nodes).toLocaleString('en') + ' nodes';
  $('think-pv').textContent = t.pv || '';
}

function drawPanels(board) {
  const box = $('panels');
  box.textContent = '';
  for (const panel of board.panels || []) {
    const p = el('div', 'panel');
    p.dataset.panel = panel.title;
    p.appendChild(el('h3', null, panel.title));
    const table = el('table');
    for (const row of panel.rows || []) {
      const tr = el('tr');
      tr.appendChild(el('th', null, row.label));
      const td = el('td');
      (row.items || []).forEach((item, i) => {
        if (i) td.appendChild(document.createTextNode(' '));
        td.appendChild(el('span', 'item' + (item.current ? ' current' : ''), item.text));
      });
      tr.appendChild(td);
      table.appendChild(tr);
    }
    p.appendChild(table);
    box.appendChild(p);
  }
}

let rulesShownFor = null;
function drawRules(s) {
  if (!rz.setup || rulesShownFor === s.variant) return;
  const v = (rz.setup.variants || []).find(x => x.id === s.variant);
  if (!v) return;
  rulesShownFor = s.variant;
  $('rules-title').textContent = v.title;
  $('rules-card').innerHTML = v.rules_card || '';   // the server's own short HTML
  const link = $('rules-link');
  const rules = rulesOf(v.rules_doc);   // where this form of the page has them (assets.js)
  link.hidden = true;
  delete link.dataset.rulesDoc;
  if (!rules) return;
  if (rules.html) {   // the single file: shown in the page by rulesview.js
    link.href = '#rules';
    link.dataset.rulesDoc = v.rules_doc;
    link.hidden = false;
    return;
  }
  link.href = rules.url;   // rendered by the server, or a file of the site
  const variant = s.variant;   // shown only when the server or site has the document: no dead link
  fetch(link.href, { method: 'HEAD' }).then(r => { if (rulesShownFor === variant) link.hidden = !r.ok; }, () => {});
}

function drawControls(s) {
  const p = s.players || {};
  const watching = !isHuman(p.white) && !isHuman(p.black);
  $('watch-controls').hidden = !(watching || s.paused) || !!s.result;
  $('btn-stop').disabled = !!s.paused;
  $('btn-resume').disabled = !s.paused;
  $('btn-undo').disabled = s.moves.length === 0;
}

export function initPanels() {
  on('setup', () => { rulesShownFor = null; });
  on('render', ({ state, board }) => {
    drawPlayers(state);
    drawStatus(state);
    drawMoves(state);
    drawResult(state);
    drawThinking(state);
    drawPanels(board);
    drawRules(state);
    drawControls(state);
  });
  $('btn-stop').onclick = () => send({ type: 'stop' });
  $('btn-resume').onclick = () => send({ type: 'resume' });
  setInterval(tickClocks, 100);
}
