#!/usr/bin/env node
// Issue 46 in the browser build's static site (served here as any static
// host serves it): the analysis board in every game (MultiPV 1 and 3, the
// evaluation bar, the best turn's arrow, a line played onto the board, a turn
// clicked, a take-back; in Interdependent a line clicked on a page too busy to
// answer at once), "Analyse this game" with its chart while Rule Zero
// keeps playing the game, premoves (played, dropped, cancelled), a game and
// the analysis board played by the keyboard alone with the announcements
// read from Chromium's accessibility tree (lib/keyboard.js), and the
// phone (390x844, touch) in every game: each control within one screen below
// the board, every button and target at least 44 px; three puzzles of
// every game (one page, the game chosen in the puzzle box); on a phone,
// the analysis board with a line tapped onto it, a Nick Danger puzzle
// solved and a premove, by taps (lib/phone.js, lib/premove.js). Usage:
//   node tests/gui/webplay.js --site DIR [--screenshots DIR] [--only V,...]
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (run `npm ci` in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const { CHROMIUM, launch, openPage, closeChromium, sharedChromium } = require('./lib/browser');
const { serveStatic } = require('./lib/static');
const { step } = require('./lib/step');
const { analysisBoard, slowLine, analyseGame } = require('./lib/analysis');
const { analysisBesideGame } = require('./lib/besidegame');
const { premoves, phonePremove } = require('./lib/premove');
const { keyboardPlay, keyboardAnalysis } = require('./lib/keyboard');
const { phoneChecks, VARIANTS } = require('./lib/layout');
const { solveThree, VARIANTS: PUZZLE_GAMES } = require('./lib/puzzles');
const { openPhone, phoneAnalysis, phonePuzzle } = require('./lib/phone');

function parseArgs(argv) {
  const args = { site: null, screenshots: null, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--screenshots') args.screenshots = argv[++i];
    else if (argv[i] === '--only') args.only = argv[++i].split(',');
    else { console.error('unknown argument ' + argv[i]); process.exit(2); }
  }
  if (!args.site) { console.error('usage: webplay.js --site DIR [--screenshots DIR] [--only V,...]'); process.exit(2); }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  if (!fs.existsSync(args.site)) { console.log('FAIL: no browser build at ' + args.site + ' (scripts/web.sh)'); process.exit(1); }
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const wanted = v => !args.only || args.only.includes(v);
  const t0 = Date.now();
  const host = await serveStatic(args.site);
  const browser = await launch({ width: 1280, height: 800 });
  const problems = [], failures = [];
  try {
    const page = await openPage(browser, host.url, problems);
    for (const v of VARIANTS.filter(wanted)) await step('analysis board ' + v, failures, () => analysisBoard(page, v));
    if (wanted('interdependent')) await step('a line clicked on a busy page', failures, () => slowLine(page, 'interdependent'));
    if (wanted('normal')) await step('analyse a game', failures, () => analyseGame(page, args.screenshots));
    if (wanted('normal')) await step('analyse a game while it goes on', failures, () => analysisBesideGame(page));
    if (wanted('normal')) await step('premoves', failures, () => premoves(page));
    if (wanted('normal')) await step('keyboard and screen reader play, typed moves', failures, () => keyboardPlay(page));
    if (wanted('normal')) await step('the analysis board by the keyboard', failures, () => keyboardAnalysis(page, args.screenshots));
    await page.evaluate(() => { window.rulezero.puzzle.playDelayMs = 0; });
    for (const v of PUZZLE_GAMES.filter(wanted)) await step('three puzzles solved: ' + v, failures, () => solveThree(page, v));
    await step('no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
    await step('phone: controls and touch targets in every game', failures,
      () => phoneChecks(host, args.screenshots, VARIANTS.filter(wanted)));
    if (wanted('normal') && wanted('nickdanger')) await step('phone: the analysis board, a line tapped; a Nick Danger puzzle solved; a premove tapped', failures, async () => {
      const errors = [];
      const phone = await openPhone(await sharedChromium(), host.url, errors);
      try {
        const note = await phoneAnalysis(phone.page, 'normal') + '; ' + await phonePuzzle(phone.page, 'nickdanger') +
          '; ' + await phonePremove(phone.page);
        if (errors.length) throw new Error(errors.join('\n'));
        return note;
      } finally { await phone.close(); }
    });
  } finally {
    await browser.close();
    await closeChromium();
    await host.close();
  }
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
