/* A game with seats (docs/gui-protocol.md, "Seats"): who may send which
 * message, and the take-back the other seat must agree to. The server with a
 * lobby (gui_lobby.c) says who sent each message (struct gui_actor); this
 * gate runs, with the session's lock held, before the message's handler. */
#include <stdio.h>
#include <string.h>

#include "variants/core/clock.h"
#include "protocol/gui/gui_internal.h"

static const char *const side_title[2] = {"White", "Black"};

static int refuse(const struct gui_request *r, const char *why)
{
    gui_send_error(r->reply, r->reply_ctx, "refused: %s", why);
    return GUI_GATE_REFUSED;
}

static bool holds_a_seat(const struct gui_actor *a) { return a->plays[WHITE] || a->plays[BLACK]; }

static const char *type_of(const cJSON *msg)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(msg, "type");
    return cJSON_IsString(t) ? t->valuestring : "";
}

static bool is_one_of(const char *type, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(type, *list) == 0)
            return true;
    return false;
}

/* Messages that change nothing: anyone who sees the game may send them. */
static const char *const watching[] = {"hello", "view", "pgn", "save", NULL};
/* Messages that start another game in this one's place: its creator's. */
static const char *const creating[] = {"new_game", "load_fen", NULL};
/* A side's own acts: its seat's holder's. */
static const char *const side_acts[] = {"resign", "offer_draw", "accept_draw", "decline_draw", NULL};
/* The analysis board is engine help: nobody's while the game goes on. */
static const char *const analysing[] = {"analyse",       "analysis_turn", "analysis_back", "analysis_multipv",
                                        "analysis_goto", "analysis_stop", "analyse_game",  NULL};
/* The game's controls: a seat's or the creator's. */
static const char *const controls[] = {"stop", "resume", "move_now", NULL};

int gui_color_field(const cJSON *msg, int *side)
{
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(msg, "color");
    *side = -1;
    if (!c)
        return 0;
    if (cJSON_IsString(c) && (strcmp(c->valuestring, "white") == 0 || strcmp(c->valuestring, "black") == 0)) {
        *side = strcmp(c->valuestring, "white") == 0 ? WHITE : BLACK;
        return 1;
    }
    return -1;
}

/* A side act's side: the sender's seat, whatever the message says (a
 * `color` naming it is allowed, the gate refused any other). Both seats
 * (one browser holding both links): the message's `color`, else -1 (the
 * handler's rule for two people at one page). */
static int side_act(const struct gui_request *r, const struct gui_actor *a, const cJSON *msg, int *side)
{
    if (!holds_a_seat(a))
        return refuse(r, "only a player may do that (you watch this game)");
    if (a->plays[WHITE] != a->plays[BLACK])
        *side = a->plays[WHITE] ? WHITE : BLACK;
    else
        gui_color_field(msg, side);
    return GUI_GATE_PASS;
}

/* Takes back until it is `asker`'s turn again, one of its turns undone. */
static void take_back(struct gui_session *s, Color asker)
{
    bool undid_own = false;
    while (s->game.count > 0 && (!undid_own || s->game.pos->side != asker)) {
        undid_own = undid_own || s->game.turns[s->game.count - 1].side == asker;
        game_undo(&s->game);
    }
    gui_after_take_back(s);
}

static bool played_a_turn(const struct gui_session *s, Color c)
{
    for (int i = 0; i < s->game.count; i++)
        if (s->game.turns[i].side == c)
            return true;
    return false;
}

/* `undo` from a seat: a request the other seat must grant, unless an engine
 * holds it; the same from the other seat (or accept_takeback) grants it. */
