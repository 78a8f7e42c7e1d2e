#!/usr/bin/env node
// The browser build in Firefox (ctest web_firefox, label "web"): Debian's
// Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi
// (lib/firefox.js), plays every game of scenarios.js by clicking in the
// single file rulezero.html opened as a file:// URL, the page compared with
// the session Worker's own state after every turn, as web.js does in
// Chromium; an analysis session in every game (lib/analysis.js: MultiPV, the
// bar, arrows, a line played, a turn clicked and taken back) and the lines
// still coming after an engine Worker that never ran; premoves
// (lib/premove.js); a game and the analysis board by the keyboard alone
// (lib/keyboard.js: Tab and Shift+Tab, the arrows, Enter, typed turns), their
// labels and announcements read as Firefox's accessibility engine gives them
// (lib/firefoxaria.js), with --screenshots a piece picked by the keys in
// that game at 1280x800 and 390x844 (firefox-keyboard-game*.png); a
// PGN import in every game (lib/links.js); three puzzles
// solved in every game (lib/puzzles.js); correspondence games of 6 turns in
// Nick Danger and in Dialectic between two user contexts (each its own
// storage), a reload during one that offers the link again, a damaged link refused
// (lib/links.js); with --site, the static site at 390x844, two Nick Danger
// turns tapped, the analysis board, a PGN import and a puzzle by taps, and
// the Dialectic and Nick Danger games by links between two phones, tapped;
// then the page must have reported no script error. One Firefox for all
// (web_firefox). Exit 77 (skipped) without Firefox or without tests/gui/node_modules.
// Usage: node tests/gui/firefox.js --rulezero build/rulezero [--html build-web/rulezero.html] [--site DIR]
//        [--screenshots DIR] [--only VARIANT,...]
'use strict';
const { available } = require('./lib/firefox');
const why = available();
if (why) { console.log('skipped: ' + why); process.exit(77); }
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { launchFirefox } = require('./lib/firefox');
const { recorder, workerSession } = require('./lib/insession');
const { playScenario } = require('./lib/scenario');
const { untilDrawn } = require('./lib/drawn');
const scenarios = require('./scenarios');
const { step } = require('./lib/step');
const { analysisBoard, silentWorker } = require('./lib/analysis');
const puzzles = require('./lib/puzzles');

function parseArgs(argv) {
  const args = { rulezero: null, html: path.resolve(__dirname, '..', '..', 'build-web', 'rulezero.html'), site: null, screenshots: null, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rulezero') args.rulezero = argv[++i];
    else if (argv[i] === '--html') args.html = argv[++i];
    else if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--screenshots') args.screenshots = argv[++i];
    else if (argv[i] === '--only') args.only = argv[++i].split(',');
    else { console.error('unknown argument ' + argv[i]); process.exit(2); }
  }
  if (!args.rulezero) { console.error('usage: firefox.js --rulezero PATH [--html FILE] [--site DIR] [--screenshots DIR] [--only V,...]'); process.exit(2); }
  return args;
}


async function reloaded(page) {
  await page.reload();
  await untilDrawn(page, () => window.rulezero.setup && document.querySelector('#boards [data-square]'), null, { timeout: 120000 });
}

// The static site at a phone's size: WebDriver BiDi taps as a touch screen
// does (pointerType "touch", touch events), but the page is not told of a
// touch screen: `(pointer: coarse)` stays false, so only the page's
// 600-pixel rules apply, as on a narrow desktop window.
const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// async url => { page, close }: a page of a new user context of this Firefox
// (storage of its own), at a phone's size if `phone`, loaded and drawn.
const contextOpener = (firefox, problems, phone = false) => async url => {
  const context = await firefox.browser.createBrowserContext();
  const page = await firefox.openPage(url, problems, null, context);
  if (phone) await page.raw.setViewport(PHONE);
  await untilDrawn(page, () => window.rulezero.setup && document.querySelector('#boards [data-square]'), null, { timeout: 120000 });
  return { page, close: () => context.close() };
};

// Nick Danger and Dialectic by links between two user contexts of this Firefox (each its own storage).
async function linkGame(firefox, file, problems) {
  const links = require('./lib/links');
  const opener = contextOpener(firefox, problems);
  const d = await links.correspondence(opener, file, 'dialectic', 6);
  await d.a.close();
  const nd = await links.correspondence(opener, file, 'nickdanger', 6);
  try {
    await links.reloadOffers(nd.a.page, nd.link);
    await links.refused(nd.a.page, () => links.setFragment(nd.a.page, nd.link.split('#')[0] + '#game=bm90IGEgZ2FtZQ'),
      /could not be opened: it is damaged or incomplete/, 'garbage');
  } finally {
    await nd.a.close();
  }
  return '6 turns carried in each, the link offered again after a reload, a damaged link refused';
}

