/* emit_release_flag_cache.c: Verilog of RegVirt's release-flag cache
 * (Sec. 7.2, Fig. 6; model: cmodel/release_flag_cache.c).
 *
 *   per entry   valid (reset), tag and pir payload (no reset: read only
 *               through a valid hit)
 *   lookups     the fetch probe and each select-stage read compare the
 *               PC's tag with every entry (direct-mapped: with a power-of-two
 *               entry count the index bits select the entry; with the
 *               paper's 10 entries the whole line is the tag, and an entry
 *               only ever holds lines of its own residue, so the compare
 *               alone decides)
 *   fill        writes entry line mod ENTRIES at the edge; flush wins. */
#include "emit_structures.h"

#include <stdio.h>

#include "release_flag_cache_desc.h"
#include "vwriter.h"

struct rfc_geom {
	const struct module_desc *m;
	unsigned ne, line_w, idx_w, tag_w, fw, slots, slot_w;
	int split;	/* power-of-two entries > 1: index bits + tag bits */
};

/* Hit wires `<pfx>_hit_<e>` of one lookup whose PC is `pc` and whose
 * enable is `en`, and `<pfx>_row`: the payload of the hit entry (zero when
 * none). */
static void emit_lookup(struct vw *w, const struct rfc_geom *g, const char *pfx, const char *pc, unsigned lsb,
			const char *en, int with_row)
{
	char lit[32];

	vw_line(w, "wire [LINE_W-1:0] %s_line = %s[%u:%u];  // 8-byte instructions", pfx, pc,
		lsb + g->line_w + 2u, lsb + 3u);
	for (unsigned e = 0; e < g->ne; e++) {
		if (g->split)
			vw_line(w, "wire %s_hit_%u = %s && valid_q[%u] && (%s_line[IDX_W-1:0] == %s) && "
				   "(tag_q_%u == %s_line[LINE_W-1:IDX_W]);", pfx, e, en, e, pfx,
				vw_lit(lit, sizeof lit, g->idx_w, e), e, pfx);
		else
			vw_line(w, "wire %s_hit_%u = %s && valid_q[%u] && (tag_q_%u == %s_line);", pfx, e,
				en, e, e, pfx);
	}
	if (!with_row)
		return;
	vw_line(w, "wire [FLAGS_W-1:0] %s_row =", pfx);
	w->indent += 2;
	for (unsigned e = 0; e < g->ne; e++)
		vw_line(w, "({FLAGS_W{%s_hit_%u}} & flags_q_%u)%s", pfx, e, e, e + 1 == g->ne ? ";" : " |");
	w->indent -= 2;
}

/* "a_hit_0 | a_hit_1 | ..." */
static void emit_any_hit(struct vw *w, const struct rfc_geom *g, const char *dst, const char *pfx)
{
	char line[2048];
	size_t used = (size_t)snprintf(line, sizeof line, "%s = ", dst);

	for (unsigned e = 0; e < g->ne; e++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s_hit_%u", e ? " | " : "",
					 pfx, e);
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "%s", line);
}

static void emit_reads(struct vw *w, const struct rfc_geom *g)
{
	const struct port_desc *pv = &g->m->ports[RFLAG_RD_VALID_I], *pp = &g->m->ports[RFLAG_RD_PC_I];
	const struct port_desc *ps = &g->m->ports[RFLAG_RD_SLOT_I];
	char pfx[32], en[64], slot[64], dst[64], lit[32];

	for (unsigned p = 0; p < pv->count; p++) {
		snprintf(pfx, sizeof pfx, "rd%u", p);
		vw_line(w, "// select-stage read %u", p);
		emit_lookup(w, g, pfx, pp->name, p * pp->elem_width, vw_elem(en, sizeof en, pv, p), 1);
		snprintf(dst, sizeof dst, "assign rd_hit_o[%u]", p);
		emit_any_hit(w, g, dst, pfx);
		vw_elem(slot, sizeof slot, ps, p);
		vw_line(w, "assign rd_flags_o[%u:%u] =", 3 * p + 2, 3 * p);
		w->indent += 2;
		for (unsigned k = 0; k < g->slots; k++)
			vw_line(w, "({3{%s == %s}} & %s_row[%u:%u])%s", slot, vw_lit(lit, sizeof lit, g->slot_w, k),
				pfx, 3 * k + 2, 3 * k, k + 1 == g->slots ? ";" : " |");
		w->indent -= 2;
	}
}

