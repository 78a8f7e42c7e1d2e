// Four-board Nick Danger by PGN (issue 46, "a PGN import per game": its
// game, `nickdanger-4`, is one of games/builtin.ini, a game file) in the
// browser build: a game of four turns (a link, a Knight's move on the 6x6
// board through it) downloaded as PGN, another game put on the board, and
// the PGN imported: replayed by the rules (the same turns), a turn played
// on. A page that never opened the game file refuses the PGN, saying to
// open the file first (a PGN does not carry it, as a link does); with the
// file opened there, the same PGN is imported. shot: a PNG's path, for a
// screenshot of that refusal as the page shows it.
'use strict';
const { newGame, playTurn } = require('./play');
const { untilDrawn } = require('./drawn');
const links = require('./links');
const { openGameFile, VARIANT } = require('./nd4');

function must(cond, what) { if (!cond) throw new Error(what); }

const listed = page => page.evaluate(v => window.rulezero.setup.variants.some(x => x.id === v), VARIANT);
const coords = page => page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));

// The PGN pasted in "Open a link or PGN" and the board holding its turns (else what the dialog says).
async function imported(page, pgn, turns, tap, what) {
  await links.paste(page, pgn, tap);
  // The four boards' game replayed and drawn (slow on a loaded machine), then checked turn by turn.
  await untilDrawn(page, w => window.rulezero.state.variant === w.v && window.rulezero.state.moves.length === w.n ||
    !document.getElementById('open-error').hidden, { v: VARIANT, n: turns.length }, { timeout: 120000 }).catch(() => {});
  await links.holds(page, VARIANT, turns, what).catch(async e => {
    const dialog = await page.evaluate(() => ({ open: document.getElementById('open-game').open,
      error: document.getElementById('open-error').textContent, text: document.getElementById('open-text').value.length }));
    throw new Error(e.message + '; the dialog: ' + JSON.stringify(dialog));
  });
}

// page: a page of the browser build (its game file opened here if it is not
// listed yet); other: async () => { page, close } of a context that never
// opened it. tap: on phones, every turn and button tapped.
async function nd4Pgn(page, other, { tap = false, shot = null } = {}) {
  if (!(await listed(page))) await openGameFile(page);
  await newGame(page, { variant: VARIANT });
  for (const want of ['e2e4', 'e7e5,b1j1', /^j1[i-n][1-6],/, /./]) await playTurn(page, want, { tap });
  const turns = await coords(page);
  await untilDrawn(page, n => window.rulezero.state.moves.length === n, turns.length, { timeout: 120000 });
  const pgn = await links.pgnOf(page);
  must(pgn.includes('[Variant "' + VARIANT + '"]'), 'the PGN does not name its game: ' + pgn.slice(0, 300));
  await newGame(page, { variant: 'normal' });
  await imported(page, pgn, turns, tap, 'the imported PGN');
  must(await page.evaluate(() => !document.getElementById('open-game').open), 'the dialog stayed open');
  await playTurn(page, /./, { tap });
  const o = await other();
  try {
    await links.refused(o.page, () => links.paste(o.page, pgn, tap),
      /could not be imported: the game "nickdanger-4" is not one this page lists: if a game file declares it, open that file/,
      'the PGN where its game file was never opened', shot && (p => p.screenshot({ path: shot })));
    await openGameFile(o.page);
    await imported(o.page, pgn, turns, tap, 'the PGN with its game file opened');
  } finally {
    await o.close();
  }
  return turns.join(' ') + ' replayed from the PGN, a turn played on; refused without the game file, imported with it';
}

module.exports = { nd4Pgn };
