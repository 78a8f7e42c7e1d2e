// The page's layout on small screens (issue 28, defect 7): on a 390x844
// phone (touch) every cell of every board is on screen (Nick Danger's two
// boards one above the other, squares of about 40 pixels), a turn is made by
// tapping, and the person's clock is on screen; at 800x600 the person's
// clock needs no scrolling; every button's text is drawn with real glyphs
// (no missing-glyph boxes, as the pause and resume icons were).
'use strict';
const { untilDrawn } = require('./drawn');
const path = require('path');
const { sharedChromium } = require('./browser');
const { legalTurns } = require('./legaltree');
const { newGame } = require('./play');

const VARIANTS = ['normal', 'polypiece', 'polypiece-phased', 'dialectic', 'hegelian', 'interdependent', 'interweave', 'nickdanger', 'pickle', 'shifted-square'];
const CLOCK = { kind: 'clock', base_ms: 300000, inc_ms: 2000 };
// On the phone Interdependent starts with pieces in both hands, so that their size is measured.
const PHONE_FEN = { interdependent: 'snukns/cgttgc/6/6/6/CGTTGC/SNUKNS[UNus] w - - 0 1' };

function must(cond, what) { if (!cond) throw new Error(what); }

// Runs in the page: what lies outside the viewport, and the sizes.
function measure(color) {
  const inside = r => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5 && r.width > 0;
  const cells = [...document.querySelectorAll('#boards [data-square]')];
  const out = cells.filter(c => !inside(c.getBoundingClientRect())).map(c => c.dataset.square);
  const clock = document.querySelector('.player[data-color="' + color + '"] .clock');
  const r = clock.getBoundingClientRect();
  return {
    cells: cells.length, out, square: Math.round(cells[0].getBoundingClientRect().width),
    clock: clock.hidden ? 'hidden' : inside(r) ? 'in view' : 'at ' + Math.round(r.top) + '..' + Math.round(r.bottom),
    pageWidth: document.documentElement.scrollWidth, scrollY, innerWidth, innerHeight
  };
}

// Runs in the page: the characters of the buttons' texts that no font draws
// (drawn the same as a character no font has: the missing-glyph box).
function missingGlyphs() {
  const image = (ch, font) => {
    const c = document.createElement('canvas');
    c.width = c.height = 48;
    const x = c.getContext('2d');
    x.font = font;
    x.fillText(ch, 6, 36);
    return Array.from(x.getImageData(0, 0, 48, 48).data).join(',');
  };
  const missing = [];
  for (const b of document.querySelectorAll('button')) {
    const font = getComputedStyle(b).font.replace(/[\d.]+px/, '32px');
    const tofu = [image('\u0378', font), image('\uFFFE', font)];
    for (const ch of new Set(b.textContent.replace(/\s/g, ''))) {
      if (tofu.includes(image(ch, font))) missing.push((b.id || b.textContent.trim()) + ': U+' + ch.codePointAt(0).toString(16).toUpperCase());
    }
  }
  return missing;
}