static void emit_fill(struct vw *w, const struct rfc_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- fill (decode of a pir that missed): entry line mod ENTRIES ----");
	vw_line(w, "wire [LINE_W-1:0] fill_line = fill_pc_i[PC_W-1:3];");
	if (g->ne > 1 && !g->split)
		vw_line(w, "wire [LINE_W-1:0] fill_rem = fill_line %% %s;", vw_lit(lit, sizeof lit, g->line_w, g->ne));
	for (unsigned e = 0; e < g->ne; e++) {
		if (g->ne == 1)
			vw_line(w, "wire fill_sel_%u = fill_valid_i;", e);
		else if (g->split)
			vw_line(w, "wire fill_sel_%u = fill_valid_i && (fill_line[IDX_W-1:0] == %s);", e,
				vw_lit(lit, sizeof lit, g->idx_w, e));
		else
			vw_line(w, "wire fill_sel_%u = fill_valid_i && (fill_rem == %s);", e,
				vw_lit(lit, sizeof lit, g->line_w, e));
	}
	vw_blank(w);
	vw_line(w, "// Valid bits: control state, reset; a flush (kernel launch) wins over a fill.");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni)       valid_q <= {ENTRIES{1'b0}};");
	vw_line(w, "else if (flush_i)  valid_q <= {ENTRIES{1'b0}};");
	vw_open(w, "else begin");
	for (unsigned e = 0; e < g->ne; e++)
		vw_line(w, "if (fill_sel_%u) valid_q[%u] <= 1'b1;", e, e);
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "// Tags and payloads: data, no reset (only read through a valid hit).");
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned e = 0; e < g->ne; e++) {
		vw_open(w, "if (fill_sel_%u) begin", e);
		vw_line(w, "tag_q_%u   <= fill_line%s;", e, g->split ? "[LINE_W-1:IDX_W]" : "");
		vw_line(w, "flags_q_%u <= fill_flags_i;", e);
		vw_close(w, "end");
	}
	vw_close(w, "end");
}

int emit_release_flag_cache(struct design *d, const struct module_desc *m)
{
	const struct cfg_regvirt *rv = &d->cfg->regvirt;
	struct rfc_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.m = m;
	g.ne = rv->rfc_entries;
	g.line_w = rv->pc_bits - 3u;
	g.split = rfc_pow2(d->cfg) && g.ne > 1;
	g.idx_w = g.split ? cfg_clog2(g.ne) : 0;
	g.tag_w = rv->d.rfc_tag_bits;
	g.slots = rv->rfc_slots;
	g.fw = 3u * g.slots;
	g.slot_w = cfg_index_bits(g.slots);
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "RegVirt release-flag cache (docs/regvirt.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "ENTRIES");
	vw_param(&w, m, "PC_W");
	vw_param(&w, m, "TAG_W");
	vw_line(&w, "localparam integer LINE_W = PC_W - 3;  // 8-byte instructions");
	if (g.split)
		vw_line(&w, "localparam integer IDX_W = %u;", g.idx_w);
	vw_line(&w, "localparam integer FLAGS_W = %u;  // SLOTS x 3 release bits (Fig. 5a)", g.fw);
	vw_blank(&w);
	vw_line(&w, "// PCs are 8-byte aligned: the low three bits are never looked at.");
	{
		char line[1024];
		size_t used = (size_t)snprintf(line, sizeof line, "wire unused_pc_bits = ^{probe_pc_i[2:0], fill_pc_i[2:0]");

		for (unsigned p = 0; p < rv->rfc_ports; p++)
			used += (size_t)snprintf(line + used, sizeof line - used, ", rd_pc_i[%u:%u]",
						 p * rv->pc_bits + 2, p * rv->pc_bits);
		snprintf(line + used, sizeof line - used, "};");
		vw_line(&w, "%s", line);
	}
	vw_blank(&w);
	vw_line(&w, "reg [ENTRIES-1:0] valid_q;");
	for (unsigned e = 0; e < g.ne; e++) {
		vw_line(&w, "reg [TAG_W-1:0]   tag_q_%u;", e);
		vw_line(&w, "reg [FLAGS_W-1:0] flags_q_%u;", e);
	}
	vw_blank(&w);
	vw_line(&w, "// ---- fetch probe: a hit means the PC is a cached pir (not fetched) ----");
	/* the probe needs only the hit: no flag row (a dead row let every
	 * mutant of its OR tree survive, issue 29) */
	emit_lookup(&w, &g, "probe", "probe_pc_i", 0, "probe_valid_i", 0);
	emit_any_hit(&w, &g, "assign probe_hit_o", "probe");
	vw_blank(&w);
	emit_reads(&w, &g);
	vw_blank(&w);
	emit_fill(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_release_flag_cache(const struct gpurf_cfg *cfg, const struct module_desc *m,
				 struct wave_group *groups)
{
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "clock, reset, flush"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n++], m, RFLAG_FLUSH_I);
	groups[n] = (struct wave_group){.title = "fetch probe"};
	wave_add_port(&groups[n], m, RFLAG_PROBE_VALID_I);
	wave_add_port(&groups[n], m, RFLAG_PROBE_PC_I);
	wave_add_port(&groups[n++], m, RFLAG_PROBE_HIT_O);
	groups[n] = (struct wave_group){.title = "fill (decode)"};
	wave_add_port(&groups[n], m, RFLAG_FILL_VALID_I);
	wave_add_port(&groups[n], m, RFLAG_FILL_PC_I);
	wave_add_port(&groups[n], m, RFLAG_FILL_FLAGS_I);
	wave_add(&groups[n++], "valid_q", cfg->regvirt.rfc_entries);
	groups[n] = (struct wave_group){.title = "select-stage reads"};
	wave_add_port(&groups[n], m, RFLAG_RD_VALID_I);
	wave_add_port(&groups[n], m, RFLAG_RD_PC_I);
	wave_add_port(&groups[n], m, RFLAG_RD_SLOT_I);
	wave_add_port(&groups[n], m, RFLAG_RD_HIT_O);
	wave_add_port(&groups[n++], m, RFLAG_RD_FLAGS_O);
	return n;
}
