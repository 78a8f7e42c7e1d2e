// Keyboard-only and screen-reader play, and typed moves (issue 46): a short
// game of orthodox chess (to mate), a promotion picked from the picker each way and a
// drop from Interdependent's hand, played with Tab, the arrow keys and Enter
// alone; one turn typed in coordinates and one in the readable notation; a
// typed turn that is illegal refused with the message, the board and the
// game unchanged. The square and hand labels and every
// announcement are read from Chromium's accessibility tree (CDP
// Accessibility.getFullAXTree), not from the DOM; in Firefox (a page of
// lib/firefox.js) from the DOM's ARIA, each expected label and announcement
// then found by Firefox's accessibility engine (lib/firefoxaria.js).
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const { newGame, pageState } = require('./play');
const { legalTurns } = require('./legaltree');

// ---------------------------------------------------------------- the accessibility tree
const sessions = new WeakMap();   // one CDP session a page
async function axTree(page) {
  if (page.ariaTree) return page.ariaTree();   // Firefox: no CDP
  if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
  const { nodes } = await sessions.get(page).send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map(n => [n.nodeId, n]));
  const role = n => n.role && n.role.value;
  const name = n => (n.name && n.name.value) || '';
  const text = n => role(n) === 'StaticText' ? name(n) : (n.childIds || []).map(id => byId.get(id)).filter(Boolean).map(text).join('');
  return {
    buttons: nodes.filter(n => !n.ignored && role(n) === 'button').map(name),
    // what a screen reader reads out of each live region (status: polite, alert: assertive)
    live: r => nodes.filter(n => !n.ignored && role(n) === r).map(text)
  };
}

// Polls the tree (Chromium updates it after the DOM) until `ok(tree)`; 30 s at most.
async function axUntil(page, ok, what) {
  let tree;
  for (const t0 = Date.now(); Date.now() - t0 < 30000;) {
    tree = await axTree(page);
    if (ok(tree)) return tree;
    await page.waitForTimeout(50);
  }
  throw new Error('accessibility tree: ' + what + '; announced: ' + JSON.stringify(tree.live('status')) +
    ', alerts: ' + JSON.stringify(tree.live('alert')));
}

// (In Firefox the announcement is then looked up in its accessibility engine too: lib/firefoxaria.js.)
async function announced(page, re) {
  const tree = await axUntil(page, t => t.live('status').some(s => re.test(s)), 'no announcement ' + re);
  if (tree.confirmLive) await tree.confirmLive('status', re);
  return tree;
}

// ---------------------------------------------------------------- keys only
// A board the keys play: the game's (its layout) or the analysis board's.
const GAME = { scope: '#layout', ready: () => window.rulezero.state.to_move === 'human',
  legal: () => JSON.stringify(window.rulezero.state.legal), plies: () => window.rulezero.state.moves.length,
  unpicked: () => window.rulezero.clicks.length === 0 };
const ANALYSIS = { scope: '#analysis', ready: () => window.rulezero.analysis.msg !== null,
  legal: () => JSON.stringify(window.rulezero.analysis.msg.legal), plies: () => window.rulezero.analysis.msg.ply,
  unpicked: () => window.rulezero.analysis.clicks.length === 0 };

const focused = page => page.evaluate(() => {
  const a = document.activeElement;
  const cell = a && a.closest('.boards .cell, #boards .cell');
  return { click: a && a.dataset ? a.dataset.click || null : null, area: cell ? cell.closest('.area').dataset.area : null };
});

// From the focused cell to `square` of the same area by the arrow keys.
async function arrowTo(page, square) {
  const moves = await page.evaluate(sq => {
    const pos = c => { const g = c.parentElement, i = [...g.children].indexOf(c), n = parseInt(g.dataset.cols, 10); return [i % n, Math.floor(i / n)]; };
    const [x0, y0] = pos(document.activeElement);
    const [x1, y1] = pos(document.activeElement.parentElement.querySelector('[data-square="' + sq + '"]'));
    return { dx: x1 - x0, dy: y1 - y0 };
  }, square);
  for (let i = 0; i < Math.abs(moves.dx); i++) await page.keyboard.press(moves.dx > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(moves.dy); i++) await page.keyboard.press(moves.dy > 0 ? 'ArrowDown' : 'ArrowUp');
}

