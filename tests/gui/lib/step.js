// One named check of a browser-test run: runs fn, prints "ok   NAME (T s)[: NOTE]"
// (NOTE: what fn returns) or "FAIL NAME: why", and adds NAME to `failures` on failure.
'use strict';

async function step(name, failures, fn) {
  const t0 = Date.now();
  try {
    const note = await fn();
    console.log('ok   ' + name + ' (' + ((Date.now() - t0) / 1000).toFixed(1) + ' s)' + (note ? ': ' + note : ''));
  } catch (e) {
    failures.push(name);
    console.log('FAIL ' + name + ': ' + (e && e.stack || e));
  }
}

module.exports = { step };
