#include <stdio.h>
#include <string.h>

#include "variants/registry.h"

extern const struct variant variant_normal;
extern const struct variant variant_dialectic;
extern const struct variant variant_hegelian;
extern const struct variant variant_interweave;
extern const struct variant variant_polypiece;
extern const struct variant variant_polypiece_phased;
extern const struct variant variant_interdependent;
extern const struct variant variant_nickdanger;

static const struct variant *const registry[] = {
    &variant_normal,
    &variant_dialectic,
    &variant_hegelian,
    &variant_interweave,
    &variant_polypiece,
    &variant_polypiece_phased,
    &variant_interdependent,
    &variant_nickdanger,
};

#define REGISTRY_SIZE ((int)(sizeof registry / sizeof registry[0]))

int variant_count(void) { return REGISTRY_SIZE; }

const struct variant *variant_at(int i) { return i >= 0 && i < REGISTRY_SIZE ? registry[i] : NULL; }

const struct variant *variant_find(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (strcmp(registry[i]->id, id) == 0)
            return registry[i];
    return NULL;
}

static int check_geometry(const struct variant *v, char *err, size_t errlen)
{
    const struct geometry *g = &v->geo;
    if (g->files < 1 || g->files > BOARD_MAX_COLS || g->ranks < 1 || g->ranks > BOARD_MAX_RANKS) {
        snprintf(err, errlen, "variant %s: board %dx%d does not fit the mailbox", v->id, g->files, g->ranks);
        return -1;
    }
    for (int f = 0; f < g->files; f++) {
        int col = g->file_col[f];
        if (col < 0 || col >= BOARD_MAX_COLS || (f > 0 && col <= g->file_col[f - 1])) {
            snprintf(err, errlen, "variant %s: file %c has a bad column %d", v->id, 'a' + f, col);
            return -1;
        }
    }
    return 0;
}

static int check_entry(const struct variant *v, char *err, size_t errlen)
{
    if (!v->id || !v->title || !v->start_fen || !v->piece_letters) {
        snprintf(err, errlen, "variant %s: missing id, title, start FEN or piece letters", v->id ? v->id : "?");
        return -1;
    }
    if (!v->generate || !v->make || !v->unmake || !v->in_check || !v->is_capture || !v->outcome ||
        !v->format_step || !v->evaluate) {
        snprintf(err, errlen, "variant %s: a required rule hook is missing", v->id);
        return -1;
    }
    if (v->ext_size < 0 || v->ext_size > EXT_STATE_SIZE || (v->ext_size > 0 && !v->ext_key)) {
        snprintf(err, errlen, "variant %s: bad variant state size %d or no key for it", v->id, v->ext_size);
        return -1;
    }
    if ((int)strlen(v->piece_letters) > MAX_TYPES || v->royal_type >= (int)strlen(v->piece_letters)) {
        snprintf(err, errlen, "variant %s: bad piece letters or royal type", v->id);
        return -1;
    }
    if (v->has_san && (!v->steps_are_turns || !strchr(v->piece_letters, 'P'))) {
        snprintf(err, errlen, "variant %s: SAN needs single-step turns and a Pawn 'P'", v->id);
        return -1;
    }
    for (int i = 0; i < REGISTRY_SIZE && registry[i] != v; i++)
        if (strcmp(registry[i]->id, v->id) == 0) {
            snprintf(err, errlen, "variant %s: listed twice", v->id);
            return -1;
        }
    return check_geometry(v, err, errlen);
}

int variant_check_all(char *err, size_t errlen)
{
    for (int i = 0; i < REGISTRY_SIZE; i++)
        if (check_entry(registry[i], err, errlen))
            return -1;
    return 0;
}
