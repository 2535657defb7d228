/* pcrf.c: cycle model of FineReg's pending-CTA register file.
 *
 * At a clock edge, in this order:
 *   1. the read pipeline advances; a read requested this cycle samples the
 *      entry's tag and data (before any write of this edge: read-first);
 *   2. rd_free_i clears the read entry's V;
 *   3. a write sets a whole entry (V := 1), winning over a free of the same
 *      entry;
 *   4. a link sets NEXT and clears E of its entry, after the write (a write
 *      and a link of one entry leave the link's NEXT and E = 0).
 * Outputs are the last pipeline stage, zero when not valid; E, NEXT,
 * WARP_ID, REG_IDX and the data are also zero when the entry read had V = 0,
 * so a free entry never shows what it held.  Reset clears V and the
 * pipeline valid bits; the other tag fields and the data array (SRAM) keep
 * whatever they hold. */
#include "pcrf.h"

#include <stdlib.h>
#include <string.h>

struct pcrf_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned entries, lanes, lat;
	struct pcrf_tag *tag;		/* [entries] */
	uint32_t *data;			/* [entries][lanes] */
	uint8_t *pipe_valid;		/* [lat] */
	struct pcrf_tag *pipe_tag;	/* [lat] */
	uint32_t *pipe_data;		/* [lat][lanes] */
};

static const struct port_desc *port(const struct pcrf_model *m, enum pcrf_port p)
{
	return &m->desc->ports[p];
}

static void pcrf_destroy(void *vm)
{
	struct pcrf_model *m = vm;

	if (!m)
		return;
	free(m->tag);
	free(m->data);
	free(m->pipe_valid);
	free(m->pipe_tag);
	free(m->pipe_data);
	free(m);
}

static void *pcrf_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct pcrf_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->entries = cfg->finereg.pcrf_entries;
	m->lanes = cfg->lanes;
	m->lat = cfg->finereg.pcrf_latency;
	m->tag = calloc(m->entries, sizeof *m->tag);
	m->data = calloc((size_t)m->entries * m->lanes, sizeof *m->data);
	m->pipe_valid = calloc(m->lat, 1);
	m->pipe_tag = calloc(m->lat, sizeof *m->pipe_tag);
	m->pipe_data = calloc((size_t)m->lat * m->lanes, sizeof *m->pipe_data);
	if (!m->tag || !m->data || !m->pipe_valid || !m->pipe_tag || !m->pipe_data) {
		pcrf_destroy(m);
		return NULL;
	}
	return m;
}

static void pcrf_reset(void *vm)
{
	struct pcrf_model *m = vm;

	for (unsigned i = 0; i < m->entries; i++)
		m->tag[i].valid = 0;
	memset(m->pipe_valid, 0, m->lat);
}

static void pcrf_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct pcrf_model *m = vm;
	unsigned s = m->lat - 1u;
	const struct pcrf_tag *t = &m->pipe_tag[s];

	(void)in;
	memset(out, 0, m->desc->out_words * sizeof *out);
	if (!m->pipe_valid[s])
		return;
	bus_set(out, port(m, PCRF_RD_VALID_O), 0, 1);
	if (!t->valid)
		return;
	bus_set(out, port(m, PCRF_RD_TAGV_O), 0, 1);
	bus_set(out, port(m, PCRF_RD_END_O), 0, t->end);
	bus_set(out, port(m, PCRF_RD_NEXT_O), 0, t->next);
	bus_set(out, port(m, PCRF_RD_WARP_O), 0, t->warp);
	bus_set(out, port(m, PCRF_RD_REG_O), 0, t->reg);
	bus_set_words(out, port(m, PCRF_RD_DATA_O), 0, m->pipe_data + (size_t)s * m->lanes);
}

static void pcrf_tick(void *vm, const uint32_t *in)
{
	struct pcrf_model *m = vm;
	unsigned lanes = m->lanes;
	unsigned rd = (unsigned)bus_get(in, port(m, PCRF_RD_IDX_I), 0);
	unsigned wr = (unsigned)bus_get(in, port(m, PCRF_WR_IDX_I), 0);
	unsigned ln = (unsigned)bus_get(in, port(m, PCRF_LINK_IDX_I), 0);
	int rd_v = bus_get(in, port(m, PCRF_RD_VALID_I), 0) && rd < m->entries;

	for (unsigned s = m->lat - 1u; s > 0; s--) {
		m->pipe_valid[s] = m->pipe_valid[s - 1];
		m->pipe_tag[s] = m->pipe_tag[s - 1];
		memcpy(m->pipe_data + (size_t)s * lanes, m->pipe_data + (size_t)(s - 1) * lanes,
		       lanes * sizeof *m->pipe_data);
	}
	m->pipe_valid[0] = (uint8_t)rd_v;
	if (rd_v) {
		m->pipe_tag[0] = m->tag[rd];
		memcpy(m->pipe_data, m->data + (size_t)rd * lanes, lanes * sizeof *m->data);
		if (bus_get(in, port(m, PCRF_RD_FREE_I), 0))
			m->tag[rd].valid = 0;
	}
	if (bus_get(in, port(m, PCRF_WR_VALID_I), 0) && wr < m->entries) {
		m->tag[wr] = (struct pcrf_tag){
			1, (unsigned)bus_get(in, port(m, PCRF_WR_END_I), 0),
			(unsigned)bus_get(in, port(m, PCRF_WR_NEXT_I), 0),
			(unsigned)bus_get(in, port(m, PCRF_WR_WARP_I), 0),
			(unsigned)bus_get(in, port(m, PCRF_WR_REG_I), 0)};
		bus_get_words(in, port(m, PCRF_WR_DATA_I), 0, m->data + (size_t)wr * lanes);
	}
	if (bus_get(in, port(m, PCRF_LINK_VALID_I), 0) && ln < m->entries) {
		m->tag[ln].next = (unsigned)bus_get(in, port(m, PCRF_LINK_NEXT_I), 0);
		m->tag[ln].end = 0;
	}
}

const struct unit_ops pcrf_ops = {
	"pcrf", pcrf_create, pcrf_reset, pcrf_eval, pcrf_tick, pcrf_destroy,
};
