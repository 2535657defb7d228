/* sm_energy.h: the register-file energy report of an SM-model run.
 *
 * Energy = sum over terms of count x energy per access, plus wire energy
 * (count x bits moved x wire distance x wire_fj_per_mm).  Each term is one
 * kind of access of one structure; its count comes from the run's
 * statistics and its per-access energy from the [energy] keys
 * (common/cfg_energy.c; sources in docs/energy.md).  Per-access energies are
 * rounded to whole femtojoules before multiplying, so every number of the
 * report is an exact integer of fJ (printed as pJ with three decimals).
 *
 * A scheme's structures are counted by its own counters (struct
 * sm_stats.rfs[], named by sm_rfsys_ops.counters); sm_energy.c's
 * scheme_terms[] maps a (scheme, counter name) onto its term; terms nobody
 * counts read zero. */
#ifndef GPURF_SM_ENERGY_H
#define GPURF_SM_ENERGY_H

#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "sm_core.h"

enum sm_energy_term {
	SM_E_MRF_READ,		/* main register file: warp register read from a bank */
	SM_E_MRF_WRITE,		/* main register file: warp register written to a bank */
	SM_E_RFC_READ,		/* register file cache (Gebhart) / operand register file */
	SM_E_RFC_WRITE,
	SM_E_RENAME,		/* renaming-table access (register virtualization) */
	SM_E_LTRF_CACHE_READ,	/* LTRF register cache */
	SM_E_LTRF_CACHE_WRITE,
	SM_E_PCRF_READ,		/* FineReg pending-CTA register file */
	SM_E_PCRF_WRITE,
	SM_E_PCRF_CHAIN,	/* PCRF tag-chain / pointer-table step */
	SM_E_NTERMS
};

struct sm_energy {
	uint64_t count[SM_E_NTERMS];
	uint64_t fj_per_access[SM_E_NTERMS];	/* access energy of one count */
	uint64_t wire_fj_per_access[SM_E_NTERMS];
	uint64_t access_fj, wire_fj, total_fj;
};

/* The term's name in the JSON ("mrf_read", ...). */
const char *sm_energy_term_name(enum sm_energy_term t);

/* Fills count[] from a run's statistics under cfg (its banks, its scheme's
 * counters). */
void sm_energy_counts(const struct gpurf_cfg *cfg, const struct sm_stats *t, uint64_t count[SM_E_NTERMS]);

/* Per-access energies of cfg and the totals for count[]. */
void sm_energy_compute(const struct gpurf_cfg *cfg, const uint64_t count[SM_E_NTERMS], struct sm_energy *e);

/* "energy": {...} member of the statistics JSON (two-space indent, ends
 * with ",\n") and the summary line. */
void sm_energy_json(const struct sm_energy *e, FILE *out);
void sm_energy_summary(const struct sm_energy *e, FILE *out);

#endif
