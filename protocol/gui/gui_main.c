/* `rulezero gui [--port N] [--host ADDR] [--engine CMD]... [--debug]
 * [--db FILE | --lobby] [--max-games N] [--max-connections N] [--public-url URL]
 * [LIMITS]`, `rulezero gui --db FILE --list-games | --delete-game ID`,
 * or `rulezero gui --export-rules DIR` */
#include <getopt.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "variants/core/zobrist.h"
#include "protocol/gui/gui.h"
#include "protocol/gui/gui_admin.h"
#include "protocol/gui/gui_lobby.h"
#include "protocol/gui/gui_rules.h"
#include "protocol/gui/gui_server.h"
#include "protocol/gui/gui_store.h"
#include "protocol/match/options_table.h"
#include "variants/core/text.h"

/* The exit code when the database is another server's (gui_store_lock,
 * which the lobby takes for its life). */
#define GUI_EXIT_DB_IN_USE 3

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
    struct gui_config *cfg;
    const char *host;
    int port;
    const char *export_rules; /* DIR, or NULL: serve */
    const char *db;           /* --db FILE */
    bool lobby;               /* --lobby: seats and the default file */
    int max_games, max_connections;
    const char *public_url;
    int per_address, idle_s, games_per_address, max_engine_games;
    int64_t unstarted_s, abandoned_s;
    bool list_games;          /* --list-games: print the file's games, then exit */
    const char *delete_game;  /* --delete-game ID: delete it from the file, then exit */
};

static const struct options_table gui_options_table;

static int set_engine(void *ctx, const char *arg, int64_t number)
{
    (void)number;
    struct gui_config *cfg = ((struct gui_args *)ctx)->cfg;
    if (cfg->engine_count == GUI_MAX_ENGINES) {
        char fmt[64];
        snprintf(fmt, sizeof fmt, "at most %d --engine ('%%s' is one more)", GUI_MAX_ENGINES);
        return options_table_error(&gui_options_table, fmt, arg);
    }
    cfg->engines[cfg->engine_count++] = arg;
    return 0;
}

static int set_debug(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    (void)number;
    ((struct gui_args *)ctx)->cfg->debug = true;
    return 0;
}

static int set_hidden_seed(void *ctx, const char *arg, int64_t number)
{
    (void)arg;
    ((struct gui_args *)ctx)->cfg->hidden_seed = (unsigned long long)number;
    return 0;
}

#define KEEP(kind, field) OPTIONS_TABLE_KEEP(kind, struct gui_args, field)

