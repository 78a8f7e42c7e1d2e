// The page's puzzle mode (docs/puzzles.md) as a person uses it, for any
// page of Playwright's calls (Chromium) or of lib/firefox.js's (Firefox):
// three puzzles of a game's shipped set solved by clicking each solution's
// first turn (the page's legal tree), the page then playing the rest of the
// line to its end; a wrong try, "Try again", "Show solution". Every wait is
// for a state of the page, none for a time. Used by tests/gui/puzzles.js and
// tests/gui/firefox.js.
'use strict';
const { playTurn } = require('./play');
const { untilDrawn } = require('./drawn');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger', 'pickle', 'shifted-square'];
const WRONG_TRY = ['normal', 'nickdanger'];
const SOLVED = 3;

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
const phaseIs = (page, phases) => untilDrawn(page, p => p.includes(window.rulezero.puzzle.phase), phases, { timeout: 120000 });
const puzzleNow = page => page.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.puzzle)));

// Gets a puzzle of `variant` (the box's select and button); returns it once
// the person is to solve it. press(selector): a click, or a phone's tap.
async function getPuzzle(page, variant, first, press = s => page.click(s)) {
  if (first) {
    if (await page.isHidden('#puzzle')) await press('#btn-puzzles');
    await page.selectOption('#pz-variant', variant);
    await press('#pz-get');
  } else {
    await press('#pz-next');
  }
  await phaseIs(page, ['solve']);
  const p = await puzzleNow(page);
  if (p.variant !== variant) throw new Error('a puzzle of ' + p.variant + ', not ' + variant);
  const fen = await page.evaluate(() => window.rulezero.state.fen);
  if (fen !== p.item.fen) throw new Error('the board is not the puzzle\'s position:\n  ' + fen + '\n  ' + p.item.fen);
  const flipped = await page.evaluate(() => window.rulezero.flipped);
  const side = await page.evaluate(() => window.rulezero.state.side);
  if (flipped !== (side === 'black')) throw new Error('the board is not turned to the side to move (' + side + ')');
  return p;
}

// The whole line stands on the board, turn for turn.
async function lineOnBoard(page, line) {
  await untilDrawn(page, n => window.rulezero.state.moves.length === n, line.length, { timeout: 120000 });
  const coords = await page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
  if (!coords.every((c, k) => same(c, line[k]))) throw new Error('the board\'s turns ' + coords.join(' ') + ' are not the line ' + line.join(' '));
}

// `count` puzzles solved (tap: by a phone's taps, lib/phone.js).
async function solveThree(page, variant, { count = SOLVED, tap = false } = {}) {
  const ids = [];
  const press = tap ? s => page.tap(s) : s => page.click(s);
  for (let k = 0; k < count; k++) {
    const p = await getPuzzle(page, variant, k === 0, press);
    const line = p.item.line;
    await playTurn(page, t => same(t.text, line[0]), { tap });
    await phaseIs(page, ['solved']);
    await lineOnBoard(page, line);
    const status = await page.textContent('#pz-status');
    if (!/^Solved!/.test(status)) throw new Error('after the line the page says: ' + status);
    if (await page.isHidden('#pz-next')) throw new Error('no Next puzzle button after a solved puzzle');
    ids.push(p.item.id + ' (' + line.length + ' turns)');
  }
  return ids.join(', ');
}

async function wrongTry(page, variant) {
  const p = await getPuzzle(page, variant, true);
  const line = p.item.line;
  const wrong = t => !same(t.text, line[0]);
  const played = await playTurn(page, wrong);
  await phaseIs(page, ['wrong']);
  const status = await page.textContent('#pz-status');
  if (!/is not it/.test(status)) throw new Error('after a wrong turn the page says: ' + status);
  if (await page.isHidden('#pz-retry') || await page.isHidden('#pz-solution')) throw new Error('no Try again and Show solution');
  await page.click('#pz-retry');
  await phaseIs(page, ['solve']);
  const back = await page.evaluate(() => window.rulezero.state.moves.length);
  if (back !== 0) throw new Error('Try again left ' + back + ' turns on the board');
  await playTurn(page, wrong);
  await phaseIs(page, ['wrong']);
  await page.click('#pz-solution');
  await phaseIs(page, ['shown']);
  await lineOnBoard(page, line);
  return 'wrong ' + played.text + ', taken back, then the solution ' + line.join(' ');
}

module.exports = { VARIANTS, WRONG_TRY, solveThree, wrongTry };