static int takeback(const struct gui_request *r, const struct gui_actor *a, bool accept)
{
    struct gui_session *s = r->s;
    if (!holds_a_seat(a))
        return refuse(r, "only a player may take back (you watch this game)");
    if (s->over)
        return refuse(r, "the game is over");
    int standing = s->takeback_offer;
    if (standing >= 0 && a->plays[!standing]) { /* the other seat grants it */
        take_back(s, (Color)standing);
        return GUI_GATE_DONE;
    }
    if (accept)
        return refuse(r, "no take-back asked of you");
    Color asker = a->plays[WHITE] && a->plays[BLACK] ? (Color)!s->game.pos->side : a->plays[WHITE] ? WHITE : BLACK;
    if (!played_a_turn(s, asker))
        return refuse(r, "nothing to take back");
    bool other_is_person = gui_player_is_human(s->player_id[!asker]);
    if (!other_is_person || (a->plays[WHITE] && a->plays[BLACK])) {
        take_back(s, asker);
        return GUI_GATE_DONE;
    }
    s->takeback_offer = asker;
    snprintf(s->note, sizeof s->note, "%s asks to take back", side_title[asker]);
    gui_broadcast_state(s);
    return GUI_GATE_DONE;
}

static int decline_takeback(const struct gui_request *r, const struct gui_actor *a)
{
    struct gui_session *s = r->s;
    int standing = s->takeback_offer;
    if (standing < 0 || !a->plays[!standing])
        return refuse(r, "no take-back asked of you");
    s->takeback_offer = -1;
    snprintf(s->note, sizeof s->note, "%s declines the take-back", side_title[!standing]);
    gui_broadcast_state(s);
    return GUI_GATE_DONE;
}

/* `stop`, `resume`, `move_now`: a seat's or the creator's; `stop` freezes
 * the clock of the side to move, so not while a person plays. */
static int control(const struct gui_request *r, const struct gui_actor *a, const char *type)
{
    const struct gui_session *s = r->s;
    if (!holds_a_seat(a) && !a->creator)
        return refuse(r, "only a player may do that");
    if (strcmp(type, "stop") == 0 &&
        (gui_player_is_human(s->player_id[WHITE]) || gui_player_is_human(s->player_id[BLACK])))
        return refuse(r, "a game a person plays is not stopped (it would freeze the clock of the side to move)");
    return GUI_GATE_PASS;
}

int gui_seat_gate(const struct gui_request *r, const struct gui_actor *a, const cJSON *msg, int *side)
{
    const char *type = type_of(msg);
    struct gui_session *s = r->s;
    int named;
    *side = -1;
    /* Any message may say whose it is; a side it names must be the sender's. */
    int color = gui_color_field(msg, &named);
    if (color < 0)
        return refuse(r, "bad color (\"white\" or \"black\", your own side)");
    if (color > 0 && !a->plays[named])
        return refuse(r, "that is not your side");
    if (is_one_of(type, watching))
        return GUI_GATE_PASS;
    if (strcmp(type, "restore") == 0) /* a record may say anything, a result included */
        return refuse(r, "a game with seats is restored from its file only");
    if (is_one_of(type, creating))
        return a->creator ? GUI_GATE_PASS : refuse(r, "only the game's creator may start another game in it");
    if (strcmp(type, "turn") == 0)
        return a->plays[s->game.pos->side] ? GUI_GATE_PASS
               : holds_a_seat(a)           ? refuse(r, "not your turn")
                                           : refuse(r, "only a player may move (you watch this game)");
    if (is_one_of(type, side_acts))
        return side_act(r, a, msg, side);
    if (strcmp(type, "undo") == 0 || strcmp(type, "accept_takeback") == 0)
        return takeback(r, a, strcmp(type, "accept_takeback") == 0);
    if (strcmp(type, "decline_takeback") == 0)
        return decline_takeback(r, a);
    if (is_one_of(type, analysing))
        return s->over && (holds_a_seat(a) || a->creator) ? GUI_GATE_PASS
                                                           : refuse(r, "no analysis while the game goes on");
    if (is_one_of(type, controls))
        return control(r, a, type);
    return GUI_GATE_PASS; /* unknown: the handler says so */
}
