// Rule Zero in the browser: the GUI's session in a Web Worker. The page
// sends it the same JSON messages as to the native server's WebSocket and
// gets the same answers ({text}); the rules, the referee, the clocks and the
// engines' management are the C session (protocol/web/session_web.c). Its
// engines are Web Workers of their own (engine-worker.js), which the page
// makes when asked (websession.js) and connects to this one by a channel.
//
// The first message is {boot: {session: {glue, wasm}, engine: {glue, wasm}}}
// (glue texts and wasm bytes); then {text} per page message, and
// {engine_exit: {id, why}} when an engine's Worker failed. The worker
// answers {ready} once the session runs, {text, at} per message to the page (at: its Date.now() when sent),
// {engine: {id, boot}} with a MessagePort to make an engine's Worker (boot
// null: a test's Worker never booted), {engine_end: id} to end it, and
// {fault} if the session itself fails (the page then offers a reload).
// A `restore` may carry `saved_ms` and `running` (saving.js): the worker takes
// the time since off that clock as it hands the record on (timeAway).
'use strict';

const TICK_MS = 250;
const ANALYSIS_MS = 50;   // how often the analysis board's engine is read (it never blocks: analysis_web.c)
let M = null;
let session = 0;
let engineAssets = null;
const early = [];

self.onmessage = event => {
  const msg = event.data || {};
  if (msg.boot) boot(msg.boot);
  else if (typeof msg.text === 'string') {
    if (session) handle(msg.text);
    else early.push(msg.text);
  } else if (msg.kill_engines) {
    for (const p of procs.values()) p.end('was killed'); // what a test does to see the session survive it
  } else if (msg.engine_exit) {
    const p = procs.get(msg.engine_exit.id);   // its Worker failed (the page saw the error)
    if (p) p.end(String(msg.engine_exit.why));
  } else if (typeof msg.stall_engines === 'number') {
    stallEngines = msg.stall_engines;   // a test's: the next N engine Workers never run (analysis_web.c restarts them)
  } else {
    self.postMessage({ text: JSON.stringify({ type: 'error', message: 'bad message to the game worker: no text' }) });
  }
};

function fault(why) {
  self.postMessage({ fault: String(why && why.message ? why.message : why) });
}

// ---- Waiting: the engine loop's sleep, woken early by gui_wake -------------------------

let wakeSleeper = null;
function sleep(ms) {
  return new Promise(resolve => {
    const done = () => { clearTimeout(timer); if (wakeSleeper === done) wakeSleeper = null; resolve(); };
    const timer = setTimeout(done, Math.max(0, ms));
    wakeSleeper = done;
  });
}
function wake() { if (wakeSleeper) wakeSleeper(); }

// ---- Engines: one Worker each ------------------------------------------------------------

const SHARED = typeof SharedArrayBuffer === 'function' && self.crossOriginIsolated === true;
const procs = new Map();
let nextProc = 1;
let stallEngines = 0;

class EngineProc {
  constructor(id) {
    this.id = id;
    this.lines = [];
    this.ended = null;           // why it ended, once it has
    this.waiter = null;
    this.stop = SHARED ? new Int32Array(new SharedArrayBuffer(4)) : null;
    // The page makes the Worker (websession.js) and hands it the other end of
    // this channel: Firefox's `new Worker` inside a Worker waits on the
    // page's thread, and after the `terminate` of an engine Worker (the
    // analysis board's, on every change) it at times never returned, this
    // whole session Worker hung with it (docs/reliability.md).
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = e => this.onMessage(e.data || {});
    const stalled = stallEngines > 0;   // not booted: it reads no line, as a Worker that never ran
    if (stalled) stallEngines--;
    self.postMessage({ engine: { id, boot: stalled ? null : { stop: this.stop, games: gameFiles.slice() } } }, [channel.port2]);
  }
  onMessage(m) {
    if (typeof m.line === 'string') { this.lines.push(m.line); this.notify(); }
    else if (m.exit !== undefined) this.end(m.exit === 'quit' ? 'exited' : m.exit);
  }
  end(why) {
    if (this.ended) return;
    this.ended = why;
    self.postMessage({ engine_end: this.id });
    this.port.close();
    this.notify();
  }
  notify() { if (this.waiter) { const w = this.waiter; this.waiter = null; w(); } }
  send(text) {
    if (this.ended) return -1;
    if (text === '?' && this.stop) Atomics.add(this.stop, 0, 1);
    this.port.postMessage({ line: text, stops: this.stop ? Atomics.load(this.stop, 0) : 0 });
    return 0;
  }
  wait(ms) {
    if (this.lines.length || this.ended) return Promise.resolve();
    return new Promise(resolve => {
      const timer = ms >= 0 ? setTimeout(() => { this.waiter = null; resolve(); }, ms) : 0;
      this.waiter = () => { clearTimeout(timer); resolve(); };
    });
  }
}

