// One game per variant, played by clicking, with each of the variant's special
// inputs reached from set-up positions (FENs checked with `rulezero moves`).
// A step: {play: TEXT | RegExp | fn(turn, state)}, {fen: FEN} (the page's Load
// FEN box), {moves: [TEXT...]} (the move list since the start or the last
// FEN, as a player reads it), {shot: NAME, hold: [clicks]} (a screenshot, optionally with a turn
// half entered to show its highlights).
'use strict';

const on = square => t => t.clicks[0] === square;
const pieceAt = (state, square) => state.board.pieces.find(p => p.square === square);
const philosopher = (t, s) => { const p = pieceAt(s, t.clicks[0]); return p && p.letter === 'N'; };

module.exports = [
  { variant: 'normal', steps: [
    { play: 'e2e4' }, { play: 'e7e5' }, { play: 'g1f3' }, { play: 'b8c6' }, { play: 'f1c4' }, { play: 'g8f6' },
    { shot: 'normal', hold: ['e1'] },
    { play: 'e1g1' },                                            // castling
    { moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O'] },   // the move list in SAN
    { fen: '8/4P1k1/8/8/8/8/8/4K3 w - - 0 1' },
    { play: 'e7e8n' },                                           // promotion: the choice buttons
    { moves: ['e8=N+'] }
  ] },
  { variant: 'polypiece', steps: [
    { play: 'e2e4' }, { play: 'e7e5' }, { play: 'g1f3' }, { play: 'a7a6' },
    { shot: 'polypiece', hold: ['f3'] },                         // the Knight's powers moved on: WD
    { play: on('f3') }
  ] },
  { variant: 'polypiece-phased', steps: [
    { play: 'd2d4' }, { play: 'd7d5' }, { play: 'b1c3' }, { play: 'g8f6' },
    { shot: 'polypiece-phased', hold: ['c3'] }, { play: on('c3') }
  ] },
  { variant: 'dialectic', steps: [
    { play: philosopher },                                       // b1c3
    { play: /^T@/ },                                             // Thesis moves
    { play: philosopher },                                       // now by the Thesis's new leaps
    { play: /^A@/ },                                             // Antithesis moves
    { play: philosopher },
    { shot: 'dialectic' }
  ] },
  { variant: 'hegelian', steps: [
    { play: philosopher }, { play: 'T@11' },
    { play: 'A@11' },                                            // both tokens on one cell
    { play: /^S@/ },                                             // the Synthesis moves both
    { play: philosopher },
    { shot: 'hegelian' }
  ] },
  { variant: 'interdependent', steps: [
    { play: /^[a-f]2/ }, { play: /^[a-f]6/ },
    { fen: '6/5k/6/6/2n3/6/3K2[NU] w - - 0 1' },
    { play: /^N@/ },                                             // a drop from the hand
    { play: /./ },
    { shot: 'interdependent', hold: ['hand:U'] },
    { play: /^U@/ }
  ] },
  { variant: 'interweave', steps: [
    { play: 'b2c3' }, { play: /./ },
    { fen: 'kk6/8/8/2pP4/P7/8/8/6KK w - - 0 1' },
    { play: 'a4b5' },                                            // custodian: c5 sandwiched against d5
    { fen: '7k/3p4/8/1p6/8/8/p7/N3KK1k w - - 0 1' },
    { shot: 'interweave', hold: ['a1', 'a3', 'c7'] },            // a chain half entered, victims gone
    { play: 'a1a3,a3c7,c7e7' },                                  // a chain of three legs
    { moves: ['Na1xa3xc7xe7'] }
  ] },
  { variant: 'pickle', steps: [
    { play: 'e2e4' }, { play: 'a7a6' }, { play: 'g1f3' },
    { shot: 'pickle', hold: ['a6'] },                            // a6 attacks e4 through x5, the link marked
    { play: 'a6e4' },                                            // the capture through the added location
    { moves: ['e4', 'a6', 'Nf3', 'axe4'] }                   // SAN: the capture through x5 reads axe4
  ] },
  { variant: 'shifted-square', steps: [
    { play: 'e2e3' }, { play: 'e7e5' },
    { fen: '4k3/8/8/R7/8/8/8/4K3 w - - 0 1 -' },
    { shot: 'shifted-square', hold: ['a5'] },                    // e4 a hole, x5 beside a5
    { play: 'a5x5' },                                            // onto the added square
    { play: 'e8d8' }, { play: 'x5h5' },
    { moves: ['Ra5-x5', 'Kd8', 'Rx5-h5'] }                       // a step off the 8x8 board names both squares
  ] },
  { variant: 'nickdanger', steps: [
    { play: 'e2e4' }, { play: 'e7e5,a3k3' },                     // a link made
    { moves: ['e4', 'e5,+a3k3'] },
    { play: /^g1f3,/ }, { play: /^b8c6,/ },
    { shot: 'nickdanger' },
    { fen: '4k11/16/16/16/16/16/16/4K11 w - - 0 20 d2l2 L -' },
    { play: 'e1d2,a1l1' },                                       // the King steps onto a link and breaks it
    { fen: '7k8/16/16/16/3R7R4/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 T -' },
    { play: 'a1a2,xd4l4d4' },                                    // occupied link broken, the Rook stays on d4
    { fen: '7k8/16/16/16/3R7R4/16/16/K15 w - - 0 20 a4i4,b4j4,c4k4,d4l4,e4m4,f4n4,g4o4,h4p4 T -' },
    { play: 'a1a2,xd4l4l4' },                                    // ... or on l4
    { moves: ['Ka2,-d4l4@l4'] }
  ] }
];
