// A small static web server for the in-browser build's site (build-web/site/),
// as any static host serves it: files by path, a Content-Type by extension,
// nothing else. With `isolate` it adds the two headers that make the page
// cross-origin isolated (Cross-Origin-Opener-Policy: same-origin,
// Cross-Origin-Embedder-Policy: require-corp), which gives it shared memory
// (SharedArrayBuffer). It counts the requests it serves.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.wav': 'audio/wav', '.png': 'image/png', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8'
};

// Serves `root` on 127.0.0.1 (a free port); resolves {url, close(), requests: [paths]}.
function serveStatic(root, { isolate = false } = {}) {
  root = path.resolve(root);
  const requests = [];
  const server = http.createServer((req, res) => {
    const headers = { 'Cache-Control': 'no-store' };
    if (isolate) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    let rel;
    try { rel = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch (e) { rel = null; }
    requests.push(rel);
    if (rel === null || (req.method !== 'GET' && req.method !== 'HEAD')) { res.writeHead(400, headers); res.end(); return; }
    let file = path.join(root, rel);
    if (file !== root && !file.startsWith(root + path.sep)) { res.writeHead(403, headers); res.end(); return; }
    if (rel.endsWith('/')) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }); res.end('not found'); return; }
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
        'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const url = 'http://127.0.0.1:' + server.address().port + '/';
      resolve({ url, requests, close: () => new Promise(r => { server.closeAllConnections(); server.close(() => r()); }) });
    });
  });
}

module.exports = { serveStatic };
