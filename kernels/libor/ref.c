/*
 * libor/ref.c: launch description, input generator and host reference of the
 * LIBOR market-model path kernel (libor.cu): 512 paths.
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
    {"value", KREF_F32, NPATH, KREF_OUT, 1e-4},
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
                float con1 = DELTA * la;
                v += con1 * l[i] / (1.0f + DELTA * l[i]);
                float vrat = expf(con1 * v + la * (sqez - 0.5f * con1));
                l[i] = l[i] * vrat;
            }
        }
        float bb = 1.0f, s = 0.0f, payoff = 0.0f;
        for (int i = NMAT; i < NN; i++) {
            bb = bb / (1.0f + DELTA * l[i]);
            s = s + DELTA * bb;
            float swapval = 1.0f - bb - (0.045f + 0.00125f * (float)(i - NMAT)) * s;
            payoff += swapval > 0.0f ? swapval : 0.0f;
        }
        float disc = 1.0f;
        for (int i = 0; i < NMAT; i++)
            disc = disc / (1.0f + DELTA * l[i]);
        value[path] = disc * payoff;
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
