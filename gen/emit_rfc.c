/* emit_rfc.c: Verilog of the register file cache.
 *
 * The policy is cmodel/rfc.c's (its header lists one cycle); docs/rfc.md
 * has the picture.  Structure:
 *   tag array      valid_q, dirty_q, tag_q per (slot, entry): flops near the
 *                  scheduler (Sec. 3.1); age ranks per slot from the shared
 *                  age-rank block (FIFO: allocation order; LRU: also reads)
 *   tag check      the read slot's tags muxed out once, N comparators per
 *                  source operand; hit index by one-hot encode
 *   result path    the write slot's tags: hit, else lowest invalid, else
 *                  rank 0; victim write-back unless killed by a last-use
 *                  read this cycle
 *   flush          lowest dirty entry of the flushing slot per free cycle
 *   data array     SRAM macro, NUM_SRC + 1 read ports, 1 write port: row =
 *                  slot * ENTRIES + entry
 *   MRF write      one registered stage: eviction / flush data from the
 *                  write-back read port, bypass data from a data flop
 * Everything per slot and entry is unrolled here with constant selects. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "rfc_desc.h"
#include "vwriter.h"

struct rfc_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned na, nn, ns, tw, sw, ew, row_w, dw, lru, k;
	char age[96];
};

static const char *lit(char *buf, size_t n, unsigned width, unsigned long v)
{
	return vw_lit(buf, n, width, v);
}

/* The N entries of the slot selected by `sel` (a slot index): valid,
 * dirty, tag and rank, as wires <pfx>valid, <pfx>dirty, <pfx>tag_<e>,
 * <pfx>rank_<e>. */
enum { VIEW_DIRTY = 1, VIEW_RANK = 2 };

static void emit_slot_view(struct vw *w, const struct rfc_geom *g, const char *pfx, const char *sel,
			   unsigned what)
{
	char decl[96], pat[96], l[32];

	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "wire %ssel_%u = (%s == %s);", pfx, s, sel, lit(l, sizeof l, g->sw, s));
	snprintf(pat, sizeof pat, "%ssel_%%u", pfx);
	snprintf(decl, sizeof decl, "wire [ENTRIES-1:0] %svalid", pfx);
	emit_and_or(w, decl, g->na, g->nn, pat, "valid_q[%u*ENTRIES +: ENTRIES]");
	snprintf(decl, sizeof decl, "wire [ENTRIES-1:0] %sdirty", pfx);
	if (what & VIEW_DIRTY)
		emit_and_or(w, decl, g->na, g->nn, pat, "dirty_q[%u*ENTRIES +: ENTRIES]");
	for (unsigned e = 0; e < g->nn; e++) {
		snprintf(decl, sizeof decl, "wire [TAG_W-1:0] %stag_%u", pfx, e);
		{
			char line[8192];
			size_t used = (size_t)snprintf(line, sizeof line, "%s =", decl);

			for (unsigned s = 0; s < g->na; s++)
				used += (size_t)snprintf(line + used, sizeof line - used, "%s ({TAG_W{%ssel_%u}} & tag_q[%u +: TAG_W])",
							 s ? " |" : "", pfx, s, (s * g->nn + e) * g->tw);
			snprintf(line + used, sizeof line - used, ";");
			vw_line(w, "%s", line);
		}
		if (g->nn > 1 && (what & VIEW_RANK)) {
			char line[8192];
			size_t used = (size_t)snprintf(line, sizeof line, "wire [EW-1:0] %srank_%u =", pfx, e);

			for (unsigned s = 0; s < g->na; s++)
				used += (size_t)snprintf(line + used, sizeof line - used, "%s ({EW{%ssel_%u}} & rank_%u[%u +: EW])",
							 s ? " |" : "", pfx, s, s, e * g->ew);
			snprintf(line + used, sizeof line - used, ";");
			vw_line(w, "%s", line);
		}
	}
}

