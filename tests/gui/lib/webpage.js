// The page's browser-build features (issue 29), checked on one form of the
// browser build: the static site (a URL) or the single file rulezero.html
// (a file URL, `selfContained`). Each takes the playwright browser and the
// form { url, selfContained, name }; tests/gui/webpage.js runs them.
//   - Download PGN asks the session (`pgn`) and saves rulezero.pgn;
//   - Move now beside the thinking engine, its title saying when it takes effect;
//   - the game, its players and clocks survive a reload; a stored value that
//     is not ours, or a record the session refuses, is said in a notice with
//     a way to a new game, and removed;
//   - the full rules: a page of the site in a new tab, or in the single file
//     a dialog whose links stay in it and lead back to the game;
//   - faults: a session that cannot start or stops says so with Reload; an
//     engine that fails is reported by the session's `error`;
//   - a phone (390x844, touch): every cell in view, Nick Danger's boards one
//     above the other, the side column below the board, a turn by tapping;
//   - the single file asks for nothing but its own file and Blob URLs;
//   - a game file opened in the new-game dialog: refused as the CLI says, or
//     its games listed, one played against the engine, kept over a reload;
//     a Dialectic file game played between two people, a token move included.
// The page's code is the same in both forms: the checks of what only that
// code does (Play a friend, PGN, Move now, the stored
// game's reload and refusals) run on the site; both get a game file (its
// text goes to the session's wasm); the single file gets what its
// loading changes (the rules dialog, no request, the start, faults of its
// inlined wasm, a phone), and its storage is reloaded by web_browser.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const fs = require('fs');
const path = require('path');
const { playTurn, newGame } = require('./play');
const { legalTurns } = require('./legaltree');

const KEY = 'rulezero.game';

function must(cond, what) { if (!cond) throw new Error(what); }

// A page of the form in a fresh context; `problems` collects its script errors.
async function open(browser, form, options = {}, before = null) {
  const context = await browser.newContext(Object.assign({ viewport: { width: 1280, height: 800 }, acceptDownloads: true }, options));
  const page = await context.newPage();
  const problems = [], requests = [];
  page.on('pageerror', e => problems.push('page error: ' + e.message));
  page.on('console', m => {
    const probe = /\/rules\//.test(m.location().url || '') && /Failed to load resource/.test(m.text());
    if (m.type() === 'error' && !probe) problems.push('console error: ' + m.text());
  });
  page.on('request', r => requests.push(r.url()));
  if (before) await before(page, context);
  await page.goto(form.url);
  return { page, context, problems, requests };
}

async function ready(page) {
  await untilDrawn(page, () => window.rulezero && window.rulezero.state && window.rulezero.setup, null, { timeout: ANSWER_WAIT });
  await page.waitForSelector('#boards [data-square]');
}

async function closeClean(ctx, what) {
  await ctx.context.close();
  must(!ctx.problems.length, what + ': ' + ctx.problems.join('; '));
}

// ---------------------------------------------------------------- the checks
// *Play a friend* (issue 32): the browser build has no server, and says that one is needed.
async function friendNeedsServer(page) {
  await page.click('#btn-friend');
  await page.waitForSelector('#notice:not([hidden])[data-kind="friend"]');
  const text = await page.textContent('#notice-text');
  must(/needs a server/.test(text) && /--db/.test(text), 'Play a friend says: ' + text);
  await page.click('#notice-close');
}

