#include "variants/core/fen.h"

#include "variants/core/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/text.h"
#include "variants/core/variant.h"

#define MAX_FIELDS 16


static int type_of_letter(const struct variant *v, char c)
{
    char upper = (char)toupper((unsigned char)c);
    for (int t = 1; v->piece_letters[t]; t++)
        if (v->piece_letters[t] == upper && upper != '.')
            return t;
    return 0;
}

static int read_holdings(struct position *pos, const struct variant *v, const char *text, char *err, size_t errlen)
{
    for (const char *s = text; *s; s++) {
        if (*s == '-')
            continue;
        int type = type_of_letter(v, *s);
        if (!type || type == v->royal_type)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): holdings: '%c' cannot be in hand", *s);
        Color c = isupper((unsigned char)*s) ? WHITE : BLACK;
        if (pos->hand[c][type] >= MAX_HAND)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): holdings: too many '%c'", *s);
        pos->hand[c][type]++;
    }
    return 0;
}

static int read_rank(struct position *pos, const struct variant *v, const char *s, size_t len, int rank, char *err,
                     size_t errlen)
{
    int file = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (isdigit((unsigned char)c)) {
            int n = 0;
            while (i < len && isdigit((unsigned char)s[i]) && n <= 99)
                n = n * 10 + (s[i++] - '0');
            i--;
            if (n == 0)
                return error_set(err, errlen, "invalid FEN: field 1 (placement): rank %d: empty-square count 0", rank + 1);
            file += n;
        } else {
            int type = type_of_letter(v, c);
            if (!type)
                return error_set(err, errlen, "invalid FEN: field 1 (placement): rank %d: unknown piece letter '%c'", rank + 1, c);
            if (file >= v->geo.files)
                return error_set(err, errlen, "invalid FEN: field 1 (placement): rank %d has more than %d files", rank + 1,
                            v->geo.files);
            Color color = isupper((unsigned char)c) ? WHITE : BLACK;
            if (pos->pcount[color] >= MAX_PIECES)
                return error_set(err, errlen, "invalid FEN: field 1 (placement): too many pieces");
            pos_put(pos, geo_square(&v->geo, file, rank), make_piece(color, type));
            file++;
        }
        if (file > v->geo.files)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): rank %d has more than %d files", rank + 1, v->geo.files);
    }
    if (file != v->geo.files)
        return error_set(err, errlen, "invalid FEN: field 1 (placement): rank %d has %d files, expected %d", rank + 1, file,
                    v->geo.files);
    return 0;
}

static int read_placement(struct position *pos, const struct variant *v, char *field, char *err, size_t errlen)
{
    char *bracket = strchr(field, '[');
    if (bracket) {
        if (!v->has_hands)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): this variant has no holdings '['");
        char *close = strchr(bracket, ']');
        if (!close || close[1] != '\0')
            return error_set(err, errlen, "invalid FEN: field 1 (placement): holdings must end with ']'");
        *close = '\0';
        *bracket = '\0';
        if (read_holdings(pos, v, bracket + 1, err, errlen))
            return -1;
    }
    int rank = v->geo.ranks - 1;
    const char *s = field;
    for (;;) {
        const char *end = strchr(s, '/');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (rank < 0)
            return error_set(err, errlen, "invalid FEN: field 1 (placement): more than %d ranks", v->geo.ranks);
        if (read_rank(pos, v, s, len, rank, err, errlen))
            return -1;
        rank--;
        if (!end)
            break;
        s = end + 1;
    }
    if (rank != -1)
        return error_set(err, errlen, "invalid FEN: field 1 (placement): %d ranks, expected %d", v->geo.ranks - 1 - rank,
                    v->geo.ranks);
    return 0;
}