// On the static site at 390x844, a Nick Danger game of two turns tapped,
// the phone's rule (lib/layout.js) after each; then on that phone, by taps
// (lib/phone.js): the analysis board (every cell on screen, a line tapped
// onto it), the game's PGN imported and a turn played on, a Nick Danger
// puzzle solved, and a premove played and one cancelled (lib/premove.js).
async function sitePhone(firefox, url, problems) {
  const { newGame, playTurn } = require('./lib/play');
  const { controlsPlace, checkControls } = require('./lib/layout');
  const { phoneAnalysis, phonePgn, phonePuzzle } = require('./lib/phone');
  const { pgnOf } = require('./lib/links');
  const phone = await contextOpener(firefox, problems, true)(url);
  try {
    const page = phone.page;
    await newGame(page, { variant: 'nickdanger' });
    const played = [];
    for (let i = 0; i < 2; i++) {
      played.push((await playTurn(page, /./, { tap: true })).text);
      checkControls('nickdanger in Firefox at 390x844', await page.evaluate(controlsPlace));
    }
    const analysed = await phoneAnalysis(page, 'nickdanger');
    const turns = await page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
    const pgn = await pgnOf(page);
    await newGame(page, { variant: 'normal' });
    const imported = await phonePgn(page, pgn, 'nickdanger', turns);
    const solved = await phonePuzzle(page, 'nickdanger');
    const premoved = await require('./lib/premove').phonePremove(page);
    return played.join(' ') + ' tapped; analysis board: ' + analysed + '; PGN: ' + imported + '; puzzle: ' + solved + '; ' + premoved;
  } finally {
    await phone.close();
  }
}

// On the static site, Dialectic and Nick Danger by links between two
// phones (two user contexts at 390x844), every turn and button tapped, as
// web_links plays them between two Chromium phones; the phone's rule after each.
async function phoneLinks(firefox, url, problems) {
  const links = require('./lib/links');
  const { controlsPlace, checkControls } = require('./lib/layout');
  const played = [];
  for (const v of ['dialectic', 'nickdanger']) {
    const g = await links.correspondence(contextOpener(firefox, problems, true), url, v, 6, { tap: true });
    try { checkControls(v + ' in Firefox at 390x844', await g.a.page.evaluate(controlsPlace)); } finally { await g.a.close(); }
    played.push(v + ': ' + g.turns.join(' '));
  }
  return played.join('; ');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(args.html)) {
    console.error('FAIL: ' + args.html + ' is missing: run scripts/web.sh first');
    process.exit(1);
  }
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const t0 = Date.now();
  const failures = [];
  const problems = [];
  const firefox = await launchFirefox();
  try {
    const file = pathToFileURL(path.resolve(args.html)).href;
    const page = await firefox.openPage(file, problems, recorder);
    await untilDrawn(page, () => window.rulezero.setup && document.querySelector('#boards [data-square]'), null, { timeout: 120000 });
    const session = workerSession(page, path.resolve(args.rulezero));
    for (const sc of scenarios.filter(s => !args.only || args.only.includes(s.variant))) {
      await step('firefox, file: play ' + sc.variant, failures, () => playScenario(page, session, sc, null));
    }
    const wanted = v => !args.only || args.only.includes(v);
    const variants = (await page.evaluate(() => window.rulezero.setup.variants.map(v => v.id))).filter(wanted);
    for (const v of variants) {
      const before = failures.length;
      await step('firefox, file: analysis board ' + v, failures, () => analysisBoard(page, v));
      // A failed session once left the page's session unanswering (docs/reliability.md): the
      // next steps get a reloaded page, so that each fails for itself or not at all.
      if (failures.length > before) await reloaded(page);
    }
    if (wanted('normal')) await step('firefox, file: analysis lines after a Worker that never ran', failures, () => silentWorker(page, 'normal'));
    if (wanted('normal')) await step('firefox, file: premoves', failures, () => require('./lib/premove').premoves(page));
    if (wanted('normal') && wanted('interdependent')) {
      await step('firefox, file: a game by the keyboard alone, announcements from the accessibility engine', failures,
        () => require('./lib/keyboard').keyboardPlay(page, args.screenshots, 'firefox-'));
      await step('firefox, file: the analysis board by the keyboard alone, announcements from the accessibility engine', failures,
        () => require('./lib/keyboard').keyboardAnalysis(page));
    }
    for (const v of variants) await step('firefox, file: a PGN import, ' + v, failures, () => require('./lib/links').pgnRoundTrip(page, v));
    // The puzzle line without the page's pause for a person, as puzzles.js plays it (tests/gui/README.md).
    await page.evaluate(() => { window.rulezero.puzzle.playDelayMs = 0; });
    for (const v of puzzles.VARIANTS.filter(wanted)) {
      await step('firefox, file: three puzzles solved, ' + v, failures, () => puzzles.solveThree(page, v));
    }
    if (wanted('nickdanger') && wanted('dialectic')) {
      await step('firefox, file: correspondence, Dialectic and Nick Danger, 6 turns, a reload, a bad link', failures,
        () => linkGame(firefox, file, problems));
    }
    if (args.site && wanted('nickdanger')) {
      const host = await require('./lib/static').serveStatic(args.site);
      try {
        await step('firefox, site at 390x844: Nick Danger by taps, analysed, its PGN imported, a puzzle, a premove', failures,
          () => sitePhone(firefox, host.url, problems));
        if (wanted('dialectic')) {
          await step('firefox, site, two phones at 390x844: correspondence, Dialectic and Nick Danger, 6 turns tapped', failures,
            () => phoneLinks(firefox, host.url, problems));
        }
      } finally {
        await host.close();
      }
    }
    await step('firefox, file: no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
  } finally {
    await firefox.close();
  }
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
