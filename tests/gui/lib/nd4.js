// Four-board Nick Danger (`nickdanger-4`, a game of games/builtin.ini; issue
// 46) in the page of `rulezero gui --variants games/builtin.ini`: each board
// drawn as big as its own files and ranks (no empty frame, no void cell),
// every cell on the first screen, no small board alone in its row (each beside
// the big one or another); on a desktop (1280x800) squares of 40 px or more;
// on a phone (390x844, touch) 32 px or more (not the 24 of four boards
// stacked), and a few
// turns tapped: a link action, a turn on the 6x6 board through a link, the
// phone's rule (lib/layout.js: each control within one screen below the
// boards, touch targets of 44 px) checked after each. In the browser build
// (fromGameFile: its game file opened in the page) also the analysis board
// and the game by link, the link carrying the game file.
'use strict';
const { ANSWER_WAIT } = require('./drawn');
const path = require('path');
const { startServer, stopServer } = require('./server');
const { sharedChromium } = require('./browser');
const { newGame, playTurn } = require('./play');
const { measure, controlsPlace, checkControls, openAt } = require('./layout');

const VARIANT = 'nickdanger-4';
const GAMES = path.join(__dirname, '..', '..', '..', 'games', 'builtin.ini');
// Each board's files and ranks, board 0 (a-h) first.
const SHAPES = ['8x8', '6x6', '4x4', '2x2'];

function must(cond, what) { if (!cond) throw new Error(what); }

// Runs in the page: each board's grid (files x ranks, its void cells) and box.
function boardsDrawn() {
  return [...document.querySelectorAll('#boards .area')].map(a => {
    const g = a.querySelector('.grid'), r = g.getBoundingClientRect();
    return { shape: g.dataset.cols + 'x' + g.dataset.rows, voids: g.querySelectorAll('.cell.void').length,
      top: r.top, bottom: r.bottom, height: r.height, sq: a.querySelector('[data-square]').getBoundingClientRect().height };
  });
}

// The boards as the rules say (files x ranks each), no empty frame, every cell in view.
async function checkBoards(page, where) {
  const boards = await page.evaluate(boardsDrawn);
  must(JSON.stringify(boards.map(b => b.shape)) === JSON.stringify(SHAPES), where + ': boards of ' + boards.map(b => b.shape).join(', '));
  for (const [i, b] of boards.entries()) {
    must(b.voids === 0, where + ': board ' + SHAPES[i] + ' drawn with ' + b.voids + ' empty places');
    must(Math.abs(b.height - parseInt(SHAPES[i].split('x')[1], 10) * b.sq) <= 2, where + ': board ' + SHAPES[i] + ' is ' +
      Math.round(b.height) + ' px tall with squares of ' + Math.round(b.sq) + ' px');
  }
  // The small boards side by side or beside the big one: each shares a line of the screen with another board.
  const alone = boards.slice(1).filter(b => !boards.some(o => o !== b && o.top < b.bottom - 1 && b.top < o.bottom - 1));
  must(!alone.length, where + ': boards alone in their rows: ' + alone.map(b => b.shape).join(', '));
  const m = await page.evaluate(measure, 'white');
  must(m.out.length === 0, where + ': ' + m.out.length + ' of ' + m.cells + ' cells off the first screen (' + m.out.slice(0, 6).join(' ') + '...)');
  must(m.pageWidth <= m.innerWidth, where + ': the page is ' + m.pageWidth + ' px wide');
  return { boards, square: m.square };
}

// A new context's page of `url` (lib/layout.js), holding a new game of four-board Nick Danger.
async function openGame(browser, url, options) {
  const opened = await openAt(browser, url, options);
  await newGame(opened.page, { variant: VARIANT });
  return opened;
}

async function desktop(browser, url, shotDir) {
  const { page, context, problems } = await openGame(browser, url, { viewport: { width: 1280, height: 800 } });
  try {
    const { square } = await checkBoards(page, VARIANT + ' at 1280x800');
    if (shotDir) await page.screenshot({ path: path.join(shotDir, 'nickdanger-4-desktop.png') });
    must(square >= 40, VARIANT + ' at 1280x800: squares of ' + square + ' px');
    must(!problems.length, VARIANT + ' at 1280x800: script errors: ' + problems.join('; '));
    return square;
  } finally {
    await context.close();
  }
}

// The phone's rule after each turn; the boards' squares of 32 px or more.
async function phoneRule(page, where) {
  const { square } = await checkBoards(page, where);
  must(square >= 32, where + ': squares of ' + square + ' px');
  checkControls(VARIANT, await page.evaluate(controlsPlace));
  return square;
}

