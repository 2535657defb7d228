/*
 * stencil3d/ref.c: launch description, input generator and host reference of
 * the 7-point 3-D stencil (stencil3d.cu) on a 32 x 32 x 16 grid.
 *
 * The reference follows stencil3d.ptx (tolerance 0): the six neighbours are
 * added left to right in the source's order (below, above, x-1, x+1, y-1,
 * y+1), then c1 * sum - c0 * here with two roundings of products and no
 * fma (nvcc fuses nothing here).
 */
#include "../common/kref.h"

#define NX 32
#define NY 32
#define NZ 16
#define C0 0.1f
#define C1 0.15f

enum { B_IN, B_OUT };
enum { P_NY = 3 };

static const struct kref_buf bufs[] = {
    {"in", KREF_F32, NX * NY * NZ, KREF_IN, 0},
    {"out", KREF_F32, NX * NY * NZ, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "in", .kind = KREF_P_BUF, .buf = B_IN},
    {.name = "out", .kind = KREF_P_BUF, .buf = B_OUT},
    {.name = "nx", .kind = KREF_P_S32, .s = NX},
    {.name = "ny", .kind = KREF_P_S32, .s = NY},
    {.name = "nz", .kind = KREF_P_S32, .s = NZ},
    {.name = "c0", .kind = KREF_P_F32, .f = C0},
    {.name = "c1", .kind = KREF_P_F32, .f = C1},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int ny = kd->params[P_NY].s;
    float *in = b[B_IN];
    struct kref_rng r;
    kref_seed(&r, 0x3d);
    for (int i = 0; i < NX * ny * NZ; i++)
        in[i] = kref_uniform(&r, -1.0f, 1.0f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int ny = kd->params[P_NY].s;
    const float *in = b[B_IN];
    float *out = b[B_OUT];
    const int plane = NX * ny;
    for (int z = 1; z < NZ - 1; z++)
        for (int y = 1; y < ny - 1; y++)
            for (int x = 1; x < NX - 1; x++) {
                int k = z * plane + y * NX + x;
                float sum = in[k - plane] + in[k + plane] + in[k - 1] + in[k + 1] + in[k - NX] +
                            in[k + NX];
                out[k] = C1 * sum - C0 * in[k];
            }
}

/* scale s: a 32 x (s x 32) x 16 grid, one 32x4 CTA per 32x4 columns */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t ny = NY * d->scale;
    pv[P_NY].s = (int32_t)ny;
    bv[B_IN].count = bv[B_OUT].count = NX * ny * NZ;
    d->grid[1] = ny / 4;
}

const struct kref_desc kref_stencil3d = {
    .name = "stencil3d", .entry = "stencil3d",
    .summary = "7-point 3-D stencil, 32x32x16 grid, threads march along z",
    .grid = {1, 8, 1}, .block = {32, 4, 1}, .dyn_shared = 0,
    .nbufs = 2, .bufs = bufs, .nparams = 7, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "grid rows (y)",
};
