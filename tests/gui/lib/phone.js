// On a phone (390x844, touch; issue 46) in Chromium, what a person does
// beyond a turn, by tapping: a PGN imported ("Open a link or PGN"), a puzzle
// solved, the analysis board opened and a line of Rule Zero's played onto it.
// Each button tapped is checked to be 44 px or more (the touch
// targets), and after each the phone's rule of lib/layout.js (each control
// within one screen below the boards).
'use strict';
const { untilDrawn } = require('./drawn');
const { playTurn } = require('./play');
const { holds } = require('./links');
const { solveThree } = require('./puzzles');
const { waitForLines, playLine } = require('./analysis');
const { controlsPlace, checkControls } = require('./layout');

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

function must(cond, what) { if (!cond) throw new Error(what); }

// A page of a new phone context of `browser`, loaded and drawn; close() ends the context.
async function openPhone(browser, url, problems) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  page.on('pageerror', e => problems.push('phone: page error: ' + e.message));
  await page.goto(url);
  await untilDrawn(page, () => window.rulezero && window.rulezero.setup && document.querySelector('#boards [data-square]'),
    null, { timeout: 120000 });
  return { page, close: () => context.close() };
}

// Taps a button once it is shown, after checking it is a touch target.
async function tapTarget(page, selector) {
  await page.waitForSelector(selector, { state: 'visible' });
  const box = await page.locator(selector).boundingBox();
  must(box && box.width >= 44 && box.height >= 44, selector + ' is ' + (box ? Math.round(box.width) + 'x' + Math.round(box.height) : 'not laid out') +
    ' px on a phone, under 44');
  await page.tap(selector);
}

const phoneRule = async (page, what) => checkControls(what, await page.evaluate(controlsPlace));

// A PGN (of `variant`, these turns) pasted and imported, then one turn tapped.
async function phonePgn(page, pgn, variant, turns) {
  await tapTarget(page, '#btn-open-game');
  await page.waitForSelector('#open-game[open]');
  // The file picker's button ("Choose File") is a touch target too; its box holds it.
  const picker = await page.locator('#open-file').boundingBox();
  must(picker && picker.height >= 44, '#open-file is ' + (picker ? Math.round(picker.height) : 'not laid out') + ' px high on a phone, under 44');
  await page.fill('#open-text', pgn);
  await tapTarget(page, '#open-submit');
  await holds(page, variant, turns, variant + ': the PGN imported on a phone');
  await phoneRule(page, variant + ' after a PGN import');
  await playTurn(page, /./, { tap: true });
  await phoneRule(page, variant + ' after a PGN import and a turn');
  return turns.length + ' turns imported, one tapped';
}

// One puzzle of `variant` solved by taps; Next puzzle offered as a touch target.
async function phonePuzzle(page, variant) {
  await page.evaluate(() => { window.rulezero.puzzle.playDelayMs = 0; });
  const solved = await solveThree(page, variant, { count: 1, tap: true });
  await phoneRule(page, variant + ' after a puzzle');
  const box = await page.locator('#pz-next').boundingBox();
  must(box.width >= 44 && box.height >= 44, '#pz-next is ' + Math.round(box.width) + 'x' + Math.round(box.height) + ' px on a phone');
  return solved;
}

// Runs in the page: the analysis board's cells off screen, and where its first line lies.
function analysisPlace() {
  const inside = r => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const cells = [...document.querySelectorAll('#an-boards [data-square]')];
  const boards = document.getElementById('an-boards').getBoundingClientRect();
  const line = document.querySelector('#an-lines [data-line="1"]').getBoundingClientRect();
  return { out: cells.filter(c => !inside(c.getBoundingClientRect())).length, cells: cells.length,
    lineBelow: line.bottom - boards.bottom, innerHeight, pageWidth: document.documentElement.scrollWidth, innerWidth };
}

// The analysis board opened by a tap on the game on the page: every cell on
// screen, the best line within one screen below the board; a line tapped
// onto the board; the board closed.
async function phoneAnalysis(page, variant) {
  await tapTarget(page, '#btn-analysis');
  await page.waitForSelector('#analysis:not([hidden]) #an-boards [data-square]');
  await waitForLines(page, variant);
  const at = await page.evaluate(analysisPlace);
  must(at.out === 0, variant + ': ' + at.out + ' of ' + at.cells + ' cells of the analysis board off the phone\'s screen');
  must(at.lineBelow <= at.innerHeight, variant + ': the best line ends ' + Math.round(at.lineBelow) + ' px below the analysis board');
  must(at.pageWidth <= at.innerWidth, variant + ': the analysis board makes the page ' + at.pageWidth + ' px wide');
  await playLine(page, variant, { tap: true });
  await tapTarget(page, '#an-close');
  await page.waitForSelector('#layout:not([hidden]) #boards [data-square]');
  return 'every cell on screen, the line ' + Math.round(at.lineBelow) + ' px below the board';
}

module.exports = { openPhone, phonePgn, phonePuzzle, phoneAnalysis, PHONE };
