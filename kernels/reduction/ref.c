/*
 * reduction/ref.c: launch description, input generator and host reference of
 * the integer sum reduction (reduction.cu): 5000 elements, 512 per CTA.
 * The last-warp phase relies on the warp executing in lockstep, as the SDK
 * kernel it imitates does.
 */
#include "../common/kref.h"

#define N 5000
#define PER_CTA 512
#define NBLK ((N + PER_CTA - 1) / PER_CTA)

enum { B_IN, B_PART };
enum { P_N = 2 };
#define NBLK_OF(n) (((n) + PER_CTA - 1) / PER_CTA)

static const struct kref_buf bufs[] = {
    {"in", KREF_S32, N, KREF_IN, 0},
    {"partial", KREF_S32, NBLK, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "in", .kind = KREF_P_BUF, .buf = B_IN},
    {.name = "partial", .kind = KREF_P_BUF, .buf = B_PART},
    {.name = "n", .kind = KREF_P_S32, .s = N},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int n = kd->params[P_N].s;
    int32_t *in = b[B_IN];
    struct kref_rng r;
    kref_seed(&r, 0x5e);
    for (int i = 0; i < n; i++)
        in[i] = (int32_t)kref_below(&r, 2001) - 1000;
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int n = kd->params[P_N].s;
    const int32_t *in = b[B_IN];
    int32_t *part = b[B_PART];
    for (int blk = 0; blk < NBLK_OF(n); blk++) {
        int32_t sum = 0;
        for (int i = blk * PER_CTA; i < (blk + 1) * PER_CTA && i < n; i++)
            sum += in[i];
        part[blk] = sum;
    }
}

/* scale s: s x 5000 elements, one CTA per 512 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t n = N * d->scale;
    pv[P_N].s = (int32_t)n;
    bv[B_IN].count = n;
    bv[B_PART].count = NBLK_OF(n);
    d->grid[0] = NBLK_OF(n);
}

const struct kref_desc kref_reduction = {
    .name = "reduction", .entry = "reduce_sum",
    .summary = "integer sum reduction, 5000 elements, 256 threads x 2 loads per CTA",
    .grid = {NBLK, 1, 1}, .block = {256, 1, 1}, .dyn_shared = 0,
    .nbufs = 2, .bufs = bufs, .nparams = 3, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "elements",
};
