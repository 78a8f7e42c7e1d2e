// The Rule Zero page: draws what the server describes (docs/gui-protocol.md)
// and lets a person click only what the server lists as legal. No rules here.
// This module only wires the others together (docs/gui-page.md, "Adding a module").
import { rz, emit, render, acceptState } from './store.js';
import { connect, onMessage } from './connection.js';
import { initErrors, receiveError } from './errors.js';
import { initBoard } from './board.js';
import { initPanels } from './panels.js';
import { initDialogs } from './dialogs.js';
import { initHistory } from './history.js';
import { initInput } from './input.js';
import { initOffers } from './offers.js';

// The order of the init calls is the order of the 'render' listeners.
initErrors();
initBoard();
initPanels();
initDialogs();
initHistory();
initInput();
initOffers();

onMessage('setup', msg => { rz.setup = msg; emit('setup', msg); render(); });
onMessage('state', acceptState);
onMessage('error', receiveError);
connect();
