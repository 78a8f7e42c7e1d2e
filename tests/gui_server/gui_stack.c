/* The stack the GUI's message handler needs (docs/reliability.md): a session
 * without engine threads is sent, on one thread, the deepest message the scan
 * lets through (GUI_MAX_DEPTH), a hello, and in every variant a new game,
 * turns, a view, an undo, the analysis board (opened, a turn played and
 * taken back, the game analysed, closed), and each bench position with a
 * turn played in it;
 * then /api/state and /game.pgn are made. First on a painted 1 MiB stack, to
 * measure the deepest point; then again on the server's runner thread
 * (protocol/gui/gui_runner.h), where the server does this work.
 * Fails when the measure (the thread's own data included) is over a quarter
 * of GUI_RUNNER_STACK; under AddressSanitizer, whose frames are bigger, over
 * half of it. Usage: gui_stack [-v]   (-v: the figure per step) */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variants/core/turn.h"
#include <pthread.h>

#include "protocol/gui/gui_inbound.h"
#include "protocol/gui/gui_runner.h"
#include "protocol/gui/gui_session.h"
#include "variants/registry.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(UNDER_ASAN)
#define UNDER_ASAN 1
#endif

#define PAINT 0xA5

/* fn(arg) on a thread whose stack (`stack` bytes, ours) is painted first: the
 * bytes it used at its deepest (the thread's own data at the stack's top
 * included), or -1. The stack grows down, so the lowest byte changed marks it. */
static long stack_used(void *(*fn)(void *), void *arg, size_t stack)
{
    unsigned char *mem = NULL;
    if (posix_memalign((void **)&mem, 65536, stack))
        return -1;
    memset(mem, PAINT, stack);
    pthread_attr_t attr;
    pthread_t t;
    long used = -1;
    if (pthread_attr_init(&attr) == 0 && pthread_attr_setstack(&attr, mem, stack) == 0 &&
        pthread_create(&t, &attr, fn, arg) == 0 && pthread_join(t, NULL) == 0) {
        size_t low = 0;
        while (low < stack && mem[low] == PAINT)
            low++;
        used = (long)(stack - low);
    }
    pthread_attr_destroy(&attr);
    free(mem);
    return used;
}

struct run {
    struct gui_session *s;
    char *last;   /* the last message sent back */
    int errors;   /* `error` replies */
    bool verbose;
};

static void keep_reply(void *ctx, const char *text, size_t len)
{
    struct run *r = ctx;
    free(r->last);
    r->last = strndup(text, len);
    if (strstr(r->last, "\"type\":\"error\""))
        r->errors++;
}

static void ignore(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    (void)text;
    (void)len;
}

static void send_text(struct run *r, const char *text) { gui_session_handle(r->s, text, strlen(text), keep_reply, r); }

static void send_json(struct run *r, cJSON *o)
{
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    send_text(r, text);
    free(text);
}

/* A node's whole map of clicks (a new object): its `next`, over the whole map of its `like` (an
 * earlier node) less the clicks in `not` (docs/gui-protocol.md). */
static cJSON *whole_map(const cJSON *nodes, const cJSON *node, int index)
{
    const cJSON *like = cJSON_GetObjectItemCaseSensitive(node, "like");
    cJSON *map = cJSON_IsNumber(like) && like->valueint >= 0 && like->valueint < index
                     ? whole_map(nodes, cJSON_GetArrayItem(nodes, like->valueint), like->valueint)
                     : cJSON_CreateObject();
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(node, "not"))
        if (cJSON_IsString(c))
            cJSON_DeleteItemFromObjectCaseSensitive(map, c->valuestring);
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(node, "next")) {
        cJSON_DeleteItemFromObjectCaseSensitive(map, c->string);
        cJSON_AddItemToObject(map, c->string, cJSON_Duplicate(c, false));
    }
    return map;
}

/* A legal turn of the current state chosen by i: a walk down the `legal`
 * tree (docs/gui-protocol.md) taking child i modulo their number at each
 * node, the parts joined, to the first node that ends a turn; NULL if none. */
static char *legal_turn(struct run *r, int i)
{
    char *state = gui_session_state(r->s);
    cJSON *o = cJSON_Parse(state);
    free(state);
    const cJSON *legal = cJSON_GetObjectItemCaseSensitive(o, "legal");
    const cJSON *nodes = cJSON_GetObjectItemCaseSensitive(legal, "nodes");
    const cJSON *root = cJSON_GetObjectItemCaseSensitive(legal, "root");
    int index = cJSON_IsNumber(root) ? root->valueint : -1;
    const cJSON *node = index >= 0 ? cJSON_GetArrayItem(nodes, index) : NULL;
    char text[4096] = "";
    while (node) {
        const cJSON *part = cJSON_GetObjectItemCaseSensitive(node, "part");
        if (cJSON_IsString(part))
            strncat(text, part->valuestring, sizeof text - strlen(text) - 1);
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(node, "end")))
            break;
        cJSON *next = whole_map(nodes, node, index);
        int n = cJSON_GetArraySize(next);
        const cJSON *child = n ? cJSON_GetArrayItem(next, i % n) : NULL;
        index = cJSON_IsNumber(child) ? child->valueint : -1;
        node = index >= 0 ? cJSON_GetArrayItem(nodes, index) : NULL;
        cJSON_Delete(next);
    }
    char *turn = node && text[0] ? strdup(text) : NULL;
    cJSON_Delete(o);
    return turn;
}

