#include "protocol/engine_options.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/nnue.h"
#include "engine/timeman.h"
#include "variants/core/text.h"

#define SPIN(lo, hi) #lo " " #hi

static const struct engine_option option_list[] = {
    /* Listed by neither protocol from here: UCI writes its own line, CECP has `memory`. */
    {{"Hash", "spin", "16", SPIN(1, 4096)}, 0},
    {{"Threads", "spin", "1", SPIN(1, 64)}, ENGINE_OPTION_UCI},
    {{"MultiPV", "spin", "1", SPIN(1, 64)}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    {{"Ponder", "check", "false", NULL}, ENGINE_OPTION_UCI},
    {{"UCI_LimitStrength", "check", "false", NULL}, ENGINE_OPTION_UCI},
    {{"UCI_Elo", "spin", "2400", SPIN(1000, 2400)}, ENGINE_OPTION_UCI},
    {{"Skill", "spin", "20", SPIN(0, 20)}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    {{"Move Overhead", "spin", "30", SPIN(0, 5000)}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    /* A network file (engine/nnue.h); "default": each game's built-in network
     * (engine/nnue_builtin.h); empty or "classic": the hand-set evaluation. */
    {{"EvalFile", "string", ENGINE_EVAL_FILE_DEFAULT, NULL}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    /* The network's share of the evaluation in percent; the rest is the hand-set one's. */
    {{"EvalBlend", "spin", "100", SPIN(0, 100)}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    /* A game file (docs/gamefiles.md) whose games join the others; empty: none. */
    {{"VariantPath", "string", "", NULL}, ENGINE_OPTION_UCI | ENGINE_OPTION_CECP},
    {{NULL, NULL, NULL, NULL}, 0},
};

_Static_assert(MAX_THREADS == 64 && MAX_MULTIPV == 64 && SKILL_MAX == 20 && STRENGTH_ELO_MIN == 1000 &&
                   STRENGTH_ELO_MAX == 2400 && ENGINE_HASH_MAX_MB == 4096 && TIMEMAN_DEFAULT_OVERHEAD_MS == 30 && TIMEMAN_MAX_OVERHEAD_MS == 5000 &&
                   ENGINE_EVAL_BLEND_MAX == 100,
               "the option ranges above follow engine/search.h");

const struct engine_option *engine_options(void) { return option_list; }

void engine_settings_init(struct engine_settings *st)
{
    *st = (struct engine_settings){1, 1, false, false, STRENGTH_ELO_MAX, SKILL_MAX, TIMEMAN_DEFAULT_OVERHEAD_MS,
                                   NULL, NULL, ""};
}

int engine_settings_skill(const struct engine_settings *st)
{
    return st->limit_strength ? skill_for_elo(st->elo) : st->skill;
}

static int bad(char *err, size_t n, const char *what, const char *value)
{
    snprintf(err, n, "%s, not '%s'", what, value);
    return -1;
}

static int read_check(const char *value, bool *out)
{
    if (strcasecmp(value, "true") == 0 || strcmp(value, "1") == 0 || strcasecmp(value, "on") == 0)
        return *out = true, 0;
    if (strcasecmp(value, "false") == 0 || strcmp(value, "0") == 0 || strcasecmp(value, "off") == 0)
        return *out = false, 0;
    return -1;
}

/* The new skill, applied; on failure the old settings stay. */
static int apply_skill(struct engine_settings *st, struct engine *e, const struct engine_settings *next)
{
    if (engine_set_skill(e, engine_settings_skill(next)))
        return -1;
    *st = *next;
    return 0;
}

void engine_settings_describe_eval(const struct engine *e, char *out, size_t n)
{
    const struct nnue_net *net = engine_network(e);
    if (!net)
        snprintf(out, n, "evaluation: classic (the hand-set weights)");
    else if (net->target == NNUE_TARGET_RESIDUAL)
        snprintf(out, n, "evaluation: classic plus %d%% of a residual network (%s, %d inputs, 2x%d hidden)",
                 engine_eval_blend(e), net->variant->id, net->inputs, net->hidden);
    else if (engine_eval_blend(e) == ENGINE_EVAL_BLEND_MAX)
        snprintf(out, n, "evaluation: network (%s, %d inputs, 2x%d hidden)", net->variant->id, net->inputs,
                 net->hidden);
    else
        snprintf(out, n, "evaluation: blend, %d%% network (%s, %d inputs, 2x%d hidden), %d%% classic",
                 engine_eval_blend(e), net->variant->id, net->inputs, net->hidden,
                 ENGINE_EVAL_BLEND_MAX - engine_eval_blend(e));
}

bool engine_settings_eval_mismatch(const struct engine *e, const struct variant *v, char *out, size_t n)
{
    const struct nnue_net *net = engine_network(e);
    if (!net || net->variant == v)
        return false;
    snprintf(out, n, "evaluation: classic in %s (the network loaded is for %s)", v->id, net->variant->id);
    return true;
}

bool engine_settings_builtin_note(const struct engine *e, const struct variant *v, const void *rules, char *out,
                                  size_t n)
{
    if (!v || !engine_uses_builtin_networks(e) || !engine_has_builtin_network(e, v))
        return false;
    engine_network_for(e, v, rules, out, n);
    return true;
}

/* EvalFile: loads and checks the network before anything changes, so a bad
 * file leaves the evaluation in use as it was. */
static int set_eval_file(struct engine_settings *st, struct engine *e, const char *path, char *err, size_t errlen)
{
    if (strcasecmp(path, ENGINE_EVAL_FILE_DEFAULT) == 0) {
        engine_use_builtin_networks(e);
        if (st->variant)
            engine_network_for(e, st->variant, st->rules, st->note, sizeof st->note);
        else
            snprintf(st->note, sizeof st->note, "evaluation: each game's built-in network");
        return 0;
    }
    if (!*path || strcasecmp(path, "classic") == 0) {
        engine_set_network(e, NULL);
        engine_settings_describe_eval(e, st->note, sizeof st->note);
        return 0;
    }
    struct nnue_net *net = nnue_load(path, err, errlen);
    if (!net)
        return -1;
    if (st->variant && net->variant != st->variant) {
        snprintf(err, errlen, "the network '%s' is for %s, not %s; the evaluation stays as it was", path,
                 net->variant->id, st->variant->id);
        nnue_free(net);
        return -1;
    }
    engine_set_network(e, net);
    engine_settings_describe_eval(e, st->note, sizeof st->note);
    return 0;
}

/* VariantPath: the file's games registered (all or none); the note names them. */
static int set_variant_path(struct engine_settings *st, const char *path, char *err, size_t errlen)
{
    if (!*path)
        return 0;
    int first = variant_count();
    int added = variant_load_file(path, err, errlen);
    if (added < 0)
        return -1;
    size_t len = (size_t)snprintf(st->note, sizeof st->note, "variants: %d new from %s:", added, path);
    for (int i = first; i < variant_count() && len < sizeof st->note; i++)
        len += (size_t)snprintf(st->note + len, sizeof st->note - len, " %s", variant_at(i)->id);
    return 0;
}

int engine_settings_set(struct engine_settings *st, struct engine *e, const char *name, const char *value, char *err,
                        size_t errlen)
{
    int64_t n;
    st->note[0] = '\0';
    struct engine_settings next = *st;
    if (strcasecmp(name, "EvalFile") == 0) {
        return set_eval_file(st, e, value, err, errlen);
    } else if (strcasecmp(name, "VariantPath") == 0) {
        return set_variant_path(st, value, err, errlen);
    } else if (strcasecmp(name, "Hash") == 0) {
        if (text_int64(value, 1, ENGINE_HASH_MAX_MB, &n))
            return bad(err, errlen, "Hash must be 1..4096", value);
        if (engine_set_hash(e, (size_t)n))
            return bad(err, errlen, "cannot allocate the hash table", value);
    } else if (strcasecmp(name, "Threads") == 0) {
        if (text_int64(value, 1, MAX_THREADS, &n))
            return bad(err, errlen, "Threads must be 1..64", value);
        if (engine_set_threads(e, (int)n))
            return bad(err, errlen, "cannot start that many threads", value);
        st->threads = (int)n;
    } else if (strcasecmp(name, "MultiPV") == 0) {
        if (text_int64(value, 1, MAX_MULTIPV, &n))
            return bad(err, errlen, "MultiPV must be 1..64", value);
        st->multipv = (int)n;
    } else if (strcasecmp(name, "Ponder") == 0) {
        if (read_check(value, &next.ponder))
            return bad(err, errlen, "Ponder must be true or false", value);
        st->ponder = next.ponder;
    } else if (strcasecmp(name, "UCI_LimitStrength") == 0) {
        if (read_check(value, &next.limit_strength))
            return bad(err, errlen, "UCI_LimitStrength must be true or false", value);
        return apply_skill(st, e, &next);
    } else if (strcasecmp(name, "UCI_Elo") == 0) {
        if (text_int64(value, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX, &n))
            return bad(err, errlen, "UCI_Elo must be 1000..2400", value);
        next.elo = (int)n;
        return apply_skill(st, e, &next);
    } else if (strcasecmp(name, "Skill") == 0) {
        if (text_int64(value, 0, SKILL_MAX, &n))
            return bad(err, errlen, "Skill must be 0..20", value);
        next.skill = (int)n;
        return apply_skill(st, e, &next);
    } else if (strcasecmp(name, "EvalBlend") == 0) {
        if (text_int64(value, 0, ENGINE_EVAL_BLEND_MAX, &n))
            return bad(err, errlen, "EvalBlend must be 0..100 (the network's share in percent)", value);
        engine_set_eval_blend(e, (int)n);
        engine_settings_describe_eval(e, st->note, sizeof st->note);
    } else if (strcasecmp(name, "Move Overhead") == 0) {
        if (text_int64(value, 0, TIMEMAN_MAX_OVERHEAD_MS, &n))
            return bad(err, errlen, "Move Overhead must be 0..5000 (milliseconds)", value);
        st->move_overhead_ms = (int)n;
    } else {
        return 1;
    }
    return 0;
}
