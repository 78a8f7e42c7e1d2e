#include "protocol/gui/gui_inbound.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- The scan before parsing -------------------------------------------------------------- */

/* At data[i] == '\\' inside a string: true for the escape \u0000. */
static bool escaped_nul(const char *data, size_t len, size_t i)
{
    return i + 5 < len && data[i + 1] == 'u' && memcmp(data + i + 2, "0000", 4) == 0;
}

int gui_inbound_check(const char *data, size_t len, char *err, size_t errlen)
{
    bool in_string = false;
    int depth = 0;
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        if (c == '\0' || (in_string && c == '\\' && escaped_nul(data, len, i))) {
            snprintf(err, errlen, "message has a NUL character (at byte %zu)", i);
            return -1;
        }
        if (in_string) {
            if (c == '\\')
                i++; /* the escaped character cannot end the string */
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > GUI_MAX_DEPTH) {
                snprintf(err, errlen, "message nested too deeply (more than %d arrays and objects)", GUI_MAX_DEPTH);
                return -1;
            }
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
    }
    return 0;
}

/* ---- UTF-8 -------------------------------------------------------------------------------- */

size_t gui_utf8_char(const unsigned char *p, size_t left)
{
    if (left == 0)
        return 0;
    unsigned c = p[0];
    if (c < 0x80)
        return 1;
    /* the second byte's range after each lead byte; the others are 80..BF */
    size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
    unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    if (n == 0 || left < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return n;
}

bool gui_utf8_valid(const char *data, size_t len)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < len;) {
        size_t n = gui_utf8_char(p + i, len - i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

/* ---- Fragmented messages ----------------------------------------------------------------- */

void gui_frames_clear(struct gui_frames *f)
{
    free(f->buf);
    memset(f, 0, sizeof *f);
}

static enum gui_frames_result frames_error(struct gui_frames *f, char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    gui_frames_clear(f);
    return GUI_FRAMES_ERROR;
}

/* Keeps a frame's bytes while the message stays within max (buf has room for max). */
static void frames_keep(struct gui_frames *f, const char *data, size_t len, size_t max)
{
    f->total += len;
    if (f->total <= max && f->buf) {
        memcpy(f->buf + f->len, data, len);
        f->len += len;
    }
}

enum gui_frames_result gui_frames_add(struct gui_frames *f, int opcode, bool fin, const char *data, size_t len,
                                      size_t max, const char **msg, size_t *msg_len, char *err, size_t errlen)
{
    if (!f->open) /* the message last passed on is done with */
        gui_frames_clear(f);
    if (opcode == 0 && !f->open)
        return frames_error(f, err, errlen, "unexpected continuation frame (no message to continue)");
    if (opcode != 0 && f->open)
        return frames_error(f, err, errlen, "a new message began before the last one ended");
    if (opcode != 0 && fin) { /* the usual case: a whole message in one frame */
        *msg = data;
        *msg_len = len;
        return GUI_FRAMES_MESSAGE;
    }
    if (opcode != 0) {
        f->buf = malloc(max);
        if (!f->buf)
            return frames_error(f, err, errlen, "out of memory");
        f->open = true;
    }
    frames_keep(f, data, len, max);
    if (!fin)
        return GUI_FRAMES_MORE;
    if (f->total > max) {
        snprintf(err, errlen, "message too long (%zu bytes, at most %zu)", f->total, max);
        gui_frames_clear(f);
        return GUI_FRAMES_ERROR;
    }
    f->open = false;
    f->total = 0;
    *msg = f->buf;
    *msg_len = f->len;
    f->len = 0;
    return GUI_FRAMES_MESSAGE;
}
