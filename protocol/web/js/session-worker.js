// Rule Zero in the browser: the GUI's session in a Web Worker. The page
// sends it the same JSON messages as to the native server's WebSocket and
// gets the same answers ({text}); the rules, the referee, the clocks and the
// engines' management are the C session (protocol/web/session_web.c). Its
// engines are Web Workers of their own (engine-worker.js), started here.
//
// The first message is {boot: {session: {glue, wasm}, engine: {glue, wasm}}}
// (glue texts and wasm bytes); then {text} per page message. The worker
// answers {ready} once the session runs, {text} per message to the page,
// and {fault} if the session itself fails (the page then offers a reload).
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

class EngineProc {
  constructor(id) {
    this.id = id;
    this.lines = [];
    this.ended = null;           // why it ended, once it has
    this.waiter = null;
    this.stop = SHARED ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const url = URL.createObjectURL(new Blob([engineAssets.workerText], { type: 'text/javascript' }));
    this.worker = new Worker(url);
    URL.revokeObjectURL(url);
    this.worker.onmessage = e => this.onMessage(e.data || {});
    this.worker.onerror = e => { e.preventDefault(); this.end('failed: ' + (e.message || 'an error in its worker')); };
    this.worker.postMessage({ boot: { glue: engineAssets.glue, wasm: engineAssets.wasm.slice(0), stop: this.stop,
      games: gameFiles.slice() } });
  }
  onMessage(m) {
    if (typeof m.line === 'string') { this.lines.push(m.line); this.notify(); }
    else if (m.exit !== undefined) this.end(m.exit === 'quit' ? 'exited' : m.exit);
  }
  end(why) {
    if (this.ended) return;
    this.ended = why;
    this.worker.terminate();
    this.notify();
  }
  notify() { if (this.waiter) { const w = this.waiter; this.waiter = null; w(); } }
  send(text) {
    if (this.ended) return -1;
    if (text === '?' && this.stop) Atomics.add(this.stop, 0, 1);
    this.worker.postMessage({ line: text, stops: this.stop ? Atomics.load(this.stop, 0) : 0 });
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
    rzPost: text => self.postMessage({ text }),
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

function handle(text) {
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
