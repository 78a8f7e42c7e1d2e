// The one way a browser step waits for the page (issue 43, item 8): until
// the state the page holds makes `fn(arg)` true AND that very state is on
// screen (store.js sets window.rulezero.drawnState when a render has drawn
// it). A step that reads what the page drew (link marks, the move list, the
// FEN box) after a state arrived therefore never reads the board before it
// was drawn. fn runs in the page (its text is sent, as the drivers do with
// any page function): it may read window.rulezero and the DOM.
// Works with Playwright's pages and with lib/firefox.js's (the same
// waitForFunction(fn, arg, options)). Returns the wait's handle.
'use strict';

// How often a wait reads the page: every 50 ms (RULEZERO_TEST_POLLING: a
// number of ms, or "raf" for every animation frame, the drivers' default).
// Every frame kept each waiting page painting 60 times a second, the browser's
// compositor with it, for nothing the steps read (docs/performance.md, "Issue
// 43, eighth session"); the conditions waited for are states that stay, so a
// read every 50 ms sees them.
const POLLING = (v => v === 'raf' ? 'raf' : +v || 50)(process.env.RULEZERO_TEST_POLLING);

function untilDrawn(page, fn = () => true, arg = null, options = {}) {
  const expr = '(() => { const r = window.rulezero; return !!(r && r.state && r.drawnState === r.state && (' +
    fn + ')(' + JSON.stringify(arg === undefined ? null : arg) + ')); })()';
  return page.waitForFunction(expr, null, options);
}

module.exports = { untilDrawn, POLLING };
