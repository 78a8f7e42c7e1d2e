// Where the page's own files are, in each of its three forms:
//   - `rulezero gui` (the native server) and the static site: beside the
//     page, reached by relative URLs (sounds/NAME.wav, rules/NAME.html,
//     analysis.css), so that the site can live in any folder;
//   - the single file rulezero.html, opened from disk, which may fetch
//     nothing: window.RULEZERO_WEB carries them (`files`: the workers and the
//     wasm, `rules`: each rules page's whole HTML by its rules_doc name,
//     `sounds`: data: URLs by the sound's name, `puzzles`: each game's puzzle
//     set as text by its variant id), and its CSS is inlined.
// The page asks here and never builds those paths itself.

const web = (typeof window !== 'undefined' && window.RULEZERO_WEB) || null;

// The single file: everything is in the page, nothing may be fetched.
export const selfContained = !!(web && web.files);

export function soundUrl(name) {
  if (selfContained) return (web.sounds && web.sounds[name]) || null;
  return 'sounds/' + name + '.wav';
}

// A stylesheet of the page's folder to load (null: the single file has it inlined already).
export function stylesheetUrl(name) {
  return selfContained ? null : name;
}

// Loads a stylesheet of the page's folder that a module adds (none in the single file: inlined).
export function addStylesheet(name) {
  const href = stylesheetUrl(name);
  if (!href) return;
  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = href;
  document.head.appendChild(css);
}

// The full rules of a game: { url } to open in a new tab (after asking the
// server whether it has them: `probe`), or { html } to show in the page, or
// null when this form of the page has none.
export function rulesOf(doc) {
  if (!doc) return null;
  if (!selfContained) return { url: 'rules/' + encodeURIComponent(doc) + '.html', probe: true };
  const html = web.rules && web.rules[doc];
  return typeof html === 'string' ? { html } : null;
}

// Another rules page, named by a link inside one (`normal.html`,
// `README.html#readable-notation`): its HTML and fragment, or null.
export function rulesPageFor(href) {
  if (!selfContained || !web.rules) return null;
  const m = /^([A-Za-z0-9_-]+)\.html(#.*)?$/.exec(href || '');
  if (!m || typeof web.rules[m[1]] !== 'string') return null;
  return { doc: m[1], html: web.rules[m[1]], fragment: m[2] ? m[2].slice(1) : '' };
}

// A game's puzzle set (docs/puzzles.md) as text: a Promise, rejected when this
// form of the page has none for the game.
export function puzzleText(variant) {
  if (selfContained) {
    const text = web.puzzles && web.puzzles[variant];
    return typeof text === 'string' ? Promise.resolve(text) : Promise.reject(new Error('no puzzles for ' + variant));
  }
  return fetch('puzzles/' + encodeURIComponent(variant) + '.jsonl').then(r => {
    if (!r.ok) throw new Error('no puzzles for ' + variant);
    return r.text();
  });
}
