// Checks of the in-browser build (tests/gui/web.js) that the native GUI has
// no counterpart for: a reload that resumes the game from the browser's
// storage, faults sent to the session's Worker and an engine Worker killed
// mid-search, and the measurements (time to a playable board, the longest
// frame gap while the engine searches, move_now's latency).
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const path = require('path');
const { playTurn, checkBoard, newGame, pageState } = require('./play');
const { legalTurns } = require('./legaltree');
const { sessionState, postToSession, clocksNow } = require('./insession');
const { moveNowPlayed } = require('./movenow');

function must(cond, what) { if (!cond) throw new Error(what); }

const CLOCK = { kind: 'clock', base_ms: 300000, inc_ms: 2000 };
const coords = s => s.moves.map(m => m.coord).join(' ');

// After a reload: the page is up and the session has restored the game that
// has these turns (it first answers `hello` with whatever it starts with).
async function waitResumed(page, want, ms = 15000) {
  await untilDrawn(page, () => window.rulezero && window.rulezero.state && window.rulezero.setup && window.__rzSession &&
    window.__rzSession.lastState);
  // A page that keeps the game sends it back (`restore`) once the session is up.
  await page.waitForFunction(() => window.__rzSession.sent.some(m => m.type === 'restore'), null, { timeout: ANSWER_WAIT })
    .catch(async () => {
      const sent = await page.evaluate(() => window.__rzSession.sent.map(m => m.type).join(' '));
      throw new Error('after the reload the page sent the session no `restore` (it sent: ' + sent + ')');
    });
  try {
    await untilDrawn(page, want => {
      const s = window.rulezero.state;
      return s.moves.map(m => m.coord).join(' ') === want && !!document.querySelector('#boards [data-square]');
    }, want, { timeout: ms, polling: 100 });
  } catch (e) {
    const s = await sessionState(page);
    const shown = await page.evaluate(() => document.getElementById('error').hidden ? '' : document.getElementById('error-text').textContent);
    throw new Error('the game did not resume after the reload: the session holds ' + s.variant + ' [' + coords(s) + '], not [' +
      want + ']' + (shown ? '; the page says: ' + shown : ''));
  }
}

// Milliseconds until the browser's storage holds the game as the session
// does now (the page keeps it in localStorage 'rulezero.game', docs/web.md).
// The page asks the session for the record a moment after each change, so a
// reload sooner than that goes back to the game as it stood before.
async function waitStored(page, label, ms = 3000) {
  const t0 = Date.now();
  await page.waitForFunction(() => {
    const s = JSON.parse(window.__rzSession.lastState);
    let r = null;
    try { r = JSON.parse(localStorage.getItem('rulezero.game')).record; } catch (e) { return false; }
    return !!r && r.variant === s.variant && r.turns.join(' ') === s.moves.map(m => m.coord).join(' ');
  }, null, { timeout: ms, polling: 20 }).catch(async () => {
    const stored = await page.evaluate(() => localStorage.getItem('rulezero.game'));
    throw new Error(label + ': ' + ms + ' ms after the last turn the browser does not hold the game; it holds ' +
      String(stored).slice(0, 300));
  });
  return Date.now() - t0;
}

// Reloads the page and checks the game goes on as it was: same variant,
// turns, position, side to move, result, and clocks within `slackMs`.
// With `atOnce` the reload comes right after the last turn is drawn, not
// once the game is stored. Resolves {storedMs, drift} (drift: clocks, or null).
async function reloadResumes(page, session, label, { slackMs = 3000, atOnce = false } = {}) {
  const storedMs = atOnce ? null : await waitStored(page, label);
  const before = await sessionState(page);
  const clocks = await clocksNow(page);
  await page.reload();
  await waitResumed(page, coords(before));
  const after = await sessionState(page);
  for (const key of ['variant', 'fen', 'side', 'to_move']) {
    must(JSON.stringify(after[key]) === JSON.stringify(before[key]), label + ' after a reload: ' + key + ' is ' +
      JSON.stringify(after[key]) + ', was ' + JSON.stringify(before[key]));
  }
  must(JSON.stringify(after.result) === JSON.stringify(before.result), label + ' after a reload: the result changed');
  must(after.players.white.id === before.players.white.id && after.players.black.id === before.players.black.id,
    label + ' after a reload: other players');
  const now = await clocksNow(page);
  const away = now && clocks ? now.at - clocks.at : 0;   // both read in the page: no round trip counted
  let drift = null;
  if (clocks || now) {
    must(clocks && now, label + ' after a reload: clocks ' + JSON.stringify(now) + ', were ' + JSON.stringify(clocks));
    // The clock that ran went on running through the reload (docs/web.md, "A reload").
    const want = color => clocks[color + '_ms'] - (clocks.running === color ? away : 0);
    drift = Math.max(Math.abs(now.white_ms - want('white')), Math.abs(now.black_ms - want('black')));
    must(drift <= slackMs, label + ' after a reload: clocks ' + JSON.stringify(now) + ', were ' + JSON.stringify(clocks));
  }
  await checkBoard(page, session, label + ' after a reload');
  return { storedMs, drift };
}

