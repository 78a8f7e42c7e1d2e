// The page's controls on an orthodox game: history with the keyboard, flip,
// undo, errors, reload, PGN, rules, FEN box, Escape, dragging, an engine reply.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const { playTurn, checkBoard, newGame, loadFen, clickOn } = require('./play');
const { readPage } = require('./compare');
const { getJson } = require('./server');
const http = require('http');

function must(cond, what) { if (!cond) throw new Error(what); }

function getText(url) {
  return new Promise((resolve, reject) => {
    http.get(url, res => { let b = ''; res.on('data', d => { b += d; }); res.on('end', () => resolve({ status: res.statusCode, body: b })); })
      .on('error', reject);
  });
}

async function historyKeys(page, server) {
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => window.rulezero.view && window.rulezero.view.ply === 2);
  const viewed = await page.evaluate(() => window.rulezero.view.board.pieces.map(p => p.square + ':' + p.color + ':' + p.letter).sort());
  must(JSON.stringify((await page.evaluate(readPage)).pieces) === JSON.stringify(viewed), 'the board does not show the viewed position');
  must(await page.isVisible('#viewing'), 'no sign that history is being viewed');
  must(await page.evaluate(() => document.querySelector('#moves .current').dataset.ply === '2'), 'the viewed turn is not marked');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.rulezero.view && window.rulezero.view.ply === 0);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.rulezero.view && window.rulezero.view.ply === 1);
  await page.keyboard.press('End');
  await page.waitForFunction(() => window.rulezero.viewPly === null);
  await checkBoard(page, server, 'back from history');
}

async function flipBoard(page) {
  const first = () => page.evaluate(() => document.querySelector('#boards [data-square]').dataset.square);
  must(await first() === 'a8', 'White is not at the bottom');
  await page.click('#btn-flip');
  must(await first() === 'h1', 'flip did not turn the board');
  await page.keyboard.press('f');
  must(await first() === 'a8', 'flip with the key did not turn it back');
}

async function escapeAndDrag(page, server) {
  await clickOn(page, 'b8');
  must(await page.evaluate(() => window.rulezero.clicks.length === 1 && document.querySelectorAll('#boards .target').length === 2),
    'picking up the b8 Knight does not highlight its two targets');
  await page.keyboard.press('Escape');
  must(await page.evaluate(() => window.rulezero.clicks.length === 0 && !document.querySelector('#boards .target')), 'Escape did not start over');
  // An illegal target starts over and sends nothing.
  const plies = await page.evaluate(() => window.rulezero.state.moves.length);
  await clickOn(page, 'b8');
  await clickOn(page, 'b6');
  await page.waitForTimeout(300);
  must(await page.evaluate(n => window.rulezero.clicks.length === 0 && window.rulezero.state.moves.length === n &&
    document.getElementById('error').hidden, plies), 'a click on an illegal target did not simply start over');
  const box = async sq => page.locator('#boards [data-square="' + sq + '"]').boundingBox();
  const a = await box('b8'), b = await box('c6');
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await untilDrawn(page, n => window.rulezero.state.moves.length === n + 1, n);
  must(await page.evaluate(() => window.rulezero.state.moves.slice(-1)[0].coord === 'b8c6'), 'dragging b8 to c6 did not play b8c6');
  await checkBoard(page, server, 'after a drag');
}

async function undoErrorReload(page, server, beforeReload) {
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await page.click('#btn-undo');
  await untilDrawn(page, n => window.rulezero.state.moves.length < n, n);
  await checkBoard(page, server, 'after undo');
  const fen = await page.evaluate(() => window.rulezero.state.fen);
  await page.fill('#fen-text', 'this is not a FEN');
  await page.click('#btn-load-fen');
  await page.waitForSelector('#error:not([hidden])');
  must((await page.textContent('#error-text')).length > 0, 'the error has no message');
  must(await page.evaluate(f => window.rulezero.state.fen === f, fen), 'a bad FEN changed the game');
  await page.click('#error-close');
  const before = await page.evaluate(readPage);
  await beforeReload();
  await page.reload();
  await untilDrawn(page, () => window.rulezero && window.rulezero.state);
  await page.waitForSelector('#boards [data-square]');
  must(JSON.stringify(await page.evaluate(readPage)) === JSON.stringify(before), 'a reload does not show the game in progress');
  await checkBoard(page, server, 'after reload');
}