async function pgnDownload(page) {
  await newGame(page, { variant: 'normal' });
  for (const t of ['e2e4', 'e7e5', 'g1f3']) await playTurn(page, t);
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: ANSWER_WAIT }), page.click('#pgn-link')]);
  must(download.suggestedFilename() === 'rulezero.pgn', 'the PGN is saved as ' + download.suggestedFilename());
  const text = fs.readFileSync(await download.path(), 'utf8');
  must(/\[Event /.test(text) && /1\.\s*e4 e5 2\.\s*Nf3/.test(text), 'the downloaded PGN is not the game:\n' + text.slice(0, 400));
  must(text === await page.evaluate(() => window.rulezero.lastPgn), 'the download is not the session\'s pgn answer');
  // Issue 43: no server, so no host to name: the PGN's Site is "?" (unknown), not "localhost".
  must(/^\[Site "\?"\]$/m.test(text), 'the offline PGN\'s Site: ' + (/^\[Site .*$/m.exec(text) || ['none'])[0]);
}

// Runs in the page before its own scripts: every text the connection note
// (#conn) shows, from the moment the HTML puts it there.
function connWatcher() {
  window.__connTexts = [];
  const note = () => {
    const e = document.getElementById('conn');
    const texts = window.__connTexts;
    if (e && texts[texts.length - 1] !== e.textContent) texts.push(e.textContent);
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
}

// Issue 43: the page works offline (no server to connect to): it never says
// "connecting…", while loading or after; once up it says nothing.
async function neverConnecting(browser, form) {
  const ctx = await open(browser, form, {}, (page, context) => context.addInitScript(connWatcher));
  await ready(ctx.page);
  const texts = await ctx.page.evaluate(() => window.__connTexts);
  must(!texts.some(t => /connect/i.test(t)), 'the offline page said ' + JSON.stringify(texts));
  must(texts[texts.length - 1] === '', 'once up, the page says "' + texts[texts.length - 1] + '"');
  await closeClean(ctx, 'the connection note');
}

// An engine thinking for a minute a turn; Move now beside it; it moves then,
// not when its minute is up (with shared memory its search stops; without,
// the session plays the turn it last reported best), with no error. How soon
// is measured (web_browser's move_now figures), not asserted: a loaded
// machine took 2.6 s; the bound is half the engine's minute.
async function moveNow(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 60000 } });
  must(await page.isHidden('#btn-move-now'), 'Move now is shown while a person is to move');
  await playTurn(page, 'e2e4');
  await page.waitForSelector('#player-top #btn-move-now:not([hidden]), #player-bottom #btn-move-now:not([hidden])', { timeout: ANSWER_WAIT });
  const seen = await page.evaluate(() => ({
    row: document.getElementById('btn-move-now').closest('.player').dataset.color,
    title: document.getElementById('btn-move-now').title, shared: !!window.rulezero.ws.shared
  }));
  must(seen.row === 'black', 'Move now is beside ' + seen.row + ', not the thinking engine');
  must(/now/.test(seen.title), 'the Move now title is "' + seen.title + '"');
  // Without shared memory Move now plays the turn the engine last reported best: wait for one (not a fixed time).
  await untilDrawn(page, () => { const t = window.rulezero.state.thinking; return t && t.color === 'black' && !!t.pv; }, null,
    { timeout: ANSWER_WAIT });
  const t0 = Date.now();
  await page.click('#btn-move-now');
  await untilDrawn(page, () => window.rulezero.state.moves.length === 2, null, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('no turn within 30 s of Move now (the engine had a minute; shared memory: ' + seen.shared + ')'); });
  const took = Date.now() - t0;
  await page.waitForSelector('#btn-move-now', { state: 'hidden' });
  must(await page.isHidden('#error'), 'Move now brought an error: ' + await page.textContent('#error-text'));
  return { shared: seen.shared, took };
}

const stored = page => page.evaluate(key => localStorage.getItem(key), KEY);

// The game as a reload must give it back.
const gameOf = page => page.evaluate(() => {
  const s = window.rulezero.state;
  return { variant: s.variant, turns: s.moves.map(m => m.coord), players: s.players.white.id + '/' + s.players.black.id,
    fen: s.fen, clocks: s.clocks, result: s.result };
});

async function reloadResumes(page) {
  const clock = { kind: 'clock', base_ms: 60000, inc_ms: 1000 };   // the engine answers in about a second
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: clock });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: 60000 });
  await playTurn(page, /^d2d4$|^g1f3$|^b1c3$/);
  // Before the engine's reply: White's clock, read below, has run no longer than since now.
  const readAt = Date.now();
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: 60000 });
  await page.waitForTimeout(1500);   // White's clock runs (its second turn)
  const before = await gameOf(page);
  await page.waitForFunction(n => {
    const v = localStorage.getItem('rulezero.game');
    return v && JSON.parse(v).record.turns.length === n;
  }, before.turns.length, { timeout: ANSWER_WAIT });
  const wrapper = JSON.parse(await stored(page));
  must(wrapper.app === 'rulezero' && !isNaN(Date.parse(wrapper.saved_at)), 'the stored wrapper is ' + JSON.stringify(wrapper).slice(0, 200));
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => window.rulezero.restore, null, { timeout: ANSWER_WAIT });
  must(await page.evaluate(() => window.rulezero.restore.ok), 'the stored game was not restored: ' + JSON.stringify(await page.evaluate(() => window.rulezero.restore)));
  const after = await gameOf(page);
  const away = Date.now() - readAt;   // at least as long as White's clock ran between the two readings
  must(JSON.stringify(after.turns) === JSON.stringify(before.turns) && after.players === before.players && after.variant === before.variant,
    'the reload did not resume the game: ' + JSON.stringify(before) + ' became ' + JSON.stringify(after));
  // Black's clock stood still; White's ran on through the reload, by no more
  // than the time that passed (however long a loaded machine took to reload).
  const ran = after.clocks ? before.clocks.white_ms - after.clocks.white_ms : NaN;
  must(after.clocks && Math.abs(after.clocks.black_ms - before.clocks.black_ms) <= 1000 &&
    ran >= -1000 && ran <= away + 1000 && after.clocks.running === 'white',
  'the clocks were not resumed: ' + JSON.stringify(before.clocks) + ' became ' + JSON.stringify(after.clocks));
  must(await page.isHidden('#notice'), 'a notice after a good restore: ' + await page.textContent('#notice-text'));
  await playTurn(page, /./);   // the game goes on
}

