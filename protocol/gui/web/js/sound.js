// Sounds (protocol/gui/web/sounds/, made by scripts/make-sounds.sh; where
// they are: assets.js): a turn
// made on the board (a capture when the board holds fewer pieces than before:
// the page knows no rules, it compares two states), the game's end, and a
// low-time warning once per game when a person's running clock falls below
// its threshold (lowTimeMs). Muted by the `sound` preference. Every sound
// asked for is recorded in window.rulezero.sounds (the tests read it).
import { rz, on, isHuman } from './store.js';
import { prefs } from './prefs.js';
import { boardPieces } from './material.js';
import { soundUrl } from './assets.js';

const NAMES = ['move', 'capture', 'lowtime', 'gameend'];
const audio = {};

function audioFor(name) {
  if (!audio[name]) {
    const url = soundUrl(name);   // relative to the page, or the single file's data: URL
    if (!url) return null;
    audio[name] = new Audio(url);
    audio[name].preload = 'auto';
  }
  return audio[name];
}

// Plays one sound unless muted; a browser that refuses (no user gesture yet) is no error.
export function playSound(name) {
  if (!prefs.sound || !NAMES.includes(name)) return;
  rz.sounds.push({ name, at: Math.round(performance.now()) });
  if (rz.sounds.length > 50) rz.sounds.shift();
  const a = audioFor(name);
  if (!a) return;
  try {
    a.currentTime = 0;
    const p = a.play();
    if (p && p.catch) p.catch(() => {});
  } catch (e) { /* no audio in this browser */ }
}

// The warning comes at 10% of the time a clock had when first seen in this
// game, or at 10 s if that is later, but never above half of it.
export function lowTimeMs(startMs) {
  return Math.max(startMs * 0.1, Math.min(10000, startMs / 2));
}

const low = { start: {}, warned: {} };

function watchClocks() {
  const s = rz.state;
  if (!s || !s.clocks || s.result || s.paused) return;
  for (const color of ['white', 'black']) {
    if (!isHuman((s.players || {})[color])) continue;
    let ms = s.clocks[color + '_ms'];
    if (typeof ms !== 'number') continue;
    if (s.clocks.running === color) ms -= performance.now() - rz.clockAt;
    low.start[color] = Math.max(low.start[color] || 0, ms);
    if (!low.warned[color] && s.clocks.running === color && ms < lowTimeMs(low.start[color])) {
      low.warned[color] = true;
      playSound('lowtime');
    }
  }
}

function onState(state, info) {
  if (info.newGame) { low.start = {}; low.warned = {}; }
  const ended = state.result && !(info.old && info.old.result) && !info.newGame;
  if (info.moved && !ended) {
    const fewer = boardPieces(state.board).length < boardPieces(info.old.board).length;
    playSound(fewer ? 'capture' : 'move');
  }
  if (ended) playSound('gameend');
}

export function initSound() {
  rz.sounds = [];
  on('state', onState);
  setInterval(watchClocks, 250);
}
