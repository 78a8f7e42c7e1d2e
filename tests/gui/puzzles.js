#!/usr/bin/env node
// The page's puzzle mode (docs/puzzles.md) in Debian's Chromium, driven by
// playwright-core: in every game, three puzzles of the shipped set solved by
// clicking each solution's first turn as a person would (the page's legal
// tree), the page then playing the rest of the line to its end; and in
// orthodox chess and Nick Danger one wrong try: the page says so, "Try again"
// takes it back, a second wrong try, "Show solution" plays the whole line.
// Either in the native page (`rulezero gui`, --rulezero) or in the browser
// build's single file (--html build-web/rulezero.html), whose puzzle sets are
// inline. Every wait is for a state of the page, none for a time. The page
// plays the line out without its pause for a person between turns (0 ms, not
// 600: the same turns and states, the test's wall time mostly that pause)
// unless --paced.
// Usage: node tests/gui/puzzles.js (--rulezero build/rulezero | --html build-web/rulezero.html) [--only V,...] [--paced]
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (run `npm ci` in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const { pathToFileURL } = require('url');
const { startServer, stopServer } = require('./lib/server');
const { launch, closeChromium, openPage, CHROMIUM } = require('./lib/browser');
const { playTurn } = require('./lib/play');
const { untilDrawn } = require('./lib/drawn');
const { step } = require('./lib/step');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger', 'pickle', 'shifted-square'];
const WRONG_TRY = ['normal', 'nickdanger'];
const SOLVED = 3;

function parseArgs(argv) {
  const args = { rulezero: null, html: null, only: null, paced: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rulezero') args.rulezero = argv[++i];
    else if (a === '--html') args.html = argv[++i];
    else if (a === '--only') args.only = argv[++i].split(',');
    else if (a === '--paced') args.paced = true;
    else { console.error('unknown argument ' + a); process.exit(2); }
  }
  if (!args.rulezero === !args.html) {
    console.error('usage: puzzles.js (--rulezero PATH | --html FILE) [--only V,...] [--paced]');
    process.exit(2);
  }
  return args;
}

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();
const phaseIs = (page, phases) => untilDrawn(page, p => p.includes(window.rulezero.puzzle.phase), phases, { timeout: 120000 });
const puzzleNow = page => page.evaluate(() => JSON.parse(JSON.stringify(window.rulezero.puzzle)));

// Gets a puzzle of `variant` (the box's select and button); returns it once the person is to solve it.
async function getPuzzle(page, variant, first) {
  if (first) {
    if (await page.isHidden('#puzzle')) await page.click('#btn-puzzles');
    await page.selectOption('#pz-variant', variant);
    await page.click('#pz-get');
  } else {
    await page.click('#pz-next');
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

async function solveThree(page, variant) {
  const ids = [];
  for (let k = 0; k < SOLVED; k++) {
    const p = await getPuzzle(page, variant, k === 0);
    const line = p.item.line;
    await playTurn(page, t => same(t.text, line[0]));
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

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: ' + CHROMIUM + ' not found'); process.exit(77); }
  if (args.html && !fs.existsSync(args.html)) { console.log('FAIL: ' + args.html + ' does not exist (run scripts/web.sh)'); process.exit(1); }
  const failures = [];
  const problems = [];
  const server = args.rulezero ? await startServer(args.rulezero) : null;
  const url = server ? server.url : pathToFileURL(args.html).href;
  const browser = await launch({ width: 1360, height: 900 });
  try {
    const page = await openPage(browser, url, problems);
    if (!args.paced) await page.evaluate(() => { window.rulezero.puzzle.playDelayMs = 0; });
    for (const v of VARIANTS.filter(v => !args.only || args.only.includes(v))) {
      await step(v + ': three puzzles solved', failures, () => solveThree(page, v));
      if (WRONG_TRY.includes(v)) await step(v + ': a wrong try, again, the solution', failures, () => wrongTry(page, v));
    }
    await step('no page errors', failures, async () => {
      if (problems.length) throw new Error(problems.join('\n'));
    });
  } finally {
    await browser.close();
    await closeChromium();
    if (server) await stopServer(server);
  }
  console.log(failures.length ? 'FAILED: ' + failures.join(', ') : 'all puzzle checks passed');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e); process.exit(1); });
