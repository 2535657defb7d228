/* stim_release_flag_cache.c: stimulus and scoreboard for the release-flag
 * cache.
 *
 * Protocol the stimulus keeps (docs/regvirt.md): the program is a fixed set
 * of pir instructions, each at its own 8-byte-aligned PC with its own
 * payload (code does not change under the cache; a kernel launch flushes).
 * Fills only ever carry a pir's own payload.  PCs are drawn so that several
 * map to the same entry (conflict misses) and some lie far apart (tags).
 *
 * Scoreboard (what the paper promises, without the model): a hit returns
 * the flags of that PC's pir; after a fill of pc, pc hits until a flush or
 * a fill of another pc with the same index (direct-mapped replacement);
 * without a fill since the last flush nothing hits.  Slots past the last
 * read as zero. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "release_flag_cache_desc.h"
#include "rng.h"
#include "stim.h"

enum { NPIR = 40 };

static const char *const scenarios[] = {"random", NULL};

struct rfc_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	unsigned npir;		/* pirs in the program (fewer when the code space is small) */
	uint64_t pc[NPIR];	/* the program's pir PCs */
	uint64_t flags[NPIR];	/* and payloads */
	int64_t *resident;	/* [entry] pir number filled last since the flush, -1 none */
	unsigned fill_pct, flush_period;
};

static const struct port_desc *port(const struct rfc_stim *s, enum release_flag_cache_port p)
{
	return &s->m->ports[p];
}

static void *rfc_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct rfc_stim *s = calloc(1, sizeof *s);
	const struct cfg_regvirt *rv = &cfg->regvirt;
	uint64_t lines = UINT64_C(1) << (rv->pc_bits - 3u);
	uint64_t fmask = rv->rfc_slots * 3u >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << (rv->rfc_slots * 3u)) - 1u;

	(void)scenario;
	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->resident = calloc(rv->rfc_entries, sizeof *s->resident);
	if (!s->resident)
		return NULL;
	for (unsigned i = 0; i < rv->rfc_entries; i++)
		s->resident[i] = -1;
	s->npir = lines < NPIR ? (unsigned)lines : NPIR;
	for (unsigned i = 0; i < s->npir; i++) {
		uint64_t line;
		int dup;

		do {
			/* Half the pirs in a small code region (many share an
			 * entry), half anywhere (different tags). */
			line = i % 2 ? rng_next(&s->rng) % lines : rng_below(&s->rng, 64) % lines;
			dup = 0;
			for (unsigned j = 0; j < i; j++)
				dup |= s->pc[j] == line << 3;
		} while (dup);
		s->pc[i] = line << 3;
		s->flags[i] = rng_next(&s->rng) & fmask;
	}
	s->fill_pct = 30;
	s->flush_period = 2000;
	return s;
}

static void rfc_stim_destroy(void *vs)
{
	struct rfc_stim *s = vs;

	if (s)
		free(s->resident);
	free(s);
}

static unsigned pick(struct rfc_stim *s)
{
	return rng_below(&s->rng, s->npir);
}

static void rfc_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rfc_stim *s = vs;
	const struct cfg_regvirt *rv = &s->cfg->regvirt;
	unsigned i;

	if (cycle % 512 == 0)
		s->fill_pct = (unsigned[]){5, 30, 80}[rng_below(&s->rng, 3)];
	if (cycle % s->flush_period == s->flush_period - 1 || rng_chance(&s->rng, 1))
		bus_set(in, port(s, RFLAG_FLUSH_I), 0, 1);
	if (rng_chance(&s->rng, 80)) {
		bus_set(in, port(s, RFLAG_PROBE_VALID_I), 0, 1);
		bus_set(in, port(s, RFLAG_PROBE_PC_I), 0, s->pc[pick(s)] | (rng_chance(&s->rng, 10) ? 8u : 0u));
	}
	if (rng_chance(&s->rng, s->fill_pct)) {
		i = pick(s);
		bus_set(in, port(s, RFLAG_FILL_VALID_I), 0, 1);
		bus_set(in, port(s, RFLAG_FILL_PC_I), 0, s->pc[i]);
		bus_set(in, port(s, RFLAG_FILL_FLAGS_I), 0, s->flags[i]);
	}
	for (unsigned p = 0; p < rv->rfc_ports; p++) {
		if (!rng_chance(&s->rng, 70))
			continue;
		i = pick(s);
		bus_set(in, port(s, RFLAG_RD_VALID_I), p, 1);
		bus_set(in, port(s, RFLAG_RD_PC_I), p, s->pc[i]);
		/* Mostly real slots, sometimes one past the last. */
		bus_set(in, port(s, RFLAG_RD_SLOT_I), p, rng_below(&s->rng, rv->rfc_slots + (rng_chance(&s->rng, 5) ? 2u : 0u)) %
			(1u << s->m->ports[RFLAG_RD_SLOT_I].elem_width));
	}
}

