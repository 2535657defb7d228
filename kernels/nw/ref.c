/*
 * nw/ref.c: launch description, input generator and host reference of the
 * Needleman-Wunsch score fill (nw.cu): a 64 x 64 alignment in one CTA.
 */
#include "../common/kref.h"

#define N 64
#define W (N + 1)
#define PENALTY 10

enum { B_SCORE, B_REF };

static const struct kref_buf bufs[] = {
    {"score", KREF_S32, W * W, KREF_INOUT, 0},
    {"ref", KREF_S32, W * W, KREF_IN, 0},
};

static const struct kref_param params[] = {
    {.name = "score", .kind = KREF_P_BUF, .buf = B_SCORE},
    {.name = "ref", .kind = KREF_P_BUF, .buf = B_REF},
    {.name = "n", .kind = KREF_P_S32, .s = N},
    {.name = "penalty", .kind = KREF_P_S32, .s = PENALTY},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    (void)kd;   /* one size only */
    int32_t *score = b[B_SCORE], *ref = b[B_REF];
    struct kref_rng r;
    kref_seed(&r, 0x2e);
    for (int i = 0; i < W * W; i++)
        ref[i] = (int32_t)kref_below(&r, 10) - 4;   /* BLOSUM-like -4 .. 5 */
    for (int i = 0; i < W; i++) {
        score[i * W] = -i * PENALTY;
        score[i] = -i * PENALTY;
    }
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    (void)kd;
    int32_t *score = b[B_SCORE];
    const int32_t *ref = b[B_REF];
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++) {
            int diag = score[(i - 1) * W + j - 1] + ref[i * W + j];
            int up = score[(i - 1) * W + j] - PENALTY;
            int left = score[i * W + j - 1] - PENALTY;
            int best = diag > up ? diag : up;
            score[i * W + j] = best > left ? best : left;
        }
}

const struct kref_desc kref_nw = {
    .name = "nw", .entry = "nw_fill",
    .summary = "Needleman-Wunsch 64x64 score matrix, one CTA sweeping anti-diagonals",
    .grid = {1, 1, 1}, .block = {64, 1, 1}, .dyn_shared = 0,
    .nbufs = 2, .bufs = bufs, .nparams = 4, .params = params,
    .generate = generate, .reference = reference,
};
