/*
 * kmeans/ref.c: launch description, input generator and host reference of
 * the k-means assignment step (kmeans.cu).
 *
 * Coordinates are small integers held in floats, so every squared distance
 * is exact and the device's fused multiply-adds cannot change which centre
 * wins: the membership must match exactly.  The reference still accumulates
 * as kmeans.ptx does (dist = fma(d, d, dist), features in order), so it stays
 * right if the inputs ever stop being integers.
 */
#include "../common/kref.h"

#include <math.h>

#define NP 1024
#define NF 4
#define K 5

enum { B_FEAT, B_CENT, B_MEMB };
enum { P_NP = 3 };

static const struct kref_buf bufs[] = {
    {"features", KREF_F32, NP * NF, KREF_IN, 0},
    {"centres", KREF_F32, K * NF, KREF_IN, 0},
    {"membership", KREF_S32, NP, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "features", .kind = KREF_P_BUF, .buf = B_FEAT},
    {.name = "centres", .kind = KREF_P_BUF, .buf = B_CENT},
    {.name = "membership", .kind = KREF_P_BUF, .buf = B_MEMB},
    {.name = "npoints", .kind = KREF_P_S32, .s = NP},
    {.name = "nfeatures", .kind = KREF_P_S32, .s = NF},
    {.name = "k", .kind = KREF_P_S32, .s = K},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int np = kd->params[P_NP].s;
    float *feat = b[B_FEAT], *cent = b[B_CENT];
    struct kref_rng r;
    kref_seed(&r, 0x4ea5);
    for (int i = 0; i < np * NF; i++)
        feat[i] = (float)kref_below(&r, 16);
    for (int i = 0; i < K * NF; i++)
        cent[i] = (float)kref_below(&r, 16);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int np = kd->params[P_NP].s;
    const float *feat = b[B_FEAT], *cent = b[B_CENT];
    int32_t *memb = b[B_MEMB];
    for (int p = 0; p < np; p++) {
        int best = 0;
        float best_dist = 3.0e38f;
        for (int c = 0; c < K; c++) {
            float dist = 0.0f;
            for (int f = 0; f < NF; f++) {
                float d = feat[f * np + p] - cent[c * NF + f];
                dist = fmaf(d, d, dist);
            }
            if (dist < best_dist) {
                best_dist = dist;
                best = c;
            }
        }
        memb[p] = best;
    }
}

/* scale s: s x 1024 points, one 256-thread CTA per 256 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t np = NP * d->scale;
    pv[P_NP].s = (int32_t)np;
    bv[B_FEAT].count = np * NF;
    bv[B_MEMB].count = np;
    d->grid[0] = np / 256;
}

const struct kref_desc kref_kmeans = {
    .name = "kmeans", .entry = "kmeans_assign",
    .summary = "k-means assignment of 1024 4-D points to 5 centres",
    .grid = {4, 1, 1}, .block = {256, 1, 1}, .dyn_shared = 0,
    .nbufs = 3, .bufs = bufs, .nparams = 6, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "points",
};
