// Nick Danger's LinkSquares and AfterLinking settings in the new-game dialog
// (issue 31): two selects holding their defaults with every value; a game
// started with Links=2, LinkSquares=any, AfterLinking=remove from a position
// whose links leave the rank shows each link's number on both of its
// squares, the phase as "Removing", and the link action offered as a break.
// Screenshots (nd-any-desktop.png, nd-any-phone.png at 390x844) when asked.
'use strict';
const { untilDrawn, ANSWER_WAIT } = require('./drawn');

const path = require('path');
const { playTurn, newGame, loadFen, clickOn } = require('./play');

function must(cond, what) { if (!cond) throw new Error(what); }

const OPT = name => '#ng-options [data-option="' + name + '"]';
// Links=2 reached, removing: a White Pawn on c7=o2 (it may promote only from
// c7) and one on g8=i5 (on board 0's last rank), one on p8 (board 1's).
const FEN = '4k1P3n4P/1PP6P6/16/8P7/16/16/p10p2P1/4K11 w - - 0 30 c7o2,g8i5 R -';
const LINKS = [['c7', 'o2'], ['g8', 'i5']];

async function openDialog(page) {
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.selectOption('#ng-variant', 'nickdanger');
  await page.selectOption('#ng-white', 'human');
  await page.selectOption('#ng-black', 'human');
  await page.waitForSelector(OPT('LinkSquares'));
}

const selectOf = (page, name) => page.$eval(OPT(name), e => ({ tag: e.tagName, value: e.value, values: [...e.options].map(o => o.value) }));

function panelRow(page, label) {
  return page.evaluate(label => {
    for (const p of window.rulezero.state.board.panels || [])
      for (const r of p.rows) if (r.label === label) return r.items.map(i => (i.current ? '*' : '') + i.text).join(' ');
    return null;
  }, label);
}

// The link numbers drawn on a square of the main board.
const marksOn = (page, sq) => page.$$eval('#boards [data-square="' + sq + '"] [data-link]', ms => ms.map(m => m.dataset.link));

async function ndRulesDialog(page, shotDir) {
  await openDialog(page);
  const squares = await selectOf(page, 'LinkSquares'), after = await selectOf(page, 'AfterLinking');
  must(squares.tag === 'SELECT' && squares.value === 'same-rank' &&
       squares.values.join() === 'same-rank,same-square,same-colour,any,same-quadrant', 'the LinkSquares select: ' + JSON.stringify(squares));
  must(after.tag === 'SELECT' && after.value === 'twinkle' && after.values.join() === 'twinkle,remove',
       'the AfterLinking select: ' + JSON.stringify(after));
  await page.selectOption(OPT('LinkSquares'), 'any');
  await page.selectOption(OPT('AfterLinking'), 'remove');
  await page.fill(OPT('Links'), '2');
  await page.fill('#ng-fen', FEN);
  const before = await page.evaluate(() => window.rulezero.state.game_number);
  await page.click('#ng-start');
  await untilDrawn(page, n => window.rulezero.state.game_number !== n, before, { timeout: ANSWER_WAIT });
  must(await page.evaluate(() => document.getElementById('ng-error').hidden), 'the dialog refused the game: ' +
       await page.textContent('#ng-error'));
  must(await page.evaluate(() => window.rulezero.state.variant === 'nickdanger'), 'the new game is not Nick Danger');
  const phase = await panelRow(page, 'Phase');
  must(phase === 'Linking *Removing', 'the phase row says ' + phase);
  const count = await panelRow(page, 'Links');
  must(count === '*2 of 2', 'the links row says ' + count);
  for (const [a, b] of LINKS) {
    const ma = await marksOn(page, a), mb = await marksOn(page, b);
    must(ma.length === 1 && ma.join() === mb.join(), 'the link ' + a + '=' + b + ' is marked ' + ma + ' and ' + mb);
  }
  must((await marksOn(page, 'c7')).join() !== (await marksOn(page, 'g8')).join(), 'the two links have the same number');
  if (shotDir) {
    const size = page.viewportSize();
    for (const [name, view] of [['nd-any-desktop', size], ['nd-any-phone', { width: 390, height: 844 }]]) {
      await page.setViewportSize(view);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(shotDir, name + '.png'), fullPage: name === 'nd-any-phone' });
    }
    await page.setViewportSize(size);
  }
  // Clicked: c7-c8 promotes (a Pawn move on board 0), then the removing
  // phase's link action breaks g8=i5, the Pawn staying on i5; c7=o2 is left.
  // No turn moves the Pawn on p8, and none promotes from o2.
  const turns = await page.evaluate(() => {
    const l = window.rulezero.state.legal;
    return Object.keys(l.nodes[l.root].next || {});
  });
  must(!turns.includes('p8'), 'the Pawn on p8 is offered a move');
  await playTurn(page, 'c7c8q,xg8i5i5');
  const left = await panelRow(page, 'Links');
  must(left === '*1 of 2', 'after the break the links row says ' + left);
  must((await marksOn(page, 'g8')).length === 0 && (await marksOn(page, 'c7')).length === 1, 'the links drawn after the break');
}

// Issue 43: the "Choose:" buttons over the boards do not cover the squares
// they ask about. Every link on the fourth rank; a1-a2 then breaking d4=l4,
// under which the Rook stands: leave it on d4 or on l4.
const CHOOSE_FEN = '7k8/16/16/16/3R7R4/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 T -';

async function chooseClear(page) {
  await newGame(page, { variant: 'nickdanger' });
  await loadFen(page, CHOOSE_FEN);
  for (const c of ['a1', 'a2', 'd4', 'l4']) await clickOn(page, c);
  await untilDrawn(page, () => window.rulezero.clicks.length === 4 && !document.getElementById('choices').hidden);
  const cover = await page.evaluate(() => {
    const box = document.getElementById('choices').getBoundingClientRect();
    return ['d4', 'l4'].filter(sq => {
      const r = document.querySelector('#boards [data-square="' + sq + '"]').getBoundingClientRect();
      return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
    });
  });
  must(!cover.length, 'the "Choose:" buttons cover ' + cover.join(' and ') + ', the squares they ask about');
  await clickOn(page, 'choice:stay-d4');
  await untilDrawn(page, () => window.rulezero.state.moves.length === 1);
  const text = await page.evaluate(() => window.rulezero.state.moves[0].coord);
  must(text === 'a1a2,xd4l4d4', 'the choice played ' + text);
}

module.exports = { ndRulesDialog, chooseClear };
