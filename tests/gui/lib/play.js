// Playing through the page as a person does: forms and clicks only. The test
// may read window.rulezero.state.legal (a tree of clicks) to choose a turn; it
// enters it by clicking.
'use strict';
const { untilDrawn } = require('./drawn');
const { serverState } = require('./server');
const { walk, legalTurns, framePieces } = require('./legaltree');
const { readPage, fromState, differences } = require('./compare');

// As a string: a Nick Danger state is tens of kilobytes, which the browser hands over faster as text.
const pageState = async page => JSON.parse(await page.evaluate(() => JSON.stringify(window.rulezero.state)));

// The state the page holds is on screen (lib/drawn.js).
const drawn = page => untilDrawn(page);

// The first legal turn that `want` accepts (exact text, RegExp or function).
function pick(state, want) {
  const ok = typeof want === 'string' ? t => t.text === want
    : want instanceof RegExp ? t => want.test(t.text) : t => want(t, state);
  return legalTurns(state.legal).find(ok);
}

// tap: a touch (a phone's tap) instead of a mouse click.
async function clickOn(page, click, tap = false) {
  const where = '#layout [data-click="' + click + '"]';
  await (tap ? page.tap(where) : page.click(where));
}

// Clicks one turn (opts.tap: taps it); returns it once the server's next state is drawn.
async function playTurn(page, want, opts = {}) {
  await untilDrawn(page, () => {
    const l = window.rulezero.state.legal;
    return l && l.nodes && Object.keys(l.nodes[l.root].next || {}).length > 0 && window.rulezero.viewPly === null;
  });
  const before = await pageState(page);
  const turn = pick(before, want);
  if (!turn) throw new Error('no legal turn matches ' + want + ' among ' + legalTurns(before.legal).map(t => t.text).join(' '));
  for (let i = 0; i < turn.clicks.length; i++) {
    const c = turn.clicks[i];
    if (i > 0) {
      const offered = await page.evaluate(c => document.querySelector('#layout [data-click="' + c + '"]')
        .matches('.target, .movable, .choice, .hand-piece'), c);
      if (!offered) throw new Error('click ' + c + ' of ' + turn.text + ' is not highlighted after ' + turn.clicks.slice(0, i).join(' '));
    }
    await clickOn(page, c, !!opts.tap);
    const frame = frameAfter(before, turn.clicks.slice(0, i + 1));
    if (frame && i + 1 < turn.clicks.length) await checkFrame(page, frame, turn, i + 1);
  }
  await untilDrawn(page, n => window.rulezero.state.moves.length > n, before.moves.length);
  await drawn(page);
  return turn;
}

// The frame of the node these clicks reach (where a step ends inside the turn), or null.
function frameAfter(state, clicks) {
  const w = walk(state.legal, clicks);
  return w && w.node.frame ? framePieces(state.board, w.node.frame) : null;
}

// Inside a turn: the page draws the pieces as they stand after this step.
async function checkFrame(page, pieces, turn, after) {
  const want = pieces.map(p => p.square + ':' + p.color + ':' + p.letter).sort();
  const shown = (await page.evaluate(readPage)).pieces;
  if (JSON.stringify(shown) !== JSON.stringify(want)) {
    throw new Error(turn.text + ': after click ' + after + ' the page shows ' + JSON.stringify(shown) + '\n  not the frame ' + JSON.stringify(want));
  }
}

// The page shows exactly what the server holds (placement, hands, links, tokens, panels, side).
async function checkBoard(page, server, label) {
  let problems = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const held = fromState(await serverState(server));
    const shown = await page.evaluate(readPage);
    problems = differences(shown, held);
    if (!problems.length) return;
    await page.waitForTimeout(100);   // an engine may have moved between the two reads
  }
  throw new Error((label || 'position') + ': the page differs from /api/state:\n ' + problems.join('\n '));
}

// A new game through the page's own form; done when its first state (a new
// game_number, which closes the form) is drawn. A built-in player or engine
// to move may already have moved.
async function newGame(page, { variant, white = 'human', black = 'human', tc = { kind: 'depth', depth: 1 }, fen = '', options = {} }) {
  const n = await page.evaluate(() => window.rulezero.state.game_number);
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', variant);
  await page.selectOption('#ng-white', white);
  await page.selectOption('#ng-black', black);
  await page.selectOption('#ng-tc-kind', tc.kind);
  if (tc.kind === 'depth') await page.fill('#ng-depth', String(tc.depth));
  if (tc.kind === 'movetime') await page.fill('#ng-movetime', String(tc.ms / 1000));
  if (tc.kind === 'clock') { await page.fill('#ng-base', String(tc.base_ms / 60000)); await page.fill('#ng-inc', String(tc.inc_ms / 1000)); }
  for (const [name, value] of Object.entries(options)) await page.fill('#ng-options [data-option="' + name + '"]', String(value));
  await page.fill('#ng-fen', fen);
  await page.click('#ng-start');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n && !document.getElementById('newgame').open, n);
  await drawn(page);
}

// A new game of the current variant from a FEN, through the page's FEN box.
async function loadFen(page, fen) {
  await page.fill('#fen-text', fen);
  await page.evaluate(() => { window.__before = window.rulezero.state; });
  await page.click('#btn-load-fen');
  await untilDrawn(page, () => window.rulezero.state !== window.__before && window.rulezero.state.moves.length === 0);
}

module.exports = { drawn, playTurn, checkBoard, newGame, loadFen, pageState, clickOn, pick };
