/*
 * kref.c: the workload registry and the helpers every workload shares:
 * buffer sets, comparison against the reference, kernel.ini writing and the
 * deterministic random generator.
 */
#include "kref.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

extern const struct kref_desc kref_bfs, kref_kmeans, kref_nw, kref_hotspot, kref_cfd,
    kref_srad, kref_stencil3d, kref_sgemm, kref_convsep, kref_transpose, kref_montecarlo,
    kref_libor, kref_lbm, kref_bicgstab, kref_reduction;

const struct kref_desc *const kref_all[] = {
    &kref_bfs, &kref_kmeans, &kref_nw, &kref_hotspot, &kref_cfd,
    &kref_srad, &kref_stencil3d, &kref_sgemm, &kref_convsep, &kref_transpose,
    &kref_montecarlo, &kref_libor, &kref_lbm, &kref_bicgstab, &kref_reduction,
};
const unsigned kref_count = sizeof kref_all / sizeof kref_all[0];

const struct kref_desc *kref_find(const char *name)
{
    for (unsigned i = 0; i < kref_count; i++)
        if (strcmp(kref_all[i]->name, name) == 0)
            return kref_all[i];
    return NULL;
}

uint64_t kref_ctas(const struct kref_desc *d)
{
    return (uint64_t)d->grid[0] * d->grid[1] * d->grid[2];
}

int kref_resize(const struct kref_desc *base, unsigned scale, struct kref_sized *out)
{
    unsigned max = base->max_scale > 1 && base->resize ? base->max_scale : 1;
    if (scale == 0 || scale > max || base->nbufs > KREF_MAX_BUFS ||
        base->nparams > KREF_MAX_PARAMS)
        return -1;
    out->d = *base;
    memcpy(out->bufs, base->bufs, base->nbufs * sizeof *base->bufs);
    memcpy(out->params, base->params, base->nparams * sizeof *base->params);
    out->d.bufs = out->bufs;
    out->d.params = out->params;
    out->d.scale = scale;
    if (scale > 1)
        base->resize(&out->d, out->bufs, out->params);
    return 0;
}

unsigned kref_scale_for(const struct kref_desc *base, unsigned min_ctas)
{
    unsigned max = base->max_scale > 1 && base->resize ? base->max_scale : 1;
    struct kref_sized s;
    for (unsigned k = 1; k < max; k++)
        if (kref_resize(base, k, &s) == 0 && kref_ctas(&s.d) >= min_ctas)
            return k;
    return max;
}

void kref_free(const struct kref_desc *d, void **bufs)
{
    if (!bufs)
        return;
    for (unsigned i = 0; i < d->nbufs; i++)
        free(bufs[i]);
    free(bufs);
}

static void **alloc_zeroed(const struct kref_desc *d)
{
    void **bufs = calloc(d->nbufs, sizeof *bufs);
    if (!bufs)
        return NULL;
    for (unsigned i = 0; i < d->nbufs; i++) {
        bufs[i] = calloc(d->bufs[i].count ? d->bufs[i].count : 1, 4);
        if (!bufs[i]) {
            kref_free(d, bufs);
            return NULL;
        }
    }
    return bufs;
}

void **kref_alloc(const struct kref_desc *d)
{
    void **bufs = alloc_zeroed(d);
    if (bufs)
        d->generate(d, bufs);
    return bufs;
}

void **kref_clone(const struct kref_desc *d, void *const *src)
{
    void **bufs = alloc_zeroed(d);
    if (bufs)
        for (unsigned i = 0; i < d->nbufs; i++)
            memcpy(bufs[i], src[i], (size_t)d->bufs[i].count * 4);
    return bufs;
}

static int f32_close(float got, float want, double tol)
{
    if (isnan(want))
        return isnan(got);
    double scale = fabs((double)want) > 1.0 ? fabs((double)want) : 1.0;
    return fabs((double)got - (double)want) <= tol * scale;
}

size_t kref_compare(const struct kref_desc *d, void *const *got, void *const *want, FILE *log)
{
    size_t bad = 0;
    for (unsigned b = 0; b < d->nbufs; b++) {
        const struct kref_buf *kb = &d->bufs[b];
        if (kb->role == KREF_IN)
            continue;
        for (uint32_t i = 0; i < kb->count; i++) {
            int ok;
            if (kb->elem == KREF_F32)
                ok = f32_close(((const float *)got[b])[i], ((const float *)want[b])[i], kb->tol);
            else
                ok = ((const uint32_t *)got[b])[i] == ((const uint32_t *)want[b])[i];
            if (ok)
                continue;
            if (log && bad < 8) {
                if (kb->elem == KREF_F32)
                    fprintf(log, "%s: %s[%u] = %.9g, want %.9g\n", d->name, kb->name, i,
                            ((const float *)got[b])[i], ((const float *)want[b])[i]);
                else
                    fprintf(log, "%s: %s[%u] = %d, want %d\n", d->name, kb->name, i,
                            ((const int32_t *)got[b])[i], ((const int32_t *)want[b])[i]);
            }
            bad++;
        }
    }
    return bad;
}

