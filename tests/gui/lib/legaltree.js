// The `legal` tree of a state (docs/gui-protocol.md) read by the tests as the
// page reads it: a walk from the root node, one click at a time.
'use strict';

// The same tree with every node's whole map in `next`: a node with `like` J
// has J's whole map, less the clicks in `not`, with its own `next` over it
// (J is always an earlier node; anything else is an error).
function expand(legal) {
  if (!legal || !legal.nodes || !legal.nodes.some(n => 'like' in n)) return legal;
  const nodes = [];
  legal.nodes.forEach((node, i) => {
    if (!('like' in node)) { nodes.push(node); return; }
    if (!Number.isInteger(node.like) || node.like < 0 || node.like >= i) throw new Error(`node ${i}: like ${node.like} is not an earlier node`);
    const gone = new Set(node.not || []);
    const next = {};
    for (const [c, k] of Object.entries(nodes[node.like].next || {})) if (!gone.has(c)) next[c] = k;
    Object.assign(next, node.next || {});
    const { like, not, ...rest } = node;
    nodes.push({ ...rest, next });
  });
  return { ...legal, nodes };
}

// {node, text, frame} after these clicks (the frame: the last met), or null.
function walk(legal, clicks) {
  legal = expand(legal);
  if (!legal || !legal.nodes) return null;
  let node = legal.nodes[legal.root];
  let text = node.part || '', frame = node.frame || null;
  for (const c of clicks) {
    const index = (node.next || {})[c];
    if (index === undefined) return null;
    node = legal.nodes[index];
    text += node.part || '';
    if (node.frame) frame = node.frame;
  }
  return { node, text, frame };
}

// Every turn as {text, clicks}, in the server's order.
function legalTurns(legal) {
  const out = [];
  legal = expand(legal);
  if (!legal || !legal.nodes) return out;
  const visit = (node, clicks, text) => {
    text += node.part || '';
    if (node.end) out.push({ text, clicks });
    for (const [c, index] of Object.entries(node.next || {})) visit(legal.nodes[index], clicks.concat([c]), text);
  };
  visit(legal.nodes[legal.root], [], '');
  return out;
}

// The pieces a frame shows: the board's, changed as the frame says.
function framePieces(board, frame) {
  const put = frame.put || [];
  const changed = new Set((frame.gone || []).concat(put.map(p => p.square)));
  return (board.pieces || []).filter(p => !changed.has(p.square)).concat(put);
}

module.exports = { expand, walk, legalTurns, framePieces };
