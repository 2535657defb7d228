/*
 * convsep/ref.c: launch description, input generator and host reference of
 * the separable-convolution row pass (convsep.cu), 128 x 16 image, 9 taps.
 *
 * The reference follows convsep.ptx (tolerance 0): the nine taps are one
 * chain of fma.rn.f32 from k = -RADIUS up, starting at 0, and an apron
 * pixel outside the image is 0 (its fma leaves the sum as it is).
 */
#include "../common/kref.h"

#include <math.h>

#define W 128
#define H 16
#define RADIUS 4
#define NTAPS (2 * RADIUS + 1)

enum { B_SRC, B_DST, B_TAPS };
enum { P_H = 4 };

static const struct kref_buf bufs[] = {
    {"src", KREF_F32, W * H, KREF_IN, 0},
    {"dst", KREF_F32, W * H, KREF_OUT, 0},
    {"taps", KREF_F32, NTAPS, KREF_IN, 0},
};

static const struct kref_param params[] = {
    {.name = "src", .kind = KREF_P_BUF, .buf = B_SRC},
    {.name = "dst", .kind = KREF_P_BUF, .buf = B_DST},
    {.name = "taps", .kind = KREF_P_BUF, .buf = B_TAPS},
    {.name = "width", .kind = KREF_P_S32, .s = W},
    {.name = "height", .kind = KREF_P_S32, .s = H},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int h = kd->params[P_H].s;
    float *src = b[B_SRC], *taps = b[B_TAPS];
    struct kref_rng r;
    kref_seed(&r, 0xc0);
    for (int i = 0; i < W * h; i++)
        src[i] = kref_uniform(&r, 0.0f, 1.0f);
    for (int i = 0; i < NTAPS; i++)
        taps[i] = kref_uniform(&r, 0.0f, 0.25f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int h = kd->params[P_H].s;
    const float *src = b[B_SRC], *taps = b[B_TAPS];
    float *dst = b[B_DST];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < W; x++) {
            float sum = 0.0f;
            for (int k = -RADIUS; k <= RADIUS; k++) {
                int xs = x + k;
                float v = xs >= 0 && xs < W ? src[y * W + xs] : 0.0f;
                sum = fmaf(taps[RADIUS - k], v, sum);
            }
            dst[y * W + x] = sum;
        }
}

/* scale s: s x 16 rows, one 32x4 CTA per 32x4 pixels */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t h = H * d->scale;
    pv[P_H].s = (int32_t)h;
    bv[B_SRC].count = bv[B_DST].count = W * h;
    d->grid[1] = h / 4;
}

const struct kref_desc kref_convsep = {
    .name = "convsep", .entry = "conv_rows",
    .summary = "separable convolution row pass, 128x16 image, radius 4, zero border",
    .grid = {4, 4, 1}, .block = {32, 4, 1}, .dyn_shared = 0,
    .nbufs = 3, .bufs = bufs, .nparams = 5, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "image rows",
};