static const struct options_table_entry gui_entries[] = {
    {.kind = OPTIONS_TABLE_PROSE,
     .name = "Usage: rulezero gui [--port N] [--host ADDR] [--engine CMD]... [--debug]\n"
             "                    [--db FILE | --lobby] [--max-games N] [--max-connections N] [--public-url URL]\n"
             "                    [--connections-per-address N] [--idle-timeout S] [--games-per-address N]\n"
             "                    [--max-engine-games N] [--expire-unstarted S] [--expire-abandoned S]\n"
             "       rulezero gui {--db FILE | --lobby} {--list-games | --delete-game ID}\n"
             "       rulezero gui --export-rules DIR\n"
             "Serves the browser GUI: open the address it prints. The page plays every variant\n"
             "against Rule Zero (engine:0), the --engine commands (engine:1, ...; CECP or UCI),\n"
             "builtin:random or builtin:greedy, or shows engines playing each other.\n"},
    {"port", 'p', OPTIONS_TABLE_NUMBER, "N", "port (default 8080; 0: any free port)", 0, 65535,
     "bad port '%s' (0 to 65535)", KEEP(INT, port)},
    {"host", 'H', OPTIONS_TABLE_TEXT, "ADDR", "address to listen on (default 127.0.0.1)", KEEP(TEXT, host)},
    {"engine", 'e', OPTIONS_TABLE_TEXT, "CMD", "an opponent's command line (repeatable)", .set = set_engine},
    {"debug", 0, OPTIONS_TABLE_FLAG, NULL, "engine traffic on standard error", .set = set_debug},
    {"hidden-seed", 0, OPTIONS_TABLE_NUMBER, "N",
     "tests: draw the hidden settings (Shift=hidden) from seed N\nand the game's number, not at random", 1,
     4294967295LL, "bad --hidden-seed '%s' (1 to 4294967295)", .set = set_hidden_seed},
    {"db", 0, OPTIONS_TABLE_TEXT, "FILE",
     "games with seats, a lobby, kept in this SQLite file\n"
     "(two people on two machines; see README, \"Two people\")",
     KEEP(TEXT, db)},
    {"lobby", 0, OPTIONS_TABLE_FLAG, NULL,
     "the same with the default file, $XDG_DATA_HOME/rulezero/games.sqlite\n"
     "(also on with a --host that is not the loopback address)",
     KEEP(TRUE, lobby)},
    {"max-games", 0, OPTIONS_TABLE_NUMBER, "N", "with a lobby: games held at once (default 100)", 1, 100000,
     "bad --max-games '%s' (1 to 100000)", KEEP(INT, max_games)},
    {"max-connections", 0, OPTIONS_TABLE_NUMBER, "N", "WebSockets open at once (default 32)", 1, 10000,
     "bad --max-connections '%s' (1 to 10000)", KEEP(INT, max_connections)},
    {"connections-per-address", 0, OPTIONS_TABLE_NUMBER, "N",
     "with a lobby: WebSockets open at once from one address\n(an IPv6 /64; default 8)", 1, 10000,
     "bad --connections-per-address '%s' (1 to 10000)", KEEP(INT, per_address)},
    {"idle-timeout", 0, OPTIONS_TABLE_NUMBER, "S",
     "with a lobby: close a page holding no seat that sends\nnothing for S seconds (default 600)", 1, 31536000,
     "bad --idle-timeout '%s' (1 to 31536000 seconds)", KEEP(INT, idle_s)},
    {"games-per-address", 0, OPTIONS_TABLE_NUMBER, "N", "with a lobby: games held at once that one address created\n(default 10)",
     1, 100000, "bad --games-per-address '%s' (1 to 100000)", KEEP(INT, games_per_address)},
    {"max-engine-games", 0, OPTIONS_TABLE_NUMBER, "N",
     "with a lobby: unfinished games without a person held at once\n(default 2)", 1, 1000,
     "bad --max-engine-games '%s' (1 to 1000)", KEEP(INT, max_engine_games)},
    {"expire-unstarted", 0, OPTIONS_TABLE_NUMBER, "S",
     "with a lobby: delete a game without a turn S seconds after\nits creation (default 86400)", 1, 3153600000LL,
     "bad --expire-unstarted '%s' (1 to 3153600000 seconds)", KEEP(INT64, unstarted_s)},
    {"expire-abandoned", 0, OPTIONS_TABLE_NUMBER, "S",
     "with a lobby: delete a game S seconds after its last turn\n(default 604800)", 1, 3153600000LL,
     "bad --expire-abandoned '%s' (1 to 3153600000 seconds)", KEEP(INT64, abandoned_s)},
    {"list-games", 0, OPTIONS_TABLE_FLAG, NULL,
     "print the games of the --db or --lobby file (id, game,\nplayers, state, created, last turn), then exit",
     KEEP(TRUE, list_games)},
    {"delete-game", 0, OPTIONS_TABLE_TEXT, "ID", "delete game ID from the --db or --lobby file, then exit",
     KEEP(TEXT, delete_game)},
    {"public-url", 0, OPTIONS_TABLE_TEXT, "URL",
     "the address people open, as a TLS proxy in front serves it\n"
     "(https://HOST[:PORT]): its Host and Origin are accepted",
     KEEP(TEXT, public_url)},
    {"export-rules", 0, OPTIONS_TABLE_TEXT, "DIR",
     "write the rules pages (/rules/NAME.html) and their\n"
     "stylesheet into DIR, then exit",
     KEEP(TEXT, export_rules)},
    {.name = "help", .letter = 'h', .kind = OPTIONS_TABLE_HELP, .help = "this text"},
    {0},
};

static const struct options_table gui_options_table = {"rulezero gui", 21, gui_entries};

