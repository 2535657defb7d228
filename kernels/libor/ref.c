/*
 * libor/ref.c: launch description, input generator and host reference of the
 * LIBOR market-model path kernel (libor.cu): 512 paths.
 *
 * The reference follows libor.ptx operation for operation: the fma.rn.f32
 * nvcc formed (1 + delta l, the exponent, the swap value, s), its order,
 * rcp.rn / div.rn (C's /), and expf as nvcc inlines it (kref_nv_expf).
 * Against the SM model it matches bit for bit; the tolerance is for
 * ex2.approx, whose result a GPU does not define to the bit.
 */
#include "../common/kref.h"

#include <math.h>

#define NN 16
#define NMAT 8
#define NPATH 512
#define DELTA 0.25f

enum { B_Z, B_LAMBDA, B_L0, B_VALUE };
enum { P_NPATH = 4 };

static const struct kref_buf bufs[] = {
    {"z", KREF_F32, NMAT * NPATH, KREF_IN, 0},
    {"lambda", KREF_F32, NN, KREF_IN, 0},
    {"l0", KREF_F32, NN, KREF_IN, 0},
    /* Every operation but ex2.approx is followed exactly (see the top of the
     * file), so only the 92 ex2.approx on a path (15 + 14 + ... + 8) can
     * make a GPU differ: each is within 2 ulp of 2^x there and this host's
     * exp2f within 1, so 3 ulp apart, plus 2 roundings after each (the
     * scale, l * vrat): a final rate carries at most 8 steps x 5 = 40 ulp.
     * The rates enter the discount factors through dl / (1 + dl) < 0.02,
     * so each of the 8 factors b moves <= 8 x 0.02 x 40 + 8 ~ 15 ulp; each
     * swap value (1 - b - K s, |K s| < 0.1) <= 20 ulp of 1, the payoff (8
     * of them, summed) <= 170, times disc <= 1: 200 ulp of max(1, |value|). */
    {"value", KREF_F32, NPATH, KREF_OUT, 200 * KREF_ULP},
};

static const struct kref_param params[] = {
    {.name = "z", .kind = KREF_P_BUF, .buf = B_Z},
    {.name = "lambda", .kind = KREF_P_BUF, .buf = B_LAMBDA},
    {.name = "l0", .kind = KREF_P_BUF, .buf = B_L0},
    {.name = "value", .kind = KREF_P_BUF, .buf = B_VALUE},
    {.name = "npath", .kind = KREF_P_S32, .s = NPATH},
    {.name = "delta", .kind = KREF_P_F32, .f = DELTA},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int npath = kd->params[P_NPATH].s;
    float *z = b[B_Z], *lambda = b[B_LAMBDA], *l0 = b[B_L0];
    struct kref_rng r;
    kref_seed(&r, 0x11b0);
    for (int i = 0; i < NMAT * npath; i++)
        z[i] = kref_uniform(&r, -1.7f, 1.7f);
    for (int i = 0; i < NN; i++) {
        lambda[i] = kref_uniform(&r, 0.15f, 0.25f);
        l0[i] = kref_uniform(&r, 0.04f, 0.06f);
    }
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int npath = kd->params[P_NPATH].s;
    const float *z = b[B_Z], *lambda = b[B_LAMBDA], *l0 = b[B_L0];
    float *value = b[B_VALUE];
    for (int path = 0; path < npath; path++) {
        float l[NN];
        for (int i = 0; i < NN; i++)
            l[i] = l0[i];
        for (int n = 0; n < NMAT; n++) {
            float sqez = sqrtf(DELTA) * z[n * npath + path];
            float v = 0.0f;
            for (int i = n + 1; i < NN; i++) {
                float la = lambda[i - n - 1];
                float con1 = la * DELTA;
                v = v + (con1 * l[i]) / fmaf(l[i], DELTA, 1.0f);
                l[i] = l[i] * kref_nv_expf(fmaf(la, sqez - con1 * 0.5f, con1 * v));
            }
        }
        /* 1 / x is rcp.rn where the PTX has it: correctly rounded, the same */
        float bb = 1.0f, s = 0.0f, payoff = 0.0f;
        for (int i = NMAT; i < NN; i++) {
            bb = bb / fmaf(l[i], DELTA, 1.0f);
            s = fmaf(bb, DELTA, s);
            float swapval = fmaf(s, -(0.045f + 0.00125f * (float)(i - NMAT)), 1.0f - bb);
            payoff += fmaxf(swapval, 0.0f);
        }
        float disc = 1.0f;
        for (int i = 0; i < NMAT; i++)
            disc = disc / fmaf(l[i], DELTA, 1.0f);
        value[path] = payoff * disc;
    }
}

/* scale s: s x 512 paths, one 128-thread CTA per 128 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t npath = NPATH * d->scale;
    pv[P_NPATH].s = (int32_t)npath;
    bv[B_Z].count = NMAT * npath;
    bv[B_VALUE].count = npath;
    d->grid[0] = npath / 128;
}

const struct kref_desc kref_libor = {
    .name = "libor", .entry = "libor_path",
    .summary = "LIBOR market-model paths (16 rates, 8 steps) and swaption payoff, 512 paths",
    .grid = {4, 1, 1}, .block = {128, 1, 1}, .dyn_shared = 0,
    .nbufs = 4, .bufs = bufs, .nparams = 6, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "paths",
};
