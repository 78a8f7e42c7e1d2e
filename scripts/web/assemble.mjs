// Assembles the browser build of Rule Zero (run by scripts/web.sh) from the
// page (protocol/gui/web/), the two worker scripts (protocol/web/js/), the
// Emscripten outputs (--wasm) and the rules pages (--rules, from
// `rulezero gui --export-rules`):
//   OUT/site/          the static site: the page's files as they are, index.html
//                      marked as the in-browser build (window.RULEZERO_WEB = {}),
//                      rules/ and web/ (the workers' six files) beside it;
//   OUT/rulezero.html  the same page in one file that makes no request at all:
//                      the CSS in <style> elements (the CSS the page's modules load
//                      at run time too), the modules bundled by esbuild into one
//                      classic inline script, and before it window.RULEZERO_WEB =
//                      {files, rules, sounds, puzzles} with the workers' files (the
//                      wasm as base64), every rules page (its CSS inline), every sound
//                      (a data: URL) and every game's puzzle set (puzzles/*.jsonl),
//                      read by the page's modules instead of fetching.
// Usage: node assemble.mjs --root REPO --wasm DIR --rules DIR --out OUT
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values: opt } = parseArgs({
  options: { root: { type: 'string' }, wasm: { type: 'string' }, rules: { type: 'string' }, out: { type: 'string' } },
});
for (const name of ['root', 'wasm', 'rules', 'out']) {
  if (!opt[name]) throw new Error(`assemble.mjs: --${name} is missing (usage: --root REPO --wasm DIR --rules DIR --out OUT)`);
}

const PAGE = path.join(opt.root, 'protocol/gui/web');
const WORKERS = path.join(opt.root, 'protocol/web/js');
// The page's one module script, replaced in the single file by the bundle.
const MODULE_TAG = '<script type="module" src="js/main.js"></script>';
// What the page's in-browser session needs (protocol/gui/web/js/websession.js):
// under these keys in RULEZERO_WEB.files, as these files in the site's web/.
const WEB_FILES = {
  sessionWorker: path.join(WORKERS, 'session-worker.js'),
  sessionGlue: path.join(opt.wasm, 'rulezero-session.js'),
  sessionWasm: path.join(opt.wasm, 'rulezero-session.wasm'),
  engineWorker: path.join(WORKERS, 'engine-worker.js'),
  engineGlue: path.join(opt.wasm, 'rulezero-engine.js'),
  engineWasm: path.join(opt.wasm, 'rulezero-engine.wasm'),
};

const read = file => fs.readFileSync(file, 'utf8');

// text with the one occurrence of `what` replaced by `by`; an error if it is not there once.
function replaceOnce(text, what, by, where) {
  const at = text.indexOf(what);
  if (at < 0 || text.indexOf(what, at + 1) >= 0) throw new Error(`assemble.mjs: ${where} should hold ${what} once`);
  return text.slice(0, at) + by + text.slice(at + what.length);
}

// ------------------------------------------------------------------ the site

function writeSite(site) {
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(PAGE, site, { recursive: true });
  const index = replaceOnce(read(path.join(PAGE, 'index.html')), MODULE_TAG,
    '<script>window.RULEZERO_WEB = {};</script>\n' + MODULE_TAG, 'index.html');
  fs.writeFileSync(path.join(site, 'index.html'), index);
  fs.cpSync(opt.rules, path.join(site, 'rules'), { recursive: true });
  fs.mkdirSync(path.join(site, 'web'));
  for (const file of Object.values(WEB_FILES)) fs.copyFileSync(file, path.join(site, 'web', path.basename(file)));
}

// ------------------------------------------------------------------ the single file

// A text that goes inside an element whose content the HTML parser does not
// read as markup (<script>, <style>) must not be able to end it or to open a
// comment there.
function checkInlinable(text, what) {
  const bad = text.match(/<\/(script|style)|<!--/i);
  if (bad) throw new Error(`assemble.mjs: ${what} holds "${bad[0]}" and cannot be inlined`);
  return text;
}

