// The `legal` tree of a state (docs/gui-protocol.md) read by the tests as the
// page reads it: a walk from the root node, one click at a time.
'use strict';

// {node, text, frame} after these clicks (the frame: the last met), or null.
function walk(legal, clicks) {
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

module.exports = { walk, legalTurns, framePieces };