// A clocked game of two people, three turns by clicking, then a reload.
async function clockedReload(page, session, variant, opts) {
  await newGame(page, { variant, tc: CLOCK });
  for (let i = 0; i < 3; i++) await playTurn(page, /./);
  await page.waitForTimeout(300);   // White's clock runs: Black has made a turn
  const clocks = await clocksNow(page);
  must(clocks && clocks.running, variant + ': no clock runs after three turns: ' + JSON.stringify(clocks));
  return reloadResumes(page, session, variant + ' (clocked)', opts);
}

// Issue 46 (docs/reliability.md): a page whose thread is busy for seconds
// when the session's `saved` comes (a slow phone) must not give a reload
// those seconds. In a clocked game the page asks `save` and is then kept busy
// BUSY_MS; the record it stores once free is the one the reload finds (the
// page stores nothing after it, as if it closed right then: a later, prompt
// record would hide the error), and the clock that ran must have lost all
// the time since, the busy time included. Before the record was stamped with
// the session's `at` it came back about BUSY_MS high.
const BUSY_MS = 6000;
async function busyPageReload(page, session, variant, opts = {}) {
  await newGame(page, { variant, tc: CLOCK });
  for (let i = 0; i < 3; i++) await playTurn(page, /./);
  await waitStored(page, variant + ' (busy page)');
  await page.evaluate(ms => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'rulezero.game') {
        if (window.__rzBusyStored) return;
        window.__rzBusyStored = true;
      }
      return setItem.call(this, key, value);
    };
    window.__rzSession.workers[0].postMessage({ text: JSON.stringify({ type: 'save' }) });
    const t0 = Date.now();
    while (Date.now() - t0 < ms) { /* the page's thread kept busy: the `saved` waits */ }
  }, BUSY_MS);
  await page.waitForFunction(() => window.__rzBusyStored === true, null, { timeout: ANSWER_WAIT, polling: 20 }).catch(() => {
    throw new Error(variant + ' (busy page): the page stored no record within ' + ANSWER_WAIT / 1000 + ' s of its busy time');
  });
  const r = await reloadResumes(page, session, variant + ' (clocked, the page busy ' + BUSY_MS + ' ms before the reload)',
    Object.assign({}, opts, { atOnce: true }));
  return 'the page busy ' + BUSY_MS + ' ms before the record was stored; clocks within ' + r.drift + ' ms';
}

// Rule Zero thinks when the page reloads: the game comes back with Rule Zero
// to move, and a new engine plays the turn.
async function reloadWhileThinking(page, session) {
  // A minute a turn: the reload and the restored game come well before Rule
  // Zero's reply, which Move now then asks for.
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => window.rulezero.state.thinking && window.rulezero.state.moves.length === 1, null, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('Rule Zero did not think, or moved at once'); });
  await waitStored(page, 'while Rule Zero thinks');
  await page.reload();
  await waitResumed(page, 'e2e4');
  const s = await sessionState(page);
  must(s.to_move === 'engine' && s.side === 'black', 'after the reload ' + s.to_move + ' (' + s.side + ') is to move');
  await moveNowPlayed(page, 1, 'after the reload');
  await checkBoard(page, session, 'Rule Zero\'s turn after the reload');
}