// The game files the page opened ({name, text}, `game_file` messages): every
// engine started after one gets them all (the session's engine:0 command
// names them with --variants, which a Worker need not read).
const gameFiles = [];
function noteGameFile(text) {
  if (!text.includes('"game_file"')) return;
  let m;
  try { m = JSON.parse(text); } catch (e) { return; }
  if (m && m.type === 'game_file' && typeof m.name === 'string' && typeof m.text === 'string' &&
      !gameFiles.some(g => g.name === m.name)) gameFiles.push({ name: m.name, text: m.text });
}

function spawn(cmd) {
  if (!/^rulezero( |$)/.test(cmd) || !engineAssets) return 0;
  const id = nextProc++;
  try { procs.set(id, new EngineProc(id)); } catch (e) { return 0; }
  return id;
}

function take(id, out, n) {
  const p = procs.get(id);
  if (!p) return -1;
  if (p.lines.length) { M.stringToUTF8(p.lines.shift(), out, n); return 1; }
  return p.ended ? -1 : 0;
}

// ---- The session ---------------------------------------------------------------------------

function boot(b) {
  engineAssets = b.engine;
  self.Module = {
    wasmBinary: b.session.wasm,
    print: () => {},
    printErr: () => {},
    // `at`: when it was sent (Date.now(), the page's clock too): the clocks
    // it carries were read then, however late a busy page takes it.
    rzPost: text => self.postMessage({ text, at: Date.now() }),
    rzSleep: sleep,
    rzWake: wake,
    rzProcSpawn: spawn,
    rzProcSend: (id, text) => { const p = procs.get(id); return p ? p.send(text) : -1; },
    rzProcTake: take,
    rzProcWait: (id, ms) => { const p = procs.get(id); return p ? p.wait(ms) : Promise.resolve(); },
    rzProcShared: id => { const p = procs.get(id); return !!(p && p.stop); },
    rzProcExitText: id => { const p = procs.get(id); return p && p.ended ? p.ended : 'is still running'; },
    rzProcStop: id => { const p = procs.get(id); if (p) { p.end('stopped'); procs.delete(id); } },
    // Without shared memory a search cannot be told to stop: a search whose
    // answer is not wanted any more ends with its worker (a new one starts).
    rzProcAbandon: id => { const p = procs.get(id); if (p && !p.stop) p.end('was stopped: its search was no longer wanted'); },
    onAbort: what => fault('the session stopped: ' + what),
    onRuntimeInitialized: start,
  };
  try {
    importScripts(URL.createObjectURL(new Blob([b.session.glue], { type: 'text/javascript' })));
  } catch (e) { fault(e); }
}

function start() {
  M = self.Module;
  session = M._rz_session_new();
  if (!session) { fault('the session could not start (out of memory)'); return; }
  M.ccall('rz_session_run', null, ['number'], [session], { async: true }).catch(fault);
  setInterval(() => { try { M._rz_session_tick(session); } catch (e) { fault(e); } }, TICK_MS);
  setInterval(() => { try { M._rz_session_analysis_poll(session); } catch (e) { fault(e); } }, ANALYSIS_MS);
  self.postMessage({ ready: true, shared: SHARED });
  while (early.length) handle(early.shift());
}

// A stored game's `restore` (saving.js): `saved_ms` is the `at` of the
// `saved` its record came in (when the session read the clocks) and
// `running` the side whose clock ran then. The time since is taken off that
// clock here, as the session takes the record, so neither a page slow to
// store the record nor one slow to send it back gives a reload time (a
// clock on a table keeps running while a player looks away). The two fields
// go no further: the session gets the record alone.
function timeAway(text) {
  if (!text.includes('"saved_ms"')) return text;
  let m;
  try { m = JSON.parse(text); } catch (e) { return text; }
  if (!m || m.type !== 'restore' || !('saved_ms' in m)) return text;
  const { saved_ms: savedMs, running, ...restore } = m;
  const record = restore.record;
  const i = ['white', 'black'].indexOf(running);
  const away = Date.now() - savedMs;
  if (i >= 0 && Number.isFinite(away) && away > 0 && record && Array.isArray(record.clock_ms) &&
      Number.isFinite(record.clock_ms[i])) {
    const clocks = record.clock_ms.slice();
    clocks[i] = Math.max(0, Math.round(clocks[i] - away));
    restore.record = Object.assign({}, record, { clock_ms: clocks });
  }
  return JSON.stringify(restore);
}

function handle(raw) {
  const text = timeAway(raw);
  noteGameFile(text);
  const size = M.lengthBytesUTF8(text) + 1;
  const data = M._malloc(size);
  if (!data) { self.postMessage({ text: JSON.stringify({ type: 'error', message: 'out of memory' }) }); return; }
  M.stringToUTF8(text, data, size);
  try {
    M._rz_session_handle(session, data, size - 1);
  } catch (e) { fault(e); }
  M._free(data);
}
