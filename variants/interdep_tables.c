/* Interdependent Chess: constant tables (torus neighbours, torus diagonals,
 * powers restricted to a direction), filled once. */
#include "variants/interdep.h"

#include <string.h>

#include "variants/core/platform.h"

struct idc_tables idc;

static const int dir_dx[IDC_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dy[IDC_DIRS] = {1, 1, 0, -1, -1, -1, 0, 1};

static int wrap(int v, int n) { return ((v % n) + n) % n; }

static void add_restricted(struct idc_restricted *r, int dx, int dy, bool slide)
{
    r->step[r->count++] = (int16_t)step_of(dx, dy);
    r->slide = slide;
}

/* The Knight restricted to e: the two Knight squares whose two-step path
 * starts with e (orthogonal e: then one diagonal step outward; diagonal e:
 * then one orthogonal step outward). */
static void knight_squares(int d, int out[2][2])
{
    int dx = dir_dx[d], dy = dir_dy[d];
    if (!idc_is_diag(d)) {
        /* e.g. north (0,1): (-1,2) and (1,2) */
        if (dx == 0) {
            out[0][0] = -1, out[0][1] = 2 * dy;
            out[1][0] = 1, out[1][1] = 2 * dy;
        } else {
            out[0][0] = 2 * dx, out[0][1] = -1;
            out[1][0] = 2 * dx, out[1][1] = 1;
        }
    } else {
        /* e.g. north-east (1,1): (2,1) and (1,2) */
        out[0][0] = 2 * dx, out[0][1] = dy;
        out[1][0] = dx, out[1][1] = 2 * dy;
    }
}

static void build_powers(void)
{
    for (int d = 0; d < IDC_DIRS; d++) {
        int dx = dir_dx[d], dy = dir_dy[d];
        bool diag = idc_is_diag(d);
        int kn[2][2];
        knight_squares(d, kn);
        for (int i = 0; i < 2; i++)
            idc.knight[d][i] = (int16_t)step_of(kn[i][0], kn[i][1]);
        for (int mode = IDC_MOVE; mode <= IDC_CAPTURE; mode++) {
            add_restricted(&idc.power[IDC_K][mode][d], dx, dy, false);
            add_restricted(&idc.power[IDC_S][mode][d], 2 * dx, 2 * dy, false);
            for (int i = 0; i < 2; i++)
                add_restricted(&idc.power[IDC_N][mode][d], kn[i][0], kn[i][1], false);
            if (dy == 0)
                add_restricted(&idc.power[IDC_C][mode][d], dx, 0, true);
        }
        /* Steward: moves orthogonally, captures diagonally; Guardian the reverse. */
        add_restricted(&idc.power[IDC_T][diag ? IDC_CAPTURE : IDC_MOVE][d], dx, dy, false);
        add_restricted(&idc.power[IDC_G][diag ? IDC_MOVE : IDC_CAPTURE][d], dx, dy, false);
    }
    for (int t = 1; t < IDC_TYPES; t++)
        for (int d = 0; d < IDC_DIRS; d++) {
            const struct idc_restricted *c = &idc.power[t][IDC_CAPTURE][d];
            uint8_t geo = 0;
            if (c->count && c->slide)
                geo = IDC_GEO_SLIDE;
            else if (c->count == 2)
                geo = IDC_GEO_KNIGHT;
            else if (c->count == 1)
                geo = c->step[0] == idc.dstep[d] ? IDC_GEO_STEP : IDC_GEO_LEAP2;
            idc.cap_geo[t][d] = geo;
        }
}

static void build_own_moves(void)
{
    for (int t = 1; t < IDC_TYPES; t++) {
        idc.own_count[t] = 0;
        for (int d = 0; d < IDC_DIRS; d++) {
            const struct idc_restricted *r = &idc.power[t][IDC_MOVE][d];
            for (int i = 0; i < r->count; i++) {
                bool dup = false;
                for (int j = 0; j < idc.own_count[t]; j++)
                    dup |= idc.own_step[t][j] == r->step[i];
                if (dup)
                    continue;
                idc.own_step[t][idc.own_count[t]] = r->step[i];
                idc.own_slide[t][idc.own_count[t]] = r->slide;
                idc.own_count[t]++;
            }
        }
    }
    idc.own_count[IDC_U] = 0; /* the Universalist has no power of its own */
}

static void build_geometry(void)
{
    memset(idc.idx, -1, sizeof idc.idx);
    for (int d = 0; d < IDC_DIRS; d++)
        idc.dstep[d] = (int16_t)step_of(dir_dx[d], dir_dy[d]);
    for (int r = 0; r < IDC_RANKS; r++)
        for (int f = 0; f < IDC_FILES; f++) {
            Square sq = make_square(f, r);
            idc.idx[sq] = (int8_t)(r * IDC_FILES + f);
            idc.sq[r * IDC_FILES + f] = sq;
        }
    for (int r = 0; r < IDC_RANKS; r++)
        for (int f = 0; f < IDC_FILES; f++) {
            Square sq = make_square(f, r);
            for (int d = 0; d < IDC_DIRS; d++) {
                int dx = dir_dx[d], dy = dir_dy[d];
                idc.nb[sq][d] = (int16_t)make_square(wrap(f + dx, IDC_FILES), wrap(r + dy, IDC_RANKS));
                if (!idc_is_diag(d))
                    continue;
                for (int k = 1; k <= IDC_TORUS_LEN + 1; k++)
                    idc.torus[r * IDC_FILES + f][d >> 1][k - 1] =
                        (int16_t)make_square(wrap(f + k * dx, IDC_FILES), wrap(r + k * dy, IDC_RANKS));
            }
        }
}

static uint64_t leaps_from(Square from, const int16_t *steps, int count)
{
    uint64_t bb = 0;
    for (int i = 0; i < count; i++)
        if (idc.idx[from + steps[i]] >= 0)
            bb |= idc_bit(from + steps[i]);
    return bb;
}

static void build_bitboards(void)
{
    for (int t = 1; t < IDC_TYPES; t++)
        for (int i = 0; i < IDC_SQUARES; i++) {
            Square from = idc.sq[i];
            for (int mode = IDC_MOVE; mode <= IDC_CAPTURE; mode++)
                for (int e = 0; e < IDC_DIRS; e++) {
                    const struct idc_restricted *r = &idc.power[t][mode][e];
                    idc.beside_bb[i][mode][e ^ 4][t] = r->slide ? 0 : leaps_from(from, r->step, r->count);
                }
            for (int d = 0; d < IDC_DIRS; d++)
                idc.leap_reach_bb[i] |= idc.beside_bb[i][IDC_CAPTURE][d][t];
            for (int k = 0; k < idc.own_count[t]; k++)
                if (!idc.own_slide[t][k])
                    idc.own_leap_bb[t][i] |= leaps_from(from, &idc.own_step[t][k], 1);
        }
    for (int e = 0; e < IDC_DIRS; e++)
        for (int g = 0; g < IDC_GEO_KINDS; g++)
            for (int t = 1; t < IDC_TYPES; t++)
                if (t != IDC_U && (idc.cap_geo[t][e] & g))
                    idc.geo_types[e][g] |= (uint8_t)(1u << t);
}

static void add_probe(int i, Square mover, int e, int geo)
{
    if (idc.idx[mover] < 0)
        return;
    uint8_t types = 0;
    for (int t = 1; t < IDC_TYPES; t++)
        if (t != IDC_U && (idc.cap_geo[t][e] & geo))
            types |= (uint8_t)(1u << t);
    if (!types)
        return;
    struct idc_probe *p = idc.probe[i];
    int k = 0;
    while (k < idc.probe_count[i] && p[k].mover != mover)
        k++;
    if (k == idc.probe_count[i]) {
        idc.probe_count[i]++;
        p[k].mover = (int16_t)mover;
        p[k].count = 0;
    }
    p[k].helper[p[k].count] = (int16_t)idc.nb[mover][e ^ 4];
    p[k].types[p[k].count] = types;
    p[k].count++;
}

static void add_leaper(int i, Square mover, int e, int geo)
{
    int j = idc.idx[mover];
    if (j < 0 || !idc.geo_types[e][geo])
        return;
    struct idc_rel *r = &idc.rel[i][j];
    r->e[r->count] = (uint8_t)e;
    r->geo[r->count] = (uint8_t)geo;
    r->count++;
    idc.leaper_bb[i] |= 1ULL << j;
}

static void build_leapers(void)
{
    for (int i = 0; i < IDC_SQUARES; i++) {
        Square t = idc.sq[i];
        for (int e = 0; e < IDC_DIRS; e++) {
            add_leaper(i, t - idc.dstep[e], e, IDC_GEO_STEP);
            add_leaper(i, t - 2 * idc.dstep[e], e, IDC_GEO_LEAP2);
            add_leaper(i, t - idc.knight[e][0], e, IDC_GEO_KNIGHT);
            add_leaper(i, t - idc.knight[e][1], e, IDC_GEO_KNIGHT);
        }
    }
}

static void build_probes(void)
{
    for (int i = 0; i < IDC_SQUARES; i++) {
        Square t = idc.sq[i];
        for (int e = 0; e < IDC_DIRS; e++) {
            add_probe(i, t - idc.dstep[e], e, IDC_GEO_STEP);
            add_probe(i, t - 2 * idc.dstep[e], e, IDC_GEO_LEAP2);
            add_probe(i, t - idc.knight[e][0], e, IDC_GEO_KNIGHT);
            add_probe(i, t - idc.knight[e][1], e, IDC_GEO_KNIGHT);
        }
    }
}

/* Torus distance in one coordinate of n squares. */
static int torus_distance(int a, int b, int n)
{
    int d = wrap(a - b, n);
    return d > n / 2 ? n - d : d;
}

static void build_king_zones(void)
{
    for (int i = 0; i < IDC_SQUARES; i++) {
        Square sq = idc.sq[i];
        for (int d = 0; d < IDC_DIRS; d++) {
            idc.ring_bb[i] |= idc_bit(idc.nb[sq][d]);
            idc.dir_to[i][idc.idx[idc.nb[sq][d]]] = (uint8_t)d;
        }
        for (int j = 0; j < IDC_SQUARES; j++) {
            int dx = torus_distance(j % IDC_FILES, i % IDC_FILES, IDC_FILES);
            int dy = torus_distance(j / IDC_FILES, i / IDC_FILES, IDC_RANKS);
            if (j != i && dx <= 2 && dy <= 2)
                idc.near_bb[i] |= 1ULL << j;
        }
    }
}

static void build_sources(void)
{
    for (int h = IDC_U; h < IDC_TYPES; h++)
        for (int m = IDC_U; m < IDC_TYPES; m++)
            idc.source[h][m] = (uint8_t)idc_source_type(make_piece(WHITE, h), make_piece(BLACK, m));
    for (int m = IDC_U; m < IDC_TYPES; m++)
        for (int b = 0; b < 256; b++)
            if (is_piece((Piece)b) && piece_type((Piece)b) >= IDC_U && piece_type((Piece)b) < IDC_TYPES)
                idc.lend[m][b] = idc.source[piece_type((Piece)b)][m];
    for (int d = 0; d < IDC_DIRS; d++)
        for (int t = IDC_U; t < IDC_TYPES; t++) {
            const struct idc_restricted *r = &idc.power[t][IDC_CAPTURE][d ^ 4];
            idc.cap_slide[d][t] = r->count && r->slide ? r->step[0] : 0;
        }
}

static void build_tables(void)
{
    memset(&idc, 0, sizeof idc);
    build_geometry();
    build_powers();
    build_own_moves();
    build_bitboards();
    build_probes();
    build_leapers();
    build_king_zones();
    build_sources();
}

static pf_once_flag tables_once = PF_ONCE_INIT;

void idc_init_tables(void) { pf_once(&tables_once, build_tables); }