static const char *elem_name(enum kref_elem e)
{
    return e == KREF_S32 ? "s32" : e == KREF_U32 ? "u32" : "f32";
}

void kref_write_ini(const struct kref_desc *d, FILE *out)
{
    static const char *const roles[] = {"in", "out", "inout"};
    fprintf(out, "# kernels/%s/kernel.ini: launch description of the %s workload.\n", d->name,
            d->name);
    fprintf(out, "# Written by `gpurf-kref --ini %s` from kernels/%s/ref.c; do not edit.\n",
            d->name, d->name);
    fprintf(out, "# %s\n\n", d->summary);
    fprintf(out, "[kernel]\nname = %s\nptx = kernels/%s/%s.ptx\nentry = %s\n", d->name, d->name,
            d->name, d->entry);
    fprintf(out, "grid = %u %u %u\nblock = %u %u %u\ndynamic_shared = %u\n", d->grid[0],
            d->grid[1], d->grid[2], d->block[0], d->block[1], d->block[2], d->dyn_shared);
    fprintf(out, "generator = kref_%s (kernels/%s/ref.c)\n", d->name, d->name);
    for (unsigned i = 0; i < d->nbufs; i++) {
        const struct kref_buf *b = &d->bufs[i];
        fprintf(out, "\n[buffer %s]\ntype = %s\ncount = %u\nrole = %s\n", b->name,
                elem_name(b->elem), b->count, roles[b->role]);
        if (b->elem == KREF_F32 && b->role != KREF_IN)
            fprintf(out, "tolerance = %g\n", b->tol);
    }
    for (unsigned i = 0; i < d->nparams; i++) {
        const struct kref_param *p = &d->params[i];
        fprintf(out, "\n[param %u]\nname = %s\n", i, p->name);
        switch (p->kind) {
        case KREF_P_BUF: fprintf(out, "type = u64\nbuffer = %s\n", d->bufs[p->buf].name); break;
        case KREF_P_S32: fprintf(out, "type = s32\nvalue = %d\n", p->s); break;
        case KREF_P_U32: fprintf(out, "type = u32\nvalue = %u\n", p->u); break;
        case KREF_P_F32: fprintf(out, "type = f32\nvalue = %.9g\n", p->f); break;
        }
    }
}

float kref_f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* 2^(x log2 e) split as nvcc's inline expf does: j = the integer part (from
 * a saturated first guess), 2^j built in the exponent bits, ex2.approx of
 * the remainder x log2 e - j taken in two fused steps. */
float kref_nv_expf(float x)
{
    float t = fmaf(x, kref_f32_of(0x3bbb989du), 0.5f);
    t = t > 0.0f ? (t < 1.0f ? t : 1.0f) : 0.0f;    /* cvt.sat.f32.f32 (NaN: 0) */
    /* fma.rm.f32 t, 252, 12582913: the exact sum is an integer below 2^24,
     * so rounding it down is the floor of 252 t, which a double holds
     * exactly; no change of the host's rounding mode needed */
    float j = (float)(12582913.0 + floor(252.0 * (double)t));
    float k = j + kref_f32_of(0xcb40007fu);
    float r = fmaf(x, kref_f32_of(0x3fb8aa3bu), -k);
    uint32_t jbits;
    r = fmaf(x, kref_f32_of(0x32a57060u), r);
    memcpy(&jbits, &j, sizeof jbits);
    return exp2f(r) * kref_f32_of(jbits << 23);
}

void kref_seed(struct kref_rng *r, uint64_t seed)
{
    r->s = seed ? seed : 0x9e3779b97f4a7c15ull;
}

uint32_t kref_u32(struct kref_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return (uint32_t)((r->s * 0x2545f4914f6cdd1dull) >> 32);
}

uint32_t kref_below(struct kref_rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)kref_u32(r) * n) >> 32);
}

float kref_uniform(struct kref_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(kref_u32(r) >> 8) * (1.0f / 16777216.0f);
}
