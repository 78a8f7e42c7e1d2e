#!/usr/bin/env node
// The page's browser-build features (tests/gui/lib/webpage.js) on the static
// site, served here by a small static server, and on the single file
// rulezero.html opened as a file URL. Usage:
//   node tests/gui/webpage.js [--site DIR] [--file FILE] [--screenshots DIR]
// (scripts/web.sh builds both as build-web/site and build-web/rulezero.html).
'use strict';
try { require.resolve('playwright-core'); } catch (e) {
  console.log('skipped: playwright-core is not installed (run `npm ci` in tests/gui)');
  process.exit(77);
}
const fs = require('fs');
const http = require('http');
const path = require('path');
const { pathToFileURL } = require('url');
const { CHROMIUM, sharedChromium, closeChromium } = require('./lib/browser');
const { webPageChecks } = require('./lib/webpage');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.wav': 'audio/wav', '.json': 'application/json', '.pgn': 'application/x-chess-pgn' };

// A static host for `dir` on a free port, as any static web host serves the site.
function serve(dir) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const file = path.join(root, rel);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  });
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve({ server, url: 'http://127.0.0.1:' + server.address().port + '/' })));
}

function parseArgs(argv) {
  const args = { site: null, file: null, screenshots: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--file') args.file = argv[++i];
    else if (argv[i] === '--screenshots') args.screenshots = argv[++i];
    else { console.error('unknown argument ' + argv[i]); process.exit(2); }
  }
  if (!args.site && !args.file) { console.error('usage: webpage.js [--site DIR] [--file rulezero.html] [--screenshots DIR]'); process.exit(2); }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(CHROMIUM)) { console.log('skipped: no Chromium at ' + CHROMIUM); process.exit(77); }
  if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });
  const t0 = Date.now();
  const failures = [];
  const step = async (name, fn) => {
    const t = Date.now();
    try {
      await fn();
      console.log('ok   ' + name + ' (' + ((Date.now() - t) / 1000).toFixed(1) + ' s)');
    } catch (e) {
      failures.push(name);
      console.log('FAIL ' + name + ': ' + (e && e.stack || e));
    }
  };
  const browser = await sharedChromium();
  let host = null;
  try {
    if (args.site) {
      host = await serve(args.site);
      await webPageChecks(browser, { name: 'site', url: host.url, selfContained: false }, step, args.screenshots);
    }
    if (args.file) {
      const url = pathToFileURL(path.resolve(args.file)).href;
      await webPageChecks(browser, { name: 'file', url, selfContained: true }, step, args.screenshots);
    }
  } finally {
    await closeChromium();
    if (host) host.server.close();
  }
  console.log((failures.length ? failures.length + ' failed: ' + failures.join(', ') : 'all passed') +
    ' in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  process.exit(failures.length ? 1 : 0);
}

main().catch(e => { console.error(e && e.stack || e); process.exit(1); });