static void emit_tag_check(struct vw *w, const struct rfc_geom *g)
{
	char a[96], b[96], dst[96], oh[32], line[4096];

	vw_line(w, "// ---- tag check (the stage Sec. 3.1 adds): reads never allocate ----");
	emit_slot_view(w, g, "r", "rd_slot_i", 0);
	for (unsigned k = 0; k < g->ns; k++) {
		size_t used = (size_t)snprintf(line, sizeof line, "wire [ENTRIES-1:0] rm_%u = {", k);

		for (unsigned e = g->nn; e-- > 0;)
			used += (size_t)snprintf(line + used, sizeof line - used, "%s(rvalid[%u] & (rtag_%u == %s))",
						 e + 1 == g->nn ? "" : ", ", e, e,
						 vw_elem(a, sizeof a, &g->m->ports[RFC_RD_REG_I], k));
		snprintf(line + used, sizeof line - used, "};");
		vw_line(w, "%s", line);
		vw_line(w, "wire hit_%u = rd_i & %s & (|rm_%u);", k, vw_elem(b, sizeof b, &g->m->ports[RFC_RD_REGV_I], k), k);
		snprintf(dst, sizeof dst, "hidx_%u", k);
		snprintf(oh, sizeof oh, "rm_%u", k);
		emit_onehot_index(w, dst, oh, g->nn, g->ew);
		vw_line(w, "assign rd_hit_o[%u] = hit_%u;", k, k);
		vw_line(w, "assign mrf_rd_o[%u] = rd_i & %s & ~hit_%u;", k, b, k);
	}
	vw_blank(w);
}

static void emit_result(struct vw *w, const struct rfc_geom *g)
{
	char line[4096], l[32];
	size_t used;

	vw_line(w, "// ---- result write: hit in place, else lowest invalid, else oldest ----");
	emit_slot_view(w, g, "w", "wr_slot_i", VIEW_DIRTY | VIEW_RANK);
	used = (size_t)snprintf(line, sizeof line, "wire [ENTRIES-1:0] wm = {");
	for (unsigned e = g->nn; e-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s(wvalid[%u] & (wtag_%u == wr_reg_i))",
					 e + 1 == g->nn ? "" : ", ", e, e);
	snprintf(line + used, sizeof line - used, "};");
	vw_line(w, "%s", line);
	vw_line(w, "wire whit = |wm;");
	emit_onehot_index(w, "whidx", "wm", g->nn, g->ew);
	vw_line(w, "wire [ENTRIES-1:0] winv = ~wvalid;");
	emit_first_one(w, "first_inv", "winv", g->nn);
	if (g->nn > 1) {
		used = (size_t)snprintf(line, sizeof line, "wire [ENTRIES-1:0] oldest = {");
		for (unsigned e = g->nn; e-- > 0;)
			used += (size_t)snprintf(line + used, sizeof line - used, "%s(wrank_%u == %s)",
						 e + 1 == g->nn ? "" : ", ", e, lit(l, sizeof l, g->ew, 0));
		snprintf(line + used, sizeof line - used, "};");
		vw_line(w, "%s", line);
	} else {
		vw_line(w, "wire [ENTRIES-1:0] oldest = 1'b1;");
	}
	vw_line(w, "wire [ENTRIES-1:0] vsel = (|winv) ? first_inv : oldest;");
	emit_onehot_index(w, "vidx", "vsel", g->nn, g->ew);
	vw_line(w, "wire wr_rfc = wr_i & ~wr_bypass_i;");
	vw_line(w, "wire alloc  = wr_rfc & ~whit;");
	vw_line(w, "wire [EW-1:0] widx = whit ? whidx : vidx;");
	vw_line(w, "// The victim's last read is this cycle: dead, no write-back (Sec. 3.3).");
	used = (size_t)snprintf(line, sizeof line, "wire kill = 1'b0");
	for (unsigned k = 0; k < g->ns; k++)
		used += (size_t)snprintf(line + used, sizeof line - used, " | (hit_%u & rd_last_i[%u] & (hidx_%u == vidx))", k, k, k);
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "%s", line);
	vw_line(w, "wire evict = alloc & |(vsel & wvalid & wdirty) & ~(kill & (rd_slot_i == wr_slot_i));");
	vw_line(w, "assign wr_hit_o = wr_i & whit;");
	vw_blank(w);
	vw_line(w, "// ---- flush of a demoted warp: one dirty entry per cycle the MRF port is free ----");
	emit_slot_view(w, g, "f", "fl_slot_i", VIEW_DIRTY);
	vw_line(w, "wire [ENTRIES-1:0] fd = fvalid & fdirty;");
	emit_first_one(w, "first_fd", "fd", g->nn);
	emit_onehot_index(w, "fidx", "first_fd", g->nn, g->ew);
	vw_line(w, "wire fdone = fl_i & (fl_drop_i | ~(|fd));");
	vw_line(w, "wire fstep = fl_i & ~fl_drop_i & (|fd) & ~evict & ~(wr_i & wr_bypass_i);");
	vw_line(w, "assign fl_done_o = fdone;");
	vw_blank(w);
}

