// The Rule Zero page: draws what the server describes (docs/gui-protocol.md)
// and lets a person click only what the server lists as legal. No rules here.
// This module only wires the others together (docs/gui-page.md, "Adding a module").
import { rz, on, emit, render, acceptState, acceptClock } from './store.js';
import { connect, onMessage } from './connection.js';
import { initErrors, receiveError } from './errors.js';
import { initBoard, sizeBoards } from './board.js';
import { initPanels } from './panels.js';
import { initDialogs } from './dialogs.js';
import { initHistory } from './history.js';
import { initInput } from './input.js';
import { initAccess } from './access.js';
import { initTyped } from './typed.js';
import { initPrefs } from './prefs.js';
import { initMaterial } from './material.js';
import { initArrows } from './arrows.js';
import { initDrag } from './drag.js';
import { initPicker } from './picker.js';
import { initPremove } from './premove.js';
import { initSound } from './sound.js';
import { initOffers } from './offers.js';
import { initAnalysis } from './analysis.js';
import { initNotice } from './notice.js';
import { initPgn } from './pgn.js';
import { initMoveNow } from './movenow.js';
import { initRulesView } from './rulesview.js';
import { initSaving } from './saving.js';
import { initSeats } from './seats.js';
import { initReplace } from './replace.js';
import { initLink } from './link.js';
import { initPgnImport } from './pgnimport.js';
import { initPuzzles } from './puzzles.js';
import { initGameFiles } from './gamefiles.js';

// The order of the init calls is the order of the 'render' listeners.
initErrors();
initNotice();
initBoard();
initPanels();
initDialogs();
initSaving();   // after the dialogs (their own errors first), before main's error banner
initHistory();
initInput();
initPrefs();
initMaterial();
initOffers();
on('render', sizeBoards);   // after the panels, before what draws over the boards: the boards take the room the rest leaves
initArrows();
initDrag();
initPicker();
initPremove();
initSound();
initAnalysis();
initPgn();
initMoveNow();
initRulesView();
initPuzzles();
initSeats();   // a game with seats: its `state` handler comes before main's below
initAccess();  // last: labels what the others drew (the picker too), keeps the focus
initTyped();
initReplace();     // before main's error banner: it takes the refusals of its own records
initLink();
initPgnImport();
initGameFiles();

onMessage('setup', msg => { rz.setup = msg; emit('setup', msg); render(); });
onMessage('state', acceptState);
onMessage('clock', acceptClock);
onMessage('error', receiveError);
connect();
