/* release_flag_cache.c: cycle model of RegVirt's release-flag cache
 * (Sec. 7.2).
 *
 * State: per entry a valid bit, a tag and the pir payload (slots x 3 bits).
 * One cycle:
 *   eval  probe_hit_o / rd_hit_o / rd_flags_o from the entries as they are
 *         (combinational: the paper folds the probe into fetch and the flag
 *         read into select, no extra cycle);
 *   tick  flush_i clears every valid bit (and wins over a fill in the same
 *         cycle); otherwise a fill writes entry rfc_index(pc), replacing
 *         whatever it held (direct-mapped). */
#include "release_flag_cache.h"

#include <stdlib.h>
#include <string.h>

#include "release_flag_cache_desc.h"

struct rfc_entry {
	int valid;
	uint64_t tag;
	uint64_t flags;		/* slots x 3 bits (at most 63) */
};

struct rfc_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct rfc_entry *e;
};

static const struct port_desc *port(const struct rfc_model *m, enum release_flag_cache_port p)
{
	return &m->desc->ports[p];
}

static void *rfc_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rfc_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->e = calloc(cfg->regvirt.rfc_entries, sizeof *m->e);
	if (!m->e) {
		free(m);
		return NULL;
	}
	return m;
}

static void rfc_destroy(void *vm)
{
	struct rfc_model *m = vm;

	if (m)
		free(m->e);
	free(m);
}

static void rfc_reset(void *vm)
{
	struct rfc_model *m = vm;

	for (unsigned i = 0; i < m->cfg->regvirt.rfc_entries; i++)
		m->e[i].valid = 0;
}

/* The entry holding the pir at pc, or NULL. */
static const struct rfc_entry *lookup(const struct rfc_model *m, uint64_t pc)
{
	const struct rfc_entry *e = &m->e[rfc_index(m->cfg, pc)];

	return e->valid && e->tag == rfc_tag(m->cfg, pc) ? e : NULL;
}

static void rfc_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rfc_model *m = vm;

	memset(out, 0, m->desc->out_words * sizeof *out);
	if (bus_get(in, port(m, RFLAG_PROBE_VALID_I), 0))
		bus_set(out, port(m, RFLAG_PROBE_HIT_O), 0, lookup(m, bus_get(in, port(m, RFLAG_PROBE_PC_I), 0)) != NULL);
	for (unsigned p = 0; p < m->cfg->regvirt.rfc_ports; p++) {
		const struct rfc_entry *e;
		unsigned slot;

		if (!bus_get(in, port(m, RFLAG_RD_VALID_I), p))
			continue;
		e = lookup(m, bus_get(in, port(m, RFLAG_RD_PC_I), p));
		slot = (unsigned)bus_get(in, port(m, RFLAG_RD_SLOT_I), p);
		bus_set(out, port(m, RFLAG_RD_HIT_O), p, e != NULL);
		/* A slot past the last one reads as "release nothing". */
		if (e && slot < m->cfg->regvirt.rfc_slots)
			bus_set(out, port(m, RFLAG_RD_FLAGS_O), p, e->flags >> (3u * slot) & 7u);
	}
}

static void rfc_tick(void *vm, const uint32_t *in)
{
	struct rfc_model *m = vm;
	uint64_t pc;
	struct rfc_entry *e;

	if (bus_get(in, port(m, RFLAG_FLUSH_I), 0)) {
		rfc_reset(m);
		return;
	}
	if (!bus_get(in, port(m, RFLAG_FILL_VALID_I), 0))
		return;
	pc = bus_get(in, port(m, RFLAG_FILL_PC_I), 0);
	e = &m->e[rfc_index(m->cfg, pc)];
	e->valid = 1;
	e->tag = rfc_tag(m->cfg, pc);
	e->flags = bus_get(in, port(m, RFLAG_FILL_FLAGS_I), 0);
}

const struct unit_ops release_flag_cache_ops = {
	"release_flag_cache", rfc_create, rfc_reset, rfc_eval, rfc_tick, rfc_destroy,
};
