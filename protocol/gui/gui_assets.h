/* Rule Zero GUI: the files built into the binary (cmake/embed_files.cmake):
 * the page (protocol/gui/web/NAME, looked up as NAME) and the rules
 * (docs/rules/NAME.md, looked up as rules/NAME). */
#ifndef RULEZERO_GUI_ASSETS_H
#define RULEZERO_GUI_ASSETS_H

#include <stddef.h>

struct gui_asset {
    const char *name;
    const unsigned char *data;
    size_t size;
};

/* Ends with an entry whose name is NULL. */
extern const struct gui_asset gui_assets[];

/* The file named so, or NULL. */
const struct gui_asset *gui_asset_find(const char *name);
/* Its type for Content-Type, by extension. */
const char *gui_asset_mime(const char *name);

#endif