// A stored value the page cannot use: a notice, the value removed, a new game offered.
async function refusedStore(page, value, want) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, value]);
  await page.reload();
  await ready(page);
  await page.waitForSelector('#notice:not([hidden])', { timeout: ANSWER_WAIT });
  const text = await page.textContent('#notice-text');
  must(/^Your stored game could not be resumed: /.test(text) && want.test(text) && /A new game was started\.$/.test(text),
    'the notice reads "' + text + '"');
  must(await stored(page) === null, 'the refused value was kept');
  must(await page.isHidden('#error'), 'the refusal was also shown as an error');
  await page.click('#btn-restore-new');
  await page.waitForSelector('#newgame[open]');
  await page.click('#ng-cancel');
  must(await page.isHidden('#notice'), 'the notice stayed after its button');
}

async function refusals(page) {
  await refusedStore(page, '{"app":"rulezero", this is not JSON', /not readable/);
  await refusedStore(page, JSON.stringify({ app: 'another', record: {} }), /not a game saved by Rule Zero/);
  const old = { app: 'rulezero', saved_at: new Date().toISOString(),
    record: { format: 'rulezero-game', version: 99, variant: 'normal', turns: [], white: 'human', black: 'human', tc: { kind: 'untimed' } } };
  await refusedStore(page, JSON.stringify(old), /version 99 is not known/);
  const bad = { app: 'rulezero', saved_at: new Date().toISOString(),
    record: { format: 'rulezero-game', version: 1, variant: 'normal', options: {}, fen: '', turns: ['e2e5'], white: 'human', black: 'human',
      tc: { kind: 'untimed' }, clock_ms: [0, 0], paused: false, result: null } };
  await refusedStore(page, JSON.stringify(bad), /illegal/);
}

async function rulesSite(page, form) {
  await newGame(page, { variant: 'nickdanger' });
  await page.waitForSelector('#rules-link:not([hidden])', { timeout: ANSWER_WAIT });
  const href = await page.getAttribute('#rules-link', 'href');
  must(href === 'rules/nickdanger.html', 'the rules link is ' + href);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#rules-link')]);
  await tab.waitForLoadState('load');
  const seen = await tab.evaluate(() => ({ h1: document.querySelector('h1').textContent, back: document.querySelector('a[href="../index.html"]').href }));
  must(/Nick Danger/.test(seen.h1), 'the rules tab shows ' + seen.h1);
  must(seen.back === new URL('index.html', form.url).href || seen.back === new URL('./', form.url).href + 'index.html', 'the rules page leads back to ' + seen.back);
  await tab.close();
}

