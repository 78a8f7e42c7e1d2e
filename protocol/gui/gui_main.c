/* `rulezero gui [--port N] [--host ADDR] [--engine CMD]... [--debug]`, or
 * `rulezero gui --export-rules DIR` */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/zobrist.h"
#include "protocol/gui/gui.h"
#include "protocol/gui/gui_rules.h"
#include "protocol/gui/gui_server.h"
#include "protocol/text.h"

static const char usage[] =
    "Usage: rulezero gui [--port N] [--host ADDR] [--engine CMD]... [--debug]\n"
    "       rulezero gui --export-rules DIR\n"
    "Serves the browser GUI: open the address it prints. The page plays every variant\n"
    "against Rule Zero (engine:0), the --engine commands (engine:1, ...; CECP or UCI),\n"
    "builtin:random or builtin:greedy, or shows engines playing each other.\n"
    "  -p, --port N       port (default 8080; 0: any free port)\n"
    "  -H, --host ADDR    address to listen on (default 127.0.0.1)\n"
    "  -e, --engine CMD   an opponent's command line (repeatable)\n"
    "      --debug        engine traffic on standard error\n"
    "      --export-rules DIR  write the rules pages (/rules/NAME.html) and their\n"
    "                     stylesheet into DIR, then exit\n"
    "  -h, --help         this text\n";

/* This binary as a command for /bin/sh, quoted; NULL when unknown. */
static char *self_command(void)
{
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0 || strchr(path, '\''))
        return NULL;
    path[n] = '\0';
    char *cmd = malloc((size_t)n + 3);
    if (cmd)
        snprintf(cmd, (size_t)n + 3, "'%s'", path);
    return cmd;
}

struct gui_args {
    const char *host;
    int port;
    const char *export_rules; /* DIR, or NULL: serve */
};

static int parse(int argc, char **argv, struct gui_config *cfg, struct gui_args *args)
{
    static const struct option longopts[] = {
        {"port", required_argument, NULL, 'p'}, {"host", required_argument, NULL, 'H'},
        {"engine", required_argument, NULL, 'e'}, {"debug", no_argument, NULL, 'D'},
        {"export-rules", required_argument, NULL, 'X'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "p:H:e:h", longopts, NULL)) != -1) {
        int64_t n;
        switch (c) {
        case 'p':
            if (text_int64(optarg, 0, 65535, &n)) {
                fprintf(stderr, "rulezero gui: bad port '%s'\n", optarg);
                return 2;
            }
            args->port = (int)n;
            break;
        case 'H': args->host = optarg; break;
        case 'e':
            if (cfg->engine_count == GUI_MAX_ENGINES) {
                fprintf(stderr, "rulezero gui: at most %d --engine\n", GUI_MAX_ENGINES);
                return 2;
            }
            cfg->engines[cfg->engine_count++] = optarg;
            break;
        case 'D': cfg->debug = true; break;
        case 'X': args->export_rules = optarg; break;
        case 'h': fputs(usage, stdout); return -1;
        default: fputs(usage, stderr); return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "rulezero gui: unexpected argument '%s'\n%s", argv[optind], usage);
        return 2;
    }
    return 0;
}

static int export_rules(const char *dir)
{
    char err[4200];
    if (gui_rules_export(dir, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "rulezero gui: %s\n", err);
    return 1;
}

int gui_main(int argc, char **argv)
{
    struct gui_config cfg = {0};
    struct gui_args args = {.host = "127.0.0.1", .port = 8080};
    int rc = parse(argc, argv, &cfg, &args);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (args.export_rules)
        return export_rules(args.export_rules);
    const char *host = args.host;
    int port = args.port;
    zobrist_init();
    char *self = self_command();
    cfg.self_cmd = self;
    /* Signals go to this thread only (sigwait), SIGPIPE nowhere. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    char err[256];
    struct gui_server *srv = gui_server_start(host, port, &cfg, err, sizeof err);
    if (!srv) {
        fprintf(stderr, "rulezero gui: %s\n", err);
        free(self);
        return 1;
    }
    printf("http://%s:%d/\n", strcmp(host, "0.0.0.0") == 0 ? "127.0.0.1" : host, gui_server_port(srv));
    fflush(stdout);
    int sig;
    sigwait(&set, &sig);
    gui_server_stop(srv);
    free(self);
    return 0;
}
