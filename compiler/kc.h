/*
 * kc.h: the kernel compiler's one public API.
 *
 *   ptx_parse_file()      PTX text -> struct ptx_module           (ptx.h)
 *   kc_compile()          one .entry -> struct kc_kernel: the allocated
 *                         program plus every analysis the register-file
 *                         schemes need, per static instruction
 *   kc_dump()/kc_summary  readable output (gpurf-kc)
 *
 * The allocated program is a list of PTX instructions (their operands still
 * name virtual registers) plus the vreg -> physical register map; program
 * counters are 8 * instruction index, like the papers' listings.  The
 * analyses are computed on the machine view (`mir`, physical registers):
 *
 *   FineReg    live_warp.in[pc]: registers a stalled warp must keep
 *   RegVirt    per-source release flags, pir words, pbr lists, exempt set
 *   LTRF       register intervals (<= N registers) and PREFETCH vectors
 *   RFC        per-source last-use bits, long-latency-consumer marks
 *   Sharing    renumbering of registers in order of first use
 *
 * docs/compiler.md explains each one.  The compiler knows nothing about
 * hardware configurations: every knob is in struct kc_options.
 */
#ifndef GPURF_KC_H
#define GPURF_KC_H

#include <stdio.h>

#include "analyses.h"
#include "cfg.h"
#include "diag.h"
#include "live.h"
#include "mir.h"
#include "ptx.h"
#include "regalloc.h"

struct kc_options {
    int max_regs;        /* GPR limit per thread (1 .. 255); beyond it values spill */
    int remat_params;    /* reload kernel parameters at each use (default 1) */
    int ltrf_n;          /* LTRF registers per interval (default 16) */
    int loop_pin;        /* RegVirt LOOP_PIN: pin loop-carried registers (default 1) */
    int exempt;          /* RegVirt exempt registers N; -1 = from resident_warps */
    int resident_warps;  /* RegVirt W in K = floor(8192 / (10 W)) (default 48) */
};
void kc_options_default(struct kc_options *o);

struct kc_arena;

struct kc_kernel {
    struct kc_arena *arena;        /* owns insns, vregs */
    const struct ptx_module *module;
    const struct ptx_function *fn;
    struct kc_options opt;

    /* the allocated program */
    int ninsns;
    struct ptx_insn *insns;        /* PC = 8 * index */
    int nvregs;
    struct ptx_reg *vregs;         /* the function's registers plus synthesized ones */
    unsigned char *vclass;         /* enum kc_regclass */
    unsigned char *vwidth;         /* 32-bit registers per GPR vreg */
    int *phys;                     /* vreg -> R base / P index, -1 if unused */
    int *spill_slot;               /* vreg -> byte offset in __kc_spill, -1 if in a register */
    int nregs;                     /* R0 .. nregs-1 */
    int npreds;
    int nspilled;                  /* vregs spilled to local memory */
    int spill_bytes;
    int nremat;                    /* parameter reloads inserted */

    struct mir mir;                /* physical registers, nbits = 256 */
    struct kc_cfg cfg;
    struct kc_live live_thread;    /* per-thread liveness */
    struct kc_live live_warp;      /* divergence-safe liveness (FineReg vectors) */

    struct kc_regvirt regvirt;
    struct kc_ltrf ltrf;
    struct kc_rfc_hints rfc;
    struct kc_renumber renumber;
};

/* Compiles one kernel.  Returns 0, or -1 with *err filled (unsupported
 * construct, a register limit that cannot be met, out of memory). */
int kc_compile(const struct ptx_module *m, const struct ptx_function *fn,
               const struct kc_options *opt, struct kc_kernel **out, struct kc_diag *err);
void kc_kernel_free(struct kc_kernel *k);

/* Readable dump of the allocation and every analysis. */
void kc_dump(const struct kc_kernel *k, FILE *out);
/* "<kernel> regs=<n>" */
void kc_summary(const struct kc_kernel *k, FILE *out);

/* Writes "R3" / "R4:R5" / "P1" for a vreg. */
const char *kc_vreg_phys_name(const struct kc_kernel *k, int vreg, char *buf, unsigned size);

#endif