static int parse(int argc, char **argv, struct gui_args *args)
{
    int rc = options_table_parse(&gui_options_table, args, argc, argv);
    if (rc)
        return rc;
    if (optind < argc)
        return options_table_error(&gui_options_table, "unexpected argument '%s'", argv[optind]);
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

/* --list-games, --delete-game: on the file, not while a server holds it. */
static int operate(const struct gui_args *args, const char *db)
{
    char err[4400];
    if (access(db, F_OK) != 0) {
        fprintf(stderr, "rulezero gui: no file %s\n", db);
        return 1;
    }
    int lock = gui_store_lock(db, err, sizeof err);
    if (lock < 0) {
        fprintf(stderr, "rulezero gui: %s%s\n", err, lock == GUI_STORE_IN_USE ? ": stop it first" : "");
        return lock == GUI_STORE_IN_USE ? GUI_EXIT_DB_IN_USE : 1;
    }
    struct gui_store *st = gui_store_open(db, err, sizeof err);
    int rc = !st                 ? -1
             : args->list_games ? gui_admin_list(st, stdout, err, sizeof err)
                                : gui_admin_delete(st, args->delete_game, err, sizeof err);
    gui_store_close(st);
    gui_store_unlock(lock);
    if (rc) {
        fprintf(stderr, "rulezero gui: %s\n", err);
        return 1;
    }
    if (args->delete_game)
        printf("deleted game %s\n", args->delete_game);
    return 0;
}

int gui_main(int argc, char **argv)
{
    struct gui_config cfg = {0};
    struct gui_args args = {.cfg = &cfg, .host = "127.0.0.1", .port = 8080};
    int rc = parse(argc, argv, &args);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (args.export_rules)
        return export_rules(args.export_rules);
    const char *host = args.host;
    int port = args.port;
    char db_path[4200], err[4400];
    const char *db = args.db;
    bool loopback = strcmp(host, "127.0.0.1") == 0 || strcmp(host, "localhost") == 0 || strcmp(host, "::1") == 0;
    if (!db && (args.lobby || !loopback)) { /* another machine's visitors get seats, never the whole game */
        if (gui_store_default_path(db_path, sizeof db_path, err, sizeof err)) {
            fprintf(stderr, "rulezero gui: %s\n", err);
            return 1;
        }
        db = db_path;
    }
    if (args.list_games || args.delete_game) {
        if (!db || !(args.lobby || args.db)) {
            fprintf(stderr, "rulezero gui: --list-games and --delete-game need --db FILE or --lobby\n");
            return 2;
        }
        return operate(&args, db);
    }
    zobrist_init();
    char *self = self_command();
    cfg.self_cmd = self;
    cfg.game_files_on_disk = true;
    /* Signals go to this thread only (sigwait), SIGPIPE nowhere. */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    signal(SIGPIPE, SIG_IGN);
    bool db_in_use = false;
    struct gui_server_options so = {.host = host,
                                    .port = port,
                                    .db_path = db,
                                    .max_games = args.max_games,
                                    .max_connections = args.max_connections,
                                    .public_url = args.public_url,
                                    .per_address = args.per_address,
                                    .idle_s = args.idle_s,
                                    .games_per_address = args.games_per_address,
                                    .max_engine_games = args.max_engine_games,
                                    .unstarted_s = args.unstarted_s,
                                    .abandoned_s = args.abandoned_s,
                                    .db_in_use = &db_in_use};
    struct gui_server *srv = gui_server_start_with(&so, &cfg, err, sizeof err);
    if (!srv) {
        fprintf(stderr, "rulezero gui: %s\n", err);
        free(self);
        return db_in_use ? GUI_EXIT_DB_IN_USE : 1;
    }
    printf("http://%s:%d/\n", strcmp(host, "0.0.0.0") == 0 ? "127.0.0.1" : host, gui_server_port(srv));
    fflush(stdout);
    if (db) {
        fprintf(stderr, "rulezero gui: games with seats, kept in %s\n", db);
        if (!loopback && !args.public_url)
            fprintf(stderr, "rulezero gui: without a TLS proxy in front (README, \"Two people\"), the seats' secrets "
                            "travel in clear text\n");
    }
    int sig;
    sigwait(&set, &sig);
    gui_server_stop(srv);
    free(self);
    return 0;
}
