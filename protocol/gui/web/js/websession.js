// The in-browser build's way to the game: instead of the WebSocket to the
// native server, the session runs in a Web Worker (the C session compiled to
// WebAssembly, protocol/web/); the engines' Workers are made here when it
// asks, each connected to it by a channel. The object returned behaves like the WebSocket for connection.js: readyState,
// send(text), onopen, onmessage({data}), onclose.
//
// Where the files come from: the static site serves them beside the page
// (web/...); the single file rulezero.html carries them in
// window.RULEZERO_WEB.files (texts, and the wasm as base64), so that it opens
// from disk with no request at all. Workers always start from Blob URLs,
// which every browser allows, from a server or from a file.

const FILES = {
  sessionWorker: 'web/session-worker.js',
  sessionGlue: 'web/rulezero-session.js',
  sessionWasm: 'web/rulezero-session.wasm',
  engineWorker: 'web/engine-worker.js',
  engineGlue: 'web/rulezero-engine.js',
  engineWasm: 'web/rulezero-engine.wasm',
};

function fromBase64(text) {
  const bytes = atob(text);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes.charCodeAt(i);
  return out.buffer;
}

async function fetchFile(name, binary) {
  const r = await fetch(FILES[name]);
  if (!r.ok) throw new Error('cannot load ' + FILES[name] + ' (' + r.status + ')');
  return binary ? r.arrayBuffer() : r.text();
}

// Every file, as texts and ArrayBuffers.
async function loadFiles() {
  const embedded = (window.RULEZERO_WEB && window.RULEZERO_WEB.files) || null;
  const get = (name, binary) => embedded
    ? Promise.resolve(binary ? fromBase64(embedded[name]) : embedded[name])
    : fetchFile(name, binary);
  const names = Object.keys(FILES);
  const values = await Promise.all(names.map(n => get(n, n.endsWith('Wasm'))));
  return Object.fromEntries(names.map((n, i) => [n, values[i]]));
}

// The engines' Workers, made here when the session's Worker asks ({engine})
// rather than by it: in Firefox a Worker made inside a Worker just after the
// `terminate` of another (the analysis board's engine, replaced on every
// change) at times never came, and the session's Worker hung waiting for it
// (docs/reliability.md). Each gets the port of a channel to the session's
// Worker and speaks over it; its failure is told to the session.
function engineWorkers(files) {
  const url = URL.createObjectURL(new Blob([files.engineWorker], { type: 'text/javascript' }));
  const live = new Map();
  const end = id => { const w = live.get(id); if (w) { live.delete(id); w.terminate(); } };
  return {
    start(session, { id, boot }, port) {
      const w = new Worker(url);
      live.set(id, w);
      w.onerror = e => {
        e.preventDefault();
        end(id);
        session.postMessage({ engine_exit: { id, why: 'failed: ' + (e.message || 'an error in its worker') } });
      };
      if (boot) {
        w.postMessage({ boot: { glue: files.engineGlue, wasm: files.engineWasm.slice(0), stop: boot.stop,
          games: boot.games, port } }, [port]);
      }
    },
    end,
    endAll() { for (const id of [...live.keys()]) end(id); },
  };
}

export function openWebSession() {
  const conn = { readyState: 0, onopen: null, onmessage: null, onclose: null, shared: false };
  let worker = null;
  let engines = null;
  const closeWith = why => {
    if (conn.readyState === 3) return;
    conn.readyState = 3;
    conn.fault = why;
    if (worker) worker.terminate();
    if (engines) engines.endAll();
    if (conn.onclose) conn.onclose({ reason: why });
  };
  conn.send = text => { if (conn.readyState === 1) worker.postMessage({ text }); };
  conn.close = () => closeWith('closed');
  loadFiles().then(files => {
    const url = URL.createObjectURL(new Blob([files.sessionWorker], { type: 'text/javascript' }));
    engines = engineWorkers(files);
    worker = new Worker(url);   // its URL revoked once it runs: revoked at once, a load may find it gone
    worker.onerror = e => { e.preventDefault(); closeWith('the game worker failed: ' + (e.message || 'error')); };
    worker.onmessage = e => {
      const m = e.data || {};
      if (m.ready) {
        URL.revokeObjectURL(url);
        conn.readyState = 1;
        conn.shared = !!m.shared;
        if (conn.onopen) conn.onopen({});
      } else if (typeof m.text === 'string') {
        if (conn.onmessage) conn.onmessage({ data: m.text, at: m.at });
      } else if (m.engine) engines.start(worker, m.engine, e.ports[0]);
      else if (m.engine_end !== undefined) engines.end(m.engine_end);
      else if (m.fault) closeWith(m.fault);
    };
    worker.postMessage({
      boot: {
        session: { glue: files.sessionGlue, wasm: files.sessionWasm },
        engine: { workerText: files.engineWorker, glue: files.engineGlue, wasm: files.engineWasm },
      },
    }, [files.sessionWasm]);
  }).catch(e => closeWith(String(e && e.message ? e.message : e)));
  return conn;
}
