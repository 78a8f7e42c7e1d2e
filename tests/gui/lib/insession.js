// The in-browser build's session, seen from the test: the page talks to a Web
// Worker (protocol/gui/web/js/websession.js), not to a server, so there is no
// /api/state. An init script wraps the page's Worker constructor and records
// every message the session's Worker sends (the raw `state` texts, `clock`,
// `error`, faults) before the page handles it; the test reads the session's
// own latest state from there, and can post to that Worker directly (raw
// texts the page would never send, {kill_engines: true}).
//
// workerSession(page, rulezero) is a stand-in for the native server object the
// lib modules take (server.js): `state()` replaces GET /api/state, and
// `rulezero` is the native command line, which scenario.js asks for the
// readable notation.
'use strict';

// Runs in the page before its own scripts (context.addInitScript).
function recorder() {
  const Real = window.Worker;
  if (!Real || window.__rzSession) return;
  const rec = window.__rzSession = {
    workers: [], lastState: null, stateAt: 0, states: 0, clock: null, clockAt: 0,
    errors: [], faults: [], arrivals: [], sent: []
  };
  const sniff = text => { const m = /"type"\s*:\s*"([a-z_]+)"/.exec(text.slice(0, 200)); return m ? m[1] : null; };
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      rec.workers.push(this);
      const post = this.postMessage.bind(this);
      // What the page sends the session (each message's type), for the test to see.
      this.postMessage = (m, ...rest) => {
        if (m && typeof m.text === 'string') rec.sent.push({ type: sniff(m.text), at: performance.now() });
        return post(m, ...rest);
      };
      this.addEventListener('message', e => {
        const m = e.data || {};
        const at = performance.now();
        // When the session sent it (its Date.now(), m.at), on the page's
        // performance clock: the moment its clocks were read, however late a
        // busy page takes it (a session that does not say: its arrival).
        const sent = typeof m.at === 'number' ? at - (Date.now() - m.at) : at;
        if (m.fault) { rec.faults.push(m.fault); return; }
        if (typeof m.text !== 'string') return;
        const type = sniff(m.text);
        if (type === 'state') {
          rec.lastState = m.text; rec.stateAt = sent; rec.states++;
          let moves = -1;
          const k = m.text.indexOf('"moves":[');
          if (k >= 0) moves = m.text.slice(k, m.text.indexOf(']', k)).split('"ply"').length - 1;
          rec.arrivals.push({ at, moves });
          if (rec.arrivals.length > 200) rec.arrivals.shift();
        } else if (type === 'clock') {
          rec.clock = JSON.parse(m.text); rec.clockAt = sent;
        } else if (type === 'error') {
          rec.errors.push(JSON.parse(m.text).message);
        }
      });
    }
  };
}

// The session's latest state, as it sent it (a later state of the same
// generation leaves out `legal`; the fields compared here are all in every state).
async function sessionState(page) {
  const text = await page.evaluate(() => window.__rzSession && window.__rzSession.lastState);
  if (!text) throw new Error('the session Worker has sent no state');
  return JSON.parse(text);
}

function workerSession(page, rulezero) {
  return { rulezero, state: () => sessionState(page), url: null };
}

// Posts `payload` to the session's Worker as is; resolves the first error it
// answers within `ms` (null if none).
function postToSession(page, payload, ms = 5000) {
  return page.evaluate(async ({ payload, ms }) => {
    const rec = window.__rzSession;
    const n = rec.errors.length;
    rec.workers[0].postMessage(payload);
    const t0 = performance.now();
    while (rec.errors.length === n && performance.now() - t0 < ms) await new Promise(r => setTimeout(r, 20));
    return rec.errors.length > n ? rec.errors[n] : null;
  }, { payload, ms });
}

// The clocks as they stand now: the latest state's or `clock` message's
// figures, less the time since the session sent them for the side whose
// clock runs (not since they arrived: a busy page takes them late); `at`:
// the page's Date.now() when read. Null: no clock.
function clocksNow(page) {
  return page.evaluate(() => {
    const rec = window.__rzSession;
    const s = JSON.parse(rec.lastState);
    if (!s.clocks) return null;
    let c = s.clocks, at = rec.stateAt;
    if (rec.clock && rec.clock.generation === s.generation && rec.clockAt > at) { c = rec.clock; at = rec.clockAt; }
    const now = performance.now();
    const left = color => c[color + '_ms'] - (c.running === color ? now - at : 0);
    return { white_ms: Math.round(left('white')), black_ms: Math.round(left('black')), running: c.running, at: Date.now() };
  });
}

module.exports = { recorder, sessionState, workerSession, postToSession, clocksNow };