static int read_castling(struct position *pos, const struct variant *v, const char *field, char *err, size_t errlen)
{
    if (strcmp(field, "-") == 0)
        return 0;
    if (!v->has_castling)
        return error_set(err, errlen, "invalid FEN: field 3 (castling): must be '-' in %s", v->id);
    static const char letters[] = "KQkq";
    int rights = 0;
    for (const char *s = field; *s; s++) {
        const char *hit = strchr(letters, *s);
        if (!hit)
            return error_set(err, errlen, "invalid FEN: field 3 (castling): unexpected '%c'", *s);
        int bit = 1 << (hit - letters);
        if (rights & bit)
            return error_set(err, errlen, "invalid FEN: field 3 (castling): '%c' twice", *s);
        rights |= bit;
    }
    pos->castling = (uint8_t)rights;
    return 0;
}

static int read_ep(struct position *pos, const struct variant *v, const char *field, char *err, size_t errlen)
{
    if (v->read_ep)
        return v->read_ep(pos, field, err, errlen);
    if (strcmp(field, "-") == 0)
        return 0;
    const char *s = field;
    Square sq = geo_parse_square(&v->geo, &s);
    if (sq == NO_SQUARE || *s)
        return error_set(err, errlen, "invalid FEN: field 4 (en passant): '%s' is not a square", field);
    pos->ep = sq;
    return 0;
}

