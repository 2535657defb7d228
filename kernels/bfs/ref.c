/*
 * bfs/ref.c: launch description, input generator and host reference of the
 * BFS frontier-expansion step (bfs.cu).
 *
 * Input: a random directed graph of 1024 vertices (0..7 out-edges each, CSR)
 * whose levels 0..3 from vertex 0 are already known; the launch expands
 * level 3.
 */
#include "../common/kref.h"

#define NV 1024
#define MAXDEG 8
#define CUR 3

enum { B_ROW, B_COL, B_LEVEL, B_CHANGED };
enum { P_N = 5 };

/* vertices: NV at scale 1, NV x scale in a larger problem */
#define NV_OF(d) ((d)->params[P_N].s)

static const struct kref_buf bufs[] = {
    {"row_ptr", KREF_S32, NV + 1, KREF_IN, 0},
    {"col_idx", KREF_S32, NV * MAXDEG, KREF_IN, 0},
    {"level", KREF_S32, NV, KREF_INOUT, 0},
    {"changed", KREF_S32, 1, KREF_INOUT, 0},
};

static const struct kref_param params[] = {
    {.name = "row_ptr", .kind = KREF_P_BUF, .buf = B_ROW},
    {.name = "col_idx", .kind = KREF_P_BUF, .buf = B_COL},
    {.name = "level", .kind = KREF_P_BUF, .buf = B_LEVEL},
    {.name = "changed", .kind = KREF_P_BUF, .buf = B_CHANGED},
    {.name = "cur", .kind = KREF_P_S32, .s = CUR},
    {.name = "n", .kind = KREF_P_S32, .s = NV},
};

/* One host BFS level: every vertex at `cur` marks unvisited neighbours. */
static void expand(int nv, const int32_t *row, const int32_t *col, int32_t *level,
                   int32_t *changed, int32_t cur)
{
    for (int v = 0; v < nv; v++) {
        if (level[v] != cur)
            continue;
        for (int e = row[v]; e < row[v + 1]; e++)
            if (level[col[e]] == -1) {
                level[col[e]] = cur + 1;
                *changed = 1;
            }
    }
}

static void generate(const struct kref_desc *d, void *const *b)
{
    const int nv = NV_OF(d);
    int32_t *row = b[B_ROW], *col = b[B_COL], *level = b[B_LEVEL], *changed = b[B_CHANGED];
    struct kref_rng r;
    kref_seed(&r, 0xbf5);
    int32_t m = 0;
    for (int v = 0; v < nv; v++) {
        row[v] = m;
        uint32_t deg = kref_below(&r, MAXDEG);
        for (uint32_t k = 0; k < deg; k++)
            col[m++] = (int32_t)kref_below(&r, (uint32_t)nv);
    }
    row[nv] = m;
    for (int v = 0; v < nv; v++)
        level[v] = -1;
    level[0] = 0;
    for (int32_t l = 0; l < CUR; l++)
        expand(nv, row, col, level, changed, l);
    *changed = 0;
}

static void reference(const struct kref_desc *d, void *const *b)
{
    expand(NV_OF(d), b[B_ROW], b[B_COL], b[B_LEVEL], b[B_CHANGED], CUR);
}

/* scale s: a graph of s x 1024 vertices, one 256-thread CTA per 256 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const int nv = NV * (int)d->scale;
    pv[P_N].s = nv;
    bv[B_ROW].count = (uint32_t)nv + 1;
    bv[B_COL].count = (uint32_t)nv * MAXDEG;
    bv[B_LEVEL].count = (uint32_t)nv;
    d->grid[0] = (uint32_t)nv / 256;
}

const struct kref_desc kref_bfs = {
    .name = "bfs", .entry = "bfs_step",
    .summary = "BFS frontier expansion of level 3, 1024-vertex random CSR graph",
    .grid = {4, 1, 1}, .block = {256, 1, 1}, .dyn_shared = 0,
    .nbufs = 4, .bufs = bufs, .nparams = 6, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "vertices",
};
