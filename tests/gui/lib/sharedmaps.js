// Issue 28, defect 9: a node's map of clicks may be told as an earlier node's
// (`like`, less `not`, with its own `next` over it; docs/gui-protocol.md).
// The page makes those maps whole when a state arrives: in the Nick Danger
// position with the most legal turns known (21,188), its tree has no `like`
// left, its turns are exactly the rules' (`rulezero moves`), and a turn whose
// link-action click the server sent only through `like` is offered and
// played by clicks.
'use strict';
const { execFileSync } = require('child_process');
const { serverState } = require('./server');
const { newGame, loadFen, pageState, playTurn } = require('./play');
const { legalTurns } = require('./legaltree');

const WORST_FEN = 'rnbqkb10/pp1pppp4p4/2p4r8/3n3p8/16/16/PPPPPPPP4B2P/RNBQK1NR1Q6 w KQq - 2 6 ' +
  'd1j1,f1n1,c2p2,c3m3,d7l7,h7j7,g8m8 T -g6p6';

function must(ok, what) { if (!ok) throw new Error(what); }

// A turn of the raw tree whose path takes a click that only a `like` gives (not in the node's own next).
function turnThroughLike(legal) {
  const nodes = legal.nodes;
  const visit = (index, clicks, text) => {
    const node = nodes[index];
    text += node.part || '';
    if (node.end) return null;
    if ('like' in node) {
      const own = node.next || {};
      const gone = new Set(node.not || []);
      const inherited = Object.keys(nodes[node.like].next || {}).find(c => !(c in own) && !gone.has(c));
      if (inherited) return clicks.concat([inherited]);
    }
    for (const [c, k] of Object.entries(node.next || {})) {
      const found = visit(k, clicks.concat([c]), text);
      if (found) return found;
    }
    return null;
  };
  return visit(legal.root, [], '');
}

async function sharedMaps(page, server, rulezero) {
  await newGame(page, { variant: 'nickdanger' });
  await loadFen(page, WORST_FEN);
  const raw = (await serverState(server)).legal;
  must(raw.nodes.some(n => 'like' in n), 'the server tells some maps of clicks by `like`');
  const start = turnThroughLike(raw);
  must(start, 'a path through a click only `like` gives');
  const state = await pageState(page);
  must(!state.legal.nodes.some(n => 'like' in n || 'not' in n), 'the page made every map whole');
  const shown = legalTurns(state.legal).map(t => t.text).sort();
  const rules = execFileSync(rulezero, ['moves', '--variant', 'nickdanger', '--fen', WORST_FEN], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\n').filter(l => l.trim()).map(l => l.split(/\s+/)[0]).sort();
  must(shown.length === 21188 && JSON.stringify(shown) === JSON.stringify(rules),
    `the page's turns (${shown.length}) are the rules' (${rules.length})`);
  const prefix = start.join(' ') + ' ';
  const turn = await playTurn(page, t => (t.clicks.join(' ') + ' ').startsWith(prefix));
  must(turn, 'a turn through an inherited click was played');
}

module.exports = { sharedMaps };
