// The full rules inside the page, for the single file rulezero.html: opened
// from disk it can neither fetch the rules pages nor give a new tab a page
// whose links work (a Blob URL has no folder for `normal.html` or
// `../index.html`), so "Full rules" opens a dialog that fills a phone's
// screen, with the rules page (its HTML from assets.js, CSS inlined) in a
// frame. Its links stay in the dialog: another rules page is shown in its
// place, `../index.html` (the rules pages' way back to the game) closes it,
// a link out of the project opens a new tab. Close, Escape and a phone's
// Back button return to the game. Elsewhere (the native server, the site)
// the link opens the page in a new tab, and this module does nothing.
import { $, el } from './dom.js';
import { rulesPageFor, selfContained } from './assets.js';

let pushed = false;   // a history entry stands for the open dialog (Back closes it)

function build() {
  const d = el('dialog', 'rules-view');
  d.id = 'rules-view';
  d.innerHTML = '<div class="rv-bar"><span id="rv-title"></span>' +
    '<button type="button" id="rv-close" class="primary">Back to the game</button></div>' +
    '<iframe id="rv-frame" title="Full rules"></iframe>';
  document.body.appendChild(d);
  $('rv-close').onclick = () => d.close();
  d.addEventListener('close', () => {
    if (pushed) { pushed = false; history.back(); }
  });
  window.addEventListener('popstate', () => {
    if (pushed) { pushed = false; d.close(); }
  });
  $('rv-frame').addEventListener('load', wireFrame);
}

// Shows one rules page (and scrolls to `fragment`) in the open dialog.
function showPage(page) {
  const frame = $('rv-frame');
  frame.dataset.doc = page.doc;
  frame.dataset.fragment = page.fragment || '';
  frame.srcdoc = page.html;
}

// Once a page is in the frame: its title, its scroll position, its links.
function wireFrame() {
  const frame = $('rv-frame');
  const doc = frame.contentDocument;
  if (!doc || !doc.body) return;
  $('rv-title').textContent = (doc.title || 'Rules').replace(/ - Rule Zero$/, '');
  const target = frame.dataset.fragment && doc.getElementById(frame.dataset.fragment);
  if (target) target.scrollIntoView();
  else frame.contentWindow.scrollTo(0, 0);
  doc.addEventListener('click', event => {
    const a = event.target.closest && event.target.closest('a[href]');
    if (!a) return;
    const href = a.getAttribute('href');
    if (href.startsWith('#')) {   // a place on this page
      event.preventDefault();
      const at = doc.getElementById(decodeURIComponent(href.slice(1)));
      if (at) at.scrollIntoView();
      return;
    }
    event.preventDefault();
    if (/^https?:/.test(href)) { window.open(href, '_blank', 'noopener'); return; }
    const page = rulesPageFor(href);
    if (page) showPage(page);
    else $('rules-view').close();   // ../index.html: back to the game
  });
}

export function openRules(doc) {
  const page = rulesPageFor(doc + '.html');
  if (!page) return false;
  const d = $('rules-view');
  showPage(page);
  if (!d.open) {
    d.showModal();
    try { history.pushState({ rulezeroRules: true }, ''); pushed = true; } catch (e) { pushed = false; }
  }
  return true;
}

export function initRulesView() {
  if (!selfContained) return;
  build();
  $('rules-link').addEventListener('click', event => {
    const doc = event.currentTarget.dataset.rulesDoc;
    if (!doc) return;   // a link to a page: the browser opens it
    event.preventDefault();
    openRules(doc);
  });
}
