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
static void expand(const int32_t *row, const int32_t *col, int32_t *level, int32_t *changed,
                   int32_t cur)
{
    for (int v = 0; v < NV; v++) {
        if (level[v] != cur)
            continue;
        for (int e = row[v]; e < row[v + 1]; e++)
            if (level[col[e]] == -1) {
                level[col[e]] = cur + 1;
                *changed = 1;
            }
    }
}

static void generate(void *const *b)
{
    int32_t *row = b[B_ROW], *col = b[B_COL], *level = b[B_LEVEL], *changed = b[B_CHANGED];
    struct kref_rng r;
    kref_seed(&r, 0xbf5);
    int32_t m = 0;
    for (int v = 0; v < NV; v++) {
        row[v] = m;
        uint32_t deg = kref_below(&r, MAXDEG);
        for (uint32_t k = 0; k < deg; k++)
            col[m++] = (int32_t)kref_below(&r, NV);
    }
    row[NV] = m;
    for (int v = 0; v < NV; v++)
        level[v] = -1;
    level[0] = 0;
    for (int32_t l = 0; l < CUR; l++)
        expand(row, col, level, changed, l);
    *changed = 0;
}

static void reference(void *const *b)
{
    expand(b[B_ROW], b[B_COL], b[B_LEVEL], b[B_CHANGED], CUR);
}

const struct kref_desc kref_bfs = {
    .name = "bfs", .entry = "bfs_step",
    .summary = "BFS frontier expansion of level 3, 1024-vertex random CSR graph",
    .grid = {4, 1, 1}, .block = {256, 1, 1}, .dyn_shared = 0,
    .nbufs = 4, .bufs = bufs, .nparams = 6, .params = params,
    .generate = generate, .reference = reference,
};
