/* emit_compose.c: submodules, instances and plain wires of a composed
 * structure's Verilog (emit_compose.h). */
#include "emit_compose.h"

#include <stdio.h>

#include "emit_structures.h"
#include "vwriter.h"

void emit_compose_glue(struct emit_compose *c, unsigned k, const unsigned *ports, size_t np)
{
	for (size_t i = 0; i < np; i++)
		c->glue[k][ports[i]] = 1;
}

int emit_compose_submodules(struct design *d, const struct emit_compose *c)
{
	const struct gpurf_cfg *cfg = d->cfg;
	int rc = 0;

	for (unsigned k = 0; k < c->n && !rc; k++) {
		const struct emitter *e = emitter_find(c->sub[k].base);

		if (design_has_module(d, c->sub[k].name))
			continue;
		if (!e)
			return -1;
		d->cfg = c->cfgs[k];
		rc = e->emit(d, &c->sub[k]);
	}
	d->cfg = cfg;
	return rc;
}

const char *emit_compose_wire(char *buf, size_t n, const struct emit_compose *c, unsigned k, unsigned p)
{
	snprintf(buf, n, "%.16s_%.60s", c->prefix[k], c->sub[k].ports[p].name);
	return buf;
}

const char *emit_compose_elem(char *buf, size_t n, const struct emit_compose *c, unsigned k, unsigned p, unsigned e)
{
	const struct port_desc *pd = &c->sub[k].ports[p];
	char name[96];

	emit_compose_wire(name, sizeof name, c, k, p);
	snprintf(buf, n, "%s[%u:%u]", name, (e + 1u) * pd->elem_width - 1u, e * pd->elem_width);
	return buf;
}

void emit_compose_instances(struct vw *w, const struct emit_compose *c)
{
	char n[96];

	for (unsigned k = 0; k < c->n; k++) {
		const struct module_desc *s = &c->sub[k];

		vw_line(w, "// ---- %s: %s ----", c->prefix[k], s->name);
		for (unsigned i = 0; i < s->nports; i++)
			vw_line(w, "wire [%u:0] %s;", port_width(&s->ports[i]) - 1u, emit_compose_wire(n, sizeof n, c, k, i));
		vw_open(w, "%s u_%s (", s->name, c->prefix[k]);
		vw_line(w, ".clk_i (clk_i),");
		vw_line(w, ".rst_ni(rst_ni),");
		for (unsigned i = 0; i < s->nports; i++)
			vw_line(w, ".%s(%s)%s", s->ports[i].name, emit_compose_wire(n, sizeof n, c, k, i),
				i + 1 == s->nports ? "" : ",");
		vw_close(w, ");");
		vw_blank(w);
	}
}

/* The Verilog name of one end of a wire. */
static const char *end_name(char *buf, size_t n, const struct emit_compose *c, unsigned u, unsigned p)
{
	if (u == c->wiring->top) {
		snprintf(buf, n, "%s", c->top->ports[p].name);
		return buf;
	}
	return emit_compose_wire(buf, n, c, u, p);
}

void emit_compose_wiring(struct vw *w, const struct emit_compose *c)
{
	const struct compose_wiring *wr = c->wiring;
	char d[96], s[96];

	vw_line(w, "// ---- wiring ----");
	for (unsigned i = 0; i < wr->nconns; i++) {
		const struct compose_conn *cn = &wr->conns[i];
		const struct port_desc *dp = cn->dst == wr->top ? &c->top->ports[cn->dst_port]
								 : &c->sub[cn->dst].ports[cn->dst_port];

		vw_line(w, "assign %s = %s[%u:0];", end_name(d, sizeof d, c, cn->dst, cn->dst_port),
			end_name(s, sizeof s, c, cn->src, cn->src_port), port_width(dp) - 1u);
	}
	vw_line(w, "// ---- inputs nothing drives ----");
	for (unsigned k = 0; k < c->n; k++)
		for (unsigned i = 0; i < c->sub[k].nports; i++)
			if (c->sub[k].ports[i].dir == PORT_IN && !compose_drives(wr, k, i) && !c->glue[k][i])
				vw_line(w, "assign %s = {%u{1'b0}};", emit_compose_wire(d, sizeof d, c, k, i),
					port_width(&c->sub[k].ports[i]));
	vw_blank(w);
}