// Issue 43: Rule Zero thinks on its clock when the page reloads: the time it
// had spent is not given back. A side's clock runs from its first turn on, so
// two people play 1. e4 e5 2. Nf3 on a 30-minute clock, and the game is
// handed to the session again (`restore`) with Rule Zero as Black: it thinks
// with its clock running. The stored record is let grow 1.5 s old; after the
// reload Black's clock is no higher than it was just before it (the time
// since the record was stored is taken off).
async function reloadKeepsEngineClock(page) {
  await newGame(page, { variant: 'normal', tc: { kind: 'clock', base_ms: 1800000, inc_ms: 0 } });
  for (const t of ['e2e4', 'e7e5', 'g1f3']) await playTurn(page, t);
  await waitStored(page, 'three turns on the clock');
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('rulezero.game')).record);
  await postToSession(page, { text: JSON.stringify({ type: 'restore', record: Object.assign(record, { black: 'engine:0' }) }) }, 0);
  await untilDrawn(page, () => { const s = window.rulezero.state; return s.players.black.id === 'engine:0' && s.thinking && s.moves.length === 3; },
    null, { timeout: ANSWER_WAIT }).catch(() => { throw new Error('Rule Zero did not think on its clock, or moved at once'); });
  await page.waitForFunction(() => {   // the game with Rule Zero as Black stored
    try { return JSON.parse(localStorage.getItem('rulezero.game')).record.black === 'engine:0'; } catch (e) { return false; }
  }, null, { timeout: ANSWER_WAIT });
  await page.waitForTimeout(1500);   // time passing on Black's clock, not a wait for something to happen
  const before = await clocksNow(page);
  must(before && before.running === 'black', 'Black\'s clock does not run: ' + JSON.stringify(before));
  must((await sessionState(page)).moves.length === 3, 'Rule Zero moved within 1.5 s of a 30-minute clock');
  await page.reload();
  await waitResumed(page, 'e2e4 e7e5 g1f3');
  const after = await clocksNow(page);
  must(after.running === 'black', 'after the reload Black\'s clock does not run: ' + JSON.stringify(after));
  must(after.black_ms <= before.black_ms + 100, 'the reload gave Rule Zero back ' + (after.black_ms - before.black_ms) +
    ' ms of its clock (' + before.black_ms + ' ms before the reload, ' + after.black_ms + ' ms after)');
  return 'Black\'s clock ' + before.black_ms + ' ms before the reload, ' + after.black_ms + ' ms after';
}

// ---- A phone ------------------------------------------------------------------------------

const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const PHONE_SIZE = { width: 390, height: 844 };

// A new game against the random mover, and the turn with the most clicks
// (a link, a chain, a token's move...) entered by taps; the board is then
// compared with the session's, and photographed (shotDir/phone-VARIANT.png).
async function phoneTurn(page, session, variant, shotDir) {
  await newGame(page, { variant, white: 'human', black: 'builtin:random', tc: CLOCK });
  const state = await pageState(page);
  const turn = legalTurns(state.legal).reduce((a, t) => (!a || t.clicks.length > a.clicks.length ? t : a), null);
  must(turn, variant + ': no turn to tap');
  await playTurn(page, turn.text, { tap: true });
  await untilDrawn(page, () => window.rulezero.state.moves.length >= 2 && window.rulezero.state.side === 'white');
  await checkBoard(page, session, variant + ' on a phone, after ' + turn.text);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  must(width <= 390, variant + ' on a phone: the page is ' + width + ' px wide');
  if (shotDir) await page.screenshot({ path: path.join(shotDir, 'phone-' + variant + '.png') });
  return turn.text;
}

// ---- Faults ------------------------------------------------------------------------------

