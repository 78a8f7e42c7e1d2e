// Games by link and PGN import (issue 46; docs/web.md, "Games by link"),
// checked through the page as two people use it, each in a browser context
// of their own (their own storage, as two machines). `opener` is
// async (url) => { page, close() }: a page of a fresh context, loaded and
// drawn, with Playwright's calls (Chromium) or lib/firefox.js's (Firefox).
//   - correspondence: a game of `turns` turns carried by links between the
//     two, each turn entered by clicking and each link opened either as the
//     page's address, as a fragment changed in the open page, or pasted as
//     the text the page offers; the receiver's board is the sender's game;
//   - bad links: unreadable, not following the kept game (another turn, an
//     older link), a turn the rules refuse: each refused with its message,
//     the game on the board and both stored values unchanged;
//   - PGN import: per game, a game's PGN replayed (the same turns), then a
//     turn played on; XBoard's PGN; a PGN the rules refuse.
'use strict';
const fs = require('fs');
const { untilDrawn, ANSWER_WAIT } = require('./drawn');
const { playTurn, newGame } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }
// Playwright's isHidden, also for lib/firefox.js's pages.
const hidden = (page, selector) => page.evaluate(s => { const e = document.querySelector(s); return !e || e.hidden; }, selector);

const coords = page => page.evaluate(() => window.rulezero.state.moves.map(m => m.coord));
const linkGames = page => page.evaluate(() => JSON.parse(localStorage.getItem('rulezero.links') || 'null'));
const stored = page => page.evaluate(() => ({ game: localStorage.getItem('rulezero.game'), links: localStorage.getItem('rulezero.links') }));

// The link and text the page offers once its game has `n` turns.
async function offered(page, n) {
  await untilDrawn(page, n => !!window.rulezero.linkOffer && window.rulezero.linkOffer.turns === n &&
    !document.getElementById('link-offer').hidden, n, { timeout: ANSWER_WAIT });
  return page.evaluate(() => ({ link: document.getElementById('link-url').value, text: document.getElementById('link-text').value }));
}

