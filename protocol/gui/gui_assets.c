#include "protocol/gui/gui_assets.h"

#include <string.h>

const struct gui_asset *gui_asset_find(const char *name)
{
    for (const struct gui_asset *a = gui_assets; a->name; a++)
        if (strcmp(a->name, name) == 0)
            return a;
    return NULL;
}

const char *gui_asset_mime(const char *name)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
        {".png", "image/png"},                 {".json", "application/json"},
        {".ico", "image/x-icon"},              {".md", "text/markdown; charset=utf-8"},
        {".txt", "text/plain; charset=utf-8"}, {".wav", "audio/wav"},
        {".ogg", "audio/ogg"},
    };
    const char *dot = strrchr(name, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            return types[i][1];
    return strncmp(name, "rules/", 6) == 0 ? "text/markdown; charset=utf-8" : "application/octet-stream";
}
