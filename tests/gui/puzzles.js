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
const { VARIANTS, WRONG_TRY, solveThree, wrongTry } = require('./lib/puzzles');
const { step } = require('./lib/step');

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
