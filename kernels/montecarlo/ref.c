/*
 * montecarlo/ref.c: launch description, input generator and host reference of
 * the Monte Carlo option pricer (montecarlo.cu): 256 options x 64 paths.
 * The random streams are bit-identical to the device's; only the libm
 * functions differ by a few ulp, hence the tolerance.
 */
#include "../common/kref.h"

#include <math.h>

#define NOPT 256
#define PATHS 64
#define RATE 0.05f
#define VOL 0.3f
#define SEED 12345u

enum { B_SPOT, B_STRIKE, B_YEARS, B_PRICE };
enum { P_NOPT = 4 };

static const struct kref_buf bufs[] = {
    {"spot", KREF_F32, NOPT, KREF_IN, 0},
    {"strike", KREF_F32, NOPT, KREF_IN, 0},
    {"years", KREF_F32, NOPT, KREF_IN, 0},
    {"price", KREF_F32, NOPT, KREF_OUT, 1e-3},
};

static const struct kref_param params[] = {
    {.name = "spot", .kind = KREF_P_BUF, .buf = B_SPOT},
    {.name = "strike", .kind = KREF_P_BUF, .buf = B_STRIKE},
    {.name = "years", .kind = KREF_P_BUF, .buf = B_YEARS},
    {.name = "price", .kind = KREF_P_BUF, .buf = B_PRICE},
    {.name = "noptions", .kind = KREF_P_S32, .s = NOPT},
    {.name = "paths", .kind = KREF_P_S32, .s = PATHS},
    {.name = "rate", .kind = KREF_P_F32, .f = RATE},
    {.name = "vol", .kind = KREF_P_F32, .f = VOL},
    {.name = "seed", .kind = KREF_P_U32, .u = SEED},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int nopt = kd->params[P_NOPT].s;
    float *spot = b[B_SPOT], *strike = b[B_STRIKE], *years = b[B_YEARS];
    struct kref_rng r;
    kref_seed(&r, 0x3c);
    for (int i = 0; i < nopt; i++) {
        spot[i] = kref_uniform(&r, 10.0f, 50.0f);
        strike[i] = kref_uniform(&r, 10.0f, 50.0f);
        years[i] = kref_uniform(&r, 0.25f, 2.0f);
    }
}

static uint32_t xorshift(uint32_t s)
{
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const uint32_t nopt = (uint32_t)kd->params[P_NOPT].s;
    const float *spot = b[B_SPOT], *strike = b[B_STRIKE], *years = b[B_YEARS];
    float *price = b[B_PRICE];
    for (uint32_t o = 0; o < nopt; o++) {
        uint32_t state = SEED ^ (o * 2654435761u);
        if (state == 0)
            state = 1;
        float s0 = spot[o], k = strike[o], t = years[o];
        float drift = (RATE - 0.5f * VOL * VOL) * t;
        float diffusion = VOL * sqrtf(t);
        float sum = 0.0f;
        for (int p = 0; p < PATHS; p += 2) {
            state = xorshift(state);
            float u1 = (float)((state >> 8) + 1) * (1.0f / 16777217.0f);
            state = xorshift(state);
            float u2 = (float)(state >> 8) * (1.0f / 16777216.0f);
            float radius = sqrtf(-2.0f * logf(u1));
            float angle = 6.2831853f * u2;
            float z0 = radius * cosf(angle), z1 = radius * sinf(angle);
            float s_a = s0 * expf(drift + diffusion * z0);
            float s_b = s0 * expf(drift + diffusion * z1);
            sum += fmaxf(s_a - k, 0.0f) + fmaxf(s_b - k, 0.0f);
        }
        price[o] = expf(-RATE * t) * sum / (float)PATHS;
    }
}

/* scale s: s x 256 options, one 128-thread CTA per 128 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t nopt = NOPT * d->scale;
    pv[P_NOPT].s = (int32_t)nopt;
    bv[B_SPOT].count = bv[B_STRIKE].count = bv[B_YEARS].count = nopt;
    bv[B_PRICE].count = nopt;
    d->grid[0] = nopt / 128;
}

const struct kref_desc kref_montecarlo = {
    .name = "montecarlo", .entry = "mc_price",
    .summary = "Monte Carlo European call pricing, 256 options x 64 paths, xorshift32",
    .grid = {2, 1, 1}, .block = {128, 1, 1}, .dyn_shared = 0,
    .nbufs = 4, .bufs = bufs, .nparams = 9, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "options",
};