async function rulesDialog(page) {
  await newGame(page, { variant: 'nickdanger' });
  await page.waitForSelector('#rules-link:not([hidden])', { timeout: ANSWER_WAIT });
  const frameText = () => page.evaluate(() => {
    const d = document.getElementById('rv-frame').contentDocument;
    return d && d.querySelector('h1') ? d.querySelector('h1').textContent : '';
  });
  const openIt = async () => {
    await page.click('#rules-link');
    await page.waitForSelector('#rules-view[open]');
    await page.waitForFunction(() => /Nick Danger/.test(((document.getElementById('rv-frame').contentDocument || {}).title) || ''));
  };
  await openIt();
  must(/Nick Danger/.test(await frameText()), 'the rules dialog shows ' + await frameText());
  const frame = page.frameLocator('#rv-frame');
  await frame.locator('main a[href="normal.html"]').first().click();
  await page.waitForFunction(() => /Orthodox/i.test(document.getElementById('rv-frame').contentDocument.title));
  must(await page.evaluate(() => document.getElementById('rules-view').open), 'a link between rules pages left the dialog');
  await frame.locator('header a[href="../index.html"]').click();
  await page.waitForFunction(() => !document.getElementById('rules-view').open);
  await openIt();
  await page.click('#rv-close');
  await page.waitForFunction(() => !document.getElementById('rules-view').open);
  await openIt();
  await page.goBack();   // a phone's Back button
  await page.waitForFunction(() => !document.getElementById('rules-view').open);
  must(await page.evaluate(() => window.rulezero.state.variant === 'nickdanger'), 'leaving the rules left the game');
}

async function faults(browser, form) {
  // The session cannot start: a broken session wasm.
  const broken = async (page, which) => {
    if (form.selfContained) {
      await page.addInitScript(which => {
        let v;
        Object.defineProperty(window, 'RULEZERO_WEB', { configurable: true, get: () => v,
          set: x => { if (x && x.files) x.files[which] = btoa('not a wasm'); v = x; } });
      }, which);
    } else {
      await page.route('**/' + which + '.wasm', r => r.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a wasm' }));
    }
  };
  const names = form.selfContained ? { session: 'sessionWasm', engine: 'engineWasm' } : { session: 'rulezero-session', engine: 'rulezero-engine' };
  let ctx = await open(browser, form, {}, page => broken(page, names.session));
  await ctx.page.waitForSelector('#notice[data-kind="fault"]:not([hidden])', { timeout: ANSWER_WAIT });
  must(/could not start/.test(await ctx.page.textContent('#notice-text')), 'the start fault reads ' + await ctx.page.textContent('#notice-text'));
  must(await ctx.page.isVisible('#btn-reload'), 'no Reload button');
  await ctx.page.click('#btn-reload');
  await ctx.page.waitForSelector('#notice[data-kind="fault"]:not([hidden])', { timeout: ANSWER_WAIT });
  await ctx.context.close();
  // An engine that cannot start: the session's error, shown.
  ctx = await open(browser, form, {}, page => broken(page, names.engine));
  await ready(ctx.page);
  await newGame(ctx.page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 } });
  await playTurn(ctx.page, 'e2e4');
  await ctx.page.waitForSelector('#error:not([hidden])', { timeout: ANSWER_WAIT });
  must(/engine/.test(await ctx.page.textContent('#error-text')), 'the engine fault reads ' + await ctx.page.textContent('#error-text'));
  await ctx.context.close();
  // The session stops while a game is played.
  ctx = await open(browser, form);
  await ready(ctx.page);
  await ctx.page.evaluate(() => window.rulezero.ws.close());
  await ctx.page.waitForSelector('#notice[data-kind="fault"]:not([hidden])', { timeout: ANSWER_WAIT });
  must(/The game stopped/.test(await ctx.page.textContent('#notice-text')), 'the stop reads ' + await ctx.page.textContent('#notice-text'));
  await closeClean(ctx, 'after the session stopped');
}

// Runs in the page at 390x844.
function phoneMeasure() {
  const inside = r => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 && r.width > 0;
  const cells = [...document.querySelectorAll('#boards [data-square]')];
  const areas = [...document.querySelectorAll('#boards .area')].map(a => a.getBoundingClientRect());
  const board = document.getElementById('board-col').getBoundingClientRect();
  const side = document.getElementById('side-col').getBoundingClientRect();
  return {
    out: cells.filter(c => !inside(c.getBoundingClientRect())).length, cells: cells.length,
    square: Math.round(cells[0].getBoundingClientRect().width),
    stacked: areas.length < 2 || areas[1].top >= areas[0].bottom - 1,
    sideBelow: side.top >= board.bottom - 1, pageWidth: document.documentElement.scrollWidth
  };
}

