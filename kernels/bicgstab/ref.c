/*
 * bicgstab/ref.c: launch description, input generator and host reference of
 * the BiCGStab SpMV + partial dot product kernel (bicgstab.cu): a random
 * 1000 x 1000 CSR matrix with 1..7 non-zeros per row.  The reference sums
 * the per-CTA partials in the device's tree order.
 *
 * The reference follows bicgstab.ptx (tolerance 0 on both buffers): each
 * row's sum is a chain of fma.rn.f32 over its nonzeros in CSR order, the
 * product with r0hat is one rounded multiply, and the per-CTA partial is
 * the kernel's own shared-memory tree (stride 64, 32, ..., 1), not a
 * sequential sum: the tree's order changes the rounding.
 */
#include "../common/kref.h"

#include <math.h>

#define N 1000
#define BLOCK 128
#define NBLK ((N + BLOCK - 1) / BLOCK)
#define MAXNZ 7

enum { B_ROW, B_COL, B_VAL, B_P, B_R0, B_V, B_PART };
enum { P_N = 7 };

/* rows: N at scale 1, N x scale in a larger problem */
#define N_OF(d) ((d)->params[P_N].s)
#define NBLK_OF(n) (((n) + BLOCK - 1) / BLOCK)

static const struct kref_buf bufs[] = {
    {"row_ptr", KREF_S32, N + 1, KREF_IN, 0},
    {"col", KREF_S32, N * MAXNZ, KREF_IN, 0},
    {"val", KREF_F32, N * MAXNZ, KREF_IN, 0},
    {"p", KREF_F32, N, KREF_IN, 0},
    {"r0hat", KREF_F32, N, KREF_IN, 0},
    {"v", KREF_F32, N, KREF_OUT, 0},
    {"partial", KREF_F32, NBLK, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "row_ptr", .kind = KREF_P_BUF, .buf = B_ROW},
    {.name = "col", .kind = KREF_P_BUF, .buf = B_COL},
    {.name = "val", .kind = KREF_P_BUF, .buf = B_VAL},
    {.name = "p", .kind = KREF_P_BUF, .buf = B_P},
    {.name = "r0hat", .kind = KREF_P_BUF, .buf = B_R0},
    {.name = "v", .kind = KREF_P_BUF, .buf = B_V},
    {.name = "partial", .kind = KREF_P_BUF, .buf = B_PART},
    {.name = "n", .kind = KREF_P_S32, .s = N},
};

static void generate(const struct kref_desc *d, void *const *b)
{
    const int n = N_OF(d);
    int32_t *row = b[B_ROW], *col = b[B_COL];
    float *val = b[B_VAL], *p = b[B_P], *r0 = b[B_R0];
    struct kref_rng r;
    kref_seed(&r, 0xb1c6);
    int32_t m = 0;
    for (int i = 0; i < n; i++) {
        row[i] = m;
        uint32_t nz = 1 + kref_below(&r, MAXNZ);
        for (uint32_t k = 0; k < nz; k++) {
            col[m] = (int32_t)kref_below(&r, (uint32_t)n);
            val[m++] = kref_uniform(&r, -1.0f, 1.0f);
        }
        p[i] = kref_uniform(&r, -1.0f, 1.0f);
        r0[i] = kref_uniform(&r, -1.0f, 1.0f);
    }
    row[n] = m;
}

static void reference(const struct kref_desc *d, void *const *b)
{
    const int n = N_OF(d);
    const int32_t *row = b[B_ROW], *col = b[B_COL];
    const float *val = b[B_VAL], *p = b[B_P], *r0 = b[B_R0];
    float *v = b[B_V], *partial = b[B_PART];
    for (int blk = 0; blk < NBLK_OF(n); blk++) {
        float red[BLOCK];
        for (int t = 0; t < BLOCK; t++) {
            int i = blk * BLOCK + t;
            red[t] = 0.0f;
            if (i < n) {
                float sum = 0.0f;
                for (int j = row[i]; j < row[i + 1]; j++)
                    sum = fmaf(val[j], p[col[j]], sum);
                v[i] = sum;
                red[t] = r0[i] * sum;
            }
        }
        for (int s = BLOCK / 2; s > 0; s >>= 1)
            for (int t = 0; t < s; t++)
                red[t] += red[t + s];
        partial[blk] = red[0];
    }
}

/* scale s: s x 1000 rows, one 128-row CTA per 128 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const int n = N * (int)d->scale;
    pv[P_N].s = n;
    bv[B_ROW].count = (uint32_t)n + 1;
    bv[B_COL].count = bv[B_VAL].count = (uint32_t)n * MAXNZ;
    bv[B_P].count = bv[B_R0].count = bv[B_V].count = (uint32_t)n;
    bv[B_PART].count = (uint32_t)NBLK_OF(n);
    d->grid[0] = (uint32_t)NBLK_OF(n);
}

const struct kref_desc kref_bicgstab = {
    .name = "bicgstab", .entry = "bicgstab_spmv",
    .summary = "BiCGStab step: CSR SpMV v = A p and per-CTA partials of r0hat . v",
    .grid = {NBLK, 1, 1}, .block = {BLOCK, 1, 1}, .dyn_shared = 0,
    .nbufs = 7, .bufs = bufs, .nparams = 8, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "matrix rows",
};