// Runs in the page (issue 43): where the controls a turn needs lie, in page
// coordinates, against the boards' bottom; and every visible button,
// select or text field of the page that is smaller than 44 by 44 pixels.
function controlsPlace() {
  const box = e => { const r = e.getBoundingClientRect(); return { top: r.top + scrollY, bottom: r.bottom + scrollY, w: r.width, h: r.height }; };
  const ids = ['btn-first', 'btn-prev', 'btn-next', 'btn-last', 'btn-flip', 'btn-undo', 'btn-resign', 'moves'];
  const at = {};
  for (const id of ids) { const e = document.getElementById(id); at[id] = e && e.offsetParent ? box(e) : null; }
  const small = [...document.querySelectorAll('#top button, #layout button, #layout .button, #layout select, #layout input[type="text"]')]
    .filter(e => e.offsetParent && getComputedStyle(e).visibility !== 'hidden')
    .map(e => ({ id: e.id || e.textContent.trim().slice(0, 12), ...box(e) })).filter(b => b.h < 44 || b.w < 44)
    .map(b => b.id + ' ' + Math.round(b.w) + 'x' + Math.round(b.h));
  const panels = document.querySelector('#panels .panel, .fen-box');
  // The squares (the token board's cells too) and the hand pieces: 44 px, or
  // as large as the board allows: squares of 44 px would not fit the
  // column's width, or not the screen's height with every cell, both
  // players' bars and the status line on the first screen (the boards one
  // above the other: their rows add up).
  const cells = [...document.querySelectorAll('#boards [data-square]')].map(box);
  const grids = [...document.querySelectorAll('#boards .grid')].map(g => ({ cols: +g.dataset.cols, rows: +g.dataset.rows }));
  const least = Math.round(Math.min(...cells.map(c => Math.min(c.w, c.h))));
  const stacked = document.getElementById('boards').classList.contains('stacked') || grids.length === 1;
  const rows = stacked ? grids.reduce((t, g) => t + g.rows, 0) : Math.max(...grids.map(g => g.rows));
  const cols = stacked ? Math.max(...grids.map(g => g.cols)) : grids.reduce((t, g) => t + g.cols, 0);
  // (in page coordinates: the page may have been scrolled to a button under the board)
  const spare = innerHeight - box(document.getElementById('status')).bottom;
  const squares = {
    least,
    widthBound: cols * 44 > document.getElementById('board-col').clientWidth,
    heightBound: least < 44 && spare < rows * (44 - least)
  };
  // Every control of the header and the page within the screen's width, its text within its box (none cut off).
  const cut = [...document.querySelectorAll('#top button, #top a, #layout button, #layout .button, #layout select')]
    .filter(e => e.offsetParent).filter(e => { const r = e.getBoundingClientRect();
      return r.right > innerWidth + 0.5 || r.left < -0.5 || e.scrollWidth > e.clientWidth + 1; })
    .map(e => e.id || e.textContent.trim().slice(0, 12));
  const handBoxes = [...document.querySelectorAll('.hand-piece')].filter(e => e.offsetParent).map(box);
  const hands = handBoxes.filter(b => b.w < 44 || b.h < 44).map(b => Math.round(b.w) + 'x' + Math.round(b.h));
  return { at, boardsBottom: box(document.getElementById('boards')).bottom, boards: document.querySelectorAll('#boards .area').length,
    after: panels ? box(panels).top : null, innerHeight, small, squares, hands, handCount: handBoxes.length, cut };
}

// The controls lie under the boards, before the move list and the rest,
// within one screen below the boards (and on the first screen where one
// board leaves room); every touch target is at least 44 px.
function checkControls(variant, c) {
  const where = variant + ' at 390x844';
  for (const [id, b] of Object.entries(c.at)) {
    must(b, where + ': #' + id + ' is not shown');
    must(b.top >= c.boardsBottom, where + ': #' + id + ' is not below the boards');
    must(b.bottom <= c.boardsBottom + c.innerHeight, where + ': #' + id + ' ends ' + Math.round(b.bottom - c.boardsBottom) +
      ' px below the boards, more than a screen');
    if (c.boards === 1) must(b.top < c.innerHeight, where + ': #' + id + ' is below the fold (at ' + Math.round(b.top) + ' px)');
    if (id !== 'moves') must(b.top < c.at.moves.top, where + ': #' + id + ' comes after the move list');
  }
  must(c.after === null || c.at.moves.top < c.after, where + ': the move list comes after the panels or the FEN box');
  must(!c.small.length, where + ': touch targets under 44 px: ' + c.small.join(', '));
  const sq = c.squares;
  must(sq.least >= 44 || sq.widthBound || sq.heightBound, where + ': squares of ' + sq.least + ' px where the board has room for more');
  must(!c.hands.length, where + ': hand pieces under 44 px: ' + c.hands.join(', '));
  must(!c.cut.length, where + ': controls cut off at the screen\'s edge: ' + c.cut.join(', '));
}

async function openAt(browser, url, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', e => problems.push(e.message));
  await page.goto(url);
  await untilDrawn(page, () => window.rulezero && window.rulezero.state && window.rulezero.setup);
  return { page, context, problems };
}

