/* manifest.c: manifest.json, the machine-readable list of what was
 * generated: every module with its parameters, ports and memories.  synth/
 * and scripts/ read it instead of parsing Verilog. */
#include "manifest.h"

#include <stdio.h>

static void json_ports(struct sbuf *o, const struct module_desc *m)
{
	sbuf_printf(o, "      \"ports\": [\n");
	for (unsigned i = 0; i < m->nports; i++) {
		const struct port_desc *p = &m->ports[i];

		sbuf_printf(o, "        {\"name\": \"%s\", \"dir\": \"%s\", \"width\": %u, \"count\": %u, "
			       "\"elem_width\": %u}%s\n", p->name, p->dir == PORT_IN ? "in" : "out",
			    port_width(p), p->count, p->elem_width, i + 1 == m->nports ? "" : ",");
	}
	sbuf_printf(o, "      ],\n");
}

int manifest_emit(struct design *d)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct sbuf *o;
	int fresh;

	o = design_file(d, "manifest.json", &fresh);
	if (!o)
		return -1;
	sbuf_printf(o, "{\n  \"generator\": \"gpurf-gen\",\n  \"config\": \"%s\",\n", cfg->name);
	sbuf_printf(o, "  \"lanes\": %u,\n  \"warp_bits\": %u,\n  \"rf_bytes\": %u,\n", cfg->lanes,
		    cfg->d.warp_bits, cfg->rf_bytes);
	sbuf_printf(o, "  \"modules\": [\n");
	for (unsigned i = 0; i < d->nmodules; i++) {
		const struct module_desc *m = &d->modules[i];

		sbuf_printf(o, "    {\n      \"base\": \"%s\",\n      \"name\": \"%s\",\n", m->base, m->name);
		sbuf_printf(o, "      \"file\": \"rtl/%s.v\",\n      \"params\": {", m->name);
		for (unsigned j = 0; j < m->nparams; j++)
			sbuf_printf(o, "%s\"%s\": %lu", j ? ", " : "", m->params[j].name, m->params[j].value);
		sbuf_printf(o, "},\n");
		json_ports(o, m);
		sbuf_printf(o, "      \"memories\": [\n");
		for (unsigned j = 0; j < m->nmems; j++) {
			const struct mem_desc *mem = &m->mems[j];

			sbuf_printf(o, "        {\"module\": \"%s\", \"instances\": %u, \"rows\": %u, "
				       "\"width\": %u, \"read_ports\": %u, \"write_ports\": %u, "
				       "\"rw_ports\": %u, \"bits\": %lu}%s\n", mem->module, mem->instances, mem->rows,
				    mem->width, mem->read_ports, mem->write_ports, mem->rw_ports,
				    (unsigned long)mem->instances * mem->rows * mem->width,
				    j + 1 == m->nmems ? "" : ",");
		}
		sbuf_printf(o, "      ]\n    }%s\n", i + 1 == d->nmodules ? "" : ",");
	}
	/* Leaf cells: instantiated by the modules above, synthesized inside
	 * them (not rows of their own). */
	sbuf_printf(o, "  ],\n  \"cells\": [");
	for (unsigned i = 0; i < d->ncells; i++)
		sbuf_printf(o, "%s\n    {\"name\": \"%s\", \"file\": \"rtl/%s.v\"}", i ? "," : "",
			    d->cells[i], d->cells[i]);
	sbuf_printf(o, "%s]\n}\n", d->ncells ? "\n  " : "");
	return 0;
}
