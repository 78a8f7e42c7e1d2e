// One named check of a browser-test run: runs fn, prints "ok   NAME (T s)[: NOTE]"
// (NOTE: what fn returns) or "FAIL NAME: why", and adds NAME to `failures` on failure;
// then `recover` (if given) puts the page back as a person would (a reload), so that a
// step that fails with a dialog open does not fail every step after it.
'use strict';

async function step(name, failures, fn, recover) {
  const t0 = Date.now();
  try {
    const note = await fn();
    console.log('ok   ' + name + ' (' + ((Date.now() - t0) / 1000).toFixed(1) + ' s)' + (note ? ': ' + note : ''));
  } catch (e) {
    failures.push(name);
    console.log('FAIL ' + name + ': ' + (e && e.stack || e));
    if (recover) await recover().catch(r => console.log('     (the page could not be put back: ' + (r && r.message || r) + ')'));
  }
}

module.exports = { step };
