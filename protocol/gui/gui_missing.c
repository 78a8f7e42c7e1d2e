/* `rulezero gui` in a binary built without civetweb or cJSON. */
#include <stdio.h>

#include "protocol/gui/gui.h"

int gui_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "rulezero gui: this binary was built without the GUI (civetweb or cJSON was missing, or\n"
                    "RULEZERO_WITH_GUI was off): install libcivetweb-dev and libcjson-dev, then build again\n");
    return 2;
}