static void emit_state(struct vw *w, const struct rfc_geom *g)
{
	char le[32];

	vw_line(w, "// ---- tag array next state (priority: flush done, flush step, write, last use) ----");
	vw_line(w, "reg [NUM_SLOTS*ENTRIES-1:0] valid_d, dirty_d;");
	vw_line(w, "reg [NUM_SLOTS*ENTRIES*TAG_W-1:0] tag_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "valid_d = valid_q;");
	vw_line(w, "dirty_d = dirty_q;");
	vw_line(w, "tag_d   = tag_q;");
	for (unsigned s = 0; s < g->na; s++)
		for (unsigned e = 0; e < g->nn; e++) {
			unsigned i = s * g->nn + e;

			lit(le, sizeof le, g->ew, e);
			for (unsigned k = 0; k < g->ns; k++)
				vw_line(w, "if (hit_%u && rd_last_i[%u] && rsel_%u && hidx_%u == %s) dirty_d[%u] = 1'b0;", k, k, s,
					k, le, i);
			vw_line(w, "if (wr_i && wr_bypass_i && whit && wsel_%u && whidx == %s) valid_d[%u] = 1'b0;", s, le, i);
			vw_open(w, "if (wr_rfc && wsel_%u && widx == %s) begin", s, le);
			vw_line(w, "valid_d[%u] = 1'b1;", i);
			vw_line(w, "dirty_d[%u] = 1'b1;", i);
			vw_line(w, "tag_d[%u +: TAG_W] = wr_reg_i;", i * g->tw);
			vw_close(w, "end");
			vw_line(w, "if (fstep && fsel_%u && fidx == %s) dirty_d[%u] = 1'b0;", s, le, i);
		}
	for (unsigned s = 0; s < g->na; s++) {
		vw_open(w, "if (fdone && fsel_%u) begin", s);
		vw_line(w, "valid_d[%u +: ENTRIES] = {ENTRIES{1'b0}};", s * g->nn);
		vw_line(w, "dirty_d[%u +: ENTRIES] = {ENTRIES{1'b0}};", s * g->nn);
		vw_close(w, "end");
	}
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "valid_q <= {NUM_SLOTS*ENTRIES{1'b0}};");
	vw_line(w, "dirty_q <= {NUM_SLOTS*ENTRIES{1'b0}};");
	vw_line(w, "tag_q   <= {NUM_SLOTS*ENTRIES*TAG_W{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "valid_q <= valid_d;");
	vw_line(w, "dirty_q <= dirty_d;");
	vw_line(w, "tag_q   <= tag_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	if (g->nn < 2)
		return;
	vw_line(w, "// ---- age ranks per slot: %s ----",
		g->lru ? "LRU (reads in operand order, then the write)" : "FIFO (allocation order)");
	for (unsigned s = 0; s < g->na; s++) {
		char tv[1024], ti[1024];
		size_t ut = 0, ui = 0;

		ut += (size_t)snprintf(tv + ut, sizeof tv - ut, "{wr_rfc & wsel_%u%s", s, g->lru ? "" : " & ~whit");
		ui += (size_t)snprintf(ti + ui, sizeof ti - ui, "{widx");
		if (g->lru)
			for (unsigned k = g->ns; k-- > 0;) {
				ut += (size_t)snprintf(tv + ut, sizeof tv - ut, ", hit_%u & rsel_%u", k, s);
				ui += (size_t)snprintf(ti + ui, sizeof ti - ui, ", hidx_%u", k);
			}
		snprintf(tv + ut, sizeof tv - ut, "}");
		snprintf(ti + ui, sizeof ti - ui, "}");
		vw_open(w, "%s u_age_%u (", g->age, s);
		vw_line(w, ".clk_i       (clk_i),");
		vw_line(w, ".rst_ni      (rst_ni),");
		vw_line(w, ".touch_i     (%s),", tv);
		vw_line(w, ".touch_idx_i (%s),", ti);
		vw_line(w, ".rank_o      (rank_%u)", s);
		vw_close(w, ");");
	}
	vw_blank(w);
}

static void emit_data(struct vw *w, const struct rfc_geom *g)
{
	const struct mem_desc *mem = &g->m->mems[0];
	char cat[2048], l[32];
	size_t used;
	unsigned np = g->ns + 1u;

	vw_line(w, "// ---- data array: row = slot * ENTRIES + entry ----");
	for (unsigned k = 0; k < g->ns; k++) {
		char idx[32];

		snprintf(idx, sizeof idx, "hidx_%u", k);
		vw_line(w, "wire [ROW_W-1:0] raddr_%u = %s * %s + %s;", k, vw_zext(cat, 512, "rd_slot_i", g->sw, g->row_w),
			lit(l, sizeof l, g->row_w, g->nn), vw_zext(cat + 512, 512, idx, g->ew, g->row_w));
	}
	vw_line(w, "wire [ROW_W-1:0] waddr = %s * %s + %s;", vw_zext(cat, 512, "wr_slot_i", g->sw, g->row_w),
		lit(l, sizeof l, g->row_w, g->nn), vw_zext(cat + 512, 512, "widx", g->ew, g->row_w));
	vw_line(w, "wire [ROW_W-1:0] faddr = %s * %s + %s;", vw_zext(cat, 512, "fl_slot_i", g->sw, g->row_w),
		lit(l, sizeof l, g->row_w, g->nn), vw_zext(cat + 512, 512, "fidx", g->ew, g->row_w));
	vw_line(w, "wire [ROW_W-1:0] vaddr = %s * %s + %s;", vw_zext(cat, 512, "wr_slot_i", g->sw, g->row_w),
		lit(l, sizeof l, g->row_w, g->nn), vw_zext(cat + 512, 512, "vidx", g->ew, g->row_w));
	vw_line(w, "wire wb_re = evict | fstep;  // the write-back read port");
	vw_line(w, "wire [ROW_W-1:0] wb_addr = evict ? vaddr : faddr;");
	if (g->na & (g->na - 1))
		vw_line(w, "wire we = wr_rfc & (wr_slot_i < %s);  // a slot past the end writes nothing",
			lit(l, sizeof l, g->sw, g->na));
	else
		vw_line(w, "wire we = wr_rfc;");
	vw_line(w, "wire [%u:0] rdata;", np * g->dw - 1);
	vw_open(w, "%s u_data (", mem->module);
	vw_line(w, ".clk_i   (clk_i),");
	used = (size_t)snprintf(cat, sizeof cat, ".re_i    ({wb_re");
	for (unsigned k = g->ns; k-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, ", hit_%u", k);
	snprintf(cat + used, sizeof cat - used, "}),");
	vw_line(w, "%s", cat);
	used = (size_t)snprintf(cat, sizeof cat, ".raddr_i ({wb_addr");
	for (unsigned k = g->ns; k-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, ", raddr_%u", k);
	snprintf(cat + used, sizeof cat - used, "}),");
	vw_line(w, "%s", cat);
	vw_line(w, ".rdata_o (rdata),");
	vw_line(w, ".we_i    (we),");
	vw_line(w, ".waddr_i (waddr),");
	vw_line(w, ".wmask_i ({LANES{1'b1}}),");
	vw_line(w, ".wdata_i (wr_data_i)");
	vw_close(w, ");");
	vw_blank(w);
	vw_line(w, "// ---- read data: the cycle after the tag check, gated by valid ----");
	vw_line(w, "reg [NUM_SRC-1:0] rd_v_q;");
	used = (size_t)snprintf(cat, sizeof cat, "wire [NUM_SRC-1:0] hits = {");
	for (unsigned k = g->ns; k-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, "%shit_%u", k + 1 == g->ns ? "" : ", ", k);
	snprintf(cat + used, sizeof cat - used, "};");
	vw_line(w, "%s", cat);
	emit_flop(w, "rd_v_q", "hits", "{NUM_SRC{1'b0}}");
	vw_line(w, "assign rd_valid_o = rd_v_q;");
	for (unsigned k = 0; k < g->ns; k++)
		vw_line(w, "assign rd_data_o[%u +: DW] = {DW{rd_v_q[%u]}} & rdata[%u +: DW];", k * g->dw, k, k * g->dw);
	vw_blank(w);
}

static void emit_mrf_write(struct vw *w, const struct rfc_geom *g)
{
	char decl[96], pat[96];

	vw_line(w, "// ---- main-file write stage: eviction, bypass, flush (one port, that priority) ----");
	vw_line(w, "wire [EW-1:0] wb_idx = evict ? vidx : fidx;");
	snprintf(decl, sizeof decl, "wire [TAG_W-1:0] vtag");
	snprintf(pat, sizeof pat, "vsel[%%u]");
	emit_and_or(w, decl, g->nn, g->tw, pat, "wtag_%u");
	emit_and_or(w, "wire [TAG_W-1:0] ftag", g->nn, g->tw, "first_fd[%u]", "ftag_%u");
	vw_line(w, "wire byp = wr_i & wr_bypass_i;");
	vw_line(w, "reg mw_v_q, mw_byp_q;");
	vw_line(w, "reg [1:0] mw_kind_q;");
	vw_line(w, "reg [SW-1:0] mw_slot_q;");
	vw_line(w, "reg [TAG_W-1:0] mw_reg_q;");
	vw_line(w, "reg [DW-1:0] mw_data_q;  // bypass data: a data flop, no reset");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "mw_v_q    <= 1'b0;");
	vw_line(w, "mw_byp_q  <= 1'b0;");
	vw_line(w, "mw_kind_q <= 2'd0;");
	vw_line(w, "mw_slot_q <= {SW{1'b0}};");
	vw_line(w, "mw_reg_q  <= {TAG_W{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "mw_v_q <= evict | fstep | byp;");
	vw_open(w, "if (evict) begin");
	vw_line(w, "mw_byp_q <= 1'b0; mw_kind_q <= KIND_EVICT; mw_slot_q <= wr_slot_i; mw_reg_q <= vtag;");
	vw_close(w, "end else if (byp) begin");
	w->indent++;
	vw_line(w, "mw_byp_q <= 1'b1; mw_kind_q <= KIND_BYPASS; mw_slot_q <= wr_slot_i; mw_reg_q <= wr_reg_i;");
	vw_close(w, "end else if (fstep) begin");
	w->indent++;
	vw_line(w, "mw_byp_q <= 1'b0; mw_kind_q <= KIND_FLUSH; mw_slot_q <= fl_slot_i; mw_reg_q <= ftag;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "if (byp) mw_data_q <= wr_data_i;");
	vw_close(w, "end");
	vw_line(w, "wire unused_wb_idx = ^wb_idx;");
	vw_line(w, "assign mrf_wr_o      = mw_v_q;");
	vw_line(w, "assign mrf_wr_kind_o = {2{mw_v_q}} & mw_kind_q;");
	vw_line(w, "assign mrf_wr_slot_o = {SW{mw_v_q}} & mw_slot_q;");
	vw_line(w, "assign mrf_wr_reg_o  = {TAG_W{mw_v_q}} & mw_reg_q;");
	vw_line(w, "assign mrf_wr_data_o = {DW{mw_v_q}} & (mw_byp_q ? mw_data_q : rdata[%u +: DW]);", g->ns * g->dw);
}

int emit_rfc(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct rfc_geom g = {0};
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.cfg = cfg;
	g.m = m;
	g.na = cfg->rfc.active_warps;
	g.nn = cfg->rfc.entries;
	g.ns = cfg->rfc.src_ports;
	g.tw = cfg->rfc.d.tag_bits;
	g.sw = cfg->rfc.d.slot_bits;
	g.ew = cfg->rfc.d.entry_bits;
	g.row_w = cfg_index_bits((unsigned long)g.na * g.nn);
	g.dw = cfg->d.warp_bits;
	g.lru = cfg->rfc.replacement == RFC_REPL_LRU;
	g.k = g.lru ? g.ns + 1u : 1u;
	if (emit_sram(d, &m->mems[0]) || (g.nn > 1 && emit_age_rank(d, g.nn, g.k, g.age, sizeof g.age)))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Register file cache, Gebhart et al. ISCA 2011 Sec. 3.1, 5 (docs/rfc.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_SLOTS");
	vw_param(&w, m, "ENTRIES");
	vw_param(&w, m, "NUM_SRC");
	vw_param(&w, m, "TAG_W");
	vw_param(&w, m, "LANES");
	vw_line(&w, "localparam integer SW = %u;     // slot index", g.sw);
	vw_line(&w, "localparam integer EW = %u;     // entry index and age rank", g.ew);
	vw_line(&w, "localparam integer ROW_W = %u;  // data array row", g.row_w);
	vw_line(&w, "localparam integer DW = %u;    // one warp register", g.dw);
	vw_line(&w, "localparam [1:0] KIND_EVICT = 2'd%u, KIND_BYPASS = 2'd%u, KIND_FLUSH = 2'd%u;",
		RFC_MRF_EVICT, RFC_MRF_BYPASS, RFC_MRF_FLUSH);
	vw_blank(&w);
	vw_line(&w, "reg [NUM_SLOTS*ENTRIES-1:0] valid_q, dirty_q;");
	vw_line(&w, "reg [NUM_SLOTS*ENTRIES*TAG_W-1:0] tag_q;");
	vw_line(&w, "wire unused_regs = ^{rd_reg_i, rd_regv_i, rd_last_i};");
	vw_blank(&w);
	/* Rank wires are declared by emit_state; the views read them, so
	 * declare them first. */
	if (g.nn > 1)
		for (unsigned s = 0; s < g.na; s++)
			vw_line(&w, "wire [ENTRIES*EW-1:0] rank_%u;", s);
	emit_tag_check(&w, &g);
	emit_result(&w, &g);
	emit_state(&w, &g);
	emit_data(&w, &g);
	emit_mrf_write(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_rfc(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	static const enum rfc_port rd[] = {RFC_RD_I, RFC_RD_SLOT_I, RFC_RD_REG_I, RFC_RD_LAST_I, RFC_RD_HIT_O,
					   RFC_MRF_RD_O, RFC_RD_VALID_O};
	static const enum rfc_port wr[] = {RFC_WR_I, RFC_WR_SLOT_I, RFC_WR_REG_I, RFC_WR_BYPASS_I, RFC_WR_HIT_O,
					   RFC_FL_I, RFC_FL_SLOT_I, RFC_FL_DONE_O};
	static const enum rfc_port mw[] = {RFC_MRF_WR_O, RFC_MRF_WR_KIND_O, RFC_MRF_WR_SLOT_O, RFC_MRF_WR_REG_O};
	unsigned n = 0, a = cfg->rfc.active_warps * cfg->rfc.entries;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "tag check"};
	for (size_t i = 0; i < sizeof rd / sizeof rd[0]; i++)
		wave_add(&groups[n], m->ports[rd[i]].name, port_width(&m->ports[rd[i]]));
	n++;
	groups[n] = (struct wave_group){.title = "result write and flush"};
	for (size_t i = 0; i < sizeof wr / sizeof wr[0]; i++)
		wave_add(&groups[n], m->ports[wr[i]].name, port_width(&m->ports[wr[i]]));
	wave_add(&groups[n], "evict", 1);
	wave_add(&groups[n++], "kill", 1);
	groups[n] = (struct wave_group){.title = "tags"};
	wave_add(&groups[n], "valid_q", a);
	wave_add(&groups[n], "dirty_q", a);
	wave_add(&groups[n++], "tag_q", a * cfg->rfc.d.tag_bits);
	groups[n] = (struct wave_group){.title = "main-file writes"};
	for (size_t i = 0; i < sizeof mw / sizeof mw[0]; i++)
		wave_add(&groups[n], m->ports[mw[i]].name, port_width(&m->ports[mw[i]]));
	n++;
	return n;
}
