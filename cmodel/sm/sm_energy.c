/* sm_energy.c: per-access energies of the register-file structures and the
 * energy report of a run (see sm_energy.h, docs/energy.md). */
#include "sm_energy.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "sm_rfsys.h"

/* What one term costs: its [energy] keys (fJ per 128 bits) and where it sits. */
struct term_desc {
	const char *name;
	size_t energy;		/* offset of the fJ key in struct cfg_energy */
	size_t wire_um;		/* offset of the distance key, or NO_WIRE */
	int per_bits;		/* energy is per 128 bits (else per access) */
	int bank_scaled;	/* scaled by the main register file's bank size */
};

#define E(f) offsetof(struct cfg_energy, f)
#define NO_WIRE ((size_t)-1)

static const struct term_desc terms[SM_E_NTERMS] = {
	[SM_E_MRF_READ] = {"mrf_read", E(mrf_read_fj), E(mrf_wire_um), 1, 1},
	[SM_E_MRF_WRITE] = {"mrf_write", E(mrf_write_fj), E(mrf_wire_um), 1, 1},
	[SM_E_RFC_READ] = {"rfc_read", E(rfc_read_fj), E(rfc_wire_um), 1, 0},
	[SM_E_RFC_WRITE] = {"rfc_write", E(rfc_write_fj), E(rfc_wire_um), 1, 0},
	[SM_E_RENAME] = {"rename", E(rename_fj), NO_WIRE, 0, 0},
	[SM_E_LTRF_CACHE_READ] = {"ltrf_cache_read", E(ltrf_cache_read_fj), E(ltrf_cache_wire_um), 1, 0},
	[SM_E_LTRF_CACHE_WRITE] = {"ltrf_cache_write", E(ltrf_cache_write_fj), E(ltrf_cache_wire_um), 1, 0},
	[SM_E_PCRF_READ] = {"pcrf_read", E(pcrf_read_fj), NO_WIRE, 1, 0},
	[SM_E_PCRF_WRITE] = {"pcrf_write", E(pcrf_write_fj), NO_WIRE, 1, 0},
	[SM_E_PCRF_CHAIN] = {"pcrf_chain", E(pcrf_chain_fj), NO_WIRE, 0, 0},
};

#undef E

static unsigned key(const struct cfg_energy *c, size_t off)
{
	return *(const unsigned *)(const void *)((const char *)c + off);
}

const char *sm_energy_term_name(enum sm_energy_term t)
{
	return terms[t].name;
}

