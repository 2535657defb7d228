/*
 * srad/ref.c: launch description, input generator and host reference of the
 * SRAD derivative / diffusion-coefficient kernel (srad.cu), 64 x 64 image.
 *
 * The reference follows srad.ptx operation for operation (tolerance 0 on
 * every buffer): the fma.rn.f32 nvcc formed (the sum of squares, 0.5 g2 -
 * l^2 / 16, 1 + l / 4) are fmaf here, the divisions are div.rn (correctly
 * rounded, as C's /) and 1 / (1 + den) is rcp.rn.
 */
#include "../common/kref.h"

#include <math.h>

#define R 64
#define C 64
#define Q0SQR 0.05f

enum { B_IMG, B_DN, B_DS, B_DW, B_DE, B_C };
enum { P_ROWS = 6 };

static const struct kref_buf bufs[] = {
    {"img", KREF_F32, R * C, KREF_IN, 0},
    {"dn", KREF_F32, R * C, KREF_OUT, 0},
    {"ds", KREF_F32, R * C, KREF_OUT, 0},
    {"dw", KREF_F32, R * C, KREF_OUT, 0},
    {"de", KREF_F32, R * C, KREF_OUT, 0},
    {"coeff", KREF_F32, R * C, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "img", .kind = KREF_P_BUF, .buf = B_IMG},
    {.name = "dn", .kind = KREF_P_BUF, .buf = B_DN},
    {.name = "ds", .kind = KREF_P_BUF, .buf = B_DS},
    {.name = "dw", .kind = KREF_P_BUF, .buf = B_DW},
    {.name = "de", .kind = KREF_P_BUF, .buf = B_DE},
    {.name = "coeff", .kind = KREF_P_BUF, .buf = B_C},
    {.name = "rows", .kind = KREF_P_S32, .s = R},
    {.name = "cols", .kind = KREF_P_S32, .s = C},
    {.name = "q0sqr", .kind = KREF_P_F32, .f = Q0SQR},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int rows = kd->params[P_ROWS].s;
    float *img = b[B_IMG];
    struct kref_rng r;
    kref_seed(&r, 0x52ad);
    for (int i = 0; i < rows * C; i++)
        img[i] = kref_uniform(&r, 1.0f, 2.0f);
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int rows = kd->params[P_ROWS].s;
    const float *img = b[B_IMG];
    float *dn = b[B_DN], *ds = b[B_DS], *dw = b[B_DW], *de = b[B_DE], *coeff = b[B_C];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < C; c++) {
            int k = r * C + c;
            float jc = img[k];
            float n = img[(r > 0 ? r - 1 : 0) * C + c] - jc;
            float s = img[(r < rows - 1 ? r + 1 : rows - 1) * C + c] - jc;
            float w = img[r * C + (c > 0 ? c - 1 : 0)] - jc;
            float e = img[r * C + (c < C - 1 ? c + 1 : C - 1)] - jc;
            /* n * n + s * s: nvcc fused the first product, rounded the second */
            float g2 = fmaf(e, e, fmaf(w, w, fmaf(n, n, s * s))) / (jc * jc);
            float l = (n + s + w + e) / jc;
            float num = fmaf(g2, 0.5f, (l * l) * -(1.0f / 16.0f));
            float den = fmaf(l, 0.25f, 1.0f);
            float qsqr = num / (den * den);
            den = (qsqr - Q0SQR) / ((Q0SQR + 1.0f) * Q0SQR);
            float cf = 1.0f / (den + 1.0f);   /* rcp.rn.f32: correctly rounded */
            cf = cf < 0.0f ? 0.0f : (cf > 1.0f ? 1.0f : cf);
            dn[k] = n;
            ds[k] = s;
            dw[k] = w;
            de[k] = e;
            coeff[k] = cf;
        }
}

/* scale s: s x 64 rows, one 16x16 CTA per tile */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t rows = R * d->scale;
    pv[P_ROWS].s = (int32_t)rows;
    for (int i = B_IMG; i <= B_C; i++)
        bv[i].count = rows * C;
    d->grid[1] = rows / 16;
}

const struct kref_desc kref_srad = {
    .name = "srad", .entry = "srad_coeff",
    .summary = "SRAD derivatives and diffusion coefficient of a 64x64 image",
    .grid = {4, 4, 1}, .block = {16, 16, 1}, .dyn_shared = 0,
    .nbufs = 6, .bufs = bufs, .nparams = 9, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "image rows",
};
