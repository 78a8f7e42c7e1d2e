#!/usr/bin/env node
// Browser tests of `rulezero gui` (ctest label "gui"): Debian's Chromium plays
// every variant by clicking, checks the page against GET /api/state after every
// turn, watches an engine-against-engine game of every variant to its result,
// and measures click-to-board and server-move-to-board times.
// Usage: node tests/gui/run.js --rulezero build/rulezero [--screenshots DIR]
//        [--perf FILE] [--only VARIANT,...] [--skip-watch]
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (run `npm ci` in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const path = require('path');
const { startServer, stopServer } = require('./lib/server');
const { launch, closeChromium, openPage, CHROMIUM } = require('./lib/browser');
const { newGame } = require('./lib/play');
const { playScenario } = require('./lib/scenario');
const { pageFeatures } = require('./lib/features');
const { playingFeatures } = require('./lib/playfeel');
const { dialogChecks } = require('./lib/dialogs');
const { ndLinksDialog } = require('./lib/ndlinks');
const { hegelianStairStep } = require('./lib/hegelianstair');
const { ssqGames } = require('./lib/ssqgames');
const { ndRulesDialog, chooseClear } = require('./lib/ndrules');
const { layoutChecks } = require('./lib/layout');
const { fourBoards } = require('./lib/nd4');
const { gameFixes } = require('./lib/gamefixes');
const { watchGame } = require('./lib/watch');
const { scoreFromWhite } = require('./lib/scoreside');
const { rulesLink } = require('./lib/ruleslink');
const { analysisBoard, analyseGame, analysisFeatures } = require('./lib/analysis');
const { summary } = require('./lib/perf');
const { sharedMaps } = require('./lib/sharedmaps');
const { moveNowNative } = require('./lib/movenow');
const { premoves } = require('./lib/premove');
const { seatsGames } = require('./lib/seats');
const { hiddenShiftSeats } = require('./lib/hiddenshift');
const scenarios = require('./scenarios');
const { step: stepOf } = require('./lib/step');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger', 'pickle', 'shifted-square'];

function parseArgs(argv) {
  const args = { rulezero: null, screenshots: null, perf: null, only: null, watch: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--rulezero') args.rulezero = argv[++i];
    else if (a === '--screenshots') args.screenshots = argv[++i];
    else if (a === '--perf') args.perf = argv[++i];
    else if (a === '--only') args.only = argv[++i].split(',');
    else if (a === '--skip-watch') args.watch = false;
    else { console.error('unknown argument ' + a); process.exit(2); }
  }
  if (!args.rulezero) { console.error('usage: run.js --rulezero PATH [--screenshots DIR] [--perf FILE] [--only V,...] [--skip-watch]'); process.exit(2); }
  return args;
}

// The page's own measurements so far (a reload starts them again).
async function harvest(page, perf) {
  const m = await page.evaluate(() => {
    const p = window.rulezero.perf;
    const out = { clickToBoard: p.clickToBoard.splice(0), messageToBoard: p.messageToBoard.splice(0) };
    return out;
  });
  perf.clickToBoard.push(...m.clickToBoard);
  perf.messageToBoard.push(...m.messageToBoard);
}


async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const wanted = v => !args.only || args.only.includes(v);
  const t0 = Date.now();
  // engine:1 is a command that fails at once: the page must report it.
  const server = await startServer(path.resolve(args.rulezero), ['--engine', 'false']);
  const browser = await launch({ width: 1360, height: 820 });
  const problems = [];
  const failures = [];
  const perf = { clickToBoard: [], messageToBoard: [] };
  try {
    const page = await openPage(browser, server.url, problems);
    // After a failed step the page is reloaded (a dialog it left open would fail every step after it).
    const step = (name, failures, fn) => stepOf(name, failures, fn,
      () => page.reload().then(() => page.waitForSelector('#boards [data-square]')));
    for (const sc of scenarios.filter(s => wanted(s.variant))) {
      await step('play ' + sc.variant, failures, () => playScenario(page, server, sc, args.screenshots));
      await harvest(page, perf);
    }
    if (wanted('normal')) await step('keyboard and screen reader play, typed moves', failures, () => require('./lib/keyboard').keyboardPlay(page));
    if (wanted('normal')) await step('page features', failures, () => pageFeatures(page, server, () => harvest(page, perf)));
    if (wanted('normal')) await step('score from White\'s side', failures, () => scoreFromWhite(browser, path.resolve(args.rulezero)));
    if (wanted('normal')) await step('full rules as HTML', failures, () => rulesLink(page, args.screenshots));
    if (wanted('normal')) await step('playing features', failures, () => playingFeatures(page, server, args.screenshots));
    if (wanted('normal')) await step('new-game dialog and FEN box', failures, () => dialogChecks(page, server));
    if (wanted('nickdanger')) await step('Nick Danger\'s Links in the new-game dialog', failures, () => ndLinksDialog(page));
    if (wanted('hegelian')) await step('Hegelian\'s stair-step dialectic from the new-game dialog', failures,
      () => hegelianStairStep(page, server, args.screenshots));
    if (wanted('pickle')) await step('Pickle\'s Link and Shifted Square\'s Shift in the new-game dialog', failures, () => ssqGames(page, args.screenshots));
    if (wanted('nickdanger')) await step('Nick Danger\'s LinkSquares and AfterLinking, links off the rank', failures,
      () => ndRulesDialog(page, args.screenshots));
    if (wanted('nickdanger')) await step('Nick Danger\'s "Choose:" beside the squares it asks about', failures, () => chooseClear(page));
    if (!args.only || args.only.includes('layout')) await step('phone and small window layout', failures, () => layoutChecks(server, args.screenshots));
    if (wanted('nickdanger-4')) await step('four-board Nick Danger on a desktop and a phone, turns tapped', failures,
      () => fourBoards(path.resolve(args.rulezero), args.screenshots));
    if (wanted('normal')) await step('resign, draws, engines per game, Nick Danger links', failures,
      () => gameFixes(page, server, browser, path.resolve(args.rulezero)));
    if (wanted('normal')) await step('move now, no stored game natively', failures, () => moveNowNative(page));
    if (wanted('normal')) await step('premoves', failures, () => premoves(page));
    if (wanted('nickdanger')) await step('maps of clicks told by like, made whole', failures,
      () => sharedMaps(page, server, path.resolve(args.rulezero)));
    await harvest(page, perf);
    for (const v of VARIANTS.filter(wanted)) await step('analysis board ' + v, failures, () => analysisBoard(page, v));
    if (wanted('normal')) await step('analyse a game', failures, () => analyseGame(page, args.screenshots));
    if (wanted('normal')) await step('playing features on the analysis board', failures, () => analysisFeatures(page));
    await harvest(page, perf);
    if (args.watch) {
      for (const v of VARIANTS.filter(wanted)) {
        await step('watch ' + v, failures, () => watchGame(page, server, v));
        await harvest(page, perf);
      }
    }
    // Two seats and a watcher (issue 32), 8 turns of orthodox chess; every variant to its end or 400 turns: tests/gui/seats.js (deep).
    if (wanted('normal')) await step('two seats and a watcher: normal', failures,
      () => seatsGames(path.resolve(args.rulezero), ['normal'], args.screenshots));
    // Partial-Information Single Shifted Square Chess (issue 45): Shift=hidden, two seats to the end.
    if (wanted('shifted-square')) await step('two seats, Shift hidden, to the end', failures,
      () => hiddenShiftSeats(path.resolve(args.rulezero), args.screenshots));
    await step('no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
  } finally {
    await browser.close();
    await closeChromium();
    await stopServer(server);
  }
  const report = summary(perf);
  console.log(report.text);
  if (args.perf) fs.writeFileSync(args.perf, JSON.stringify(report.figures, null, 2) + '\n');
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
