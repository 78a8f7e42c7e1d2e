#include "protocol/command.h"

#include <stdlib.h>
#include <string.h>

#include "variants/core/text.h"

static const struct command *command_find(const struct command_table *t, const char *name)
{
    for (size_t i = 0; i < t->count; i++)
        if (strcmp(t->commands[i].name, name) == 0)
            return &t->commands[i];
    return NULL;
}

void command_dispatch(const struct command_table *t, void *session, char *line)
{
    char *s = text_trim(line);
    if (*s == '\0')
        return;
    char whole[COMMAND_LINE_MAX];
    snprintf(whole, sizeof whole, "%s", s);
    char *name = text_word(&s);
    const struct command *cmd = command_find(t, name);
    if (cmd)
        cmd->run(session, s);
    else
        t->other(session, name, s, whole);
}

void command_loop(FILE *in, const char *first_line, bool (*run_line)(void *session, char *line), void *session)
{
    bool more = true;
    if (first_line) {
        char *copy = strdup(first_line);
        if (copy)
            more = run_line(session, copy);
        free(copy);
    }
    char *line = NULL;
    size_t cap = 0;
    while (more && text_read_line(&line, &cap, in) >= 0)
        more = run_line(session, line);
    free(line);
}
