#!/usr/bin/env node
// The browser build in Firefox (ctest web_firefox, label "web"): Debian's
// Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi
// (lib/firefox.js), plays every game of scenarios.js by clicking in the
// single file rulezero.html opened as a file:// URL, the page compared with
// the session Worker's own state after every turn, as web.js does in
// Chromium; then, in the same Firefox, the Nick Danger correspondence game of
// lib/links.js (two user contexts, a damaged link refused); then the page
// must have reported no script error. Exit 77
// (skipped) without Firefox or without tests/gui/node_modules.
// Usage: node tests/gui/firefox.js --rulezero build/rulezero [--html build-web/rulezero.html] [--only VARIANT,...]
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
const { firefoxCorrespondence } = require('./lib/links');
const { untilDrawn } = require('./lib/drawn');
const scenarios = require('./scenarios');
const { step } = require('./lib/step');

function parseArgs(argv) {
  const args = { rulezero: null, html: path.resolve(__dirname, '..', '..', 'build-web', 'rulezero.html'), only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rulezero') args.rulezero = argv[++i];
    else if (argv[i] === '--html') args.html = argv[++i];
    else if (argv[i] === '--only') args.only = argv[++i].split(',');
    else { console.error('unknown argument ' + argv[i]); process.exit(2); }
  }
  if (!args.rulezero) { console.error('usage: firefox.js --rulezero PATH [--html FILE] [--only V,...]'); process.exit(2); }
  return args;
}


async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(args.html)) {
    console.error('FAIL: ' + args.html + ' is missing: run scripts/web.sh first');
    process.exit(1);
  }
  const t0 = Date.now();
  const failures = [];
  const problems = [];
  const firefox = await launchFirefox();
  try {
    const page = await firefox.openPage(pathToFileURL(path.resolve(args.html)).href, problems, recorder);
    await untilDrawn(page, () => window.rulezero.setup && document.querySelector('#boards [data-square]'), null, { timeout: 120000 });
    const session = workerSession(page, path.resolve(args.rulezero));
    for (const sc of scenarios.filter(s => !args.only || args.only.includes(s.variant))) {
      await step('firefox, file: play ' + sc.variant, failures, () => playScenario(page, session, sc, null));
    }
    await step('firefox, file: correspondence, Nick Danger, 6 turns', failures,
      () => firefoxCorrespondence(firefox, pathToFileURL(path.resolve(args.html)).href, problems));
    await step('firefox, file: no script errors', failures, async () => { if (problems.length) throw new Error(problems.join('\n')); });
  } finally {
    await firefox.close();
  }
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
