/*
 * lbm/ref.c: launch description, input generator and host reference of the
 * D2Q9 lattice-Boltzmann step (lbm.cu) on a periodic 32 x 32 lattice.
 * The velocity set and weights are __constant__ arrays initialised in the
 * PTX itself, so the launch needs no symbol copies.
 *
 * The reference follows lbm.ptx operation for operation (tolerance 0):
 * rho sums the nine pulled values in q order, the momenta are fma.rn.f32
 * chains over q, and the collision's multiply-adds are fused where nvcc
 * fused them (below).
 */
#include "../common/kref.h"

#include <math.h>

#define NX 32
#define NY 32
#define NCELL (NX * NY)
#define OMEGA 1.2f

enum { B_IN, B_OUT };
enum { P_NY = 3 };

static const struct kref_buf bufs[] = {
    {"f_in", KREF_F32, 9 * NCELL, KREF_IN, 0},
    {"f_out", KREF_F32, 9 * NCELL, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "f_in", .kind = KREF_P_BUF, .buf = B_IN},
    {.name = "f_out", .kind = KREF_P_BUF, .buf = B_OUT},
    {.name = "nx", .kind = KREF_P_S32, .s = NX},
    {.name = "ny", .kind = KREF_P_S32, .s = NY},
    {.name = "omega", .kind = KREF_P_F32, .f = OMEGA},
};

static const int cx[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
static const int cy[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const float wq[9] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                            1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int ny = kd->params[P_NY].s, ncell = NX * ny;
    float *f = b[B_IN];
    struct kref_rng r;
    kref_seed(&r, 0x1b3);
    for (int q = 0; q < 9; q++)
        for (int k = 0; k < ncell; k++)
            f[q * ncell + k] = wq[q] * kref_uniform(&r, 0.9f, 1.1f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int ny = kd->params[P_NY].s, ncell = NX * ny;
    const float *fin = b[B_IN];
    float *fout = b[B_OUT];
    for (int y = 0; y < ny; y++)
        for (int x = 0; x < NX; x++) {
            float f[9], rho = 0.0f, ux = 0.0f, uy = 0.0f;
            for (int q = 0; q < 9; q++) {
                int xs = (x - cx[q] + NX) % NX, ys = (y - cy[q] + ny) % ny;
                f[q] = fin[q * ncell + ys * NX + xs];
                rho += f[q];
                ux = fmaf(f[q], (float)cx[q], ux);
                uy = fmaf(f[q], (float)cy[q], uy);
            }
            ux /= rho;
            uy /= rho;
            float usq = fmaf(ux, ux, uy * uy) * 1.5f;
            for (int q = 0; q < 9; q++) {
                float cu = fmaf(ux, (float)cx[q], uy * (float)cy[q]) * 3.0f;
                /* 1 + cu + 0.5 cu^2: nvcc fused the square onto 1 + cu */
                float feq = (rho * wq[q]) * (fmaf(cu, cu * 0.5f, cu + 1.0f) - usq);
                fout[q * ncell + y * NX + x] = fmaf(feq - f[q], OMEGA, f[q]);
            }
        }
}

/* scale s: a 32 x (s x 32) lattice, one 16x8 CTA per 16x8 cells */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t ny = NY * d->scale;
    pv[P_NY].s = (int32_t)ny;
    bv[B_IN].count = bv[B_OUT].count = 9 * NX * ny;
    d->grid[1] = ny / 8;
}

const struct kref_desc kref_lbm = {
    .name = "lbm", .entry = "lbm_step",
    .summary = "D2Q9 lattice-Boltzmann stream + BGK collide, periodic 32x32 lattice",
    .grid = {2, 4, 1}, .block = {16, 8, 1}, .dyn_shared = 0,
    .nbufs = 2, .bufs = bufs, .nparams = 5, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "lattice rows",
};