// Where the focus is against `click`: on it, on a cell of its board, or before or after it.
const whereIs = (page, click, scope) => page.evaluate(([c, scope]) => {
  const a = document.activeElement, t = document.querySelector(scope + ' [data-click="' + c + '"]');
  const cell = a && a.closest('.boards .cell, #boards .cell');
  return {
    on: !!(a && a.dataset && a.dataset.click === c),
    sameArea: !!(cell && t && t.closest('.area') === cell.closest('.area')),
    // in the promotion picker: the arrow toward the later pieces (one drawn upward runs bottom to top)
    picker: a && t && a.closest('.picker') && t.closest('.picker') ? (t.closest('.picker').classList.contains('up') ? 'ArrowUp' : 'ArrowDown') : null,
    back: !!(t && a !== document.body && (t.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING))
  };
}, [click, scope]);

// Moves the focus to `click` with Tab (or Shift+Tab, towards it) and, once on its board, the arrows.
async function reach(page, click, scope) {
  for (let i = 0; i < 60; i++) {
    const at = await whereIs(page, click, scope);
    if (at.on) return;
    if (at.sameArea) {
      await arrowTo(page, click);
      const now = await focused(page);
      if (now.click !== click) throw new Error('the arrows led to ' + now.click + ', not ' + click);
      return;
    }
    await page.keyboard.press(at.picker || (at.back ? 'Shift+Tab' : 'Tab'));
  }
  throw new Error('Tab never reached ' + click);
}

// Plays the first legal turn `want` matches on `board` (the game's by default) by the keyboard alone.
async function keyTurn(page, want, board = GAME) {
  await untilDrawn(page, board.ready);
  const legal = JSON.parse(await page.evaluate(board.legal));
  const plies = await page.evaluate(board.plies);
  const turn = legalTurns(legal).find(t => (typeof want === 'string' ? t.text === want : want.test(t.text)));
  if (!turn) throw new Error('no legal turn ' + want);
  for (const [i, c] of turn.clicks.entries()) {
    await reach(page, c, board.scope);
    await page.keyboard.press('Enter');
    const now = (await focused(page)).click;
    if (i + 1 < turn.clicks.length && now !== c && !/^choice:/.test(now || '')) throw new Error('the redraw after ' + c + ' lost the focus');
  }
  await page.waitForFunction('(' + board.plies + ')() > ' + plies);
  await untilDrawn(page);
  return turn;
}

