// Two seats and a watcher in every game (issue 32), to the end: the long form
// of the step tests/gui/run.js runs for orthodox chess (tests/gui/lib/seats.js).
//   node tests/gui/seats.js --rulezero PATH [--only VARIANT,...] [--turns N]
// Each game is played to its result or N turns (default 400). ctest: the deep label.
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (npm ci in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const path = require('path');
const { CHROMIUM, closeChromium } = require('./lib/browser');
const { seatsGames } = require('./lib/seats');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger'];

async function main() {
  const argv = process.argv.slice(2);
  let rulezero = null, only = null, turns = 400;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--rulezero') rulezero = argv[++i];
    else if (argv[i] === '--only') only = argv[++i].split(',');
    else if (argv[i] === '--turns') turns = +argv[++i];
  }
  if (!rulezero) { console.error('usage: seats.js --rulezero PATH [--only V,...] [--turns N]'); process.exit(2); }
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  const t0 = Date.now();
  try {
    await seatsGames(path.resolve(rulezero), VARIANTS.filter(v => !only || only.includes(v)), null, turns);
  } finally {
    await closeChromium();
  }
  console.log('all passed in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