static int read_counter(const char *field, int min, int *out)
{
    if (!*field || strlen(field) > 6)
        return -1;
    for (const char *s = field; *s; s++)
        if (!isdigit((unsigned char)*s))
            return -1;
    int n = atoi(field);
    if (n < min)
        return -1;
    *out = n;
    return 0;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

static int split_fields(char *buf, char **fields) { return text_split(buf, " \t\r\n", fields, MAX_FIELDS); }

static int parse_into(struct position *tmp, const struct variant *v, const void *rules, char *buf, char *err,
                      size_t errlen)
{
    char *fields[MAX_FIELDS];
    int n = split_fields(buf, fields);
    if (n < 0)
        return error_set(err, errlen, "invalid FEN: too many fields");
    if (n == 0)
        return error_set(err, errlen, "invalid FEN: empty");
    if (n < 2)
        return error_set(err, errlen, "invalid FEN: field 2 (side to move) is missing");
    position_clear(tmp, v, rules);
    if (!tmp->rules && v->reset_rules)
        return error_set(err, errlen, "invalid FEN: out of memory for the rules of %s", v->id);
    if (read_placement(tmp, v, fields[0], err, errlen))
        return -1;
    if (strcmp(fields[1], "w") == 0)
        tmp->side = WHITE;
    else if (strcmp(fields[1], "b") == 0)
        tmp->side = BLACK;
    else
        return error_set(err, errlen, "invalid FEN: field 2 (side to move): '%s', expected 'w' or 'b'", fields[1]);
    if (n > 2 && read_castling(tmp, v, fields[2], err, errlen))
        return -1;
    if (n > 3 && read_ep(tmp, v, fields[3], err, errlen))
        return -1;
    int next = n < 4 ? n : 4; /* the variant's fields follow the four standard ones */
    if (n > 4 && all_digits(fields[4]) && (n > 5 || !v->read_extra || v->ext_size == 0)) {
        if (read_counter(fields[4], 0, &tmp->halfmove))
            return error_set(err, errlen, "invalid FEN: field 5 (halfmove clock): '%s'", fields[4]);
        next = 5;
        if (n > 5) {
            if (read_counter(fields[5], 1, &tmp->fullmove))
                return error_set(err, errlen, "invalid FEN: field 6 (fullmove number): '%s'", fields[5]);
            next = 6;
        }
    }
    if (v->read_extra) {
        if (v->read_extra(tmp, fields + next, n - next, err, errlen))
            return -1;
    } else if (n > next) {
        return error_set(err, errlen, "invalid FEN: field %d: unexpected '%s'", next + 1, fields[next]);
    }
    tmp->key = position_compute_key(tmp);
    if (v->validate && v->validate(tmp, err, errlen))
        return -1;
    return 0;
}

int fen_read(struct position *pos, const struct variant *v, const char *fen, char *err, size_t errlen)
{
    return fen_read_rules(pos, v, NULL, fen, err, errlen);
}

int fen_read_rules(struct position *pos, const struct variant *v, const void *rules, const char *fen, char *err,
                   size_t errlen)
{
    if (!fen)
        return error_set(err, errlen, "invalid FEN: empty");
    size_t len = strlen(fen);
    if (len >= FEN_MAX_LEN)
        return error_set(err, errlen, "invalid FEN: longer than %d characters", FEN_MAX_LEN - 1);
    char buf[FEN_MAX_LEN];
    memcpy(buf, fen, len + 1);
    /* The FEN is read into `pos` itself, and on an error what it held is put
     * back: reading writes only the part a FEN describes and the step counters
     * (position_clear; no variant's reader or validator makes a step), which
     * are saved here first. (A scratch position per read, with its undo stack
     * of about 440 KB, was a mapping made and unmade each time under
     * AddressSanitizer: minutes of the sanitizer tests.) */
    unsigned char saved[offsetof(struct position, history)];
    memcpy(saved, pos, sizeof saved);
    int rc = parse_into(pos, v, rules, buf, err, errlen);
    if (rc == 0) {
        pos->ply = 0;
        pos->root_ply = 0;
    } else {
        memcpy(pos, saved, sizeof saved);
    }
    return rc;
}

static size_t write_placement(const struct position *pos, char *out, size_t n)
{
    const struct variant *v = pos->variant;
    size_t len = 0;
    for (int rank = v->geo.ranks - 1; rank >= 0; rank--) {
        int empties = 0;
        for (int file = 0; file < v->geo.files; file++) {
            Piece p = pos->board[geo_square(&v->geo, file, rank)];
            if (p == EMPTY || p == OFFBOARD) { /* a removed square (Shifted Square) is written as empty */
                empties++;
                continue;
            }
            if (empties)
                len += (size_t)snprintf(out + len, n - len, "%d", empties);
            empties = 0;
            char letter = v->piece_letters[piece_type(p)];
            len += (size_t)snprintf(out + len, n - len, "%c",
                                    piece_color(p) == WHITE ? letter : tolower((unsigned char)letter));
        }
        if (empties)
            len += (size_t)snprintf(out + len, n - len, "%d", empties);
        if (rank > 0)
            len += (size_t)snprintf(out + len, n - len, "/");
    }
    if (v->has_hands) {
        len += (size_t)snprintf(out + len, n - len, "[");
        for (Color c = WHITE; c <= BLACK; c++)
            for (int t = 1; v->piece_letters[t]; t++)
                for (int k = 0; k < pos->hand[c][t]; k++) {
                    char letter = v->piece_letters[t];
                    len += (size_t)snprintf(out + len, n - len, "%c",
                                            c == WHITE ? letter : tolower((unsigned char)letter));
                }
        len += (size_t)snprintf(out + len, n - len, "]");
    }
    return len;
}

void fen_write(const struct position *pos, char *out, size_t n)
{
    const struct variant *v = pos->variant;
    size_t len = write_placement(pos, out, n);
    len += (size_t)snprintf(out + len, n - len, " %c ", pos->side == WHITE ? 'w' : 'b');
    if (pos->castling == 0)
        len += (size_t)snprintf(out + len, n - len, "-");
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1 << i))
            len += (size_t)snprintf(out + len, n - len, "%c", "KQkq"[i]);
    len += (size_t)snprintf(out + len, n - len, " ");
    if (v->write_ep) {
        v->write_ep(pos, out + len, n - len);
        len += strlen(out + len);
    } else if (pos->ep == NO_SQUARE) {
        len += (size_t)snprintf(out + len, n - len, "-");
    } else {
        char name[8];
        geo_square_name(&v->geo, pos->ep, name);
        len += (size_t)snprintf(out + len, n - len, "%s", name);
    }
    len += (size_t)snprintf(out + len, n - len, " %d %d", pos->halfmove, pos->fullmove);
    if (v->write_extra && len + 1 < n) {
        out[len++] = ' ';
        out[len] = '\0';
        v->write_extra(pos, out + len, n - len);
        if (out[len] == '\0')
            out[--len] = '\0';
    }
}
