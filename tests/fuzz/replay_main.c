/* Runs a fuzz target over files given on the command line (directories are
 * walked one level), so corpora, seed inputs and crash inputs are regression
 * tests in every build, sanitizers included, without libFuzzer.
 * A replay that ran nothing is not a pass: every argument must be a readable
 * file or a folder holding at least one, and every file must be read;
 * otherwise the exit status is 1. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_INPUT = 1 << 20 };

/* Feeds one file to the target: 0, or -1 when it cannot be read. */
static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    uint8_t *buf = malloc(MAX_INPUT);
    size_t n = buf ? fread(buf, 1, MAX_INPUT, f) : 0;
    int bad = !buf || ferror(f);
    fclose(f);
    if (!bad)
        LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return bad ? -1 : 0;
}

/* Replays a folder's regular files: how many, or -1 when a file or the
 * folder cannot be read. */
static int run_folder(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    int count = 0, bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char full[4096];
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", path, e->d_name);
        if (stat(full, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (run_file(full)) {
            fprintf(stderr, "FAIL: cannot read %s\n", full);
            bad = 1;
        } else {
            count++;
        }
    }
    closedir(d);
    return bad ? -1 : count;
}

/* Replays one argument and says how many inputs it held; 0 on success. */
static int run_path(const char *path, int *total)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "FAIL: no such file or folder: %s\n", path);
        return 1;
    }
    int count = S_ISDIR(st.st_mode) ? run_folder(path) : (run_file(path) ? -1 : 1);
    if (count < 0) {
        fprintf(stderr, "FAIL: cannot read %s\n", path);
        return 1;
    }
    printf("%s: %d inputs\n", path, count);
    if (count == 0) {
        fprintf(stderr, "FAIL: %s holds no input: nothing replayed\n", path);
        return 1;
    }
    *total += count;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
        return 2;
    }
    int total = 0, failures = 0;
    for (int i = 1; i < argc; i++)
        failures += run_path(argv[i], &total);
    printf("%d inputs replayed\n", total);
    return failures ? 1 : 0;
}
