#include "protocol/gui/gui_secret.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* n random bytes from getrandom(2), or /dev/urandom where it is missing. */
static int random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (got == n)
        return 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    return got == n ? 0 : -1;
}

int gui_secret_new(char out[GUI_SECRET_LEN])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char bytes[GUI_SECRET_BYTES];
    out[0] = '\0';
    if (random_bytes(bytes, sizeof bytes))
        return -1;
    for (int i = 0; i < GUI_SECRET_BYTES; i++) {
        out[2 * i] = hex[bytes[i] >> 4];
        out[2 * i + 1] = hex[bytes[i] & 15];
    }
    out[2 * GUI_SECRET_BYTES] = '\0';
    memset(bytes, 0, sizeof bytes);
    return 0;
}

bool gui_secret_equal(const char *want, const char *given)
{
    if (!want || !want[0])
        return false;
    if (!given)
        given = "";
    size_t want_len = strlen(want);
    unsigned diff = 0;
    bool given_ended = false;
    for (size_t i = 0; i < want_len; i++) {
        char g = given_ended ? '\0' : given[i];
        given_ended = given_ended || g == '\0';
        diff |= (unsigned char)(want[i] ^ g);
    }
    /* `given` must end where `want` does. */
    diff |= given_ended ? 1u : (unsigned char)given[want_len];
    return diff == 0;
}

bool gui_secret_well_formed(const char *text)
{
    if (!text || strlen(text) != GUI_SECRET_LEN - 1)
        return false;
    for (const char *p = text; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    return true;
}
