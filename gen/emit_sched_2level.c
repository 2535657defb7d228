/* emit_sched_2level.c: Verilog of the two-level warp scheduler.
 *
 * The policy is cmodel/sched_2level.c's; docs/rfc.md has the picture.
 * Per active slot: the warp it holds, decoded once, selects that warp's
 * valid / ready / long-latency / barrier / resumed bits.  Greedy issue is a
 * rotating priority scan that starts at the last issued slot; demotion,
 * flush and the free slot are lowest-first; promotion is the shared
 * round-robin arbiter (cmodel/rr_arb.c) over the pending, woken warps. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "sched_2level_desc.h"
#include "vwriter.h"

struct s2l_geom {
	unsigned nw, na, wb, sw;
	char arb[96];
};

static void emit_slots(struct vw *w, const struct s2l_geom *g)
{
	char line[8192];

	vw_line(w, "// ---- per active slot: the warp's inputs ----");
	for (unsigned a = 0; a < g->na; a++) {
		size_t used = (size_t)snprintf(line, sizeof line, "wire [NUM_WARPS-1:0] sdec_%u = {", a);

		for (unsigned j = g->nw; j-- > 0;)
			used += (size_t)snprintf(line + used, sizeof line - used, "%s(swarp_q[%u*WB +: WB] == %u'd%u)",
						 j + 1 == g->nw ? "" : ", ", a, g->wb, j);
		snprintf(line + used, sizeof line - used, "};");
		vw_line(w, "%s", line);
		vw_line(w, "wire act_%u = occ_q[%u] & ~drain_q[%u];", a, a, a);
		vw_line(w, "wire v_%u = |(valid_i & sdec_%u);", a, a);
		vw_line(w, "wire llc_%u = |(llc_i & ~resumed_q & sdec_%u);  // a resumed warp issues its marked instruction", a, a);
		vw_line(w, "wire bar_%u = |(bar_i & sdec_%u);", a, a);
		vw_line(w, "assign cand[%u] = act_%u & v_%u & |(ready_i & sdec_%u) & ~llc_%u & ~bar_%u;", a, a, a, a, a, a);
		vw_line(w, "assign dem[%u]  = act_%u & (~v_%u | llc_%u | bar_%u);", a, a, a, a, a);
	}
	vw_blank(w);
}

/* Greedy: the first candidate at or after last_q, wrapping. */
static void emit_greedy(struct vw *w, const struct s2l_geom *g)
{
	char line[8192];

	vw_line(w, "// ---- greedy issue (Sec. 3.2): scan from the last issued slot ----");
	vw_line(w, "wire [NUM_SLOTS-1:0] isel;");
	for (unsigned a = 0; a < g->na; a++) {
		size_t used = (size_t)snprintf(line, sizeof line, "assign isel[%u] = cand[%u] & (1'b0", a, a);

		for (unsigned l = 0; l < g->na; l++) {
			used += (size_t)snprintf(line + used, sizeof line - used, " | ((last_q == %u'd%u)", g->sw, l);
			for (unsigned b = l; b != a; b = (b + 1u) % g->na)
				used += (size_t)snprintf(line + used, sizeof line - used, " & ~cand[%u]", b);
			used += (size_t)snprintf(line + used, sizeof line - used, ")");
		}
		snprintf(line + used, sizeof line - used, ");");
		vw_line(w, "%s", line);
	}
	emit_onehot_index(w, "islot", "isel", g->na, g->sw);
	vw_blank(w);
}

