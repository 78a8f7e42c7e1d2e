/* Rule Zero: Interweave (Peter Aronson, 2002), shared between its files.
 *
 * Every piece is colourbound and captures by leaping, approaching, removing
 * or sandwiching; captures are compulsory and go on with the same piece, so a
 * turn is a chain of steps. The step is the unit of generation and make; the
 * state block below says which piece must go on (`pending`) and whose Pawn
 * may be taken en passant. The rules are in docs/rules/interweave.md
 * and the choices made here in docs/variants/interweave.md. */
#ifndef RULEZERO_INTERWEAVE_H
#define RULEZERO_INTERWEAVE_H

#include "variants/registry.h"

enum iw_type { IW_PAWN = 1, IW_SMASHER, IW_LEAPER, IW_REMOVER, IW_KING, IW_TYPES };

/* Step layout (variants/core/types.h): from, to, kind; bits 22..25 the promotion
 * type (0 = none), bit 26 set when the step captures. A Remover's capture is
 * from == to with kind IW_REMOVE. */
#define IW_CAPTURE_BIT (1u << 26)
#define IW_EXTRA_CAPTURE 16
#define IW_REMOVE MK_VARIANT1
#define IW_MAX_VICTIMS 4

struct POSITION_EXT_TYPE iw_state {
    uint16_t pending;   /* square of the piece that must capture again, 0 at a turn start */
    uint16_t ep_victim; /* the Pawn that just double-stepped (with pos->ep), 0 when none */
    uint8_t kings[2];   /* Kings on the board, by colour */
    uint8_t pad[2];
};

POSITION_EXT_ACCESSORS(struct iw_state, iw_state, iw_cstate)

/* Zobrist slots (zobrist.ext): the square of the piece that must capture
 * again, and the Pawn that just double-stepped. */
#define IW_KEY_PENDING 0
#define IW_KEY_EP_VICTIM BOARD_SIZE
_Static_assert(IW_KEY_EP_VICTIM + BOARD_SIZE <= ZOBRIST_EXT_KEYS, "Interweave's keys fit zobrist.ext");

static inline bool iw_is_capture_step(Move m) { return (m & IW_CAPTURE_BIT) != 0; }

/* The squares a step removes pieces from, in the position before it (up to 4). */
int iw_victims(const struct position *pos, Move m, Square out[IW_MAX_VICTIMS]);

/* Rule hooks (interweave.c). */
void iw_generate(struct position *pos, struct move_list *list);
void iw_generate_noisy(struct position *pos, struct move_list *list);
void iw_make(struct position *pos, Move m);
void iw_unmake(struct position *pos, Move m);
uint64_t iw_count_turns(struct position *pos);

/* Evaluation (interweave_eval.c). */
int iw_evaluate(const struct position *pos);
extern const struct eval_params iw_eval_params; /* its weights, for the tuner */
extern const int iw_piece_values[MAX_TYPES];
/* Steps on the board: orthogonal, diagonal, and the Double Knight's leaps
 * (2,4)/(4,2) with their midpoints (1,2)/(2,1), index for index. */
extern const int iw_orth[4], iw_diag[4], iw_dknight_to[8], iw_dknight_mid[8];

/* XBoard (interweave_xboard.c). */
void iw_xboard_move(const struct position *pos, const char *turn_text, char *out, size_t n);
void iw_xboard_parse(const struct position *pos, const char *xboard_text, char *out, size_t n);

#endif
