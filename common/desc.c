/* desc.c: building module descriptions and moving port values in a bus. */
#include "desc.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

void desc_init(struct module_desc *m, const char *base, const char *title)
{
	memset(m, 0, sizeof *m);
	m->base = base;
	m->title = title;
}

void desc_param(struct module_desc *m, const char *name, const char *token,
		unsigned long value, const char *doc)
{
	assert(m->nparams < DESC_MAX_PARAMS);
	m->params[m->nparams++] = (struct param_desc){name, token, value, doc};
}

void desc_port(struct module_desc *m, unsigned index, const char *name, enum port_dir dir,
	       unsigned count, unsigned elem_width, const char *doc)
{
	/* Ports are added in enum order so that index == position. */
	assert(index == m->nports && index < DESC_MAX_PORTS);
	assert(count > 0 && elem_width > 0);
	m->ports[m->nports++] = (struct port_desc){name, dir, count, elem_width, 0, doc};
}

struct mem_desc *desc_mem(struct module_desc *m, unsigned instances, unsigned rows, unsigned width,
			  unsigned lane_width, unsigned read_ports, unsigned write_ports)
{
	struct mem_desc *mem;

	assert(m->nmems < DESC_MAX_MEMS && lane_width > 0 && width % lane_width == 0);
	mem = &m->mems[m->nmems++];
	*mem = (struct mem_desc){"", instances, rows, width, lane_width, read_ports, write_ports, 0};
	snprintf(mem->module, sizeof mem->module, "gpurf_sram_r%u_w%u_m%u_%ur%uw", rows, width,
		 width / lane_width, read_ports, write_ports);
	return mem;
}

struct mem_desc *desc_mem_rw(struct module_desc *m, unsigned instances, unsigned rows,
			     unsigned width, unsigned lane_width, unsigned rw_ports)
{
	struct mem_desc *mem = desc_mem(m, instances, rows, width, lane_width, 0, 0);

	mem->rw_ports = rw_ports;
	snprintf(mem->module, sizeof mem->module, "gpurf_sram_r%u_w%u_m%u_%urw", rows, width,
		 width / lane_width, rw_ports);
	return mem;
}

void desc_finish(struct module_desc *m)
{
	size_t used;

	m->in_words = m->out_words = 0;
	for (unsigned i = 0; i < m->nports; i++) {
		struct port_desc *p = &m->ports[i];
		unsigned *next = p->dir == PORT_IN ? &m->in_words : &m->out_words;

		p->word = *next;
		*next += port_words(p);
	}
	used = (size_t)snprintf(m->name, sizeof m->name, "%s", m->base);
	for (unsigned i = 0; i < m->nparams; i++) {
		if (!m->params[i].token)
			continue;
		used += (size_t)snprintf(m->name + used, used < sizeof m->name ? sizeof m->name - used : 0,
					 "_%s%lu", m->params[i].token, m->params[i].value);
	}
	assert(used < sizeof m->name);
}

const struct port_desc *desc_find_port(const struct module_desc *m, const char *name)
{
	for (unsigned i = 0; i < m->nports; i++)
		if (strcmp(m->ports[i].name, name) == 0)
			return &m->ports[i];
	return NULL;
}

uint64_t bus_get(const uint32_t *bus, const struct port_desc *p, unsigned elem)
{
	return bus_get_inline(bus, p, elem);
}

void bus_set(uint32_t *bus, const struct port_desc *p, unsigned elem, uint64_t value)
{
	bus_set_inline(bus, p, elem, value);
}

void bus_set_bytes(uint32_t *bus, const struct port_desc *p, const uint8_t *v)
{
	unsigned ew = p->elem_width, fill = 0;	/* fill: bits of acc in use */
	uint32_t *w = bus + p->word, acc = 0;

	assert(ew <= 8);
	if (32u % ew != 0u) {	/* elements straddle words: one at a time */
		for (unsigned e = 0; e < p->count; e++)
			bus_set(bus, p, e, v[e]);
		return;
	}
	for (unsigned e = 0; e < p->count; e++) {
		acc |= (uint32_t)(v[e] & ((1u << ew) - 1u)) << fill;
		if ((fill += ew) == 32u) {
			*w++ = acc;
			acc = fill = 0;
		}
	}
	if (fill)
		*w = (*w & ~((UINT32_C(1) << fill) - 1u)) | acc;
}

void bus_get_words(const uint32_t *bus, const struct port_desc *p, unsigned elem, uint32_t *dst)
{
	unsigned w = (p->elem_width + 31u) / 32u;

	assert(elem < p->count);
	if (p->elem_width % 32u == 0) {	/* whole words (warp data): no bit shifting */
		memcpy(dst, bus + p->word + elem * w, w * sizeof *dst);
		return;
	}
	for (unsigned i = 0; i < w; i++) {
		unsigned take = p->elem_width - 32u * i < 32u ? p->elem_width - 32u * i : 32u;

		dst[i] = (uint32_t)bus_get_bits(bus + p->word, elem * p->elem_width + 32u * i, take);
	}
}

void bus_set_words(uint32_t *bus, const struct port_desc *p, unsigned elem, const uint32_t *src)
{
	unsigned w = (p->elem_width + 31u) / 32u;

	assert(elem < p->count);
	if (p->elem_width % 32u == 0) {
		memcpy(bus + p->word + elem * w, src, w * sizeof *src);
		return;
	}
	for (unsigned i = 0; i < w; i++) {
		unsigned take = p->elem_width - 32u * i < 32u ? p->elem_width - 32u * i : 32u;

		bus_set_bits(bus + p->word, elem * p->elem_width + 32u * i, take, src[i]);
	}
}

void bus_copy(uint32_t *dst, const struct port_desc *dp, const uint32_t *src, const struct port_desc *sp)
{
	unsigned width = dp->count * dp->elem_width;

	assert(dp->elem_width == sp->elem_width && dp->count <= sp->count);
	memcpy(dst + dp->word, src + sp->word, width / 32u * sizeof *dst);	/* whole words */
	for (unsigned got = width / 32u * 32u; got < width; got += 32u) {
		unsigned take = width - got < 32u ? width - got : 32u;

		bus_set_bits(dst + dp->word, got, take, bus_get_bits(src + sp->word, got, take));
	}
}