// Four turns tapped on a phone page holding a new nickdanger-4 game, the
// phone's rule checked before, after a link, and at the end.
async function tappedTurns(page) {
  const square = await phoneRule(page, VARIANT + ' at 390x844');
  await playTurn(page, 'e2e4', { tap: true });
  // Black's turn links b1 (White's Knight) with j1 of the 6x6 board.
  await playTurn(page, 'e7e5,b1j1', { tap: true });
  must(await page.evaluate(() => ['b1', 'j1'].every(s => document.querySelector('#boards [data-square="' + s + '"] [data-link]'))),
    VARIANT + ' at 390x844: the link b1-j1 is not marked on both squares');
  await phoneRule(page, VARIANT + ' at 390x844 after a link');
  // White's Knight moves on the 6x6 board, from j1 (a Knight's step there), then a link action.
  const turn = await playTurn(page, /^j1[i-n][1-6],/, { tap: true });
  const to = turn.text.slice(2, 4);
  must(await page.evaluate(s => !!document.querySelector('#boards [data-square="' + s + '"] [data-piece="white:N"]'), to),
    VARIANT + ' at 390x844: ' + turn.text + ' left no White Knight on ' + to);
  await playTurn(page, /./, { tap: true });
  await phoneRule(page, VARIANT + ' at 390x844 after 4 turns');
  return square;
}

async function phone(browser, url, shotDir) {
  const { page, context, problems } = await openGame(browser, url,
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const square = await tappedTurns(page);
    if (shotDir) await page.screenshot({ path: path.join(shotDir, 'nickdanger-4-phone.png') });
    must(!problems.length, VARIANT + ' at 390x844: script errors: ' + problems.join('; '));
    return square;
  } finally {
    await context.close();
  }
}

// games/builtin.ini picked in the new-game dialog ("Open a game file"), its games then listed.
async function openGameFile(page) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.setInputFiles('#ng-file', GAMES);
  await page.waitForFunction(() => [...document.querySelectorAll('#ng-variant option')].some(o => o.value === 'nickdanger-4'),
    null, { timeout: ANSWER_WAIT });
  await page.click('#ng-cancel');
}

// The browser build offers the games of games/builtin.ini only as a game
// file: on a phone page of it, the file picked in the new-game dialog
// (docs/web.md, "Game files"), then the phone's turns; with `other` (async
// () => a page of a new phone context, its storage empty), the analysis
// board and a link (fileLink); the file forgotten.
async function fromGameFile(page, other = null) {
  await openGameFile(page);
  await newGame(page, { variant: VARIANT });
  try {
    const square = await tappedTurns(page);
    if (!other) return 'squares of ' + square + ' px';
    const { phoneAnalysis } = require('./phone');
    return 'squares of ' + square + ' px; analysis board: ' + await phoneAnalysis(page, VARIANT) + '; ' + await fileLink(page, other);
  } finally {
    await page.evaluate(() => localStorage.removeItem('rulezero.gamefiles'));
  }
}

// The game's link, tapped out on this page, carries its game file: a page
// that never opened the file refuses the link without it (saying which file
// to open), opens it with it (the file read and kept there), answers with a
// turn, and its link back brings that turn here.
async function fileLink(page, other) {
  const links = require('./links');
  await page.tap('#btn-share');
  const sent = await links.offered(page, await page.evaluate(() => window.rulezero.state.moves.length));
  const p = links.payloadOf(sent.link);
  must(p.file && p.file.name === 'builtin.ini' && /^\[nickdanger-4\]$/m.test(p.file.text), 'the link carries no game file: ' +
    JSON.stringify(Object.keys(p)));
  const o = await other();
  try {
    const bare = Object.assign({}, p);
    delete bare.file;
    const bareLink = sent.link.split('#')[0] + '#game=' + Buffer.from(JSON.stringify(bare)).toString('base64url');
    await links.refused(o.page, () => links.setFragment(o.page, bareLink),
      /its game "nickdanger-4" is not one this page lists, and the link carries no game file: open the game file/, 'a link without its file');
    await links.setFragment(o.page, sent.link);
    await links.holds(o.page, VARIANT, p.turns, 'the link with its game file');
    const kept = await o.page.evaluate(() => JSON.parse(localStorage.getItem('rulezero.gamefiles') || '[]').map(f => f.name));
    must(JSON.stringify(kept) === '["builtin.ini"]', 'the game files kept by the other page: ' + JSON.stringify(kept));
    await playTurn(o.page, /./, { tap: true });
    const back = await links.offered(o.page, p.turns.length + 1);
    must(links.payloadOf(back.link).file, 'the link back carries no game file');
    await page.bringToFront();
    await links.setFragment(page, back.link);
    await links.holds(page, VARIANT, links.payloadOf(back.link).turns, 'the link back');
    return 'a link of ' + sent.link.length + ' characters, refused without its file, opened with it, answered';
  } finally {
    await o.close();
  }
}

// The step: its own server (the game file's games), the test's one Chromium.
async function fourBoards(rulezero, shotDir) {
  const server = await startServer(rulezero, ['--variants', GAMES]);
  try {
    const browser = await sharedChromium();
    const big = await desktop(browser, server.url, shotDir);
    const small = await phone(browser, server.url, shotDir);
    return 'squares of ' + big + ' px at 1280x800, ' + small + ' px at 390x844';
  } finally {
    await stopServer(server);
  }
}

module.exports = { fourBoards, fromGameFile, openGameFile, VARIANT };
