// "Open a link or PGN…" (issue 46): a dialog where a person pastes a game
// link, the text that came with one, or a PGN, or opens a .pgn file.
// A text holding "#game=" goes to link.js. A PGN (ours, or XBoard's: its
// comments, variations, NAGs and move numbers are skipped as
// `rulezero pgn-check` skips them) becomes a record of its first game:
// [Variant] (a game id, any case; none, "standard" or "chess": orthodox
// chess), [VariantOptions] ("NAME=VALUE; ..."), [FEN], and its moves as they
// are written. The page reads no move: the rules side replays them
// (replace.js; the texts `turn` takes, and XBoard's own forms) and the game
// goes on from its last position between two people, or the reason is said
// here and nothing changes.
import { $, el } from './dom.js';
import { rz } from './store.js';
import { showNotice } from './notice.js';
import { replaceGame, recordOf } from './replace.js';
import { openLink } from './link.js';

const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const TAG = /\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]/y;

// The tags and the move texts of the first game of a PGN.
export function readPgn(text) {
  const tags = {};
  const moves = [];
  let i = 0, depth = 0, started = false;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '[' && !started && depth === 0) {
      // [Name "value"]: the value may hold ']' (a FEN's hands), and \" or \\
      TAG.lastIndex = i;
      const m = TAG.exec(text);
      if (m) { tags[m[1]] = m[2].replace(/\\(.)/g, '$1'); i += m[0].length; continue; }
      const end = text.indexOf('\n', i);   // not a tag: skipped to the line's end
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '{') { const end = text.indexOf('}', i); i = end < 0 ? n : end + 1; continue; }
    if (c === ';' || (c === '%' && (i === 0 || text[i - 1] === '\n'))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue;
    }
    if (c === '(' || c === ')') { depth += c === '(' ? 1 : -1; i++; continue; }
    started = true;
    let j = i;
    while (j < n && !/[\s{}();]/.test(text[j])) j++;
    let token = text.slice(i, j === i ? i + 1 : j);
    i = j === i ? i + 1 : j;
    if (depth > 0 || token[0] === '$') continue;
    if (RESULTS.has(token)) break;
    const num = /^\d+(\.+)?/.exec(token);
    if (num && num[1]) token = token.slice(num[0].length);
    else if (num && num[0] === token) continue;   // a bare number
    token = token.replace(/[!?+#]+$/, '');
    if (token) moves.push(token);
  }
  return { tags, moves };
}

// The record of a PGN's first game, or { problem }.
export function pgnRecord(text, variants) {
  const { tags, moves } = readPgn(text);
  if (!Object.keys(tags).length && !moves.length) return { problem: 'it holds no game' };
  const name = (tags.Variant || '').trim();
  const wanted = !name || /^(standard|chess)$/i.test(name) ? 'normal' : name.toLowerCase();
  const variant = variants.find(v => v.id.toLowerCase() === wanted);
  // A game of a game file (four-board Nick Danger of games/builtin.ini) is
  // listed once its file is opened here: a PGN does not carry the file.
  if (!variant) {
    return { problem: 'the game "' + name + '" is not one this page lists: if a game file declares it, open that ' +
      'file (New game, "Open a game file"), then the PGN again' };
  }
  const options = {};
  for (const item of (tags.VariantOptions || '').split(';')) {
    const eq = item.indexOf('=');
    if (eq > 0) options[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  return { record: recordOf({ variant: variant.id, options, fen: (tags.FEN || '').trim(), turns: moves }) };
}

let dialog = null;

function setProblem(text) {
  const note = $('open-error');
  note.textContent = text;
  note.hidden = !text;
}

// A refusal: in the dialog while it is open (the text stays there), else in a notice.
function report(message) {
  if (dialog.open) setProblem(message);
  else showNotice('link', message);
}

async function openText(text) {
  setProblem('');
  if (!text.trim()) { setProblem('Paste a game link, its text or a PGN first.'); return; }
  let ok;
  if (/#game=/.test(text)) {
    ok = await openLink(text, report);
  } else {
    const read = pgnRecord(text, (rz.setup && rz.setup.variants) || []);
    if (read.problem) { report('This PGN could not be imported: ' + read.problem + '. Your game is unchanged.'); return; }
    const answer = await replaceGame(read.record);
    ok = answer.ok;
    if (!ok) report('This PGN could not be imported: ' + answer.why + '. Your game is unchanged.');
  }
  if (ok) { dialog.close(); $('open-text').value = ''; }
}

function buildDialog() {
  dialog = el('dialog');
  dialog.id = 'open-game';
  dialog.innerHTML =
    '<form id="open-form" method="dialog" novalidate>' +
    '<h2>Open a link or PGN</h2>' +
    '<label for="open-text">A game link, the text that came with it, or a PGN (ours or XBoard\'s)</label>' +
    '<textarea id="open-text" rows="8" spellcheck="false" autocapitalize="off"></textarea>' +
    '<label>Or a PGN file <input id="open-file" type="file" accept=".pgn,.txt,text/plain,application/x-chess-pgn"></label>' +
    '<div id="open-error" class="form-error" role="alert" hidden></div>' +
    '<div class="controls right"><button type="button" id="open-cancel">Cancel</button>' +
    '<button type="submit" id="open-submit" class="primary">Open</button></div>' +
    '</form>';
  document.body.appendChild(dialog);
  $('open-form').addEventListener('submit', event => { event.preventDefault(); openText($('open-text').value); });
  $('open-cancel').onclick = () => dialog.close();
  dialog.addEventListener('close', () => setProblem(''));   // a refusal belongs to the text it answered
  $('open-file').addEventListener('change', async () => {
    const file = $('open-file').files[0];
    if (!file) return;
    $('open-text').value = await file.text();
    $('open-file').value = '';
    openText($('open-text').value);
  });
}

export function initPgnImport() {
  buildDialog();
  $('btn-open-game').onclick = () => { setProblem(''); dialog.showModal(); $('open-text').focus(); };
}