async function phone(browser, form, shots) {
  const ctx = await open(browser, form, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const { page } = ctx;
  await ready(page);
  await openGameFile(page, ND_FILE, 'nickdanger-4x4');   // a file's game fits the phone too
  for (const variant of ['normal', 'nickdanger', 'nickdanger-4x4']) {
    await newGame(page, { variant, tc: { kind: 'clock', base_ms: 300000, inc_ms: 2000 } });
    const m = await page.evaluate(phoneMeasure);
    if (shots) await page.screenshot({ path: path.join(shots, form.name + '-phone-' + variant + '.png') });
    must(m.out === 0 && m.square >= 38 && m.pageWidth <= 390, variant + ' at 390x844: ' + JSON.stringify(m));
    must(m.stacked, variant + ': the boards are not one above the other');
    must(m.sideBelow, variant + ': the side column is not below the board');
    const legal = legalTurns(await page.evaluate(() => window.rulezero.state.legal));
    const turn = legal.find(t => t.clicks.length > 1) || legal[0];
    for (const c of turn.clicks) await page.tap('#layout [data-click="' + c + '"]');
    await untilDrawn(page, () => window.rulezero.state.moves.length === 1, null, { timeout: ANSWER_WAIT });
  }
  await closeClean(ctx, 'on the phone');
}

// A game written only as a file (tests/gamefiles/, docs/gamefiles.md): a
// pasted file that breaks a rule is refused in the dialog as the CLI says it
// (NAME:LINE: FIELD: ...); a picked file's games join the list, the first
// chosen; a game of it plays against the engine; after a reload the file's
// games are listed again and the stored game restores.
const GAME_FILE = path.join(__dirname, '..', '..', 'gamefiles', 'chess-camel.ini');
async function gameFile(page) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.click('#ng-file-box summary');
  await page.fill('#ng-file-text', '[bad-one]\nfamily = chess\nname = Bad\nboard = 9x9\n');
  await page.click('#ng-file-open');
  await page.waitForSelector('#ng-file-error:not([hidden])', { timeout: ANSWER_WAIT });
  const refusal = await page.textContent('#ng-file-error');
  must(/^pasted-\d+\.ini:4: board: '9x9' \(allowed: /.test(refusal), 'the refusal reads "' + refusal + '"');
  await page.setInputFiles('#ng-file', GAME_FILE);
  await page.waitForFunction(() => document.getElementById('ng-variant').value === 'camel-chess', null, { timeout: ANSWER_WAIT });
  const status = await page.textContent('#ng-file-status');
  must(/^chess-camel\.ini: camel-chess /.test(status), 'the status reads "' + status + '"');
  must(await page.isHidden('#ng-file-error'), 'the error stayed after a good file');
  await page.click('#ng-cancel');
  await newGame(page, { variant: 'camel-chess', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 } });
  must(await page.evaluate(() => window.rulezero.setup.variants.find(v => v.id === 'camel-chess').rules_card.includes('Camel')),
    'the file\'s rules card is not in the setup');
  await playTurn(page, 'b1c4');   // the Camel's (1,3) leap
  await untilDrawn(page, () => window.rulezero.state.moves.length === 2, null, { timeout: 60000 });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => window.rulezero.state.moves.length === 4, null, { timeout: 60000 });
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('rulezero.gamefiles')));
  must(kept.length === 1 && kept[0].name === 'chess-camel.ini', 'kept files: ' + JSON.stringify(kept).slice(0, 200));
  const before = await gameOf(page);
  await page.waitForFunction(n => {
    const v = localStorage.getItem('rulezero.game');
    return v && JSON.parse(v).record.turns.length === n;
  }, before.turns.length, { timeout: ANSWER_WAIT });
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => window.rulezero.restore, null, { timeout: ANSWER_WAIT });
  must(await page.evaluate(() => window.rulezero.restore.ok), 'the file game was not restored: ' + JSON.stringify(await page.evaluate(() => window.rulezero.restore)));
  const after = await gameOf(page);
  must(after.variant === 'camel-chess' && JSON.stringify(after.turns) === JSON.stringify(before.turns),
    'the reload did not resume the file game: ' + JSON.stringify(before) + ' became ' + JSON.stringify(after));
  must(await page.evaluate(() => [...document.querySelectorAll('#ng-variant option')].some(o => o.value === 'camel-chess')),
    'the file\'s games are not listed after the reload');
  await dialecticFile(page);
  await nickDangerFile(page);
  await page.evaluate(() => localStorage.removeItem('rulezero.gamefiles'));
}

// FILE picked in the new-game dialog ("Open a game file"): its game ID is chosen; the dialog closed.
async function openGameFile(page, file, id) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.click('#ng-file-box summary');
  await page.setInputFiles('#ng-file', file);
  await page.waitForFunction(id => document.getElementById('ng-variant').value === id, id, { timeout: ANSWER_WAIT });
  await page.click('#ng-cancel');
}

