/* Rule Zero: `rulezero gui`, the browser GUI's server (docs/gui-protocol.md). */
#ifndef RULEZERO_GUI_H
#define RULEZERO_GUI_H

/* Exit code: 0 after a signal, 1 when the server cannot start, 2 usage (also
 * when the binary was built without the GUI). */
int gui_main(int argc, char **argv);

/* In a binary without the GUI (protocol/gui/gui_missing.c): what `rulezero gui`
 * tells a person on PLATFORM (PF_NAME: "Windows", "POSIX") about getting one. */
const char *gui_missing_advice(const char *platform);

#endif