static uint64_t sum(const uint64_t *v, unsigned n)
{
	uint64_t s = 0;

	for (unsigned i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* Which scheme counter (struct sm_stats.rfs[], by its name in the scheme's
 * sm_rfsys_ops.counters) feeds which term; a counter listed several times
 * adds to each of its terms.  A scheme or counter the SM does not model
 * (yet) contributes nothing. */
static const struct {
	const char *scheme, *counter;
	enum sm_energy_term term;
} scheme_terms[] = {
	/* register file cache: every RFC read hit and every RFC write (fills,
	 * results); its MRF traffic is in the bank counters */
	{"rfc", "rfc_reads", SM_E_RFC_READ},
	{"rfc", "rfc_writes", SM_E_RFC_WRITE},
	/* FineReg: an evicted register is one PCRF write plus one tag-chain
	 * step (tag and NEXT link), a restored one a PCRF read plus the tag
	 * read that gives NEXT; the RMU's ACRF side is in the bank counters */
	{"finereg", "registers_evicted", SM_E_PCRF_WRITE},
	{"finereg", "registers_restored", SM_E_PCRF_READ},
	{"finereg", "registers_evicted", SM_E_PCRF_CHAIN},
	{"finereg", "registers_restored", SM_E_PCRF_CHAIN},
	/* register virtualization: one renaming-table access per renamed
	 * instruction */
	{"regvirt", "rename_insns", SM_E_RENAME},
	/* LTRF: register-cache reads and writes (prefetch fills included) */
	{"ltrf", "rfc_reads", SM_E_LTRF_CACHE_READ},
	{"ltrf", "rfc_writes", SM_E_LTRF_CACHE_WRITE},
	{"ltrf_plus", "rfc_reads", SM_E_LTRF_CACHE_READ},
	{"ltrf_plus", "rfc_writes", SM_E_LTRF_CACHE_WRITE},
};

/* Value of the scheme counter `name`, 0 when the scheme has none. */
static uint64_t scheme_counter(const struct sm_rfsys_ops *ops, const struct sm_stats *t, const char *name)
{
	for (unsigned i = 0; i < SM_RF_NCOUNT && ops->counters[i]; i++)
		if (strcmp(ops->counters[i], name) == 0)
			return t->rfs[i];
	return 0;
}

void sm_energy_counts(const struct gpurf_cfg *cfg, const struct sm_stats *t, uint64_t count[SM_E_NTERMS])
{
	struct gpurf_err e = {0};
	const struct sm_rfsys_ops *ops = sm_rfsys_ops(cfg, &e);

	for (unsigned i = 0; i < SM_E_NTERMS; i++)
		count[i] = 0;
	/* rf_reads / rf_writes are bank accesses of the main register file */
	count[SM_E_MRF_READ] = sum(t->rf_reads, cfg->banks);
	count[SM_E_MRF_WRITE] = sum(t->rf_writes, cfg->banks);
	if (!ops)
		return;
	for (size_t i = 0; i < sizeof scheme_terms / sizeof scheme_terms[0]; i++)
		if (strcmp(scheme_terms[i].scheme, ops->name) == 0)
			count[scheme_terms[i].term] += scheme_counter(ops, t, scheme_terms[i].counter);
}

/* Bank-size factor of the main register file's energies. */
static double bank_factor(const struct gpurf_cfg *cfg)
{
	double ratio = (double)cfg->rf_bytes / cfg->banks / cfg->energy.mrf_ref_bank_bytes;

	switch (cfg->energy.bank_scaling) {
	case ENERGY_SCALE_SQRT:
		return sqrt(ratio);
	case ENERGY_SCALE_LINEAR:
		return ratio;
	default:
		return 1.0;
	}
}

void sm_energy_compute(const struct gpurf_cfg *cfg, const uint64_t count[SM_E_NTERMS], struct sm_energy *e)
{
	const struct cfg_energy *c = &cfg->energy;
	double chunks = cfg->d.warp_bits / 128.0;	/* 128-bit accesses per warp register */
	double scale = bank_factor(cfg);

	e->access_fj = e->wire_fj = 0;
	for (unsigned i = 0; i < SM_E_NTERMS; i++) {
		const struct term_desc *d = &terms[i];
		double fj = key(c, d->energy) * (d->per_bits ? chunks : 1.0) * (d->bank_scaled ? scale : 1.0);
		/* 32-bit words moved x mm x fJ per 32 bits per mm */
		double wire = d->wire_um == NO_WIRE ? 0.0 :
			      cfg->d.warp_bits / 32.0 * key(c, d->wire_um) / 1000.0 * c->wire_fj_per_mm;

		e->count[i] = count[i];
		e->fj_per_access[i] = (uint64_t)llround(fj);
		e->wire_fj_per_access[i] = (uint64_t)llround(wire);
		e->access_fj += count[i] * e->fj_per_access[i];
		e->wire_fj += count[i] * e->wire_fj_per_access[i];
	}
	e->total_fj = e->access_fj + e->wire_fj;
}

/* fJ as pJ with three decimals, exactly. */
static void pj(FILE *out, uint64_t fj)
{
	fprintf(out, "%" PRIu64 ".%03" PRIu64, fj / 1000, fj % 1000);
}

void sm_energy_json(const struct sm_energy *e, FILE *out)
{
	fprintf(out, "  \"energy\": {\n");
	for (unsigned i = 0; i < SM_E_NTERMS; i++) {
		fprintf(out, "    \"%s\": {\"count\": %" PRIu64 ", \"pj_per_access\": ", terms[i].name, e->count[i]);
		pj(out, e->fj_per_access[i]);
		fprintf(out, ", \"wire_pj_per_access\": ");
		pj(out, e->wire_fj_per_access[i]);
		fprintf(out, ", \"pj\": ");
		pj(out, e->count[i] * (e->fj_per_access[i] + e->wire_fj_per_access[i]));
		fprintf(out, "},\n");
	}
	fprintf(out, "    \"access_pj\": ");
	pj(out, e->access_fj);
	fprintf(out, ",\n    \"wire_pj\": ");
	pj(out, e->wire_fj);
	fprintf(out, ",\n    \"total_pj\": ");
	pj(out, e->total_fj);
	fprintf(out, "\n  },\n");
}

void sm_energy_summary(const struct sm_energy *e, FILE *out)
{
	fprintf(out, "  register-file energy: ");
	pj(out, e->total_fj / 1000);
	fprintf(out, " nJ (access ");
	pj(out, e->access_fj / 1000);
	fprintf(out, ", wire ");
	pj(out, e->wire_fj / 1000);
	fprintf(out, ")\n");
}