// The payload of a link, and a link made of one (as a person could edit it).
const payloadOf = link => JSON.parse(Buffer.from(/#game=([A-Za-z0-9_-]*)/.exec(link)[1], 'base64url').toString('utf8'));
const linkWith = (link, payload) => link.split('#')[0] + '#game=' + Buffer.from(JSON.stringify(payload)).toString('base64url');

// A button pressed: a click, or with `tap` a phone's tap on a touch target of 44 px or more.
async function press(page, selector, tap = false) {
  if (!tap) return page.click(selector);
  await page.waitForSelector(selector, { state: 'visible' });
  const box = await page.locator(selector).boundingBox();
  must(box && box.width >= 44 && box.height >= 44, selector + ' is ' + (box ? Math.round(box.width) + 'x' + Math.round(box.height) : 'not laid out') +
    ' px on a phone, under 44');
  await page.tap(selector);
}

// Opens the link's game in an open page: its text pasted in "Open a link or PGN".
async function paste(page, text, tap = false) {
  await press(page, '#btn-open-game', tap);
  await page.waitForSelector('#open-game[open]');
  await page.fill('#open-text', text);
  await press(page, '#open-submit', tap);
}

// Opens it as the page's address in an open page (a changed fragment: no reload).
const setFragment = (page, link) => page.evaluate(h => { location.hash = h; }, '#' + link.split('#')[1]);

// Waits for the board to hold exactly these turns of this variant, drawn.
async function holds(page, variant, turns, what) {
  await untilDrawn(page, w => window.rulezero.state.variant === w.variant &&
    JSON.stringify(window.rulezero.state.moves.map(m => m.coord)) === JSON.stringify(w.turns), { variant, turns }, { timeout: ANSWER_WAIT })
    .catch(async () => {
      const seen = await page.evaluate(() => ({ variant: window.rulezero.state.variant, turns: window.rulezero.state.moves.map(m => m.coord),
        notice: document.getElementById('notice').hidden ? null : document.getElementById('notice-text').textContent }));
      throw new Error(what + ': the board holds ' + JSON.stringify(seen) + ', not ' + variant + ' ' + JSON.stringify(turns));
    });
}

// A correspondence game of `turns` turns between two contexts; returns the
// first player's page (open, holding the whole game) and the last link.
// tap: on phones (the opener's contexts), every turn and button tapped.
async function correspondence(opener, url, variant, turns, { tap = false } = {}) {
  const a = await opener(url);
  await newGame(a.page, { variant });
  await playTurn(a.page, /./, { tap });
  await press(a.page, '#btn-share', tap);
  let sent = await offered(a.page, 1);
  const title = await a.page.evaluate(v => window.rulezero.setup.variants.find(x => x.id === v).title, variant);
  must(sent.text.startsWith('Rule Zero, ' + title + ': White played 1. ') && sent.text.endsWith(sent.link), 'the text to send: ' + sent.text);
  const id = payloadOf(sent.link).id;
  let b = null;
  let game = await coords(a.page);
  for (let t = 2; t <= turns; t++) {
    const to = t % 2 === 0 ? 'b' : 'a';
    let page;
    const first = to === 'b' && !b;
    if (first) { b = await opener(url.split('#')[0] + '#game=' + sent.link.split('#game=')[1]); page = b.page; }
    else {
      page = to === 'a' ? a.page : b.page;
      await page.bringToFront();   // the person at that page: Firefox does not draw a page in the background
      if (t % 4 === 3) await paste(page, sent.text, tap); else await setFragment(page, sent.link);
    }
    await holds(page, variant, game, 'turn ' + t + ', the link received');
    await untilDrawn(page, w => !!window.rulezero.link && window.rulezero.link.id === w.id && window.rulezero.link.opened === w.n,
      { id, n: game.length }, { timeout: ANSWER_WAIT });   // this link's game (with a server, both pages show each turn)
    must(await hidden(page, '#notice'), 'a notice after a good link: ' + await page.textContent('#notice-text'));
    const kept = await linkGames(page);
    must(kept.current === id && JSON.stringify(kept.games[id].turns) === JSON.stringify(game), "the kept link game " + id + ": " + JSON.stringify(kept) + " for " + JSON.stringify(game));
    if (first) {   // nothing offered for the turns a link brought, until asked
      must(await hidden(page, '#link-offer'), 'a link offered before a turn of this page');
      await press(page, '#btn-share', tap);
      must(payloadOf((await offered(page, t - 1)).link).id === id, 'Send as link in a link game gave another id');
    }
    await playTurn(page, /./, { tap });
    game = await coords(page);
    sent = await offered(page, t);
  }
  await a.page.bringToFront();
  await setFragment(a.page, sent.link);   // the first player sees the last turn
  await holds(a.page, variant, game, 'the last link');
  if (b) await b.close();
  return { a, link: sent.link, turns: game };
}

// A reload during a link game: the game comes back from this browser's
// storage (not from the address: the link was taken out of it once opened)
// and the page offers its link again, the same game's id and turns.
async function reloadOffers(page, link) {
  const p = payloadOf(link);
  // The page stores the game after the session's answer to `save` (js/saving.js): the
  // reload waits for the stored game to hold every turn (a loaded machine once reloaded first).
  await page.waitForFunction(n => {
    const v = localStorage.getItem('rulezero.game');
    return v && JSON.parse(v).record.turns.length === n;
  }, p.turns.length, { timeout: ANSWER_WAIT });
  await page.reload();
  await untilDrawn(page, () => window.rulezero.setup && document.querySelector('#boards [data-square]'), null, { timeout: 120000 });
  await holds(page, p.variant, p.turns, 'after a reload');
  const again = payloadOf((await offered(page, p.turns.length)).link);
  must(again.id === p.id && JSON.stringify(again.turns) === JSON.stringify(p.turns),
    'after a reload the page offers ' + JSON.stringify(again) + ', not the game ' + p.id);
  must(!(await page.evaluate(() => location.hash)), 'after a reload the link is in the address again');
}

// A link refused: its message (in the notice, or in the dialog it was pasted in), nothing changed.
// shoot: async page => ..., called while the message is shown (a screenshot).
async function refused(page, open, want, what, shoot = null) {
  const before = { store: await stored(page), turns: await coords(page), number: await page.evaluate(() => window.rulezero.state.game_number) };
  await open();
  await untilDrawn(page, () => !document.getElementById('notice').hidden || !document.getElementById('open-error').hidden,
    null, { timeout: ANSWER_WAIT });
  const inDialog = await page.evaluate(() => !document.getElementById('open-error').hidden);
  const text = await page.textContent(inDialog ? '#open-error' : '#notice-text');
  must(want.test(text) && /Your game is unchanged\.$/.test(text), what + ': the message reads "' + text + '"');
  const after = { store: await stored(page), turns: await coords(page), number: await page.evaluate(() => window.rulezero.state.game_number) };
  must(JSON.stringify(after) === JSON.stringify(before), what + ': the game or the stored values changed: ' +
    JSON.stringify(before).slice(0, 300) + ' became ' + JSON.stringify(after).slice(0, 300));
  must(await hidden(page, '#error'), what + ': also an error banner: ' + await page.textContent('#error-text'));
  if (shoot) await shoot(page);
  if (inDialog) await page.click('#open-cancel'); else await page.click('#notice-close');
  return text;
}

async function badLinks(page, link) {
  const p = payloadOf(link);
  await refused(page, () => setFragment(page, link.split('#')[0] + '#game=bm90IGEgZ2FtZQ'), /could not be opened: it is damaged or incomplete/, 'garbage');
  await refused(page, () => paste(page, 'Your move: ' + link.split('#')[0] + '#game=%%%'), /could not be opened: it is damaged or incomplete/, 'garbage pasted');
  const other = Object.assign({}, p, { turns: [p.turns[0], 'x' + p.turns[1]].concat(p.turns.slice(2)) });
  await refused(page, () => paste(page, linkWith(link, other)), /does not follow the game [0-9a-f]{12} kept in this browser: its turn 2 is x/, 'wrong game');
  await refused(page, () => setFragment(page, linkWith(link, Object.assign({}, p, { turns: p.turns.slice(0, -2) }))),
    /is older than the game [0-9a-f]{12} kept in this browser/, 'an older link');
  const n = p.turns.length + 1;
  await refused(page, () => setFragment(page, linkWith(link, Object.assign({}, p, { turns: p.turns.concat(['a1a1']) }))),
    new RegExp("could not be opened: turn " + n + " 'a1a1' is illegal"), 'an illegal turn');
}

// The game's PGN as the page downloads it (the browser build's session answers `pgn`; a server serves game.pgn).
async function pgnOf(page) {
  if (!await page.evaluate(() => !!window.RULEZERO_WEB)) return page.evaluate(() => fetch('game.pgn').then(r => r.text()));   // the server's link
  await page.evaluate(() => { window.rulezero.lastPgn = null; });
  await page.click('#pgn-link');
  await page.waitForFunction(() => typeof window.rulezero.lastPgn === 'string', null, { timeout: ANSWER_WAIT });
  return page.evaluate(() => window.rulezero.lastPgn);
}

async function importPgn(page, text) {
  await paste(page, text);
}

// Per game: two turns, its PGN, another game, the PGN imported (the same turns), one turn played on.
async function pgnRoundTrip(page, variant) {
  await newGame(page, { variant });
  await playTurn(page, /./);
  await playTurn(page, /./);
  const turns = await coords(page);
  const pgn = await pgnOf(page);
  await newGame(page, { variant: variant === 'normal' ? 'pickle' : 'normal' });
  await importPgn(page, pgn);
  await holds(page, variant, turns, variant + ': the imported PGN');
  must(await page.evaluate(() => !document.getElementById('open-game').open), variant + ': the dialog stayed open');
  await playTurn(page, /./);
}

// XBoard's PGN (its SAN of its own, comments and a FEN tag), opened as a file.
async function xboardPgn(page, file, plies) {
  await newGame(page, { variant: 'normal' });
  await page.click('#btn-open-game');
  await page.waitForSelector('#open-game[open]');
  await page.setInputFiles('#open-file', file);
  await untilDrawn(page, n => window.rulezero.state.moves.length === n, plies, { timeout: ANSWER_WAIT });
  await playTurn(page, /./);
}

async function badPgn(page, text, want) {
  await newGame(page, { variant: 'normal' });
  await refused(page, () => importPgn(page, text), want, 'a bad PGN');
}

module.exports = { reloadOffers, correspondence, badLinks, pgnRoundTrip, pgnOf, xboardPgn, badPgn, holds, offered, payloadOf, paste, setFragment, refused };
