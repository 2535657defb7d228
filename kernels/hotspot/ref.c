/*
 * hotspot/ref.c: launch description, input generator and host reference of
 * one HotSpot time step (hotspot.cu) on a 64 x 64 chip.
 *
 * The reference follows hotspot.ptx operation for operation (tolerance 0):
 * nvcc turned 2 * centre into centre + centre, and the sum into a chain of
 * three fma.rn.f32 starting from the power term, then centre + cap_inv * sum
 * as one more fma.
 */
#include "../common/kref.h"

#include <math.h>

#define R 64
#define C 64
#define CAP_INV 0.5f
#define RX_INV 0.1f
#define RY_INV 0.1f
#define RZ_INV 0.01f
#define AMB 80.0f

enum { B_POWER, B_TIN, B_TOUT };
enum { P_ROWS = 3 };

static const struct kref_buf bufs[] = {
    {"power", KREF_F32, R * C, KREF_IN, 0},
    {"temp_in", KREF_F32, R * C, KREF_IN, 0},
    {"temp_out", KREF_F32, R * C, KREF_OUT, 0},
};

static const struct kref_param params[] = {
    {.name = "power", .kind = KREF_P_BUF, .buf = B_POWER},
    {.name = "temp_in", .kind = KREF_P_BUF, .buf = B_TIN},
    {.name = "temp_out", .kind = KREF_P_BUF, .buf = B_TOUT},
    {.name = "rows", .kind = KREF_P_S32, .s = R},
    {.name = "cols", .kind = KREF_P_S32, .s = C},
    {.name = "cap_inv", .kind = KREF_P_F32, .f = CAP_INV},
    {.name = "rx_inv", .kind = KREF_P_F32, .f = RX_INV},
    {.name = "ry_inv", .kind = KREF_P_F32, .f = RY_INV},
    {.name = "rz_inv", .kind = KREF_P_F32, .f = RZ_INV},
    {.name = "amb", .kind = KREF_P_F32, .f = AMB},
};

static void generate(const struct kref_desc *kd, void *const *b)
{
    const int rows = kd->params[P_ROWS].s;
    float *power = b[B_POWER], *temp = b[B_TIN];
    struct kref_rng r;
    kref_seed(&r, 0x4075);
    for (int i = 0; i < rows * C; i++) {
        power[i] = kref_uniform(&r, 0.0f, 2.0f);
        temp[i] = kref_uniform(&r, 320.0f, 340.0f);
    }
}

static void reference(const struct kref_desc *kd, void *const *b)
{
    const int rows = kd->params[P_ROWS].s;
    const float *power = b[B_POWER], *t = b[B_TIN];
    float *out = b[B_TOUT];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < C; c++) {
            float centre = t[r * C + c];
            float n = r > 0 ? t[(r - 1) * C + c] : centre;
            float s = r < rows - 1 ? t[(r + 1) * C + c] : centre;
            float w = c > 0 ? t[r * C + c - 1] : centre;
            float e = c < C - 1 ? t[r * C + c + 1] : centre;
            float two_c = centre + centre;
            float acc = fmaf((n + s) - two_c, RY_INV, power[r * C + c]);
            acc = fmaf((e + w) - two_c, RX_INV, acc);
            acc = fmaf(AMB - centre, RZ_INV, acc);
            out[r * C + c] = fmaf(acc, CAP_INV, centre);
        }
}

/* scale s: s x 64 rows, one 16x16 CTA per tile */
static void resize(struct kref_desc *d, struct kref_buf *bv, struct kref_param *pv)
{
    const uint32_t rows = R * d->scale;
    pv[P_ROWS].s = (int32_t)rows;
    bv[B_POWER].count = bv[B_TIN].count = bv[B_TOUT].count = rows * C;
    d->grid[1] = rows / 16;
}

const struct kref_desc kref_hotspot = {
    .name = "hotspot", .entry = "hotspot_step",
    .summary = "HotSpot thermal step on a 64x64 grid, 16x16 shared-memory tiles",
    .grid = {4, 4, 1}, .block = {16, 16, 1}, .dyn_shared = 0,
    .nbufs = 3, .bufs = bufs, .nparams = 10, .params = params,
    .generate = generate, .reference = reference,
    .max_scale = 64, .resize = resize, .scaled_dim = "grid rows",
};
