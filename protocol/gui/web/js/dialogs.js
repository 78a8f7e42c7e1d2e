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
  showFenOf($('ng-variant').value);
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

// A number field's value, checked against the range the server accepts
// (protocol/gui/gui_messages.c, read_tc); throws a message for the person.
function numberIn(id, lo, hi, what) {
  const input = $(id);
  const value = input.value.trim() === '' ? NaN : Number(input.value);
  if (!Number.isFinite(value) || value < lo || value > hi) {
    const err = new Error(what);
    err.input = input;
    throw err;
  }
  return value;
}

function readTc() {
  const kind = $('ng-tc-kind').value;
  if (kind === 'untimed') return { kind };
  if (kind === 'movetime') {
    return { kind, ms: Math.round(numberIn('ng-movetime', 0.001, 3600, 'Seconds per move: from 0.001 to 3600.') * 1000) };
  }
  if (kind === 'depth') {
    const depth = numberIn('ng-depth', 1, 64, 'Depth: a whole number from 1 to 64.');
    if (!Number.isInteger(depth)) { const err = new Error('Depth: a whole number from 1 to 64.'); err.input = $('ng-depth'); throw err; }
    return { kind, depth };
  }
  const minutes = numberIn('ng-base', 1 / 60, 1440,
    'Minutes: a clock needs at least 1 second (0.0167 minutes) and at most 1440 minutes; for no clock, choose a fixed time or depth per move.');
  const inc = numberIn('ng-inc', 0, 3600, 'Increment: from 0 to 3600 seconds.');
  return { kind: 'clock', base_ms: Math.max(1000, Math.round(minutes * 60000)), inc_ms: Math.round(inc * 1000) };
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll('#ng-options [data-option]')) {
    const t = input.dataset.type;
    options[input.dataset.option] = t === 'check' ? input.checked : t === 'spin' ? Number(input.value) : input.value;
  }
  return options;
}

// The dialog stays open, with what was typed, until the server answers:
// a state of a new game (another game_number) closes it; an error is shown in it.
let pending = null;   // { gameNumber, variant, fen } of the new_game sent and not yet answered
let refusedFen = null;   // { variant, fen } of the FEN the server refused last, while the dialog stays open

function showFormError(message, input) {
  $('ng-error').textContent = message;
  $('ng-error').hidden = false;
  if (input) { input.setAttribute('aria-invalid', 'true'); input.focus(); }
}

function clearFormError() {
  $('ng-error').hidden = true;
  $('ng-error').textContent = '';
  for (const i of document.querySelectorAll('#newgame [aria-invalid]')) i.removeAttribute('aria-invalid');
}

function setWaiting(waiting) {
  $('ng-start').disabled = waiting;
  $('ng-start').textContent = waiting ? 'Starting…' : 'Start';
}

function startNewGame(event) {
  event.preventDefault();   // the dialog closes on the server's answer, not on submit
  if (pending) return;
  clearFormError();
  let tc;
  try { tc = readTc(); } catch (e) { showFormError(e.message, e.input); return; }
  const msg = {
    type: 'new_game', variant: $('ng-variant').value, white: $('ng-white').value, black: $('ng-black').value,
    tc, options: readOptions(), fen: $('ng-fen').value.trim()
  };
  if (!send(msg)) { showFormError('Not connected to the server: try again once the page has reconnected.'); return; }
  pending = { gameNumber: rz.state ? rz.state.game_number : null, variant: msg.variant, fen: msg.fen };
  setWaiting(true);
}

function newGameAnswered(state) {
  if (!pending || state.game_number === pending.gameNumber) return;
  pending = null;
  refusedFen = null;
  setWaiting(false);
  $('newgame').close();
}

// An error while a new_game waits is its answer: shown in the dialog, not the banner.
function newGameRefused(msg) {
  if (!pending) return false;
  refusedFen = pending.fen ? { variant: pending.variant, fen: pending.fen } : null;
  pending = null;
  setWaiting(false);
  showFormError(msg.message || 'the server refused the new game');
  return true;
}

