/* `rulezero gui` in a binary built without civetweb or cJSON. */
#include <stdio.h>

#include "protocol/gui/gui.h"

int gui_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "rulezero gui: this binary was built without the GUI (civetweb and cJSON were missing;\n"
                    "install libcivetweb-dev and libcjson-dev, then build again)\n");
    return 2;
}
