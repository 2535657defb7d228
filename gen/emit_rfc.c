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
 *   flush          blocking: lowest dirty entry of the flushing slot per free
 *                  cycle; with a victim buffer: the whole slot's dirty
 *                  entries in one cycle once they fit
 *   victim buffer  circular FIFO of (live, warp, register, data): copied
 *                  entries' data arrives from the array's flush read ports
 *                  the cycle after the copy (fill_*_q) and may drain from
 *                  the cycle after that; the head drains into a free MRF
 *                  write cycle or, killed by a newer direct write-back of
 *                  its register, leaves without a write
 *   data array     SRAM macro, NUM_SRC + 1 (+ ENTRIES with a victim buffer)
 *                  read ports, 1 write port: row =
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
	unsigned nv, pw, iw;	/* victim entries, its pointer/count width, warp id width */
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
	if (g->nv) {
		char nd[4096], z[32];
		size_t nu = (size_t)snprintf(nd, sizeof nd, "wire [PW-1:0] ndirty = %s", lit(z, sizeof z, g->pw, 0));

		for (unsigned e = 0; e < g->nn; e++)
		{
			char bit[32], ext[64];

			snprintf(bit, sizeof bit, "fd[%u]", e);
			nu += (size_t)snprintf(nd + nu, sizeof nd - nu, " + %s", vw_zext(ext, sizeof ext, bit, 1, g->pw));
		}
		snprintf(nd + nu, sizeof nd - nu, ";");
		vw_line(w, "%s", nd);
		vw_line(w, "// the slot's dirty entries fit in the buffer's free entries (before this cycle's pop)");
		vw_line(w, "wire fit = ndirty <= VB_N - vb_count_q;");
		vw_line(w, "wire fcopy = fl_i & ~fl_drop_i & (|fd) & fit;");
		vw_line(w, "wire fdone = fl_i & (fl_drop_i | ~(|fd) | fit);");
		vw_line(w, "wire fstep = 1'b0;  // no blocking step: the buffer takes the whole slot");
	} else {
		vw_line(w, "wire fdone = fl_i & (fl_drop_i | ~(|fd));");
		vw_line(w, "wire fstep = fl_i & ~fl_drop_i & (|fd) & ~evict & ~(wr_i & wr_bypass_i);");
	}
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
	unsigned np = g->ns + 1u + (g->nv ? g->nn : 0u);

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
	for (unsigned e = 0; g->nv && e < g->nn; e++)
		vw_line(w, "wire [ROW_W-1:0] caddr_%u = %s * %s + %s;  // flush copy of entry %u", e,
			vw_zext(cat, 512, "fl_slot_i", g->sw, g->row_w), lit(l, sizeof l, g->row_w, g->nn),
			lit(cat + 512, 512, g->row_w, e), e);
	vw_line(w, "wire [%u:0] rdata;", np * g->dw - 1);
	vw_open(w, "%s u_data (", mem->module);
	vw_line(w, ".clk_i   (clk_i),");
	used = (size_t)snprintf(cat, sizeof cat, ".re_i    ({");
	for (unsigned e = g->nv ? g->nn : 0; e-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, "fcopy & fd[%u], ", e);
	used += (size_t)snprintf(cat + used, sizeof cat - used, "wb_re");
	for (unsigned k = g->ns; k-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, ", hit_%u", k);
	snprintf(cat + used, sizeof cat - used, "}),");
	vw_line(w, "%s", cat);
	used = (size_t)snprintf(cat, sizeof cat, ".raddr_i ({");
	for (unsigned e = g->nv ? g->nn : 0; e-- > 0;)
		used += (size_t)snprintf(cat + used, sizeof cat - used, "caddr_%u, ", e);
	used += (size_t)snprintf(cat + used, sizeof cat - used, "wb_addr");
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
	vw_line(w, "reg [WID_W-1:0] mw_warp_q;");
	vw_line(w, "reg [DW-1:0] mw_data_q;  // bypass / drained data: a data flop, no reset");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "mw_v_q    <= 1'b0;");
	vw_line(w, "mw_byp_q  <= 1'b0;");
	vw_line(w, "mw_kind_q <= 2'd0;");
	vw_line(w, "mw_slot_q <= {SW{1'b0}};");
	vw_line(w, "mw_reg_q  <= {TAG_W{1'b0}};");
	vw_line(w, "mw_warp_q <= {WID_W{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "mw_v_q <= evict | fstep | byp | vb_drain;");
	vw_open(w, "if (evict) begin");
	vw_line(w, "mw_byp_q <= 1'b0; mw_kind_q <= KIND_EVICT; mw_slot_q <= wr_slot_i; mw_reg_q <= vtag;");
	vw_line(w, "mw_warp_q <= wr_warp_i;");
	vw_close(w, "end else if (byp) begin");
	w->indent++;
	vw_line(w, "mw_byp_q <= 1'b1; mw_kind_q <= KIND_BYPASS; mw_slot_q <= wr_slot_i; mw_reg_q <= wr_reg_i;");
	vw_line(w, "mw_warp_q <= wr_warp_i;");
	vw_close(w, "end else if (fstep) begin");
	w->indent++;
	vw_line(w, "mw_byp_q <= 1'b0; mw_kind_q <= KIND_FLUSH; mw_slot_q <= fl_slot_i; mw_reg_q <= ftag;");
	vw_line(w, "mw_warp_q <= fl_warp_i;");
	vw_close(w, "end else if (vb_drain) begin");
	w->indent++;
	vw_line(w, "// the drained entry's slot may hold another warp: slot 0, the warp names it");
	vw_line(w, "mw_byp_q <= 1'b1; mw_kind_q <= KIND_FLUSH; mw_slot_q <= {SW{1'b0}}; mw_reg_q <= vb_head_reg;");
	vw_line(w, "mw_warp_q <= vb_head_warp;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "if (byp) mw_data_q <= wr_data_i;");
	vw_line(w, "else if (vb_drain) mw_data_q <= vb_head_data;");
	vw_close(w, "end");
	vw_line(w, "wire unused_wb_idx = ^wb_idx;");
	vw_line(w, "assign mrf_wr_o      = mw_v_q;");
	vw_line(w, "assign mrf_wr_kind_o = {2{mw_v_q}} & mw_kind_q;");
	vw_line(w, "assign mrf_wr_slot_o = {SW{mw_v_q}} & mw_slot_q;");
	vw_line(w, "assign mrf_wr_reg_o  = {TAG_W{mw_v_q}} & mw_reg_q;");
	vw_line(w, "assign mrf_wr_warp_o = {WID_W{mw_v_q}} & mw_warp_q;");
	vw_line(w, "assign mrf_wr_data_o = {DW{mw_v_q}} & (mw_byp_q ? mw_data_q : rdata[%u +: DW]);", g->ns * g->dw);
}

/* The victim buffer (victim_entries > 0): declarations first (the flush
 * logic reads the count), then the FIFO. */
static void emit_victim_decls(struct vw *w, const struct rfc_geom *g)
{
	if (!g->nv) {
		vw_line(w, "wire [PW-1:0] vb_count_q = {PW{1'b0}};");
		return;
	}
	vw_line(w, "localparam [PW-1:0] VB_N = %u'd%u;  // VICTIM at pointer width", g->pw, g->nv);
	vw_line(w, "reg [VICTIM-1:0] vb_live_q;             // holds a value still to drain");
	vw_line(w, "reg [VICTIM*WID_W-1:0] vb_warp_q;");
	vw_line(w, "reg [VICTIM*TAG_W-1:0] vb_reg_q;");
	vw_line(w, "reg [VICTIM*DW-1:0] vb_data_q;          // no reset: read only once filled");
	vw_line(w, "reg [PW-1:0] vb_head_q, vb_count_q;");
	vw_line(w, "reg [ENTRIES-1:0] fill_v_q;            // entry e's copy lands at fill_pos_q[e] this edge");
	vw_line(w, "reg [ENTRIES*PW-1:0] fill_pos_q;");
}

static void emit_victim(struct vw *w, const struct rfc_geom *g)
{
	char line[16384], l[32], l2[32];
	size_t used;

	if (!g->nv) {
		vw_line(w, "wire vb_drain = 1'b0;");
		vw_line(w, "wire [TAG_W-1:0] vb_head_reg = {TAG_W{1'b0}};");
		vw_line(w, "wire [WID_W-1:0] vb_head_warp = {WID_W{1'b0}};");
		vw_line(w, "wire [DW-1:0] vb_head_data = {DW{1'b0}};");
		vw_line(w, "wire unused_vb = ^vb_count_q;");
		vw_line(w, "assign vb_valid_o = 1'b0;");
		vw_line(w, "assign vb_warp_o = {WID_W{1'b0}};");
		vw_line(w, "assign vb_reg_o = {TAG_W{1'b0}};");
		vw_blank(w);
		return;
	}
	vw_line(w, "// ---- victim buffer: a flush's dirty entries, drained in order ----");
	emit_and_or(w, "wire [TAG_W-1:0] vb_vtag", g->nn, g->tw, "vsel[%u]", "wtag_%u");
	vw_line(w, "wire vb_direct = evict | (wr_i & wr_bypass_i);  // a write-back that skips the buffer");
	vw_line(w, "wire [TAG_W-1:0] vb_dreg = evict ? vb_vtag : wr_reg_i;");
	vw_line(w, "// per entry: at the head; filled at the last edge (fresh: data still on the flush ports);");
	vw_line(w, "// killed (a newer direct write-back of the same register supersedes the buffered copy)");
	for (unsigned b = 0; b < g->nv; b++) {
		vw_line(w, "wire vb_hd_%u = (vb_head_q == %s);", b, lit(l, sizeof l, g->pw, b));
		used = (size_t)snprintf(line, sizeof line, "wire vb_fresh_%u = 1'b0", b);
		for (unsigned e = 0; e < g->nn; e++)
			used += (size_t)snprintf(line + used, sizeof line - used, " | (fill_v_q[%u] & (fill_pos_q[%u +: PW] == %s))",
						 e, e * g->pw, lit(l, sizeof l, g->pw, b));
		snprintf(line + used, sizeof line - used, ";");
		vw_line(w, "%s", line);
		vw_line(w, "wire vb_kill_%u = vb_live_q[%u] & vb_direct & (vb_warp_q[%u +: WID_W] == wr_warp_i) & "
			   "(vb_reg_q[%u +: TAG_W] == vb_dreg);", b, b, b * g->iw, b * g->tw);
	}
	emit_and_or(w, "wire vb_head_live", g->nv, 1, "vb_hd_%u", "vb_live_q[%u]");
	emit_and_or(w, "wire vb_head_fresh", g->nv, 1, "vb_hd_%u", "vb_fresh_%u");
	emit_and_or(w, "wire [TAG_W-1:0] vb_head_reg", g->nv, g->tw, "vb_hd_%u", "vb_reg_q[%u*TAG_W +: TAG_W]");
	emit_and_or(w, "wire [WID_W-1:0] vb_head_warp", g->nv, g->iw, "vb_hd_%u", "vb_warp_q[%u*WID_W +: WID_W]");
	emit_and_or(w, "wire [DW-1:0] vb_head_data", g->nv, g->dw, "vb_hd_%u", "vb_data_q[%u*DW +: DW]");
	vw_line(w, "wire vb_any = (vb_count_q != {PW{1'b0}});");
	vw_line(w, "// a killed head leaves without a write; a live one needs a free MRF cycle and its data");
	vw_line(w, "wire vb_pop = vb_any & (~vb_head_live | (~vb_head_fresh & ~vb_direct));");
	vw_line(w, "wire vb_drain = vb_any & vb_head_live & ~vb_head_fresh & ~vb_direct;");
	vw_line(w, "wire [PW-1:0] vb_tsum = vb_head_q + vb_count_q;");
	vw_line(w, "wire [PW-1:0] vb_tail = (vb_tsum >= VB_N) ? vb_tsum - VB_N : vb_tsum;");
	for (unsigned e = 0; e < g->nn; e++) {
		used = (size_t)snprintf(line, sizeof line, "wire [PW-1:0] vb_psum_%u = vb_tail", e);
		for (unsigned j = 0; j < e; j++)
		{
			char bit[32], ext[64];

			snprintf(bit, sizeof bit, "fd[%u]", j);
			used += (size_t)snprintf(line + used, sizeof line - used, " + %s", vw_zext(ext, sizeof ext, bit, 1, g->pw));
		}
		snprintf(line + used, sizeof line - used, ";");
		vw_line(w, "%s", line);
		vw_line(w, "wire [PW-1:0] vb_pos_%u = (vb_psum_%u >= VB_N) ? vb_psum_%u - VB_N : vb_psum_%u;", e, e, e, e);
	}
	vw_line(w, "reg [VICTIM-1:0] vb_live_d;");
	vw_line(w, "reg [VICTIM*WID_W-1:0] vb_warp_d;");
	vw_line(w, "reg [VICTIM*TAG_W-1:0] vb_reg_d;");
	vw_line(w, "reg [ENTRIES*PW-1:0] fill_pos_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "vb_live_d = vb_live_q;");
	vw_line(w, "vb_warp_d = vb_warp_q;");
	vw_line(w, "vb_reg_d  = vb_reg_q;");
	vw_line(w, "fill_pos_d = fill_pos_q;");
	for (unsigned b = 0; b < g->nv; b++) {
		vw_line(w, "if (vb_kill_%u) vb_live_d[%u] = 1'b0;", b, b);
		vw_line(w, "if (vb_pop && vb_hd_%u) vb_live_d[%u] = 1'b0;", b, b);
	}
	for (unsigned e = 0; e < g->nn; e++) {
		vw_line(w, "fill_pos_d[%u +: PW] = vb_pos_%u;", e * g->pw, e);
		for (unsigned b = 0; b < g->nv; b++) {
			vw_open(w, "if (fcopy && fd[%u] && vb_pos_%u == %s) begin", e, e, lit(l, sizeof l, g->pw, b));
			vw_line(w, "vb_live_d[%u] = 1'b1;", b);
			vw_line(w, "vb_warp_d[%u +: WID_W] = fl_warp_i;", b * g->iw);
			vw_line(w, "vb_reg_d[%u +: TAG_W] = ftag_%u;", b * g->tw, e);
			vw_close(w, "end");
		}
	}
	vw_close(w, "end");
	vw_line(w, "wire [PW-1:0] vb_head_inc = (vb_head_q == %s) ? %s : vb_head_q + %s;",
		lit(l, sizeof l, g->pw, g->nv - 1u), lit(l2, sizeof l2, g->pw, 0), lit(line, 64, g->pw, 1));
	vw_line(w, "wire [PW-1:0] vb_head_d = vb_pop ? vb_head_inc : vb_head_q;");
	vw_line(w, "wire [PW-1:0] vb_count_d = vb_count_q - {{(PW-1){1'b0}}, vb_pop} + (fcopy ? ndirty : {PW{1'b0}});");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "vb_live_q  <= {VICTIM{1'b0}};");
	vw_line(w, "vb_warp_q  <= {VICTIM*WID_W{1'b0}};");
	vw_line(w, "vb_reg_q   <= {VICTIM*TAG_W{1'b0}};");
	vw_line(w, "vb_head_q  <= {PW{1'b0}};");
	vw_line(w, "vb_count_q <= {PW{1'b0}};");
	vw_line(w, "fill_v_q   <= {ENTRIES{1'b0}};");
	vw_line(w, "fill_pos_q <= {ENTRIES*PW{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "vb_live_q  <= vb_live_d;");
	vw_line(w, "vb_warp_q  <= vb_warp_d;");
	vw_line(w, "vb_reg_q   <= vb_reg_d;");
	vw_line(w, "vb_head_q  <= vb_head_d;");
	vw_line(w, "vb_count_q <= vb_count_d;");
	vw_line(w, "fill_v_q   <= {ENTRIES{fcopy}} & fd;");
	vw_line(w, "fill_pos_q <= fill_pos_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "// the copy's data: from the flush read ports, the edge after the copy");
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned e = 0; e < g->nn; e++)
		for (unsigned b = 0; b < g->nv; b++)
			vw_line(w, "if (fill_v_q[%u] && fill_pos_q[%u +: PW] == %s) vb_data_q[%u +: DW] <= rdata[%u +: DW];", e,
				e * g->pw, lit(l, sizeof l, g->pw, b), b * g->dw, (g->ns + 1u + e) * g->dw);
	vw_close(w, "end");
	for (unsigned b = 0; b < g->nv; b++) {
		vw_line(w, "assign vb_valid_o[%u] = vb_live_q[%u];", b, b);
		vw_line(w, "assign vb_warp_o[%u +: WID_W] = {WID_W{vb_live_q[%u]}} & vb_warp_q[%u +: WID_W];", b * g->iw, b,
			b * g->iw);
		vw_line(w, "assign vb_reg_o[%u +: TAG_W] = {TAG_W{vb_live_q[%u]}} & vb_reg_q[%u +: TAG_W];", b * g->tw, b,
			b * g->tw);
	}
	vw_blank(w);
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
	g.nv = cfg->rfc.victim_entries;
	g.pw = cfg_index_bits(2ul * (g.nv ? g.nv : 1u));
	g.iw = cfg->rfc.d.warp_id_bits;
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
	if (g.nv)
		vw_param(&w, m, "VICTIM");
	vw_param(&w, m, "WID_W");
	vw_line(&w, "localparam integer SW = %u;     // slot index", g.sw);
	vw_line(&w, "localparam integer EW = %u;     // entry index and age rank", g.ew);
	vw_line(&w, "localparam integer ROW_W = %u;  // data array row", g.row_w);
	vw_line(&w, "localparam integer DW = %u;    // one warp register", g.dw);
	vw_line(&w, "localparam integer PW = %u;     // victim-buffer pointer and count (values below 2 x VICTIM)", g.pw);
	vw_line(&w, "localparam [1:0] KIND_EVICT = 2'd%u, KIND_BYPASS = 2'd%u, KIND_FLUSH = 2'd%u;",
		RFC_MRF_EVICT, RFC_MRF_BYPASS, RFC_MRF_FLUSH);
	vw_blank(&w);
	vw_line(&w, "reg [NUM_SLOTS*ENTRIES-1:0] valid_q, dirty_q;");
	vw_line(&w, "reg [NUM_SLOTS*ENTRIES*TAG_W-1:0] tag_q;");
	vw_line(&w, "wire unused_regs = ^{rd_reg_i, rd_regv_i, rd_last_i};");
	emit_victim_decls(&w, &g);
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
	emit_victim(&w, &g);
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
	static const enum rfc_port mw[] = {RFC_MRF_WR_O, RFC_MRF_WR_KIND_O, RFC_MRF_WR_SLOT_O, RFC_MRF_WR_REG_O,
					   RFC_MRF_WR_WARP_O, RFC_VB_VALID_O, RFC_VB_REG_O};
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