// Each: what is posted to the session's Worker, and what its error must say.
function badMessages() {
  return [
    { what: 'bad JSON', payload: { text: '{"type":"turn",' }, error: /./ },
    { what: 'not an object', payload: { text: '[1,2,3]' }, error: /./ },
    { what: 'unknown type', payload: { text: '{"type":"frobnicate"}' }, error: /./ },
    { what: 'no type', payload: { text: '{"text":"e7e5"}' }, error: /./ },
    { what: 'too long', payload: { text: JSON.stringify({ type: 'turn', text: 'e7e5' + ' '.repeat(70000) }) }, error: /too long/ },
    { what: 'nested too deeply', payload: { text: '{"type":"turn","x":' + '['.repeat(40) + ']'.repeat(40) + '}' }, error: /nested/ },
    { what: 'a NUL', payload: { text: '{"type":"turn","text":"e7e5\\u0000"}' }, error: /NUL/ },
    { what: 'an illegal turn', payload: { text: '{"type":"turn","text":"e2e4"}' }, error: /illegal/ },
    { what: 'a turn that is not text', payload: { text: '{"type":"turn","text":7}' }, error: /./ },
    { what: 'a bad FEN', payload: { text: '{"type":"load_fen","fen":"rnbqkbnr/pppppppp/9/8 w"}' }, error: /./ },
    { what: 'a bad new game', payload: { text: '{"type":"new_game","variant":"chess960","white":"human","black":"human"}' }, error: /./ },
    // One page for both players: a hidden shift (docs/rules/partial-shifted-square.md) is refused.
    { what: 'a hidden game', payload: { text: JSON.stringify({ type: 'new_game', variant: 'shifted-square', white: 'human',
      black: 'human', options: { Shift: 'hidden' } }) }, error: /^refused: a game with a hidden setting is played on the games server with seats/ },
    { what: 'a bad record', payload: { text: '{"type":"restore","record":{"format":"rulezero-game","version":99}}' }, error: /could not be restored/ },
    { what: 'move_now with no engine', payload: { text: '{"type":"move_now"}' }, error: /no engine is thinking/ },
    { what: 'no text at all', payload: { hello: 1 }, error: /no text/ }
  ];
}

async function badInput(page, session) {
  await newGame(page, { variant: 'normal' });
  await playTurn(page, 'e2e4');
  const before = await sessionState(page);
  for (const b of badMessages()) {
    const error = await postToSession(page, b.payload);
    must(error !== null, b.what + ': the session answered no error');
    must(b.error.test(error), b.what + ': the error reads "' + error + '"');
    const now = await sessionState(page);
    must(now.fen === before.fen && coords(now) === coords(before) && now.game_number === before.game_number,
      b.what + ' changed the game: ' + now.fen + ' [' + coords(now) + ']');
  }
  must(await page.isVisible('#error'), 'the page shows no error after the bad messages');
  await playTurn(page, 'e7e5');              // the game goes on
  await checkBoard(page, session, 'after the bad messages');
}

// Rule Zero thinks (a minute a turn: it is still thinking when the kill comes,
// however loaded the machine); its Worker is killed; the page says so, the
// game stays as it was, and Resume starts a new engine that plays (asked to
// by Move now once it has a best line).
async function engineKilled(page, session) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => { const s = window.rulezero.state; return s.to_move === 'engine' && s.thinking; }, null, { timeout: ANSWER_WAIT });
  const before = await sessionState(page);
  const errorsBefore = await page.evaluate(() => window.__rzSession.errors.length);
  await page.evaluate(() => window.__rzSession.workers[0].postMessage({ kill_engines: true }));
  await page.waitForFunction(n => window.__rzSession.errors.length > n, errorsBefore, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('no error from the session after its engine was killed'); });
  const error = await page.evaluate(n => window.__rzSession.errors[n], errorsBefore);
  must(/engine/i.test(error), 'the error after the kill does not name the engine: ' + error);
  await page.waitForSelector('#error:not([hidden])', { timeout: ANSWER_WAIT });
  await untilDrawn(page, () => window.rulezero.state.paused === true, null, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('the game is not paused after its engine was killed'); });
  const after = await sessionState(page);
  must(coords(after) === coords(before) && after.fen === before.fen && !after.result,
    'the game changed when its engine was killed: [' + coords(after) + '] ' + JSON.stringify(after.result));
  await checkBoard(page, session, 'after the engine was killed');
  await page.click('#btn-resume');
  // Move now at once, while the new engine Worker is still starting: it
  // moves as soon as it has a best turn (the click is not lost).
  await moveNowPlayed(page, before.moves.length, 'Move now at once after Resume');
  await checkBoard(page, session, 'after the new engine played');
  return error;
}

// ---- Measurements ------------------------------------------------------------------------

