/*
 * montecarlo/ref.c: launch description, input generator and host reference of
 * the Monte Carlo option pricer (montecarlo.cu): 256 options x 64 paths.
 *
 * The reference follows montecarlo.ptx operation for operation: the random
 * streams are bit-identical to the device's, and logf, sinf, cosf and expf
 * are nvcc's inline expansions (polynomials of fma.rn.f32 with libdevice's
 * constants, below, and kref_nv_expf), not the host's libm.  Against the SM
 * model it matches bit for bit; the tolerance is for ex2.approx inside
 * expf, whose result a GPU does not define to the bit.
 */
#include "../common/kref.h"

#include <math.h>
#include <string.h>

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
    /* Every operation but ex2.approx is followed exactly (see the top of the
     * file), so only the 65 ex2.approx of an option (one per path, one for
     * the discount) can make a GPU differ: each is within 2 ulp of 2^x there
     * and this host's exp2f within 1, so 3 ulp apart, plus 2 roundings
     * after it (s0 * e^x, s - k).  A terminal price is below
     * 50 e^(0.1 + 0.3 sqrt(2) 5.8) < 700 (spot, drift, diffusion, the
     * largest |z| Box-Muller gives from 24-bit uniforms), so the mean payoff
     * moves <= 700 x 5 ulp; the 32 additions of the sum may then round
     * differently (1 ulp of it each), the discount and the division 4 more:
     * 700 x 5 + 36 = 3536 ulp of max(1, |price|), 4.2e-4. */
    {"price", KREF_F32, NOPT, KREF_OUT, (700 * 5 + 36) * KREF_ULP},
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

/* logf as nvcc inlines it: x = 2^e m with m in [2/3, 4/3), then a
 * polynomial in m - 1 (libdevice's coefficients) and e ln 2 fused on. */
static float nv_logf(float x)
{
    static const uint32_t c[] = {0xbdf8cdccu, 0x3e0f2955u, 0xbe2ad8b9u, 0x3e4ced0bu,
                                 0xbe7fff22u, 0x3eaaaa78u, 0xbf000000u};
    float adj = 0.0f;
    if (x < kref_f32_of(0x00800000u)) {   /* subnormal: scale into the normal range */
        x = x * kref_f32_of(0x4b000000u);
        adj = -23.0f;
    }
    uint32_t ix;
    memcpy(&ix, &x, sizeof ix);
    uint32_t e = (ix - 0x3f2aaaabu) & 0xff800000u;
    float fe = fmaf((float)(int32_t)e, kref_f32_of(0x34000000u), adj);
    float t = kref_f32_of(ix - e) - 1.0f;
    float p = fmaf(kref_f32_of(0xbe055027u), t, kref_f32_of(0x3e1039f6u));
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++)
        p = fmaf(p, t, kref_f32_of(c[i]));
    return fmaf(fe, kref_f32_of(0x3f317218u), fmaf(t * p, t, t));
}

/* sin(x + q pi/2) for the reduced argument r of nv_reduce: the sine
 * polynomial in even quadrants, the cosine one in odd, negated in 2 and 3. */
static float nv_quadrant(float r, int q)
{
    int even = (q & 1) == 0;
    float x = even ? r : 1.0f, r2 = r * r;
    float p = even ? kref_f32_of(0xb94d4153u)
                   : fmaf(kref_f32_of(0x37cbac00u), r2, kref_f32_of(0xbab607edu));
    p = fmaf(p, r2, kref_f32_of(even ? 0x3c0885e4u : 0x3d2aaabbu));
    p = fmaf(p, r2, kref_f32_of(even ? 0xbe2aaaa8u : 0xbeffffffu));
    float v = fmaf(p, fmaf(r2, x, 0.0f), x);
    return q & 2 ? fmaf(v, -1.0f, 0.0f) : v;
}

/* x = q pi/2 + r, pi/2 in three parts (Cody-Waite).  The PTX takes a
 * Payne-Hanek branch for |x| >= 105615; the kernel's angles are below 2 pi,
 * so it is never taken and not followed here. */
static float nv_reduce(float x, int *q)
{
    float j = rintf(x * kref_f32_of(0x3f22f983u));   /* cvt.rni: to nearest even */
    *q = (int)j;
    float r = fmaf(j, kref_f32_of(0xbfc90fdau), x);
    r = fmaf(j, kref_f32_of(0xb3a22168u), r);
    return fmaf(j, kref_f32_of(0xa7c234c5u), r);
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
        float drift = fmaf(VOL * -0.5f, VOL, RATE) * t;
        float diffusion = sqrtf(t) * VOL;
        float sum = 0.0f;
        for (int p = 0; p < PATHS; p += 2) {
            int q;
            state = xorshift(state);
            /* nvcc folded 1.0f / 16777217.0f to 0x337ffffe (a C compiler:
             * 2^-24, the literal 16777217.0f being 2^24) */
            float u1 = (float)((state >> 8) + 1) * kref_f32_of(0x337ffffeu);
            state = xorshift(state);
            float u2 = (float)(state >> 8) * (1.0f / 16777216.0f);
            float radius = sqrtf(nv_logf(u1) * -2.0f);
            float r = nv_reduce(u2 * 6.2831853f, &q);
            float z0 = radius * nv_quadrant(r, q + 1), z1 = radius * nv_quadrant(r, q);
            float s_a = s0 * kref_nv_expf(fmaf(diffusion, z0, drift));
            float s_b = s0 * kref_nv_expf(fmaf(diffusion, z1, drift));
            sum = sum + (fmaxf(s_a - k, 0.0f) + fmaxf(s_b - k, 0.0f));
        }
        price[o] = (sum * kref_nv_expf(-(t * RATE))) / (float)PATHS;
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