async function filesAndRules(page, server) {
  await page.click('#btn-copy-fen');
  must(await page.evaluate(() => document.getElementById('fen-text').value === window.rulezero.state.fen), 'Copy FEN does not hold the FEN');
  const pgn = await getText(new URL(await page.getAttribute('#pgn-link', 'href'), server.url).href);
  must(pgn.status === 200 && /1\.\s*\S/.test(pgn.body), 'the PGN download has no moves: ' + pgn.status + ' ' + pgn.body.slice(0, 200));
  must((await page.textContent('#rules-card')).trim().length > 20, 'the rules card is empty');
  // The link is shown only when the server has the full rules; a shown link must work.
  const rules = await getText(new URL(await page.getAttribute('#rules-link', 'href'), server.url).href);
  const shown = await page.isVisible('#rules-link');
  must(shown === (rules.status === 200), 'the full rules link is ' + (shown ? 'shown' : 'hidden') + ' and answers ' + rules.status);
  if (shown) must(rules.body.length > 200, 'the full rules are too short');
  if (!shown) console.log('     note: the server has no full rules at ' + await page.getAttribute('#rules-link', 'href'));
  await getJson(server.url + 'api/state');
}

async function engineReply(page, server) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'depth', depth: 2 } });
  for (let i = 0; i < 3; i++) {
    await playTurn(page, /./);
    await untilDrawn(page, () => window.rulezero.state.to_move === 'human' || window.rulezero.state.result);
    await checkBoard(page, server, 'after the engine replied');
  }
}

// The engine's thinking is shown as it comes, the same as the server holds it.
async function thinkingShown(page) {
  await newGame(page, { variant: 'normal', white: 'human', black: 'engine:0', tc: { kind: 'movetime', ms: 1500 } });
  await playTurn(page, 'e2e4');
  await untilDrawn(page, () => {
    const t = window.rulezero.state.thinking;
    return t && t.depth >= 1 && !document.getElementById('thinking').hidden &&
      document.getElementById('think-depth').textContent === 'depth ' + t.depth &&
      document.getElementById('think-score').textContent === t.score &&
      document.getElementById('think-pv').textContent === (t.pv || '');
  }, null, { timeout: ANSWER_WAIT });
  await untilDrawn(page, () => window.rulezero.state.to_move === 'human', null, { timeout: ANSWER_WAIT });
  // Issue 43: once the engine has moved, the line is no longer "Black thinks".
  const who = await page.evaluate(() => document.getElementById('thinking').hidden ? null : document.getElementById('think-who').textContent);
  must(who === null || who === 'Black thought:', 'after the engine moved the thinking line says "' + who + '"');
}

// Pause and resume a game between two engines, once it is under way.
async function pauseResume(page) {
  await newGame(page, { variant: 'normal', white: 'engine:0', black: 'builtin:greedy', tc: { kind: 'movetime', ms: 200 } });
  await page.waitForSelector('#watch-controls:not([hidden])');
  await untilDrawn(page, () => window.rulezero.state.moves.length >= 3, null, { timeout: ANSWER_WAIT });
  await page.click('#btn-stop');
  await untilDrawn(page, () => window.rulezero.state.paused === true);
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  await page.waitForTimeout(800);
  must(await page.evaluate(n => window.rulezero.state.moves.length <= n + 1, n), 'the paused game went on');
  must(/Paused/.test(await page.textContent('#status')), 'the page does not say the game is paused');
  await page.click('#btn-resume');
  try {
    await untilDrawn(page, n => !window.rulezero.state.paused && window.rulezero.state.moves.length > n + 1, n, { timeout: ANSWER_WAIT });
  } catch (e) {
    const s = await page.evaluate(() => window.rulezero.state);
    throw new Error('the game did not go on after Resume: paused ' + s.paused + ', ' + s.moves.length + ' turns (' + n +
      ' when paused), to move ' + s.to_move + ', error shown: ' + await page.textContent('#error-text'));
  }
}

// An engine that fails (engine:1 is `false`): the server's start-up probe marks
// it, and the new-game form lists it as one that could not start, not to be picked.
async function brokenEngine(page) {
  await page.waitForFunction(() => (window.rulezero.setup.players.find(p => p.id === 'engine:1') || {}).status === 'failed',
    null, { timeout: ANSWER_WAIT });
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  const option = await page.evaluate(() => {
    const o = document.querySelector('#ng-black option[value="engine:1"]');
    return o && { disabled: o.disabled, text: o.textContent };
  });
  must(option && option.disabled && /could not start/.test(option.text),
    'an engine that could not start is offered: ' + JSON.stringify(option));
  await page.click('#ng-cancel');
}

async function pageFeatures(page, server, beforeReload) {
  await newGame(page, { variant: 'normal' });
  await loadFen(page, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  for (const t of ['e2e4', 'e7e5', 'g1f3']) await playTurn(page, t);
  await historyKeys(page, server);
  await flipBoard(page);
  await escapeAndDrag(page, server);
  await undoErrorReload(page, server, beforeReload);
  await filesAndRules(page, server);
  await engineReply(page, server);
  await thinkingShown(page);
  await pauseResume(page);
  await brokenEngine(page);
}

module.exports = { pageFeatures };
