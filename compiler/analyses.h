/*
 * analyses.h: the per-instruction compiler analyses of the register-file
 * schemes, each computed from a struct mir (physical registers), its CFG
 * and its liveness, so the papers' own listings can drive them in tests.
 */
#ifndef GPURF_ANALYSES_H
#define GPURF_ANALYSES_H

#include <stdint.h>

#include "cfg.h"
#include "live.h"
#include "mir.h"

#define KC_REGSET_WORDS 4      /* 256 physical registers */

/* ---- Register file virtualization (Jeon et al., MICRO 2015) ----------- */

#define KC_PIR_SLOTS 18         /* instructions covered by one pir */
#define KC_PBR_SLOTS 9          /* registers listed by one pbr */
#define KC_PBR_EMPTY 63         /* 6-bit id of an unused pbr slot */
#define KC_PIR_OPCODE 0x3f1     /* 10-bit opcodes we chose (the paper gives none) */
#define KC_PBR_OPCODE 0x3f2

struct kc_pbr {
    int block;                  /* placed at the start of this (reconvergence) block */
    int insn;                   /* ... whose first instruction is this */
    int nregs;
    uint8_t regs[256];
};

struct kc_meta {                /* one metadata instruction in program order */
    int before_insn;            /* inserted before this instruction */
    int is_pbr;
    uint64_t word;              /* encoded 64-bit instruction */
};

struct kc_regvirt {
    int exempt_n;               /* N: registers never renamed (ids 0..N-1 after renumbering) */
    uint64_t exempt[KC_REGSET_WORDS];
    int exempt_map[256];        /* old id -> new id (exempt first), -1 if unused */
    uint8_t *release;           /* per insn: bit k = source slot k may be released */
    uint64_t *live_aug;         /* per insn live-out after pinning (words = 4) */
    int npbr;
    struct kc_pbr *pbr;
    int nmeta;
    struct kc_meta *meta;       /* pbr(s) then pir at block starts, a pir every 18 */
    int unencodable;            /* releases lost because a slot is >= 3 or a reg id >= 63 */
};

int kc_regvirt_run(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *thread,
                   int loop_pin, int exempt_n, struct kc_regvirt *rv);
void kc_regvirt_free(struct kc_regvirt *rv);
/* 64-bit encodings: opcode low 4 bits in [3:0], payload [57:4], high 6 bits [63:58]. */
uint64_t kc_pir_encode(const uint8_t *flags, int count);   /* flags[k]: 3 bits of slot k */
uint64_t kc_pbr_encode(const uint8_t *regs, int count);    /* count <= 9 */
/* K = floor(8192 / (10 W)) renamed registers; exempt N = max(0, R - K). */
int kc_regvirt_exempt_count(int regs, int resident_warps);

/* ---- LTRF register intervals (Sadrosadati et al., ASPLOS 2018) -------- */

struct kc_interval {
    int header;                 /* first instruction: PREFETCH goes before it */
    uint64_t regs[KC_REGSET_WORDS];   /* working set = PREFETCH bit vector */
    int nregs;
    int ninsns;                 /* static instructions */
};

struct kc_ltrf {
    int limit;                  /* N */
    int nintervals;
    struct kc_interval *iv;
    int *interval_of;           /* per instruction */
    int pass1_intervals;        /* count after Algorithm 1 */
    int pass2_rounds;           /* Algorithm 2 repetitions until no change */
    int nsplits;                /* blocks split because one block exceeded N */
};

int kc_ltrf_run(const struct mir *m, const struct kc_cfg *cfg, int limit, struct kc_ltrf *lt);
void kc_ltrf_free(struct kc_ltrf *lt);

/* ---- Register file cache hints (Gebhart et al., ISCA 2011) ------------ */

struct kc_rfc_hints {
    uint16_t *last_use;         /* per insn: bit k = source slot k is read for the last time */
    uint8_t *llc;               /* per insn: consumes a possibly pending long-latency result */
    uint8_t *bypass;            /* per insn: result not read before the next llc point */
};

int kc_rfc_run(const struct mir *m, const struct kc_cfg *cfg, const struct kc_live *warp,
               struct kc_rfc_hints *h);
void kc_rfc_free(struct kc_rfc_hints *h);

/* ---- Register sharing renumbering (Jatala et al.) --------------------- */

struct kc_renumber {
    int map[256];               /* old physical id -> new id in order of first use; -1 unused */
    int count;
};

/* Generic form over names: seq[] lists register ids in textual order
 * (destinations first, as written); ids < nids.  map[id] = 0-based new
 * number, unused ids keep declaration order after the used ones. */
void kc_renumber_first_use(const int *seq, int nseq, int nids, int *map);
void kc_renumber_run(const struct mir *m, struct kc_renumber *rn);

#endif
