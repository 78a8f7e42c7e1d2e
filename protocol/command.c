#include "protocol/command.h"

#include <stdio.h>
#include <string.h>

#include "engine/text.h"

char *command_split(char *line, char **rest, char *whole, size_t n)
{
    char *s = text_trim(line);
    if (*s == '\0')
        return NULL;
    snprintf(whole, n, "%s", s);
    char *name = text_word(&s);
    *rest = s;
    return name;
}

const void *command_find(const void *table, size_t count, size_t size, const char *name)
{
    const char *entry = table;
    for (size_t i = 0; i < count; i++, entry += size) {
        const char *entry_name;
        memcpy(&entry_name, entry, sizeof entry_name);
        if (strcmp(entry_name, name) == 0)
            return entry;
    }
    return NULL;
}
