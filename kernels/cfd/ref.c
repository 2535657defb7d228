/*
 * cfd/ref.c: launch description, input generator and host reference of the
 * Euler flux kernel (cfd.cu): 1024 cells, 4 faces each.
 */
#include "../common/kref.h"

#include <math.h>

#define NC 1024
#define NFACE 4
#define GAMMA 1.4f
#define FF_D 1.4f
#define FF_MX 0.5f
#define FF_MY 0.0f
#define FF_MZ 0.0f
#define FF_E 2.5f

enum { B_VARS, B_NBR, B_NORM, B_FLUX };
enum { P_NC = 4 };

static const struct kref_buf bufs[] = {
    {"vars", KREF_F32, 5 * NC, KREF_IN, 0},
    {"nbr", KREF_S32, NFACE * NC, KREF_IN, 0},
    {"normals", KREF_F32, 3 * NFACE * NC, KREF_IN, 0},
    {"fluxes", KREF_F32, 5 * NC, KREF_OUT, 1e-4},
};

static const struct kref_param params[] = {
    {.name = "vars", .kind = KREF_P_BUF, .buf = B_VARS},
    {.name = "nbr", .kind = KREF_P_BUF, .buf = B_NBR},
    {.name = "normals", .kind = KREF_P_BUF, .buf = B_NORM},
    {.name = "fluxes", .kind = KREF_P_BUF, .buf = B_FLUX},
    {.name = "ncells", .kind = KREF_P_S32, .s = NC},
    {.name = "ff_d", .kind = KREF_P_F32, .f = FF_D},
    {.name = "ff_mx", .kind = KREF_P_F32, .f = FF_MX},
    {.name = "ff_my", .kind = KREF_P_F32, .f = FF_MY},
    {.name = "ff_mz", .kind = KREF_P_F32, .f = FF_MZ},
    {.name = "ff_e", .kind = KREF_P_F32, .f = FF_E},
};

static void generate(const struct kref_desc *d, void *const *b)
{
    const int nc = d->params[P_NC].s;
    float *vars = b[B_VARS], *norm = b[B_NORM];
    int32_t *nbr = b[B_NBR];
    struct kref_rng r;
    kref_seed(&r, 0xcfd);
    for (int i = 0; i < nc; i++) {
        vars[i] = kref_uniform(&r, 1.0f, 2.0f);
        for (int k = 1; k <= 3; k++)
            vars[k * nc + i] = kref_uniform(&r, -0.5f, 0.5f);
        vars[4 * nc + i] = kref_uniform(&r, 2.0f, 3.0f);   /* keeps pressure positive */
    }
    for (int i = 0; i < NFACE * nc; i++)
        nbr[i] = kref_below(&r, 8) == 0 ? -1 : (int32_t)kref_below(&r, (uint32_t)nc);
    for (int i = 0; i < 3 * NFACE * nc; i++)
        norm[i] = kref_uniform(&r, -1.0f, 1.0f);
}

static float pressure(float d, float e, float sp2)
{
    return (GAMMA - 1.0f) * (e - 0.5f * d * sp2);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int nc = kd->params[P_NC].s;
    const float *vars = b[B_VARS], *normals = b[B_NORM];
    const int32_t *nbr = b[B_NBR];
    float *fluxes = b[B_FLUX];
    for (int i = 0; i < nc; i++) {
        float d = vars[i], mx = vars[nc + i], my = vars[2 * nc + i];
        float mz = vars[3 * nc + i], e = vars[4 * nc + i];
        float vx = mx / d, vy = my / d, vz = mz / d;
        float sp2 = vx * vx + vy * vy + vz * vz;
        float p = pressure(d, e, sp2);
        float sos = sqrtf(GAMMA * p / d);
        float f_d = 0, f_mx = 0, f_my = 0, f_mz = 0, f_e = 0;
        for (int k = 0; k < NFACE; k++) {
            float nx = normals[(i * NFACE + k) * 3 + 0];
            float ny = normals[(i * NFACE + k) * 3 + 1];
            float nz = normals[(i * NFACE + k) * 3 + 2];
            float area = sqrtf(nx * nx + ny * ny + nz * nz);
            int j = nbr[i * NFACE + k];
            float dn = FF_D, mxn = FF_MX, myn = FF_MY, mzn = FF_MZ, en = FF_E;
            if (j >= 0) {
                dn = vars[j]; mxn = vars[nc + j]; myn = vars[2 * nc + j];
                mzn = vars[3 * nc + j]; en = vars[4 * nc + j];
            }
            float vxn = mxn / dn, vyn = myn / dn, vzn = mzn / dn;
            float sp2n = vxn * vxn + vyn * vyn + vzn * vzn;
            float pn = pressure(dn, en, sp2n);
            float sosn = sqrtf(GAMMA * pn / dn);
            float factor = -area * 0.2f * 0.5f * (sqrtf(sp2) + sqrtf(sp2n) + sos + sosn);
            f_d += factor * (d - dn);
            f_mx += factor * (mx - mxn);
            f_my += factor * (my - myn);
            f_mz += factor * (mz - mzn);
            f_e += factor * (e - en);
            float fx = 0.5f * nx, fy = 0.5f * ny, fz = 0.5f * nz;
            f_d += fx * (mxn + mx) + fy * (myn + my) + fz * (mzn + mz);
            f_mx += fx * (vxn * mxn + pn + vx * mx + p) + fy * (vyn * mxn + vy * mx) +
                    fz * (vzn * mxn + vz * mx);
            f_my += fx * (vxn * myn + vx * my) + fy * (vyn * myn + pn + vy * my + p) +
                    fz * (vzn * myn + vz * my);
            f_mz += fx * (vxn * mzn + vx * mz) + fy * (vyn * mzn + vy * mz) +
                    fz * (vzn * mzn + pn + vz * mz + p);
            f_e += fx * (vxn * (en + pn) + vx * (e + p)) + fy * (vyn * (en + pn) + vy * (e + p)) +
                   fz * (vzn * (en + pn) + vz * (e + p));
        }
        fluxes[i] = f_d;
        fluxes[nc + i] = f_mx;
        fluxes[2 * nc + i] = f_my;
        fluxes[3 * nc + i] = f_mz;
        fluxes[4 * nc + i] = f_e;
    }
}

/* scale s: s x 1024 cells, one 128-thread CTA per 128 */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t nc = NC * d->scale;
    pv[P_NC].s = (int32_t)nc;
    bv[B_VARS].count = bv[B_FLUX].count = 5 * nc;
    bv[B_NBR].count = NFACE * nc;
    bv[B_NORM].count = 3 * NFACE * nc;
    d->grid[0] = nc / 128;
}

const struct kref_desc kref_cfd = {
    .name = "cfd", .entry = "cfd_flux",
    .summary = "Euler-equation flux of 1024 unstructured cells (4 faces each)",
    .grid = {8, 1, 1}, .block = {128, 1, 1}, .dyn_shared = 0,
    .nbufs = 4, .bufs = bufs, .nparams = 10, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "cells",
};
