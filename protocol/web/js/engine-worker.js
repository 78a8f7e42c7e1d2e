// Rule Zero in the browser: the engine's Web Worker (the browser's process).
// It speaks CECP with the session's worker (session-worker.js) as the engine
// process does natively on its standard input and output: each message
// {line} is one input line; each line the engine writes comes back as {line}.
// Without threads a search runs to its end inside the line that started it;
// a `?` meanwhile reaches the search through a shared counter (stop), when
// the browser gives shared memory. A fault comes back as {exit: why}.
//
// Started by the page from a Blob URL; the first message is {boot: {glue,
// wasm, stop, games, port}}: the Emscripten glue's text, the wasm's bytes,
// the shared counter (an Int32Array on a SharedArrayBuffer) or null, the
// game files the page opened ([{name, text}], loaded before the first line)
// and the MessagePort to the session's worker, over which the lines go both
// ways (without it, over this Worker's own messages).
'use strict';

let engine = 0;
let toSession = self;   // where the engine's lines and its end go: the session's port
let stopView = null;
let stopsAtStart = 0;
const waiting = [];

function onLine(msg) {
  if (typeof msg.line !== 'string') return;
  if (engine) feed(msg.line, msg.stops | 0);
  else waiting.push(msg);
}

self.onmessage = event => {
  const msg = event.data || {};
  if (msg.boot) {
    if (msg.boot.port) {
      toSession = msg.boot.port;
      toSession.onmessage = e => onLine(e.data || {});
    }
    boot(msg.boot);
  } else onLine(msg);
};

// why: what ended it, read after "engine " in the session's error message.
function fail(why) {
  toSession.postMessage({ exit: String(why && why.message ? why.message : why) });
  engine = 0;
  self.close();
}

function boot(b) {
  stopView = b.stop || null;
  self.Module = {
    wasmBinary: b.wasm,
    print: line => toSession.postMessage({ line }),
    printErr: () => {},
    rzStopRequested: () => stopView !== null && Atomics.load(stopView, 0) !== stopsAtStart,
    onAbort: what => fail(/OOM/.test(String(what)) ? 'ran out of memory' : 'stopped: ' + what),
    onRuntimeInitialized: () => {
      try {
        engine = self.Module._rz_engine_new();
      } catch (e) { fail('failed to start: ' + (e && e.message ? e.message : e)); return; }
      if (!engine) { fail('could not start: out of memory'); return; }
      for (const g of b.games || []) loadGames(g.name, g.text);
      while (engine && waiting.length) { const m = waiting.shift(); feed(m.line, m.stops | 0); }
    },
  };
  try {
    importScripts(URL.createObjectURL(new Blob([b.glue], { type: 'text/javascript' })));
  } catch (e) { fail('failed to load: ' + (e && e.message ? e.message : e)); }
}

function loadGames(name, text) {
  const M = self.Module;
  const sizes = [M.lengthBytesUTF8(name) + 1, M.lengthBytesUTF8(text) + 1];
  const ptrs = sizes.map(n => M._malloc(n));
  if (ptrs[0] && ptrs[1]) {
    M.stringToUTF8(name, ptrs[0], sizes[0]);
    M.stringToUTF8(text, ptrs[1], sizes[1]);
    M._rz_engine_load_games(ptrs[0], ptrs[1]);
  }
  ptrs.forEach(p => { if (p) M._free(p); });
}

// One line of CECP. `stops` is the stop counter as the session read it when
// it sent the line: a `?` sent after this line raises it.
function feed(line, stops) {
  const M = self.Module;
  stopsAtStart = stops;
  const size = M.lengthBytesUTF8(line) + 1;
  const text = M._malloc(size);
  if (!text) { fail('ran out of memory'); return; }
  M.stringToUTF8(line, text, size);
  let more;
  try {
    more = M._rz_engine_line(engine, text);
  } catch (e) { fail(/memory/i.test(String(e)) ? 'ran out of memory' : 'failed: ' + (e && e.message ? e.message : e)); return; }
  M._free(text);
  if (!more) { toSession.postMessage({ exit: 'quit' }); engine = 0; self.close(); }
}