static void play(struct run *r, int i)
{
    char *turn = legal_turn(r, i);
    if (!turn)
        return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "turn");
    cJSON_AddStringToObject(o, "text", turn);
    send_json(r, o);
    free(turn);
}

static void new_game(struct run *r, const struct variant *v)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "new_game");
    cJSON_AddStringToObject(o, "variant", v->id);
    cJSON_AddStringToObject(o, "white", "human");
    cJSON_AddStringToObject(o, "black", "human");
    send_json(r, o);
}

static void load_fen(struct run *r, const char *fen)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", "load_fen");
    cJSON_AddStringToObject(o, "fen", fen);
    send_json(r, o);
}

/* The deepest message the scan lets through: a hello with GUI_MAX_DEPTH - 1 arrays inside. */
static void deepest(struct run *r)
{
    char text[64 + 2 * GUI_MAX_DEPTH];
    int n = snprintf(text, sizeof text, "{\"type\":\"hello\",\"x\":");
    for (int i = 1; i < GUI_MAX_DEPTH; i++)
        text[n++] = '[';
    for (int i = 1; i < GUI_MAX_DEPTH; i++)
        text[n++] = ']';
    snprintf(text + n, sizeof text - (size_t)n, "}");
    send_text(r, text);
}

/* The analysis board at the game's position (its legal turns are the game's); no engine runs here. */
static void analysis_steps(struct run *r, int i)
{
    send_text(r, "{\"type\":\"analyse\",\"multipv\":5}");
    char *turn = legal_turn(r, i);
    if (turn) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "type", "analysis_turn");
        cJSON_AddStringToObject(o, "text", turn);
        send_json(r, o);
        send_text(r, "{\"type\":\"analysis_back\"}");
        free(turn);
    }
    send_text(r, "{\"type\":\"analyse_game\"}");
    send_text(r, "{\"type\":\"analysis_goto\",\"ply\":0}");
    send_text(r, "{\"type\":\"analysis_stop\"}");
}

static void one_variant(struct run *r, const struct variant *v)
{
    new_game(r, v);
    for (int i = 0; i < 8; i++)
        play(r, 7 * i + 3);
    analysis_steps(r, 5);
    send_text(r, "{\"type\":\"view\",\"ply\":1}");
    send_text(r, "{\"type\":\"undo\"}");
    for (int i = 0; v->bench_fens && v->bench_fens[i]; i++) {
        load_fen(r, v->bench_fens[i]);
        play(r, i);
    }
}

static void *workload(void *arg)
{
    struct run *r = arg;
    deepest(r);
    send_text(r, "{\"type\":\"hello\"}");
    for (int i = 0; i < variant_count(); i++)
        one_variant(r, variant_at(i));
    free(gui_session_state(r->s));
    free(gui_session_pgn(r->s));
    return NULL;
}

static void workload_fn(void *arg) { workload(arg); }

/* Each step alone on a painted stack (-v). */
struct step {
    struct run *r;
    int variant; /* -1: the deepest message */
};

static void *one_step(void *arg)
{
    struct step *st = arg;
    if (st->variant < 0)
        deepest(st->r);
    else
        one_variant(st->r, variant_at(st->variant));
    return NULL;
}

static void *nothing(void *arg) { return arg; }

static int fresh_run(struct run *r, bool verbose)
{
    memset(r, 0, sizeof *r);
    struct gui_config cfg = {.no_threads = true};
    r->s = gui_session_new(&cfg, ignore, NULL);
    r->verbose = verbose;
    return r->s ? 0 : -1;
}

static void end_run(struct run *r)
{
    gui_session_free(r->s);
    free(r->last);
}

int main(int argc, char **argv)
{
    bool verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    zobrist_init();
    struct run r;
    if (fresh_run(&r, verbose))
        return 1;
    if (verbose)
        for (int i = -1; i < variant_count(); i++) {
            struct step st = {&r, i};
            printf("%-20s %ld bytes\n", i < 0 ? "deepest message" : variant_at(i)->id,
                   stack_used(one_step, &st, 1 << 20));
        }
    long own = stack_used(nothing, NULL, 1 << 20);
    long used = stack_used(workload, &r, 1 << 20);
    int errors = r.errors;
    end_run(&r);
    printf("stack used: %ld bytes, of which the thread's own data (TLS, descriptor) %ld and the handler %ld; "
           "the runner thread has %d\n",
           used, own, used - own, GUI_RUNNER_STACK);
    struct gui_runner *runner = gui_runner_start();
    if (!runner || fresh_run(&r, false))
        return 1;
    gui_runner_run(runner, workload_fn, &r);
    gui_runner_stop(runner);
    end_run(&r);
    printf("the same on the runner thread: done\n");
#ifdef UNDER_ASAN
    long limit = GUI_RUNNER_STACK / 2;
#else
    long limit = GUI_RUNNER_STACK / 4;
#endif
    if (errors) {
        printf("FAIL: %d error replies in the workload\n", errors);
        return 1;
    }
    if (used <= 0 || used > limit) {
        printf("FAIL: %ld bytes of stack used, over %ld\n", used, limit);
        return 1;
    }
    return 0;
}