// One turn by tapping its clicks, as a person on a phone does.
async function tapTurn(page) {
  const legal = legalTurns(await page.evaluate(() => window.rulezero.state.legal));
  const turn = legal.find(t => t.clicks.length > 1) || legal[0];
  const n = await page.evaluate(() => window.rulezero.state.moves.length);
  for (const c of turn.clicks) await page.tap('#layout [data-click="' + c + '"]');
  // A generous limit: the tap is either played or not, and a loaded machine
  // (a load of 47 on 2 cores) once took over 5 s to play it.
  await untilDrawn(page, n => window.rulezero.state.moves.length > n, n, { timeout: 60000 })
    .catch(() => { throw new Error('tapping ' + turn.clicks.join(' ') + ' did not play ' + turn.text); });
}

// variants: the games to check; prefix: of the screenshots' names.
async function phone(browser, server, shotDir, variants = VARIANTS, prefix = '') {
  const { page, context, problems } = await openAt(browser, server.url,
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    for (const variant of variants) {
      await newGame(page, { variant, tc: CLOCK, fen: PHONE_FEN[variant] || '' });
      const m = await page.evaluate(measure, 'white');
      if (shotDir) await page.screenshot({ path: path.join(shotDir, prefix + 'phone-' + variant + '.png') });
      must(m.out.length === 0, variant + ' at 390x844: ' + m.out.length + ' of ' + m.cells + ' cells off screen (' +
        m.out.slice(0, 8).join(' ') + '...), squares of ' + m.square + ' px');
      must(m.pageWidth <= m.innerWidth, variant + ' at 390x844: the page is ' + m.pageWidth + ' px wide');
      must(m.square >= 38, variant + ' at 390x844: squares of ' + m.square + ' px');
      must(m.clock === 'in view', variant + ' at 390x844: White\'s clock is ' + m.clock);
      // A one-person game has no seats: the seats' box (js/seats.js) stays out of sight.
      must(!await page.isVisible('#seat-box'), variant + ' at 390x844: the seats\' box shows in a game without seats');
      const c = await page.evaluate(controlsPlace);
      checkControls(variant, c);
      must(!PHONE_FEN[variant] || c.handCount >= 4, variant + ' at 390x844: ' + c.handCount + ' hand pieces shown, not the FEN\'s 4');
      await tapTurn(page);
      await untilDrawn(page);
      checkControls(variant + ' after a turn', await page.evaluate(controlsPlace));
    }
    must(!problems.length, 'script errors on the phone: ' + problems.join('; '));
  } finally {
    await context.close();
  }
}

async function smallWindow(browser, server, shotDir) {
  const { page, context, problems } = await openAt(browser, server.url, { viewport: { width: 800, height: 600 } });
  try {
    const games = VARIANTS.map(variant => ({ variant, white: 'human', black: 'builtin:random', color: 'white' }))
      .concat([{ variant: 'normal', white: 'builtin:random', black: 'human', color: 'black' }]);
    for (const g of games) {
      await newGame(page, { variant: g.variant, white: g.white, black: g.black, tc: CLOCK });
      const m = await page.evaluate(measure, g.color);
      if (shotDir && g.variant === 'nickdanger') await page.screenshot({ path: path.join(shotDir, 'small-nickdanger.png') });
      must(m.clock === 'in view', g.variant + ' at 800x600: the person\'s (' + g.color + ') clock is ' + m.clock);
      must(m.out.length === 0, g.variant + ' at 800x600: cells off screen: ' + m.out.slice(0, 8).join(' '));
    }
    await newGame(page, { variant: 'normal', white: 'builtin:random', black: 'builtin:greedy', tc: { kind: 'movetime', ms: 300 } });
    await page.waitForSelector('#watch-controls:not([hidden])');
    const missing = await page.evaluate(missingGlyphs);
    must(!missing.length, 'characters drawn as missing-glyph boxes: ' + missing.join(', '));
    await page.click('#btn-stop');
    await untilDrawn(page, () => window.rulezero.state.paused === true);
    must(!problems.length, 'script errors: ' + problems.join('; '));
  } finally {
    await context.close();
  }
}

async function layoutChecks(server, shotDir) {
  const browser = await sharedChromium();
  await phone(browser, server, shotDir);
  await smallWindow(browser, server, shotDir);
}

// The phone's checks alone, on any page's URL (the browser build's too).
async function phoneChecks(server, shotDir, variants = VARIANTS) {
  await phone(await sharedChromium(), server, shotDir, variants, 'web-');
}

module.exports = { layoutChecks, phoneChecks, VARIANTS, measure, controlsPlace, checkControls, openAt };