// A game of another family written only as a file (tests/gamefiles/dialectic-swapped.ini):
// opened beside the first, it plays between two people, a token move included,
// with the dialectic drawn beside the board.
const DIALECTIC_FILE = path.join(__dirname, '..', '..', 'gamefiles', 'dialectic-swapped.ini');
async function dialecticFile(page) {
  await openGameFile(page, DIALECTIC_FILE, 'dialectic-swapped');
  await newGame(page, { variant: 'dialectic-swapped', white: 'human', black: 'human' });
  for (const turn of ['c1c3', 'A@21', 'e2e4']) await playTurn(page, turn);   // a Dabbaba leap, the Antithesis to 21
  const state = await page.evaluate(() => ({ moves: window.rulezero.state.moves.length,
    areas: window.rulezero.state.board.areas.map(a => a.id) }));
  must(state.moves === 3 && state.areas.includes('dialectic'), 'dialectic-swapped: ' + JSON.stringify(state));
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('rulezero.gamefiles')));
  must(kept.some(f => f.name === 'dialectic-swapped.ini'), 'kept files: ' + JSON.stringify(kept.map(f => f.name)));
}

// A Nick Danger game written only as a file (tests/gamefiles/nickdanger-4x4.ini): board 1 is
// drawn with its 16 squares only, and a link to it is made by clicks against the engine.
const ND_FILE = path.join(__dirname, '..', '..', 'gamefiles', 'nickdanger-4x4.ini');
async function nickDangerFile(page) {
  await openGameFile(page, ND_FILE, 'nickdanger-4x4');
  await newGame(page, { variant: 'nickdanger-4x4', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 1 } });
  const cells = await page.evaluate(() => document.querySelectorAll('#boards [data-square]').length);
  must(cells === 64 + 16, 'nickdanger-4x4 draws ' + cells + ' squares, not 64 + 16');
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => window.rulezero.state.moves.length === 2, null, { timeout: 60000 });
  const legal = legalTurns(await page.evaluate(() => window.rulezero.state.legal));
  const link = legal.find(t => /,[a-h][1-8][i-l][1-4]$/.test(t.text));   // a link made to board 1
  must(link, 'nickdanger-4x4: no link among ' + legal.map(t => t.text).slice(0, 20).join(' '));
  await playTurn(page, link.text);
  await untilDrawn(page, () => window.rulezero.state.moves.length === 4, null, { timeout: 60000 });
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('rulezero.gamefiles')));
  must(kept.some(f => f.name === 'nickdanger-4x4.ini'), 'kept files: ' + JSON.stringify(kept.map(f => f.name)));
}

// Every check on one form; returns the names of the failed ones.
async function webPageChecks(browser, form, step, shots) {
  const ctx = await open(browser, form);
  const { page } = ctx;
  await ready(page);
  if (!form.selfContained) {
    await step(form.name + ': Play a friend needs a server', () => friendNeedsServer(page));
    await step(form.name + ': PGN download', () => pgnDownload(page));
    await step(form.name + ': move now', async () => { const r = await moveNow(page); console.log('     shared memory ' + r.shared + ', the engine moved ' + r.took + ' ms after Move now'); });
    await step(form.name + ': a reload resumes the game', () => reloadResumes(page));
    await step(form.name + ': a stored game that cannot be resumed', () => refusals(page));
  }
  await step(form.name + ': a game file', () => gameFile(page));   // the single file too: its inlined session reads the file
  await step(form.name + ': full rules', () => form.selfContained ? rulesDialog(page) : rulesSite(page, form));
  if (shots) await page.screenshot({ path: path.join(shots, form.name + '-desktop.png') });
  await step(form.name + ': no script errors', async () => { if (ctx.problems.length) throw new Error(ctx.problems.join('\n')); });
  if (form.selfContained) {
    await step(form.name + ': no request but its own file', async () => {
      const outside = ctx.requests.filter(u => u !== form.url && !u.startsWith('blob:') && !u.startsWith('data:'));
      must(!outside.length, 'requests: ' + outside.slice(0, 5).join(' '));
    });
  }
  await ctx.context.close();
  await step(form.name + ': never "connecting…"', () => neverConnecting(browser, form));
  await step(form.name + ': faults', () => faults(browser, form));
  await step(form.name + ': phone', () => phone(browser, form, shots));
}

module.exports = { webPageChecks };
