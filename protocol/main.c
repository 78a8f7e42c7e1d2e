#include <string.h>

#include "protocol/cli.h"
#include "protocol/gui/gui.h"

/* The GUI is a library of its own above the rest (see CMakeLists.txt), so its
 * subcommand is dispatched here rather than in cli.c. */
int main(int argc, char **argv)
{
    int rc = cli_load_variant_files(&argc, argv);
    if (rc)
        return rc;
    if (argc > 1 && strcmp(argv[1], "gui") == 0)
        return gui_main(argc - 1, argv + 1);
    return cli_main(argc, argv);
}