int emit_sched_2level(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct s2l_geom g;
	char line[8192];
	struct sbuf *out;
	struct vw w;
	int fresh;
	size_t used;

	g.nw = cfg->warps;
	g.na = cfg->rfc.active_warps;
	g.wb = cfg_index_bits(g.nw);
	g.sw = cfg->rfc.d.slot_bits;
	if (emit_rr_arb(d, g.nw, 1, g.arb, sizeof g.arb))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Two-level warp scheduler, Gebhart et al. ISCA 2011 Sec. 3.2 (docs/rfc.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_WARPS");
	vw_param(&w, m, "NUM_SLOTS");
	vw_line(&w, "localparam integer WB = %u;  // warp index", g.wb);
	vw_line(&w, "localparam integer SW = %u;  // slot index", g.sw);
	vw_blank(&w);
	vw_line(&w, "reg [NUM_SLOTS-1:0] occ_q, drain_q, drop_q;  // slot holds a warp / is draining / drop");
	vw_line(&w, "reg [NUM_SLOTS*WB-1:0] swarp_q;               // warp of each slot");
	vw_line(&w, "reg [NUM_WARPS-1:0] inact_q;                  // warp holds a slot");
	vw_line(&w, "reg [NUM_WARPS-1:0] resumed_q;                // demoted at a marked consumer, not issued since");
	vw_line(&w, "reg [SW-1:0] last_q;                          // greedy: last issued slot");
	vw_line(&w, "wire [NUM_SLOTS-1:0] cand, dem;");
	vw_blank(&w);
	emit_slots(&w, &g);
	emit_greedy(&w, &g);
	vw_line(&w, "// ---- demotion, flush and free slot: lowest first ----");
	emit_first_one(&w, "dsel", "dem", g.na);
	emit_onehot_index(&w, "dslot", "dsel", g.na, g.sw);
	emit_first_one(&w, "fsel", "drain_q", g.na);
	emit_onehot_index(&w, "fslot", "fsel", g.na, g.sw);
	vw_line(&w, "wire [NUM_SLOTS-1:0] freev = ~occ_q;");
	emit_first_one(&w, "psel", "freev", g.na);
	emit_onehot_index(&w, "pslot", "psel", g.na, g.sw);
	emit_and_or(&w, "wire [WB-1:0] iwarp", g.na, g.wb, "isel[%u]", "swarp_q[%u*WB +: WB]");
	emit_and_or(&w, "wire [WB-1:0] dwarp", g.na, g.wb, "dsel[%u]", "swarp_q[%u*WB +: WB]");
	emit_and_or(&w, "wire [WB-1:0] fwarp", g.na, g.wb, "fsel[%u]", "swarp_q[%u*WB +: WB]");
	used = (size_t)snprintf(line, sizeof line, "wire dem_llc = 1'b0");
	for (unsigned a = 0; a < g.na; a++)
		used += (size_t)snprintf(line + used, sizeof line - used, " | (dsel[%u] & v_%u & llc_%u)", a, a, a);
	snprintf(line + used, sizeof line - used, ";");
	vw_line(&w, "%s", line);
	vw_line(&w, "wire dem_drop = |(dsel & ~{");
	used = 0;
	line[0] = '\0';
	for (unsigned a = g.na; a-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%sv_%u", a + 1 == g.na ? "" : ", ", a);
	vw_line(&w, "  %s});", line);
	vw_blank(&w);
	vw_line(&w, "// ---- promotion: round robin over valid, woken warps without a slot ----");
	vw_line(&w, "wire [NUM_WARPS-1:0] pend = valid_i & ~inact_q & wake_i;");
	vw_line(&w, "wire [NUM_WARPS-1:0] pgnt;");
	vw_line(&w, "wire pcnt_unused;");
	vw_open(&w, "%s u_promote (", g.arb);
	if (g.nw > 1) {
		vw_line(&w, ".clk_i   (clk_i),");
		vw_line(&w, ".rst_ni  (rst_ni),");
	}
	vw_line(&w, ".req_i   (pend),");
	vw_line(&w, ".limit_i (|freev),");
	vw_line(&w, ".gnt_o   (pgnt),");
	vw_line(&w, ".count_o (pcnt_unused)");
	vw_close(&w, ");");
	emit_onehot_index(&w, "pwarp", "pgnt", g.nw, g.wb);
	vw_line(&w, "wire promote = |pgnt;");
	vw_line(&w, "wire flush_go = (|drain_q) & flush_done_i;");
	vw_blank(&w);
	vw_line(&w, "// ---- state ----");
	vw_line(&w, "reg [NUM_SLOTS-1:0] occ_d, drain_d, drop_d;");
	vw_line(&w, "reg [NUM_SLOTS*WB-1:0] swarp_d;");
	vw_line(&w, "reg [NUM_WARPS-1:0] inact_d, resumed_d;");
	vw_open(&w, "always @* begin");
	vw_line(&w, "occ_d = occ_q; drain_d = drain_q; drop_d = drop_q; swarp_d = swarp_q;");
	vw_line(&w, "inact_d = inact_q; resumed_d = resumed_q;");
	for (unsigned j = 0; j < g.nw; j++) {
		vw_line(&w, "if ((|cand) && iwarp == %u'd%u) resumed_d[%u] = 1'b0;", g.wb, j, j);
		vw_line(&w, "if ((|dem) && dem_llc && dwarp == %u'd%u) resumed_d[%u] = 1'b1;", g.wb, j, j);
		vw_line(&w, "if (flush_go && fwarp == %u'd%u) inact_d[%u] = 1'b0;", g.wb, j, j);
		vw_line(&w, "if (pgnt[%u]) inact_d[%u] = 1'b1;", j, j);
	}
	for (unsigned a = 0; a < g.na; a++) {
		vw_open(&w, "if (dsel[%u]) begin", a);
		vw_line(&w, "drain_d[%u] = 1'b1;", a);
		vw_line(&w, "drop_d[%u]  = dem_drop;", a);
		vw_close(&w, "end");
		vw_open(&w, "if (flush_go && fsel[%u]) begin", a);
		vw_line(&w, "occ_d[%u] = 1'b0; drain_d[%u] = 1'b0; drop_d[%u] = 1'b0;", a, a, a);
		vw_close(&w, "end");
		vw_open(&w, "if (promote && psel[%u]) begin", a);
		vw_line(&w, "occ_d[%u] = 1'b1;", a);
		vw_line(&w, "swarp_d[%u*WB +: WB] = pwarp;", a);
		vw_close(&w, "end");
	}
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	vw_line(&w, "occ_q <= {NUM_SLOTS{1'b0}}; drain_q <= {NUM_SLOTS{1'b0}}; drop_q <= {NUM_SLOTS{1'b0}};");
	vw_line(&w, "swarp_q <= {NUM_SLOTS*WB{1'b0}};");
	vw_close(&w, "end else begin");
	w.indent++;
	vw_line(&w, "occ_q <= occ_d; drain_q <= drain_d; drop_q <= drop_d;");
	vw_line(&w, "swarp_q <= swarp_d;");
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(&w, "if (!rst_ni) begin");
	vw_line(&w, "inact_q <= {NUM_WARPS{1'b0}}; resumed_q <= {NUM_WARPS{1'b0}};");
	vw_close(&w, "end else begin");
	w.indent++;
	vw_line(&w, "inact_q <= inact_d; resumed_q <= resumed_d;");
	vw_close(&w, "end");
	vw_close(&w, "end");
	vw_open(&w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(&w, "if (!rst_ni)     last_q <= {SW{1'b0}};");
	vw_line(&w, "else if (|cand)  last_q <= islot;");
	vw_close(&w, "end");
	vw_blank(&w);
	vw_line(&w, "// ---- outputs ----");
	vw_line(&w, "assign issue_o = |cand;");
	vw_line(&w, "assign issue_warp_o = iwarp;");
	vw_line(&w, "assign issue_slot_o = islot;");
	vw_line(&w, "assign demote_o = |dem;");
	vw_line(&w, "assign demote_warp_o = dwarp;");
	vw_line(&w, "assign demote_slot_o = dslot;");
	vw_line(&w, "assign promote_o = promote;");
	vw_line(&w, "assign promote_warp_o = {WB{promote}} & pwarp;");
	vw_line(&w, "assign promote_slot_o = {SW{promote}} & pslot;");
	vw_line(&w, "assign flush_o = |drain_q;");
	vw_line(&w, "assign flush_slot_o = fslot;");
	vw_line(&w, "assign flush_drop_o = |(fsel & drop_q);");
	for (unsigned j = 0; j < g.nw; j++) {
		used = (size_t)snprintf(line, sizeof line, "assign active_o[%u] = 1'b0", j);
		for (unsigned a = 0; a < g.na; a++)
			used += (size_t)snprintf(line + used, sizeof line - used, " | (act_%u & sdec_%u[%u])", a, a, j);
		snprintf(line + used, sizeof line - used, ";");
		vw_line(&w, "%s", line);
	}
	vw_module_end(&w);
	return 0;
}

unsigned wave_sched_2level(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0, na = cfg->rfc.active_warps;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "warps"};
	for (unsigned p = S2L_VALID_I; p <= S2L_WAKE_I; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	wave_add(&groups[n++], m->ports[S2L_ACTIVE_O].name, port_width(&m->ports[S2L_ACTIVE_O]));
	groups[n] = (struct wave_group){.title = "issue, demote, promote, flush"};
	for (unsigned p = S2L_FLUSH_DONE_I; p < S2L_ACTIVE_O; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	groups[n] = (struct wave_group){.title = "active set"};
	wave_add(&groups[n], "occ_q", na);
	wave_add(&groups[n], "drain_q", na);
	wave_add(&groups[n], "swarp_q", na * cfg_index_bits(cfg->warps));
	wave_add(&groups[n++], "last_q", cfg->rfc.d.slot_bits);
	return n;
}