/* The pir number at pc, or -1 (a PC that is not a pir). */
static int pir_at(const struct rfc_stim *s, uint64_t pc)
{
	for (unsigned i = 0; i < s->npir; i++)
		if (s->pc[i] == pc)
			return (int)i;
	return -1;
}

/* Whether pc must hit now: its pir was the last one filled into its entry
 * since the last flush. */
static int must_hit(const struct rfc_stim *s, uint64_t pc)
{
	int i = pir_at(s, pc);
	int64_t r = s->resident[rfc_line(pc) % s->cfg->regvirt.rfc_entries];

	return i >= 0 && r >= 0 && s->pc[r] == pc;
}

static int rfc_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			    size_t msg_n)
{
	struct rfc_stim *s = vs;
	const struct cfg_regvirt *rv = &s->cfg->regvirt;
	(void)cycle;

	if (bus_get(in, port(s, RFLAG_PROBE_VALID_I), 0)) {
		uint64_t pc = bus_get(in, port(s, RFLAG_PROBE_PC_I), 0);
		int hit = (int)bus_get(out, port(s, RFLAG_PROBE_HIT_O), 0);

		if (hit != must_hit(s, pc)) {
			snprintf(msg, msg_n, "scoreboard: probe of pc 0x%llx hit=%d, expected %d",
				 (unsigned long long)pc, hit, !hit);
			return -1;
		}
	} else if (bus_get(out, port(s, RFLAG_PROBE_HIT_O), 0)) {
		snprintf(msg, msg_n, "scoreboard: probe_hit_o without a probe");
		return -1;
	}
	for (unsigned p = 0; p < rv->rfc_ports; p++) {
		uint64_t pc = bus_get(in, port(s, RFLAG_RD_PC_I), p);
		unsigned slot = (unsigned)bus_get(in, port(s, RFLAG_RD_SLOT_I), p);
		int valid = (int)bus_get(in, port(s, RFLAG_RD_VALID_I), p);
		int hit = (int)bus_get(out, port(s, RFLAG_RD_HIT_O), p);
		unsigned flags = (unsigned)bus_get(out, port(s, RFLAG_RD_FLAGS_O), p), want = 0;
		int want_hit = valid && must_hit(s, pc);

		if (want_hit && slot < rv->rfc_slots)
			want = (unsigned)(s->flags[pir_at(s, pc)] >> (3u * slot) & 7u);
		if (hit != want_hit || flags != want) {
			snprintf(msg, msg_n, "scoreboard: read %u of pc 0x%llx slot %u: hit=%d flags=%u, "
					     "expected hit=%d flags=%u", p, (unsigned long long)pc, slot, hit,
				 flags, want_hit, want);
			return -1;
		}
	}
	if (bus_get(in, port(s, RFLAG_FLUSH_I), 0)) {
		for (unsigned e = 0; e < rv->rfc_entries; e++)
			s->resident[e] = -1;
	} else if (bus_get(in, port(s, RFLAG_FILL_VALID_I), 0)) {
		uint64_t pc = bus_get(in, port(s, RFLAG_FILL_PC_I), 0);

		s->resident[rfc_line(pc) % rv->rfc_entries] = pir_at(s, pc);
	}
	return 0;
}

const struct stim_ops release_flag_cache_stim = {
	"release_flag_cache", scenarios, rfc_stim_create, rfc_stim_drive, rfc_stim_observe, rfc_stim_destroy,
};
