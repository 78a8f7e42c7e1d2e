/* Draw offers between the players. A person's offer to a person waits for
 * the page's accept_draw or decline_draw. A person's offer to a CECP engine
 * is sent as `draw` by the engine thread when the engine is idle in the
 * current game (a person to move: at once, or right after the engine's move
 * when it was thinking or had not started), and its answer awaited with
 * `ping`: `offer draw` accepts, silence declines. UCI engines and built-in
 * players cannot answer and decline at once. An engine's own `offer draw`
 * stands for the person until the person plays on. */
#include <stdio.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_internal.h"

#define DRAW_ANSWER_MS 5000 /* the longest an idle engine may take to answer an offer */

static const char *side_name(Color c) { return c == WHITE ? "White" : "Black"; }

/* How the note names a side's player: a person by colour, an engine by name. */
static void who(const struct gui_session *s, Color c, char *out, size_t n)
{
    if (gui_player_is_human(s->player_id[c]))
        snprintf(out, n, "%s", side_name(c));
    else
        gui_player_name(s, s->player_id[c], out, n);
}

void gui_offers_reset(struct gui_session *s)
{
    s->draw_offer = -1;
    s->draw_to_engine = false;
    s->takeback_offer = -1;
    s->note[0] = '\0';
}

/* The offer to `to` is declined; `how` follows the player's name. */
static void declined(struct gui_session *s, Color to, const char *how)
{
    char name[128];
    who(s, to, name, sizeof name);
    snprintf(s->note, sizeof s->note, "%s %s", name, how);
    s->draw_offer = -1;
    s->draw_to_engine = false;
}

void gui_offers_after_turn(struct gui_session *s, Color mover)
{
    s->takeback_offer = -1; /* a take-back asked for lapses with the next turn */
    if (s->draw_offer == (int)mover || s->draw_to_engine)
        return; /* an offer made with the turn stands for the opponent; one on its way to an engine waits */
    s->note[0] = '\0';
    if (s->draw_offer >= 0)
        declined(s, mover, "declines the draw");
}

void gui_draw_agreed(struct gui_session *s)
{
    gui_offers_reset(s);
    gui_set_result(s, RESULT_DRAW, "Draw by agreement");
    gui_game_changed(s);
}

/* Can engine `id` answer a draw offer? Only over CECP (UCI has no offers). */
static bool may_answer(const struct gui_session *s, const char *id)
{
    int n = gui_engine_index(s, id);
    if (n < 0)
        return false; /* a built-in player */
    const struct engine_info *e = &s->engine_info[n];
    return e->status != ENGINE_READY || e->protocol == PROTO_CECP; /* unknown: asked once it runs */
}

static void cannot_answer(struct gui_session *s, Color to)
{
    int n = gui_engine_index(s, s->player_id[to]);
    bool uci = n >= 0 && s->engine_info[n].protocol == PROTO_UCI;
    declined(s, to, uci ? "cannot answer a draw offer (UCI has none): declined" : "does not take draw offers: declined");
}

void gui_deliver_draw_offer(struct gui_session *s)
{
    Color to = (Color)!s->draw_offer;
    const char *id = s->player_id[to];
    if (gui_player_is_human(id))
        return;
    if (!may_answer(s, id)) {
        cannot_answer(s, to);
        return;
    }
    s->draw_to_engine = true;
    gui_wake(s);
}

bool gui_draw_exchange_due(const struct gui_session *s)
{
    if (s->over || s->draw_offer < 0 || !s->draw_to_engine)
        return false;
    Color to = (Color)!s->draw_offer;
    const struct engine_slot *slot = &s->slot[to];
    return s->game.pos->side != to && slot->p.running && strcmp(slot->id, s->player_id[to]) == 0 && !s->fresh[to] && slot->p.known == s->game.count;
}

void gui_draw_exchange(struct gui_session *s)
{
    Color to = (Color)!s->draw_offer;
    struct engine_slot *slot = &s->slot[to];
    unsigned generation = s->generation;
    s->draw_to_engine = false;
    struct line_ctx lctx = {s, to, generation};
    slot->p.line_ctx = &lctx; /* its `offer draw` reaches gui_engine_offers_draw */
    pthread_mutex_unlock(&s->lock);
    struct reply r;
    int answer = slot->p.protocol == PROTO_CECP ? cecp_offer_draw(&slot->p, clock_ms() + DRAW_ANSWER_MS, &r) : -2;
    pthread_mutex_lock(&s->lock);
    slot->p.line_ctx = NULL;
    if (answer == -1) {
        player_quit(&slot->p); /* out of step: started afresh for its next turn */
        slot->id[0] = '\0';
    }
    if (s->generation != generation || s->over || s->draw_offer != (int)!to)
        return; /* accepted, or the game went on meanwhile */
    if (answer == -2)
        cannot_answer(s, to);
    else
        declined(s, to, answer < 0 ? "did not answer the draw offer" : "declines the draw");
    gui_broadcast_state(s);
}

void gui_engine_offers_draw(struct gui_session *s, Color side, unsigned generation)
{
    if (s->generation != generation || s->over)
        return;
    if (s->draw_offer == (int)!side) {
        gui_draw_agreed(s);
        return;
    }
    if (s->draw_offer >= 0)
        return;
    char name[128];
    who(s, side, name, sizeof name);
    s->draw_offer = side;
    s->draw_to_engine = false;
    snprintf(s->note, sizeof s->note, "%s offers a draw", name);
    gui_broadcast_state(s);
}
