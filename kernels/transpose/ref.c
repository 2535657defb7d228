/*
 * transpose/ref.c: launch description, input generator and host reference of
 * the shared-memory transpose (transpose.cu): a 64-row x 96-column matrix.
 */
#include "../common/kref.h"

#define W 96
#define H 64

enum { B_IN, B_OUT };
enum { P_H = 3 };

static const struct kref_buf bufs[] = {
    {"in", KREF_F32, W * H, KREF_IN, 0},
    {"out", KREF_F32, W * H, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "in", .kind = KREF_P_BUF, .buf = B_IN},
    {.name = "out", .kind = KREF_P_BUF, .buf = B_OUT},
    {.name = "width", .kind = KREF_P_S32, .s = W},
    {.name = "height", .kind = KREF_P_S32, .s = H},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int h = kd->params[P_H].s;
    float *in = b[B_IN];
    struct kref_rng r;
    kref_seed(&r, 0x7a);
    for (int i = 0; i < W * h; i++)
        in[i] = kref_uniform(&r, -100.0f, 100.0f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int h = kd->params[P_H].s;
    const float *in = b[B_IN];
    float *out = b[B_OUT];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < W; x++)
            out[x * h + y] = in[y * W + x];
}

/* scale s: a (s x 64) x 96 matrix, one CTA per 32x32 tile */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t h = H * d->scale;
    pv[P_H].s = (int32_t)h;
    bv[B_IN].count = bv[B_OUT].count = W * h;
    d->grid[1] = h / 32;
}

const struct kref_desc kref_transpose = {
    .name = "transpose", .entry = "transpose_tiled",
    .summary = "transpose of a 64x96 matrix through padded 32x32 shared tiles",
    .grid = {W / 32, H / 32, 1}, .block = {32, 8, 1}, .dyn_shared = 0,
    .nbufs = 2, .bufs = bufs, .nparams = 4, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "matrix rows",
};