// A value as a JavaScript literal that is safe inside <script>: JSON, with every
// '<' written \u003c (so no '</script' nor '<!--' can appear) and the two line
// separators escaped.
function scriptLiteral(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const STYLESHEET = /<link rel="stylesheet" href="([^":]+)">/g;

// html with each <link rel="stylesheet" href="FILE"> (FILE relative to dir)
// replaced by a <style> holding FILE, and the `extra` CSS files (relative to
// dir too) appended at the end of <head>, in this order.
function inlineStyles(html, dir, extra, where) {
  const style = file => `<style data-href="${file}">\n${checkInlinable(read(path.join(dir, file)), file)}</style>`;
  let out = html.replace(STYLESHEET, (_, file) => style(file));
  if (extra.length) out = replaceOnce(out, '</head>', extra.map(style).join('\n') + '\n</head>', where);
  return out;
}

// The CSS files the page's modules add at run time (as analysis.js does):
// every string literal of protocol/gui/web/js/ naming a .css file.
function runtimeCss() {
  const names = new Set();
  for (const file of fs.readdirSync(path.join(PAGE, 'js')).sort()) {
    for (const m of read(path.join(PAGE, 'js', file)).matchAll(/['"`]\/?([\w./-]+\.css)['"`]/g)) names.add(m[1]);
  }
  for (const name of names) {
    if (!fs.existsSync(path.join(PAGE, name))) throw new Error(`assemble.mjs: the page's modules name ${name}, which is not in ${PAGE}`);
  }
  return [...names];
}

// The page's ES modules as one classic script (format iife): a module script
// from a file URL is refused, a classic inline one is not. Strict, as modules are.
async function bundlePage() {
  const result = await build({
    entryPoints: [path.join(PAGE, 'js/main.js')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    banner: { js: '"use strict";' },
    write: false,
    logLevel: 'error',
  });
  return checkInlinable(result.outputFiles[0].text, 'the bundled page');
}

function webFiles() {
  return Object.fromEntries(Object.entries(WEB_FILES).map(([key, file]) =>
    [key, key.endsWith('Wasm') ? fs.readFileSync(file).toString('base64') : read(file)]));
}

// Every rules page (keyed by its name: normal, README, ...) with its CSS inline.
function rulesPages() {
  const pages = {};
  for (const file of fs.readdirSync(opt.rules).filter(f => f.endsWith('.html')).sort()) {
    pages[file.slice(0, -'.html'.length)] = inlineStyles(read(path.join(opt.rules, file)), opt.rules, [], file);
  }
  return pages;
}

// Every sound of the page (keyed by its name: move, capture, ...) as a data: URL.
function sounds() {
  const dir = path.join(PAGE, 'sounds');
  return Object.fromEntries(fs.readdirSync(dir).filter(f => f.endsWith('.wav')).sort().map(f =>
    [f.slice(0, -'.wav'.length), 'data:audio/wav;base64,' + fs.readFileSync(path.join(dir, f)).toString('base64')]));
}

// Every game's puzzle set (keyed by its variant id) as its text.
function puzzles() {
  const dir = path.join(PAGE, 'puzzles');
  return Object.fromEntries(fs.readdirSync(dir).filter(f => f.endsWith('.jsonl')).sort().map(f =>
    [f.slice(0, -'.jsonl'.length), read(path.join(dir, f))]));
}

async function singleFile() {
  const web = { files: webFiles(), rules: rulesPages(), sounds: sounds(), puzzles: puzzles() };
  const page = inlineStyles(read(path.join(PAGE, 'index.html')), PAGE, runtimeCss(), 'index.html');
  const scripts = `<script>window.RULEZERO_WEB = ${scriptLiteral(web)};</script>\n<script>\n${await bundlePage()}</script>`;
  const html = replaceOnce(page, MODULE_TAG, scripts, 'index.html');
  const left = html.match(/<link rel="stylesheet"[^>]*>|<script[^>]* src=/);
  if (left) throw new Error(`assemble.mjs: the single file still loads a file: ${left[0]}`);
  return html;
}

writeSite(path.join(opt.out, 'site'));
const html = await singleFile();
const target = path.join(opt.out, 'rulezero.html');
fs.writeFileSync(target + '.tmp', html);
fs.renameSync(target + '.tmp', target);
