// The new-game dialog and the FEN box.
import { $, el } from './dom.js';
import { rz, on } from './store.js';
import { send, onMessage } from './connection.js';
import { goLive } from './history.js';

// ---------------------------------------------------------------- new game
function fillSelect(select, items, value) {
  select.textContent = '';
  for (const it of items) {
    const o = el('option', null, it.name || it.title || it.id);
    o.value = it.id;
    select.appendChild(o);
  }
  if (value !== undefined && items.some(i => i.id === value)) select.value = value;
}

// The form as the current game was started (variant, players).
function fillNewGameForm() {
  const setup = rz.setup;
  const s = rz.state;
  fillSelect($('ng-variant'), setup.variants || [], s ? s.variant : undefined);
  const players = setup.players || [];
  const engine = players.find(p => p.id !== 'human') || players[0];
  fillSelect($('ng-white'), players, s && s.players ? s.players.white.id : 'human');
  fillSelect($('ng-black'), players, s && s.players ? s.players.black.id : engine && engine.id);
  fillOptions();
  offerPlayers();
}

// Only the players that play the chosen game can be picked (setup.players[].variants,
// null while the server is still finding out); the others stay listed, disabled, with why.
function offerPlayers() {
  const variant = $('ng-variant').value;
  const title = (((rz.setup && rz.setup.variants) || []).find(v => v.id === variant) || {}).title || variant;
  const players = (rz.setup && rz.setup.players) || [];
  for (const select of [$('ng-white'), $('ng-black')]) {
    for (const o of select.options) {
      const p = players.find(x => x.id === o.value) || {};
      const plays = !Array.isArray(p.variants) || p.variants.includes(variant);
      o.disabled = !plays;
      o.textContent = (p.name || p.id) + (p.status === 'failed' ? ' (could not start)' : !plays ? ' (does not play ' + title + ')'
        : p.status === 'starting' ? ' (starting…)' : '');
      o.title = p.status === 'failed' ? p.error || '' : '';
    }
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
      const first = [...select.options].find(o => !o.disabled && (select.id === 'ng-white' || o.value !== 'human')) ||
        [...select.options].find(o => !o.disabled);
      if (first) select.value = first.value;
    }
  }
}

// The server found out which games an engine plays: the lists change, the choices stay.
function updatePlayers(msg) {
  if (!rz.setup) return;
  rz.setup.players = msg.players;
  const keep = [$('ng-white').value, $('ng-black').value];
  fillSelect($('ng-white'), msg.players, keep[0]);
  fillSelect($('ng-black'), msg.players, keep[1]);
  offerPlayers();
}

// The settings of the chosen game, as inputs.
function fillOptions() {
  const box = $('ng-options');
  box.textContent = '';
  const v = ((rz.setup && rz.setup.variants) || []).find(x => x.id === $('ng-variant').value);
  const options = (v && v.options) || [];
  $('ng-options-box').hidden = options.length === 0;
  for (const o of options) {
    const label = el('label', null, o.name + ' ');
    const input = optionInput(o);
    input.dataset.option = o.name;
    input.dataset.type = o.type || 'string';
    if (o.type === 'check') input.checked = o.default === true || o.default === 'true';
    else if (o.default !== null && o.default !== undefined) input.value = String(o.default);
    label.appendChild(input);
    box.appendChild(label);
  }
}

function optionInput(o) {
  let input;
  if (o.choices && o.choices.length) {
    input = el('select');
    for (const c of o.choices) { const opt = el('option', null, c); opt.value = c; input.appendChild(opt); }
  } else if (o.type === 'check') {
    input = el('input'); input.type = 'checkbox';
  } else if (o.type === 'spin') {
    input = el('input'); input.type = 'number';
    if (o.min !== undefined) input.min = o.min;
    if (o.max !== undefined) input.max = o.max;
  } else {
    input = el('input'); input.type = 'text'; input.spellcheck = false; input.className = 'wide';
  }
  return input;
}

function showTcFields() {
  const kind = $('ng-tc-kind').value;
  for (const span of document.querySelectorAll('#newgame .tc')) span.hidden = !span.classList.contains('tc-' + kind);
}

function readTc() {
  const kind = $('ng-tc-kind').value;
  if (kind === 'untimed') return { kind };
  if (kind === 'movetime') return { kind, ms: Math.round(parseFloat($('ng-movetime').value) * 1000) };
  if (kind === 'depth') return { kind, depth: parseInt($('ng-depth').value, 10) };
  return { kind: 'clock', base_ms: Math.round(parseFloat($('ng-base').value) * 60000),
    inc_ms: Math.round(parseFloat($('ng-inc').value) * 1000) };
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll('#ng-options [data-option]')) {
    const t = input.dataset.type;
    options[input.dataset.option] = t === 'check' ? input.checked : t === 'spin' ? Number(input.value) : input.value;
  }
  return options;
}

function startNewGame() {
  const msg = {
    type: 'new_game', variant: $('ng-variant').value, white: $('ng-white').value, black: $('ng-black').value,
    tc: readTc(), options: readOptions(), fen: $('ng-fen').value.trim()
  };
  rz.flipChosen = false;
  rz.clicks = [];
  rz.viewPly = null; rz.view = null;
  send(msg);
}

function openNewGame() {
  if (!rz.setup) return;
  fillNewGameForm();
  showTcFields();
  $('newgame').showModal();
}

// ---------------------------------------------------------------- FEN box
let fenEdited = false;   // a FEN being typed is not overwritten by the game's

function drawFenBox() {
  const fenBox = $('fen-text');
  if (!fenEdited && document.activeElement !== fenBox) fenBox.value = rz.view ? rz.view.fen : rz.state.fen;
}

function loadFen() {
  const fen = $('fen-text').value.trim();
  fenEdited = false;
  if (fen) { goLive(); send({ type: 'load_fen', fen }); }
}

function copyFen() {
  const fen = rz.view ? rz.view.fen : rz.state && rz.state.fen;
  if (!fen) return;
  const box = $('fen-text');
  fenEdited = false;
  box.value = fen;
  const done = () => { const b = $('btn-copy-fen'); b.textContent = 'Copied'; setTimeout(() => { b.textContent = 'Copy FEN'; }, 1200); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(fen).then(done, () => { box.select(); });
  else { box.select(); try { document.execCommand('copy'); done(); } catch (e) { /* selected for the person */ } }
}

export function initDialogs() {
  on('setup', fillNewGameForm);
  on('render', drawFenBox);
  $('btn-new').onclick = openNewGame;
  $('ng-variant').onchange = () => { fillOptions(); offerPlayers(); };
  onMessage('players', updatePlayers);
  $('ng-tc-kind').onchange = showTcFields;
  $('ng-cancel').onclick = () => $('newgame').close();
  $('newgame-form').addEventListener('submit', () => startNewGame());
  $('fen-text').addEventListener('input', () => { fenEdited = true; });
  $('btn-load-fen').onclick = loadFen;
  $('btn-copy-fen').onclick = copyFen;
}
