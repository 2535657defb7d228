/*
 * sgemm/ref.c: launch description, input generator and host reference of the
 * tiled SGEMM (sgemm.cu), 64 x 64 matrices.
 *
 * The reference computes what sgemm.ptx computes, so it matches bit for bit
 * (tolerance 0) at every size: each thread's dot product is a chain of
 * fma.rn.f32 in k order (the tiles and the unrolled inner loop keep k
 * ascending), then c = fma(acc, alpha, beta * c).  Multiplying and adding
 * separately drifts from it by a few ulp as n grows (issue 28).
 */
#include "../common/kref.h"

#include <math.h>

#define N 64
#define ALPHA 1.5f
#define BETA 0.5f

enum { B_A, B_B, B_C };
enum { P_N = 3 };

static const struct kref_buf bufs[] = {
    {"a", KREF_F32, N * N, KREF_IN, 0},
    {"b", KREF_F32, N * N, KREF_IN, 0},
    {"c", KREF_F32, N * N, KREF_INOUT, 0},
};

static const struct kref_param params[] = {
    {.name = "a", .kind = KREF_P_BUF, .buf = B_A},
    {.name = "b", .kind = KREF_P_BUF, .buf = B_B},
    {.name = "c", .kind = KREF_P_BUF, .buf = B_C},
    {.name = "n", .kind = KREF_P_S32, .s = N},
    {.name = "alpha", .kind = KREF_P_F32, .f = ALPHA},
    {.name = "beta", .kind = KREF_P_F32, .f = BETA},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int n = kd->params[P_N].s;
    struct kref_rng r;
    kref_seed(&r, 0x6e77);
    for (int m = 0; m < 3; m++)
        for (int i = 0; i < n * n; i++)
            ((float *)b[m])[i] = kref_uniform(&r, -1.0f, 1.0f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int n = kd->params[P_N].s;
    const float *a = b[B_A], *bb = b[B_B];
    float *c = b[B_C];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            float acc = 0.0f;
            for (int k = 0; k < n; k++)
                acc = fmaf(a[i * n + k], bb[k * n + j], acc);
            c[i * n + j] = fmaf(acc, ALPHA, BETA * c[i * n + j]);
        }
}

/* scale s: (s x 64)-square matrices, one 16x16 CTA per tile of C */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t n = N * d->scale;
    pv[P_N].s = (int32_t)n;
    bv[B_A].count = bv[B_B].count = bv[B_C].count = n * n;
    d->grid[0] = d->grid[1] = n / 16;
}

const struct kref_desc kref_sgemm = {
    .name = "sgemm", .entry = "sgemm_tiled",
    .summary = "C = 1.5 A B + 0.5 C, 64x64, 16x16 shared-memory tiles",
    .grid = {4, 4, 1}, .block = {16, 16, 1}, .dyn_shared = 0,
    .nbufs = 3, .bufs = bufs, .nparams = 6, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 16, .resize = resize, .scaled_dim = "matrix side (CTAs grow with its square)",
};
