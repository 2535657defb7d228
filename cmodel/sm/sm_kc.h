/* sm_kc.h: the compiler analyses (compiler/analyses.h) a register-file
 * scheme of the SM model needs, copied into plain arrays.
 *
 * compiler/cfg.h and common/cfg.h share one include guard, so a scheme file
 * (which needs struct gpurf_cfg) cannot include kc.h; sm_kc.c is the one
 * bridge.  Register numbers are the kernel's physical registers (those of
 * struct sm_insn) unless a field says otherwise. */
#ifndef GPURF_SM_KC_H
#define GPURF_SM_KC_H

#include <stdint.h>

struct sm_prog;

enum { SM_KC_SET_WORDS = 4 };	/* 256-register sets */
enum { RV_PBR_SLOTS = 9 };	/* registers one pbr word lists (KC_PBR_SLOTS) */

/* RegVirt (compiler/regvirt.c, docs/compiler.md "Register virtualization"). */
struct sm_kc_regvirt {
	unsigned exempt_n;		/* N: registers 0..N-1 after exempt_map are never renamed */
	int exempt_map[256];		/* register -> renamed-table id (exempt first), -1 unused */
	int nmeta;			/* metadata instructions, program order */
	uint64_t *meta_word;		/* encoded 64-bit pir / pbr */
	int *meta_before;		/* inserted before this instruction */
	uint8_t *meta_is_pbr;
	uint8_t *release;		/* per instruction: pir bits, bit k = source operand k */
	uint64_t *slot_regs;		/* per instruction x 3 source operands: registers (4 words) */
	int npbr;			/* pbr lists (each may take several pbr words) */
	int *pbr_insn;			/* placed before this instruction */
	int *pbr_off;			/* [npbr + 1]: registers pbr_reg[off[i] .. off[i+1]) */
	uint8_t *pbr_reg;		/* renamed-table ids */
	int unencodable;
};

/* Runs the RegVirt analysis with N = exempt_n on p's kernel.  -1: out of
 * memory. */
int sm_kc_regvirt(const struct sm_prog *p, unsigned exempt_n, struct sm_kc_regvirt *rv);
void sm_kc_regvirt_free(struct sm_kc_regvirt *rv);

/* LTRF (compiler/ltrf.c, docs/compiler.md "LTRF register intervals") and
 * the warp (divergence-safe) liveness LTRF+ writes back by. */
struct sm_kc_ltrf {
	int nintervals;
	int *header;			/* per interval: first instruction (PREFETCH before it) */
	uint64_t *ws;			/* per interval: working set (4 words) */
	int *interval_of;		/* per instruction */
	uint64_t *live_in;		/* per instruction: warp live-in set (4 words) */
};

/* Register intervals of at most `limit` registers on p's kernel.  -1: out of
 * memory. */
int sm_kc_ltrf(const struct sm_prog *p, unsigned limit, struct sm_kc_ltrf *lt);
void sm_kc_ltrf_free(struct sm_kc_ltrf *lt);

#endif
