/*
 * kref.h: how a workload of kernels/ is launched, what its inputs are and what
 * its result must be.
 *
 * Every kernel directory kernels/<name>/ holds the CUDA source, the PTX nvcc
 * made from it, a kernel.ini (the same launch description in a form other
 * tools can read; `gpurf-kref --ini <name>` writes it) and ref.c, which
 * defines one `struct kref_desc`: the launch geometry, the buffers, the
 * parameter list in PTX order, a deterministic input generator and a plain-C
 * reference of the result.
 *
 * A consumer (the SM model) does:
 *     bufs = kref_alloc(d);          generate inputs (OUT buffers are zero)
 *     expect = kref_alloc(d); copy;  d->reference(expect)
 *     run the PTX on `bufs`, then kref_compare(d, bufs, expect, ...)
 * The reference transforms the buffer set in place into the state the device
 * memory must have after the launch (INOUT buffers included).
 */
#ifndef GPURF_KREF_H
#define GPURF_KREF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum kref_elem { KREF_S32, KREF_U32, KREF_F32 };
enum kref_role { KREF_IN, KREF_OUT, KREF_INOUT };

/* A float's unit in the last place, relative to its value: at most 2^-23.
 * Tolerances that are not 0 are counted in it (kernels/README.md). */
#define KREF_ULP (1.0 / 8388608.0)

struct kref_buf {
    const char *name;
    enum kref_elem elem;  /* every element is 4 bytes */
    uint32_t count;
    enum kref_role role;
    double tol;           /* F32 only: |got - want| <= tol * max(1, |want|) */
};

/* One kernel parameter, in the order of the PTX .entry parameter list.
 * A buffer parameter is a 64-bit global address; the others are 32 bits. */
enum kref_pkind { KREF_P_BUF, KREF_P_S32, KREF_P_U32, KREF_P_F32 };
struct kref_param {
    const char *name;
    enum kref_pkind kind;
    int buf;      /* KREF_P_BUF: index into bufs[] */
    int32_t s;    /* KREF_P_S32 */
    uint32_t u;   /* KREF_P_U32 */
    float f;      /* KREF_P_F32 */
};

struct kref_desc {
    const char *name;     /* directory name under kernels/ */
    const char *entry;    /* .entry name in the PTX */
    const char *summary;
    uint32_t grid[3], block[3];
    uint32_t dyn_shared;  /* bytes of dynamic shared memory */
    unsigned nbufs;
    const struct kref_buf *bufs;
    unsigned nparams;
    const struct kref_param *params;
    /* Both read the problem's sizes from d (its size parameters), so a
     * larger descriptor from kref_resize() runs through the same code. */
    void (*generate)(const struct kref_desc *d, void *const *bufs);   /* fill IN and INOUT buffers */
    void (*reference)(const struct kref_desc *d, void *const *bufs);  /* bufs become the expected final state */

    /* Larger problems (kref_resize).  max_scale 0 or 1: one size only.
     * resize() sets, for d->scale, the grid, the buffer counts and the size
     * parameters of the problem enlarged d->scale times along the dimension
     * the kernel's summary names; d->bufs and d->params point at writable
     * copies.  scale: of this descriptor (0 reads as 1, as written). */
    unsigned max_scale;
    void (*resize)(struct kref_desc *d, struct kref_buf *bufs, struct kref_param *params);
    const char *scaled_dim;   /* what grows with the scale, for documentation */
    unsigned scale;
};

/* A descriptor enlarged by kref_resize(): it and its own buffer and
 * parameter tables. */
#define KREF_MAX_BUFS 8
#define KREF_MAX_PARAMS 12
struct kref_sized {
    struct kref_desc d;
    struct kref_buf bufs[KREF_MAX_BUFS];
    struct kref_param params[KREF_MAX_PARAMS];
};

/* CTAs in d's grid. */
uint64_t kref_ctas(const struct kref_desc *d);
/* Fills *out with base enlarged `scale` times (1: a copy of base).  Returns
 * -1 when scale is 0 or above the kernel's max_scale (one size only: 1). */
int kref_resize(const struct kref_desc *base, unsigned scale, struct kref_sized *out);
/* The smallest scale whose grid has at least min_ctas CTAs, at most the
 * kernel's max_scale (a kernel of one size: 1). */
unsigned kref_scale_for(const struct kref_desc *base, unsigned min_ctas);

/* Registry of every workload. */
extern const struct kref_desc *const kref_all[];
extern const unsigned kref_count;
const struct kref_desc *kref_find(const char *name);

/* Buffer sets: one zeroed allocation per buffer (NULL on out-of-memory).
 * kref_alloc runs the generator. */
void **kref_alloc(const struct kref_desc *d);
void **kref_clone(const struct kref_desc *d, void *const *bufs);
void kref_free(const struct kref_desc *d, void **bufs);

/* Compares the OUT and INOUT buffers; prints the first few mismatches to
 * `log` (may be NULL) and returns the number of mismatching elements. */
size_t kref_compare(const struct kref_desc *d, void *const *got, void *const *want, FILE *log);

/* Writes the kernel.ini text of d. */
void kref_write_ini(const struct kref_desc *d, FILE *out);

/* Device arithmetic the references follow (kernels/README.md, "How the
 * references match the PTX").  kref_f32_of: the float whose bits are `bits`
 * (the PTX's 0fXXXXXXXX constants).  kref_nv_expf: expf as nvcc inlines it
 * (libdevice, no fast math), operation for operation, with ex2.approx.ftz
 * computed as exp2f like the SM model; a GPU's ex2.approx may be 2 ulp off. */
float kref_f32_of(uint32_t bits);
float kref_nv_expf(float x);

/* Deterministic generator shared by all workloads (xorshift64*); the same
 * seed gives the same numbers on every host. */
struct kref_rng { uint64_t s; };
void kref_seed(struct kref_rng *r, uint64_t seed);
uint32_t kref_u32(struct kref_rng *r);
uint32_t kref_below(struct kref_rng *r, uint32_t n);      /* 0 .. n-1 */
float kref_uniform(struct kref_rng *r, float lo, float hi); /* [lo, hi) */

#endif