// Milliseconds from navigation to a playable board, in a page of its own.
async function openTime(context, url) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const h = await page.waitForFunction(() => {
      const rz = window.rulezero;
      const l = rz && rz.state && rz.state.legal;
      const ok = l && l.nodes && l.nodes[l.root] && Object.keys(l.nodes[l.root].next || {}).length &&
        document.querySelector('#boards [data-square]');
      return ok ? performance.now() : false;
    }, null, { polling: 'raf', timeout: ANSWER_WAIT });
    return Math.round(await h.jsonValue());
  } finally {
    await page.close();
  }
}

// Runs in the page: records the gaps between animation frames until stopped.
function frameRecorder() {
  const w = window.__frames = { last: null, gaps: [], on: true, t0: performance.now() };
  const f = t => {
    if (!w.on) return;
    if (w.last !== null) w.gaps.push(t - w.last);
    w.last = t;
    requestAnimationFrame(f);
  };
  requestAnimationFrame(f);
}

// Runs in the page: stops the recorder; the gaps' figures.
function frameFigures() {
  const w = window.__frames;
  w.on = false;
  const g = w.gaps.slice().sort((a, b) => a - b);
  const r = x => Math.round(x * 10) / 10;
  return { longest_frame_gap_ms: r(g[g.length - 1] || 0), p99_gap_ms: r(g[Math.floor(g.length * 0.99)] || 0),
    gaps_over_50ms: g.filter(x => x > 50).length, frames: g.length, span_ms: Math.round(performance.now() - w.t0) };
}

// The gaps between animation frames while Rule Zero searches `ms`
// milliseconds for its first turn (it plays White), and, to tell the
// search's share from the machine's, the same for 3 s with nothing to do.
async function frameGap(page, ms = 10000) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'human' });
  await page.evaluate(frameRecorder);
  await page.waitForTimeout(3000);
  const idle = await page.evaluate(frameFigures);
  await newGame(page, { variant: 'normal', white: 'engine:0', black: 'human', tc: { kind: 'movetime', ms } });
  await page.evaluate(frameRecorder);
  await untilDrawn(page, () => window.rulezero.state.moves.length > 0, null, { timeout: ms + 15000, polling: 250 });
  const search = await page.evaluate(frameFigures);
  must(search.span_ms > ms / 2, 'the engine moved after ' + search.span_ms + ' ms of a ' + ms + ' ms search');
  // A search on the page's own thread would stop its frames for the whole search.
  must(search.longest_frame_gap_ms < 3000, 'the page painted no frame for ' + search.longest_frame_gap_ms + ' ms during the search');
  return { search, idle };
}

// `move_now` while Rule Zero thinks for 30 s (after its first report of
// thinking): milliseconds from sending it to the session's state with the turn.
async function moveNowLatency(page, thinkMs = 30000) {
  await newGame(page, { variant: 'normal', white: 'engine:0', black: 'human', tc: { kind: 'movetime', ms: thinkMs } });
  await untilDrawn(page, () => window.rulezero.state.thinking && window.rulezero.state.moves.length === 0, null, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('Rule Zero reported no thinking'); });
  await page.waitForTimeout(500);
  const r = await page.evaluate(async () => {
    const rec = window.__rzSession;
    const errors = rec.errors.length;
    const t0 = performance.now();
    window.rulezero.ws.send(JSON.stringify({ type: 'move_now' }));
    while (performance.now() - t0 < 20000) {
      const a = rec.arrivals.find(x => x.at >= t0 && x.moves > 0);
      if (a) return { ms: a.at - t0 };
      if (rec.errors.length > errors) return { error: rec.errors[errors] };
      await new Promise(r => setTimeout(r, 5));
    }
    return { error: 'no turn within 20 s' };
  });
  must(!r.error, 'move_now: ' + r.error);
  const shared = await page.evaluate(() => !!window.rulezero.ws.shared && window.crossOriginIsolated);
  return { ms: Math.round(r.ms * 10) / 10, shared };
}

module.exports = { busyPageReload, reloadWhileThinking, reloadKeepsEngineClock, PHONE, PHONE_SIZE, phoneTurn, waitResumed, reloadResumes, clockedReload, badInput, engineKilled, openTime, frameGap, moveNowLatency };
