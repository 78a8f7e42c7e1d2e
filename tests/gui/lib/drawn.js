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

// How often a wait reads the page: every animation frame ("raf", the
// drivers' default), or every N ms with RULEZERO_TEST_POLLING=N. Every 50 ms
// cost less CPU than every frame (a page waited on for 20 s: 2.2 CPU-s less),
// but a step that reads the page right after its wait, as "analyse a game
// while it goes on" reads the chart, then read it before the page had drawn
// it (docs/performance.md, "Issue 43, eighth session"): not the default
// until every such step waits for what it reads.
const POLLING = (v => !v || v === 'raf' ? 'raf' : +v || 'raf')(process.env.RULEZERO_TEST_POLLING);

// How long a step waits for something the page must do (an answer, a drawn
// state, a dialog): a ceiling, not a measure, since every wait ends as soon
// as what it waits for comes. Generous, so that a busy machine (a load of 10
// to 40 on 2 cores, a CI run's other tests beside it) only makes a step
// slower, never fails it: 60 s, as every other test's answer wait
// (docs/reliability.md, "Waits of a minute"). A check that something
// happens quickly bounds it itself, with its own figure.
const ANSWER_WAIT = 60000;

function untilDrawn(page, fn = () => true, arg = null, options = {}) {
  const expr = '(() => { const r = window.rulezero; return !!(r && r.state && r.drawnState === r.state && (' +
    fn + ')(' + JSON.stringify(arg === undefined ? null : arg) + ')); })()';
  return page.waitForFunction(expr, null, { timeout: ANSWER_WAIT, ...options });
}

module.exports = { untilDrawn, POLLING, ANSWER_WAIT };