// Types `text` into the move field (reached by Tab) and sends it with Enter.
async function typeTurn(page, text) {
  const there = () => page.evaluate(() => document.activeElement.id === 'typed-move');
  for (let i = 0; i < 40 && !(await there()); i++) await page.keyboard.press('Tab');
  if (!(await there())) throw new Error('Tab never reached the move field');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function typedTurn(page, text) {
  const n = (await pageState(page)).moves.length;
  await typeTurn(page, text);
  await untilDrawn(page, n => window.rulezero.state.moves.length > n, n);
  if (await page.inputValue('#typed-move') !== '') throw new Error('the field keeps ' + text + ' after it was played');
}

// An illegal typed turn: the message beside the field and in the alert, nothing changed.
async function refusedTurn(page, text) {
  const before = await page.evaluate(() => ({ fen: window.rulezero.state.fen, board: document.getElementById('boards').innerHTML }));
  await typeTurn(page, text);
  await page.waitForSelector('#typed-note:not([hidden])');
  const note = await page.textContent('#typed-note');
  if (!/illegal turn/.test(note) || !note.includes(text)) throw new Error('the refusal reads "' + note + '"');
  const alerted = await axUntil(page, t => t.live('alert').some(s => /illegal turn/.test(s)), 'no alert for the refused turn');
  if (alerted.confirmLive) await alerted.confirmLive('alert', /illegal turn/);
  const after = await page.evaluate(() => ({ fen: window.rulezero.state.fen, board: document.getElementById('boards').innerHTML }));
  if (after.fen !== before.fen || after.board !== before.board) throw new Error('a refused turn changed the board');
  if (await page.inputValue('#typed-move') !== text) throw new Error('the refused text was not kept in the field');
  // Closed as a player closes it, so that the next steps do not meet this
  // banner (it hides itself after 8 s: how many steps saw it was the machine's speed).
  await page.click('#error-close');
  await page.waitForSelector('#error', { state: 'hidden' });
}

async function expectButtons(tree, wanted) {
  for (const re of wanted) {
    const name = tree.buttons.find(b => re.test(b));
    if (name === undefined) throw new Error('no button labelled ' + re + ' in the accessibility tree');
    if (tree.confirm) await tree.confirm(name);
  }
}

// shotDir: screenshots there of a Knight picked by the keys in that game
// (keyboard-game.png, keyboard-game-phone.png; PREFIX before each name).
async function keyboardPlay(page, shotDir = null, prefix = '') {
  await newGame(page, { variant: 'normal' });
  await announced(page, /^New game of .*White to move, your turn\.$/);
  await expectButtons(await axTree(page), [/^e2, White Pawn, can move$/, /^e4, empty$/, /^e8, Black King$/]);
  await page.evaluate(() => document.activeElement.blur());
  await keyTurn(page, 'e2e4');
  await announced(page, /^White played e4\. Black to move, your turn\.$/);
  await expectButtons(await axTree(page), [/^e4, White Pawn, last move$/]);
  await keyTurn(page, 'e7e5');
  await keyTurn(page, 'd1h5');
  await announced(page, /^White played Qh5\./);
  if (shotDir) await pickShots(page, shotDir, prefix + 'keyboard-game', 'b8', GAME);
  await refusedTurn(page, 'e5e4');                  // the pawn is blocked
  await typedTurn(page, 'Nc6');                     // the readable notation
  await announced(page, /^Black played Nc6\./);
  await typedTurn(page, 'f1c4');                    // coordinates
  await announced(page, /^White played Bc4\./);
  await page.evaluate(() => document.activeElement.blur());
  await keyTurn(page, 'g8f6');
  await keyTurn(page, 'h5f7');
  await announced(page, /^White played Qxf7#\. Game over: 1-0, /);
  await newGame(page, { variant: 'normal', fen: '8/4P1k1/8/8/8/8/p7/7K w - - 0 1' });
  await page.evaluate(() => document.activeElement.blur());
  await keyTurn(page, 'e7e8r');                     // the picker takes the focus, the arrow down to the Rook
  await announced(page, /^White played e8=R\. Black to move, your turn\.$/);
  await keyTurn(page, 'a2a1r');                     // a picker drawn upward: the arrow up
  await announced(page, /^Black played a1=R\+\. Check\. White to move, your turn\.$/);

  // Interdependent: a drop from White's hand, by Tab to the hand, Enter, Tab to the board, arrows, Enter.
  await newGame(page, { variant: 'interdependent', fen: '6/5k/6/6/2n3/6/3K2[NU] w - - 0 1' });
  const tree = await axUntil(page, t => t.buttons.some(b => /^White .* in hand, 1, can drop$/.test(b)), 'no labelled hand piece');
  await expectButtons(tree, [/^c3, Black .*$/]);
  await page.evaluate(() => document.activeElement.blur());
  const drop = await keyTurn(page, /^N@/);
  await announced(page, /^White played N@[a-f]\d.*Black to move, your turn\.$/);
  return 'orthodox to mate, a promotion and an Interdependent drop by keys, two typed turns, one refused; ' + drop.text + ' announced';
}

// Screenshots of a piece picked by the keys on `board` (its targets shown,
// the focus ring on it), at a desktop's size and a phone's (390x844):
// NAME.png and NAME-phone.png in shotDir; `ready` (a selector) is waited for
// before them; then Escape starts the turn over.
async function pickShots(page, shotDir, name, square, board, ready = null) {
  await reach(page, square, board.scope);
  await page.keyboard.press('Enter');
  await announced(page, new RegExp('^' + square + ', .*picked.*ways? to go on'));
  if (ready) await page.waitForSelector(ready, { timeout: ANSWER_WAIT });
  const size = page.viewportSize();
  for (const [file, view] of [[name, { width: 1280, height: 800 }], [name + '-phone', { width: 390, height: 844 }]]) {
    await page.setViewportSize(view);
    await page.evaluate(() => document.activeElement.scrollIntoView({ block: 'center' }));
    await untilDrawn(page);
    await page.screenshot({ path: require('path').join(shotDir, file + '.png') });
  }
  await page.setViewportSize(size);
  await page.keyboard.press('Escape');   // the turn started over: nothing picked
  await page.waitForFunction(board.unpicked);
}

// The analysis board by the keyboard alone, as the game's board: opened by
// Enter on its button (the focus goes to the board), its squares labelled,
// turns (a promotion by the picker too) played by the arrows and Enter and
// told in its live region, a take-back told; closed, the focus back on its
// button; the game under it unchanged.
// shotDir: screenshots there (desktop 1280x800, phone 390x844) with a
// piece picked by the keys, its targets shown and the focus on it.
async function keyboardAnalysis(page, shotDir = null) {
  await newGame(page, { variant: 'normal', fen: '4k3/P7/8/8/8/8/4P3/4K3 w - - 0 1' });
  const game = await page.evaluate(() => window.rulezero.state.fen);
  await page.focus('#btn-analysis');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#analysis:not([hidden]) #an-boards [data-square]');
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#an-boards .cell'), null, { timeout: ANSWER_WAIT })
    .catch(() => { throw new Error('Enter on the analysis button left the focus off its board'); });
  await announced(page, /^Analysis board of .*\. White to move\.$/);
  await expectButtons(await axTree(page), [/^e2, White Pawn, can move$/, /^e8, Black King$/, /^e4, empty$/]);
  await keyTurn(page, 'e2e4', ANALYSIS);
  await announced(page, /^White played e4\. Black to move\.$/);
  await expectButtons(await axTree(page), [/^e4, White Pawn, last move$/]);
  await keyTurn(page, 'e8d7', ANALYSIS);
  await announced(page, /^Black played Kd7\. White to move\.$/);
  if (shotDir) await pickShots(page, shotDir, 'web-analysis-keyboard', 'a7', ANALYSIS, '#an-lines [data-line]');
  await keyTurn(page, 'a7a8n', ANALYSIS);           // the analysis board's picker, by the arrows
  await announced(page, /^White played a8=N\. Black to move\.$/);
  const moves = await page.evaluate(() => window.rulezero.analysis.msg.moves.map(m => m.coord).join(' '));
  if (moves !== 'e2e4 e8d7 a7a8n') throw new Error('the analysis board holds ' + moves);
  await page.click('#an-back');
  await announced(page, /^Turns taken back\. White to move\.$/);
  if (await page.evaluate(() => window.rulezero.state.fen) !== game) throw new Error('the game changed under the analysis board');
  await page.focus('#an-close');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#analysis', { state: 'hidden' });
  if (!(await page.evaluate(() => document.activeElement && document.activeElement.id === 'btn-analysis'))) {
    throw new Error('closing the analysis board left the focus off its button');
  }
  return 'opened by Enter, e4 Kd7 a8=N played by keys and announced, a take-back announced, closed';
}

module.exports = { keyboardPlay, keyboardAnalysis, GAME, ANALYSIS, keyTurn };
