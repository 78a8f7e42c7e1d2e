/* `rulezero gui` in a binary built without the GUI: the Windows build (which
 * has none) and a build where civetweb, cJSON, cmark or SQLite was missing. The message
 * says how to get a GUI on the system the binary was built for (PF_NAME). */
#include <stdio.h>
#include <string.h>

#include "variants/core/platform.h"
#include "protocol/gui/gui.h"

const char *gui_missing_advice(const char *platform)
{
    if (strcmp(platform, "Windows") == 0)
        return "rulezero.exe has no GUI of its own. To play every game with the mouse, open\n"
               "rulezero.html, beside it, in a browser (it needs nothing else). rulezero.exe is the\n"
               "engine: play it in WinBoard (docs\\winboard.md, beside it, says how) or in another\n"
               "program that speaks CECP or UCI. The GUI server (rulezero gui) needs the Linux build.";
    return "this binary was built without the GUI (civetweb, cJSON, cmark or SQLite was missing,\n"
           "or RULEZERO_WITH_GUI was off): install them (Debian: libcivetweb-dev, libcjson-dev,\n"
           "libcmark-dev, libsqlite3-dev), then build again.";
}

int gui_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "rulezero gui: %s\n", gui_missing_advice(PF_NAME));
    return 2;
}
