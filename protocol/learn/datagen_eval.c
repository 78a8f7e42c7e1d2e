/* `rulezero datagen --eval-file NET`: the network the searches evaluate with,
 * named in the data's header and in FILE.games (datagen.h). */
#include <stdio.h>
#include <string.h>

#include "engine/nnue.h"
#include "protocol/learn/datagen.h"
#include "variants/core/variant.h"

#define EVAL_PREFIX "network checksum "

int datagen_load_eval(struct datagen_config *c)
{
    char err[512];
    c->eval[0] = '\0';
    c->net = NULL;
    if (!c->eval_file)
        return 0;
    struct nnue_net *net = nnue_load(c->eval_file, err, sizeof err);
    if (!net) {
        fprintf(stderr, "rulezero datagen: %s\n", err);
        return 1;
    }
    if (net->variant != c->variant) {
        fprintf(stderr, "rulezero datagen: the network '%s' is for %s, not %s\n", c->eval_file, net->variant->id,
                c->variant->id);
        nnue_free(net);
        return 2;
    }
    snprintf(c->eval, sizeof c->eval, EVAL_PREFIX "%08x %s", (unsigned)net->checksum, c->eval_file);
    c->net = net;
    return 0;
}

void datagen_eval_of(struct datagen_config *c, const char *eval)
{
    snprintf(c->eval, sizeof c->eval, "%s", eval ? eval : "");
    c->eval_file = NULL;
    if (strncmp(c->eval, EVAL_PREFIX, strlen(EVAL_PREFIX)) == 0) {
        const char *file = strchr(c->eval + strlen(EVAL_PREFIX), ' ');
        c->eval_file = file ? file + 1 : NULL;
    }
}
