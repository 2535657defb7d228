/*
 * cfd/ref.c: launch description, input generator and host reference of the
 * Euler flux kernel (cfd.cu): 1024 cells, 4 faces each.
 *
 * The reference follows cfd.ptx operation for operation (tolerance 0): nvcc
 * fused 34 of the multiply-adds (not all of them, and not the same way in
 * the cell's pressure as in the neighbour's), hoisted the cell's products
 * out of the face loop and kept the source's association everywhere else;
 * the comments below say where.  Divisions and square roots are div.rn and
 * sqrt.rn, correctly rounded like C's / and sqrtf.
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
    {"fluxes", KREF_F32, 5 * NC, KREF_OUT, 0},
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

/* |v|^2 as nvcc ordered it: the y term rounded, x and z fused onto it */
static float speed_sqd(float vx, float vy, float vz)
{
    return fmaf(vz, vz, fmaf(vx, vx, vy * vy));
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
        float sp2 = speed_sqd(vx, vy, vz);
        /* the cell's pressure: e - 0.5 d sp2 fused (the neighbour's is not) */
        float p = fmaf(d * -0.5f, sp2, e) * (GAMMA - 1.0f);
        float sos = sqrtf(p * GAMMA / d);
        float speed = sqrtf(sp2);
        /* the cell's products, hoisted out of the face loop by nvcc */
        float ep = e + p;
        float vx_mx = mx * vx, vy_mx = mx * vy, vz_mx = mx * vz;
        float vx_my = vx * my, vy_my = my * vy, vz_my = my * vz;
        float vx_mz = vx * mz, vy_mz = vy * mz, vz_mz = mz * vz;
        float vx_ep = vx * ep, vy_ep = vy * ep, vz_ep = vz * ep;
        float f_d = 0, f_mx = 0, f_my = 0, f_mz = 0, f_e = 0;
        for (int k = 0; k < NFACE; k++) {
            float nx = normals[(i * NFACE + k) * 3 + 0];
            float ny = normals[(i * NFACE + k) * 3 + 1];
            float nz = normals[(i * NFACE + k) * 3 + 2];
            float area = sqrtf(fmaf(nz, nz, fmaf(nx, nx, ny * ny)));
            int j = nbr[i * NFACE + k];
            float dn = FF_D, mxn = FF_MX, myn = FF_MY, mzn = FF_MZ, en = FF_E;
            if (j >= 0) {
                dn = vars[j]; mxn = vars[nc + j]; myn = vars[2 * nc + j];
                mzn = vars[3 * nc + j]; en = vars[4 * nc + j];
            }
            float vxn = mxn / dn, vyn = myn / dn, vzn = mzn / dn;
            float sp2n = speed_sqd(vxn, vyn, vzn);
            float pn = (en - (dn * 0.5f) * sp2n) * (GAMMA - 1.0f);
            float sosn = sqrtf(pn * GAMMA / dn);
            float factor = ((area * -0.2f) * 0.5f) * (sosn + (sos + (speed + sqrtf(sp2n))));
            float fx = nx * 0.5f, fy = ny * 0.5f, fz = nz * 0.5f;
            float t;
            /* each flux: the dissipation term fused onto the running sum,
             * the convective term built fx-first and added last */
            t = fmaf(fz, mz + mzn, fmaf(fx, mx + mxn, fy * (my + myn)));
            f_d = t + fmaf(d - dn, factor, f_d);
            t = fmaf(fy, fmaf(mxn, vyn, vy_mx), fx * (p + (vx_mx + fmaf(mxn, vxn, pn))));
            t = fmaf(fz, fmaf(mxn, vzn, vz_mx), t);
            f_mx = fmaf(mx - mxn, factor, f_mx) + t;
            t = fmaf(fx, fmaf(vxn, myn, vx_my), fy * (p + (vy_my + fmaf(myn, vyn, pn))));
            t = fmaf(fz, fmaf(myn, vzn, vz_my), t);
            f_my = fmaf(my - myn, factor, f_my) + t;
            t = fmaf(fx, fmaf(vxn, mzn, vx_mz), fy * fmaf(vyn, mzn, vy_mz));
            t = fmaf(fz, p + (vz_mz + fmaf(mzn, vzn, pn)), t);
            f_mz = fmaf(mz - mzn, factor, f_mz) + t;
            float epn = en + pn;
            t = fmaf(fx, fmaf(vxn, epn, vx_ep), fy * fmaf(vyn, epn, vy_ep));
            t = fmaf(fz, fmaf(vzn, epn, vz_ep), t);
            f_e = fmaf(e - en, factor, f_e) + t;
        }
        fluxes[i] = f_d;
        fluxes[nc + i] = f_mx;
        fluxes[2 * nc + i] = f_my;
        fluxes[3 * nc + i] = f_mz;
        fluxes[4 * nc + i] = f_e;
    }
}

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