// The dialog closed without a game (Cancel, Esc): a FEN the server refused is
// not offered again next time, where Start would only be refused once more.
function dialogClosed() {
  if (refusedFen && fenTyped.get(refusedFen.variant) === refusedFen.fen) fenTyped.delete(refusedFen.variant);
  refusedFen = null;
  pending = null;
  setWaiting(false);
}

function openNewGame() {
  if (!rz.setup) return;
  fillNewGameForm();
  showTcFields();
  clearFormError();
  setWaiting(false);
  $('newgame').showModal();
}

// The FEN field is kept per game: a FEN typed for one game is not sent for another.
const fenTyped = new Map();
function showFenOf(variant) {
  const v = ((rz.setup && rz.setup.variants) || []).find(x => x.id === variant);
  $('ng-fen').value = fenTyped.get(variant) || '';
  $('ng-fen').placeholder = (v && v.start_fen) || '';
}

function chooseVariant() {
  fillOptions();
  showFenOf($('ng-variant').value);
  clearFormError();
}

// ---------------------------------------------------------------- FEN box
// A FEN typed in the box stays until a game starts (from it or not): a
// refused one stays to be corrected, marked, while the banner says why.
let fenEdited = false;   // a FEN being typed is not overwritten by the game's
let fenPending = null;   // { gameNumber } of the load_fen sent and not yet answered

function drawFenBox() {
  const fenBox = $('fen-text');
  if (!fenEdited && document.activeElement !== fenBox) fenBox.value = rz.view ? rz.view.fen : rz.state.fen;
}

function loadFen() {
  const fen = $('fen-text').value.trim();
  if (!fen) return;
  goLive();
  if (send({ type: 'load_fen', fen })) fenPending = { gameNumber: rz.state ? rz.state.game_number : null };
}

// A new game, from the box or not: the box shows its FEN again (a FEN the
// server refused is not kept through later games).
function fenLoaded(state, info) {
  const answered = fenPending && state.game_number !== fenPending.gameNumber;
  if (!answered && !info.newGame) return;
  fenPending = null;
  fenEdited = false;
  $('fen-text').removeAttribute('aria-invalid');
}

function fenRefused() {
  if (!fenPending) return false;
  fenPending = null;
  fenEdited = true;
  $('fen-text').setAttribute('aria-invalid', 'true');
  return false;   // the banner says why
}

function copyFen() {
  const fen = rz.view ? rz.view.fen : rz.state && rz.state.fen;
  if (!fen) return;
  const box = $('fen-text');
  fenEdited = false;
  box.removeAttribute('aria-invalid');
  box.value = fen;
  const done = () => { const b = $('btn-copy-fen'); b.textContent = 'Copied'; setTimeout(() => { b.textContent = 'Copy FEN'; }, 1200); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(fen).then(done, () => { box.select(); });
  else { box.select(); try { document.execCommand('copy'); done(); } catch (e) { /* selected for the person */ } }
}

export function initDialogs() {
  on('setup', fillNewGameForm);
  on('render', drawFenBox);
  on('state', newGameAnswered);
  on('state', fenLoaded);
  onMessage('error', msg => newGameRefused(msg) || fenRefused());
  $('btn-new').onclick = openNewGame;
  $('ng-variant').onchange = () => { chooseVariant(); offerPlayers(); };
  onMessage('players', updatePlayers);
  $('ng-tc-kind').onchange = () => { showTcFields(); clearFormError(); };
  $('ng-fen').addEventListener('input', () => fenTyped.set($('ng-variant').value, $('ng-fen').value));
  $('newgame').addEventListener('input', event => event.target.removeAttribute('aria-invalid'));
  $('newgame').addEventListener('close', dialogClosed);
  $('ng-cancel').onclick = () => $('newgame').close();
  $('newgame-form').addEventListener('submit', startNewGame);
  $('fen-text').addEventListener('input', () => { fenEdited = true; $('fen-text').removeAttribute('aria-invalid'); });
  $('btn-load-fen').onclick = loadFen;
  $('btn-copy-fen').onclick = copyFen;
}
