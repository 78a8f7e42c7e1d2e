/* Rule Zero GUI: what a page's message goes through before it is parsed
 * (docs/gui-protocol.md, "Limits"): the reassembly of a message sent in
 * several WebSocket frames (RFC 6455, 5.4), and a scan of the raw text that
 * refuses NUL characters and deep nesting. cJSON parses nested arrays and
 * objects by recursion, one stack frame or two a level: without the scan,
 * 450 '[' overflowed a civetweb worker's stack and ended the program. */
#ifndef RULEZERO_GUI_INBOUND_H
#define RULEZERO_GUI_INBOUND_H

#include <stdbool.h>
#include <stddef.h>

/* The most arrays and objects nested in one another (our messages use 4). */
#define GUI_MAX_DEPTH 32

/* 0 when `data` may go to the JSON parser; otherwise -1 and why in err:
 * a NUL (a 0 byte, or \u0000 in a string: the parser would cut the string
 * there, so "e2e4\u0000" would read as "e2e4"), or more than GUI_MAX_DEPTH
 * arrays and objects open at once (brackets inside strings do not count). */
int gui_inbound_check(const char *data, size_t len, char *err, size_t errlen);

/* The length of the UTF-8 character at p (at most `left` bytes there): 1 to
 * 4, or 0 when the bytes are not one (RFC 3629: no overlong form, no
 * surrogate, nothing above U+10FFFF, no sequence cut short). */
size_t gui_utf8_char(const unsigned char *p, size_t left);
/* Whether data is valid UTF-8 from end to end (a text frame must be: RFC 6455, 8.1). */
bool gui_utf8_valid(const char *data, size_t len);

/* One connection's message in the making. Zero it to start. */
struct gui_frames {
    char *buf;    /* the frames so far (NULL until a message is fragmented) */
    size_t len;   /* bytes kept in buf */
    size_t total; /* bytes received for this message, kept or not */
    bool open;    /* a first frame without FIN came: continuations expected */
};

enum gui_frames_result {
    GUI_FRAMES_MORE,    /* a part of a message: wait for the next frame */
    GUI_FRAMES_MESSAGE, /* *msg, *msg_len: a whole message (valid until the next call) */
    GUI_FRAMES_ERROR,   /* why in err; the message so far is dropped */
};

/* Adds one data frame: opcode 1 (text), 2 (binary) or 0 (continuation),
 * fin for the last frame of a message. A fragmented message is kept up to
 * `max` bytes; a longer one is refused when its last frame comes. A single
 * frame is passed on as it is (its length is the handler's to check). */
enum gui_frames_result gui_frames_add(struct gui_frames *f, int opcode, bool fin, const char *data, size_t len,
                                      size_t max, const char **msg, size_t *msg_len, char *err, size_t errlen);
/* Frees what is kept and zeroes f. */
void gui_frames_clear(struct gui_frames *f);

#endif
