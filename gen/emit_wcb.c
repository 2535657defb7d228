/* emit_wcb.c: Verilog of the LTRF Warp Control Block (paper Sec. 4.1, Fig. 7).
 *
 * The structure (docs/ltrf.md has the picture and the timing):
 *   init        after reset a counter writes {valid=0} to every address-table
 *               row and zero to every working-set / liveness vector, one
 *               row of every table bank per cycle; ready_o rises when it is
 *               done, and every input is ignored before (SRAM holds no
 *               reset value)
 *   table       TABLE_BANKS SRAM macros ([ltrf] wcb_banks) of warps x
 *               REGS_PER_BANK rows of {valid, bank}, register r in bank
 *               r % TABLE_BANKS: LOOKUP_PORTS read ports each (a lookup
 *               reads the bank of its register; the answer is muxed by the
 *               registered bank index), FILL_PORTS / TABLE_BANKS write ports
 *               each (lane k writes bank k % TABLE_BANKS)
 *   offsets     one warp-offset flop group per warp
 *   vectors     one SRAM macro of working-set vectors (a row per warp) and,
 *               for LTRF+, one of liveness vectors with a clear port (the
 *               dead-operand bit) and a set port (a write), set winning
 *   answers     a lookup or vector read answers one cycle later: the SRAM
 *               read is the paper's one extra WCB cycle (Sec. 4.3); answers
 *               are gated by valid (and a lookup's by the entry's valid bit).
 * Per-warp and per-port logic is unrolled here in C with constant selects. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "vwriter.h"
#include "wcb_desc.h"

struct wcb_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned nw, nr, lp, bw, ow, ww, rw, nf;
	unsigned tb, lb, rpb;	/* table banks, their index bits, registers of a warp per bank */
	unsigned tbl_aw, ws_aw;	/* table-bank and vector row-address widths */
	int live;
	char unused[1024];	/* input bits a degenerate geometry leaves unused */
};

static const struct port_desc *P(const struct wcb_geom *g, enum wcb_port p)
{
	return &g->m->ports[p];
}

static void note_unused(struct wcb_geom *g, const char *expr)
{
	size_t used = strlen(g->unused);

	snprintf(g->unused + used, sizeof g->unused - used, "%s%s", used ? ", " : "", expr);
}

/* Bits [lo + width - 1 : lo] of element e of port p. */
static const char *elem_bits(char *buf, size_t n, const struct port_desc *p, unsigned e, unsigned lo, unsigned width)
{
	unsigned lsb = e * p->elem_width + lo;

	if (width == 1)
		snprintf(buf, n, "%s[%u]", p->name, lsb);
	else
		snprintf(buf, n, "%s[%u:%u]", p->name, lsb + width - 1u, lsb);
	return buf;
}

/* Row, within its table bank, of (warp, reg) of element e of the two
 * ports: warp * REGS_PER_BANK + reg / TABLE_BANKS (common/wcb_desc.h), a
 * concatenation when REGS_PER_BANK is a power of two.  The register's low
 * LB bits name the bank: a lookup selects with them (a write's lane is its
 * bank, so a write leaves them unused). */
static const char *table_row(char *buf, size_t n, struct wcb_geom *g, enum wcb_port warp,
			     enum wcb_port reg, unsigned e, int write)
{
	char wsel[64], hi[64], a[128], b[128];
	unsigned hw = g->rw > g->lb ? g->rw - g->lb : 0;	/* reg / TABLE_BANKS bits */

	vw_elem(wsel, sizeof wsel, P(g, warp), e);
	if (write && g->lb)
		note_unused(g, elem_bits(a, sizeof a, P(g, reg), e, 0, g->lb < g->rw ? g->lb : g->rw));
	if (hw)
		elem_bits(hi, sizeof hi, P(g, reg), e, g->lb, hw);
	if (g->rpb == 1) {
		if (hw)
			note_unused(g, hi);
		if (g->nw == 1) {
			note_unused(g, wsel);
			snprintf(buf, n, "{TBL_AW{1'b0}}");
		} else {
			snprintf(buf, n, "%s", vw_zext(a, sizeof a, wsel, g->ww, g->tbl_aw));
		}
	} else if (g->nw == 1) {
		note_unused(g, wsel);
		snprintf(buf, n, "%s", vw_zext(a, sizeof a, hi, hw, g->tbl_aw));
	} else if ((g->rpb & (g->rpb - 1)) == 0) {
		snprintf(buf, n, "{%s, %s}", wsel, hi);
	} else {
		snprintf(buf, n, "%s * REGS_PER_BANK[TBL_AW-1:0] + %s", vw_zext(a, sizeof a, wsel, g->ww, g->tbl_aw),
			 vw_zext(b, sizeof b, hi, hw, g->tbl_aw));
	}
	return buf;
}

/* AND-OR mux of the warp offsets by the warp in `warp_sel`. */
static void emit_offset_mux(struct vw *w, const struct wcb_geom *g, const char *dst, const char *warp_sel)
{
	char lit[32];

	vw_line(w, "wire [OFF_W-1:0] %s =", dst);
	w->indent += 2;
	for (unsigned k = 0; k < g->nw; k++)
		vw_line(w, "({OFF_W{%s == %s}} & off_q_%u)%s", warp_sel, vw_lit(lit, sizeof lit, g->ww, k), k,
			k + 1 == g->nw ? ";" : " |");
	w->indent -= 2;
}

/* One-hot register mask of the register in `reg_sel` (NUM_REGS bits). */
static const char *reg_onehot(char *buf, size_t n, struct wcb_geom *g, const char *reg_sel)
{
	if (g->nr == 1) {
		note_unused(g, reg_sel);
		snprintf(buf, n, "1'b1");
	} else {
		snprintf(buf, n, "{{(NUM_REGS-1){1'b0}}, 1'b1} << %s", reg_sel);
	}
	return buf;
}

static void emit_init(struct vw *w, const struct wcb_geom *g)
{
	char lit[32], one[32];

	vw_line(w, "// ---- post-reset initialisation (SRAM has no reset): one row of every table");
	vw_line(w, "// bank per cycle, vector rows alongside; ready_o when done ----");
	vw_line(w, "reg              init_busy_q;");
	vw_line(w, "reg [TBL_AW-1:0] init_cnt_q;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "init_busy_q <= 1'b1;");
	vw_line(w, "init_cnt_q  <= {TBL_AW{1'b0}};");
	vw_close(w, "end else if (init_busy_q) begin");
	w->indent++;
	vw_line(w, "init_cnt_q <= init_cnt_q + %s;", vw_lit(one, sizeof one, g->tbl_aw, 1));
	vw_line(w, "if (init_cnt_q == %s) init_busy_q <= 1'b0;",
		vw_lit(lit, sizeof lit, g->tbl_aw, (unsigned long)g->nw * g->rpb - 1u));
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "wire ready = ~init_busy_q;");
	vw_line(w, "assign ready_o = ready;");
	if (g->rpb == 1)
		vw_line(w, "wire init_vec_we = init_busy_q;  // a bank row per warp: every table row is a vector row");
	else
		vw_line(w, "wire init_vec_we = init_busy_q & (init_cnt_q < %s);",
			vw_lit(lit, sizeof lit, g->tbl_aw, g->nw));
	vw_line(w, "wire [VEC_AW-1:0] init_vec_row = init_cnt_q[VEC_AW-1:0];");
	vw_blank(w);
}

static void emit_offsets(struct vw *w, const struct wcb_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- warp-offset addresses (Fig. 7: ceil(log2 #Active_Warps) bits per warp) ----");
	for (unsigned k = 0; k < g->nw; k++)
		vw_line(w, "reg [OFF_W-1:0] off_q_%u;", k);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	for (unsigned k = 0; k < g->nw; k++)
		vw_line(w, "off_q_%u <= {OFF_W{1'b0}};", k);
	vw_close(w, "end else if (of_we_i && ready) begin");
	w->indent++;
	for (unsigned k = 0; k < g->nw; k++)
		vw_line(w, "if (of_warp_i == %s) off_q_%u <= of_offset_i;", vw_lit(lit, sizeof lit, g->ww, k), k);
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
}

/* `pfx({name_{n-1}, ..., name_0})end` */
static void emit_cat(struct vw *w, const char *pfx, const char *name, unsigned n, const char *end)
{
	char line[1024];
	size_t used = (size_t)snprintf(line, sizeof line, "%s({", pfx);

	for (unsigned k = n; k-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s_%u%s", name, k, k ? ", " : "");
	snprintf(line + used, sizeof line - used, "})%s", end);
	vw_line(w, "%s", line);
}

static const char *ones(unsigned n)
{
	static const char all[] = "1111111111111111111111111111111111111111111111111111111111111111";

	return all + (sizeof all - 1u - n);
}

/* Lookup p's one-hot table bank (lk_tsel_<p>) and, registered with the
 * request, its bank index for the answer's mux (lk_tb_q_<p>). */
static void emit_lookup_banks(struct vw *w, struct wcb_geom *g)
{
	char sel[64];

	if (g->tb == 1)
		return;
	for (unsigned p = 0; p < g->lp; p++) {
		elem_bits(sel, sizeof sel, P(g, WCB_LK_REG_I), p, 0, g->lb);
		vw_line(w, "wire [LB-1:0] lk_tb_%u = %s;", p, sel);
		vw_line(w, "wire [TABLE_BANKS-1:0] lk_tsel_%u = {{(TABLE_BANKS-1){1'b0}}, 1'b1} << lk_tb_%u;", p, p);
	}
	for (unsigned p = 0; p < g->lp; p++)
		vw_line(w, "reg [LB-1:0] lk_tb_q_%u;", p);
	vw_open(w, "always @(posedge clk_i) begin  // the answer's bank select (data: no reset, gated by lk_v_q)");
	for (unsigned p = 0; p < g->lp; p++)
		vw_line(w, "lk_tb_q_%u <= lk_tb_%u;", p, p);
	vw_close(w, "end");
}

/* Table bank b: write port j is table-write lane b + j * TABLE_BANKS (the
 * engine sends lane k only registers of bank k % TABLE_BANKS); port 0 also
 * the initialisation, during which every other port is off. */
static void emit_table_bank(struct vw *w, struct wcb_geom *g, unsigned b)
{
	char line[2048], sfx[16] = "";
	size_t used;

	if (g->tb > 1)
		snprintf(sfx, sizeof sfx, "_%u", b);
	for (unsigned j = 0; j < g->nf / g->tb; j++) {
		unsigned k = b + j * g->tb;
		int init = j == 0;	/* port 0 also clears the bank after reset */

		vw_line(w, "wire [TBL_AW-1:0] tbl%s_waddr_%u = %stw_row_%u;", sfx, j,
			init ? "init_busy_q ? init_cnt_q : " : "", k);
		vw_line(w, "wire [ENTRY_W-1:0] tbl%s_wdata_%u = %s{tw_valid_i[%u], tw_bank_i[%u +: BANK_W]};", sfx, j,
			init ? "init_busy_q ? {ENTRY_W{1'b0}} : " : "", k, k * g->bw);
		vw_line(w, "wire tbl%s_we_%u = %stw_req_i[%u];", sfx, j, init ? "init_busy_q | " : "~init_busy_q & ", k);
	}
	if (g->tb > 1) {
		used = (size_t)snprintf(line, sizeof line, "lk_re & {");
		for (unsigned p = g->lp; p-- > 0;)
			used += (size_t)snprintf(line + used, sizeof line - used, "%slk_tsel_%u[%u]",
						 p + 1 == g->lp ? "" : ", ", p, b);
		snprintf(line + used, sizeof line - used, "}");
		vw_line(w, "wire [LOOKUP_PORTS-1:0] tbl%s_re = %s;", sfx, line);
	} else {
		vw_line(w, "wire [LOOKUP_PORTS-1:0] tbl_re = lk_re;");
	}
	vw_line(w, "wire [LOOKUP_PORTS*ENTRY_W-1:0] tbl%s_rdata;", sfx);
	used = (size_t)snprintf(line, sizeof line, "{");
	for (unsigned p = g->lp; p-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%slk_row_%u", p + 1 == g->lp ? "" : ", ", p);
	snprintf(line + used, sizeof line - used, "}");
	vw_open(w, "%s u_table%s (", g->m->mems[WCB_MEM_TABLE].module, sfx);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".re_i    (tbl%s_re),", sfx);
	vw_line(w, ".raddr_i (%s),", line);
	vw_line(w, ".rdata_o (tbl%s_rdata),", sfx);
	snprintf(line, sizeof line, "tbl%s_we", sfx);
	emit_cat(w, ".we_i    ", line, g->nf / g->tb, ",");
	snprintf(line, sizeof line, "tbl%s_waddr", sfx);
	emit_cat(w, ".waddr_i ", line, g->nf / g->tb, ",");
	vw_line(w, ".wmask_i (%u'b%s),", g->nf / g->tb, ones(g->nf / g->tb));
	snprintf(line, sizeof line, "tbl%s_wdata", sfx);
	emit_cat(w, ".wdata_i ", line, g->nf / g->tb, "");
	vw_close(w, ");");
}

static void emit_table(struct vw *w, struct wcb_geom *g)
{
	char row[256];

	vw_line(w, "// ---- register-cache address table: {valid, bank} per (warp, register), register r");
	vw_line(w, "// in table bank r %% TABLE_BANKS ----");
	for (unsigned p = 0; p < g->lp; p++)
		vw_line(w, "wire [TBL_AW-1:0] lk_row_%u = %s;", p,
			table_row(row, sizeof row, g, WCB_LK_WARP_I, WCB_LK_REG_I, p, 0));
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "wire [TBL_AW-1:0] tw_row_%u = %s;", k,
			table_row(row, sizeof row, g, WCB_TW_WARP_I, WCB_TW_REG_I, k, 1));
	vw_line(w, "wire [LOOKUP_PORTS-1:0] lk_re = lk_req_i & {LOOKUP_PORTS{ready}};");
	emit_lookup_banks(w, g);
	vw_line(w, "// a bank's write port j: table-write lane bank + j x TABLE_BANKS (the SRAM applies them in");
	vw_line(w, "// port order); port 0 also the initialisation, during which every other port is off");
	for (unsigned b = 0; b < g->tb; b++)
		emit_table_bank(w, g, b);
	vw_blank(w);
}

static void emit_vectors(struct vw *w, struct wcb_geom *g)
{
	char clr[128], set[128];

	vw_line(w, "// ---- working-set bit-vectors: a row per warp, written by PREFETCH ----");
	vw_line(w, "wire vr_re = vr_req_i & ready;");
	vw_line(w, "wire [NUM_REGS-1:0] ws_rdata;");
	vw_open(w, "%s u_ws (", g->m->mems[WCB_MEM_WS].module);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".re_i    (vr_re),");
	vw_line(w, ".raddr_i (vr_warp_i),");
	vw_line(w, ".rdata_o (ws_rdata),");
	vw_line(w, ".we_i    (init_busy_q ? init_vec_we : ws_we_i),");
	vw_line(w, ".waddr_i (init_busy_q ? init_vec_row : ws_warp_i),");
	vw_line(w, ".wmask_i (1'b1),");
	vw_line(w, ".wdata_i (init_busy_q ? {NUM_REGS{1'b0}} : ws_vec_i)");
	vw_close(w, ");");
	vw_blank(w);
	if (!g->live)
		return;
	vw_line(w, "// ---- liveness bit-vectors (LTRF+, Sec. 3.2): port 0 clears (dead-operand");
	vw_line(w, "// bit; all of a row during init), port 1 sets (a write). Port 1 is written");
	vw_line(w, "// last, so a register read-dead and written by one instruction ends live. ----");
	vw_line(w, "wire [NUM_REGS-1:0] live_rdata;");
	vw_line(w, "wire [NUM_REGS-1:0] lv_clr_mask = %s;", reg_onehot(clr, sizeof clr, g, "lv_clr_reg_i"));
	vw_line(w, "wire [NUM_REGS-1:0] lv_set_mask = %s;", reg_onehot(set, sizeof set, g, "lv_set_reg_i"));
	vw_open(w, "%s u_live (", g->m->mems[WCB_MEM_LIVE].module);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".re_i    (vr_re),");
	vw_line(w, ".raddr_i (vr_warp_i),");
	vw_line(w, ".rdata_o (live_rdata),");
	vw_line(w, ".we_i    ({lv_set_i & ready, init_busy_q ? init_vec_we : lv_clr_i}),");
	vw_line(w, ".waddr_i ({lv_set_warp_i, init_busy_q ? init_vec_row : lv_clr_warp_i}),");
	vw_line(w, ".wmask_i ({lv_set_mask, init_busy_q ? {NUM_REGS{1'b1}} : lv_clr_mask}),");
	vw_line(w, ".wdata_i ({{NUM_REGS{1'b1}}, {NUM_REGS{1'b0}}})");
	vw_close(w, ");");
	vw_blank(w);
}

/* lk_entry_<p>: lookup p's entry from the bank it read (an AND-OR mux by
 * the registered bank index). */
static void emit_lookup_entry(struct vw *w, const struct wcb_geom *g, unsigned p)
{
	char lit[32];

	if (g->tb == 1) {
		vw_line(w, "wire [ENTRY_W-1:0] lk_entry_%u = tbl_rdata[%u +: ENTRY_W];", p, p * (g->bw + 1u));
		return;
	}
	vw_line(w, "wire [ENTRY_W-1:0] lk_entry_%u =", p);
	w->indent += 2;
	for (unsigned b = 0; b < g->tb; b++)
		vw_line(w, "({ENTRY_W{lk_tb_q_%u == %s}} & tbl_%u_rdata[%u +: ENTRY_W])%s", p,
			vw_lit(lit, sizeof lit, g->lb, b), b, p * (g->bw + 1u), b + 1 == g->tb ? ";" : " |");
	w->indent -= 2;
}

static void emit_answers(struct vw *w, struct wcb_geom *g)
{
	char sel[64], name[32];

	vw_line(w, "// ---- answers, one cycle after the request ----");
	for (unsigned p = 0; p < g->lp; p++) {
		snprintf(name, sizeof name, "lk_off_%u", p);
		emit_offset_mux(w, g, name, vw_elem(sel, sizeof sel, P(g, WCB_LK_WARP_I), p));
	}
	emit_offset_mux(w, g, "vr_off", "vr_warp_i");
	vw_line(w, "reg [LOOKUP_PORTS-1:0] lk_v_q;");
	vw_line(w, "reg                    vr_v_q;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "lk_v_q <= {LOOKUP_PORTS{1'b0}};");
	vw_line(w, "vr_v_q <= 1'b0;");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "lk_v_q <= lk_re;");
	vw_line(w, "vr_v_q <= vr_re;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "// Offsets read with the request (data: no reset, gated below).");
	for (unsigned p = 0; p < g->lp; p++)
		vw_line(w, "reg [OFF_W-1:0] lk_off_q_%u;", p);
	vw_line(w, "reg [OFF_W-1:0] vr_off_q;");
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < g->lp; p++)
		vw_line(w, "lk_off_q_%u <= lk_off_%u;", p, p);
	vw_line(w, "vr_off_q <= vr_off;");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "assign lk_valid_o = lk_v_q;");
	for (unsigned p = 0; p < g->lp; p++) {
		emit_lookup_entry(w, g, p);
		vw_line(w, "wire lk_hit_%u = lk_v_q[%u] & lk_entry_%u[BANK_W];", p, p, p);
		vw_line(w, "assign lk_hit_o[%u] = lk_hit_%u;", p, p);
		vw_line(w, "assign lk_bank_o[%u +: BANK_W] = {BANK_W{lk_hit_%u}} & lk_entry_%u[BANK_W-1:0];",
			p * g->bw, p, p);
		vw_line(w, "assign lk_offset_o[%u +: OFF_W] = {OFF_W{lk_hit_%u}} & lk_off_q_%u;", p * g->ow, p, p);
	}
	vw_line(w, "assign vr_valid_o  = vr_v_q;");
	vw_line(w, "assign vr_offset_o = {OFF_W{vr_v_q}} & vr_off_q;");
	vw_line(w, "assign vr_ws_o     = {NUM_REGS{vr_v_q}} & ws_rdata;");
	if (g->live)
		vw_line(w, "assign vr_live_o   = {NUM_REGS{vr_v_q}} & live_rdata;");
}

int emit_wcb(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_ltrf *l = &cfg->ltrf;
	struct wcb_geom g = {0};
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.cfg = cfg;
	g.m = m;
	g.nw = cfg->warps;
	g.nr = l->d.arch_regs;
	g.lp = l->lookup_ports;
	g.nf = l->fill_ports;
	g.bw = l->d.bank_bits;
	g.ow = l->d.offset_bits;
	g.ww = cfg_index_bits(cfg->warps);
	g.rw = cfg_index_bits(g.nr);
	g.tb = wcb_banks(cfg);
	g.lb = wcb_bank_index_bits(cfg);
	g.rpb = wcb_regs_per_bank(cfg);
	g.tbl_aw = cfg_index_bits(wcb_bank_rows(cfg));
	g.ws_aw = cfg_index_bits(g.nw);
	g.live = (int)l->d.liveness;
	for (unsigned i = 0; i < m->nmems; i++)
		if (emit_sram(d, &m->mems[i]))
			return -1;

	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "LTRF Warp Control Block (docs/ltrf.md; paper Sec. 4.1, Fig. 7).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_REGS");
	vw_param(&w, m, "LOOKUP_PORTS");
	vw_line(&w, "localparam integer BANK_W  = %u;  // ceil(log2 REGS_PER_INTERVAL), at least 1", g.bw);
	vw_line(&w, "localparam integer ENTRY_W = %u;  // {valid, bank}: the paper's 5 bits for 16 banks",
		g.bw + 1u);
	vw_line(&w, "localparam integer OFF_W   = %u;  // ceil(log2 ACTIVE_WARPS), at least 1", g.ow);
	if (g.tb > 1) {
		vw_param(&w, m, "TABLE_BANKS");
		vw_line(&w, "localparam integer LB      = %u;  // table-bank index bits", g.lb);
	}
	if (g.rpb > 1 && g.nw > 1 && (g.rpb & (g.rpb - 1)))
		vw_line(&w, "localparam integer REGS_PER_BANK = %u;  // ceil(NUM_REGS / TABLE_BANKS): a warp's rows in a bank",
			g.rpb);
	vw_line(&w, "localparam integer TBL_AW  = %u;  // address-table row address within a bank", g.tbl_aw);
	vw_line(&w, "localparam integer VEC_AW  = %u;  // vector row address (the warp)", g.ws_aw);
	vw_blank(&w);
	emit_init(&w, &g);
	emit_offsets(&w, &g);
	emit_table(&w, &g);
	emit_vectors(&w, &g);
	emit_answers(&w, &g);
	if (g.unused[0]) {
		vw_blank(&w);
		vw_line(&w, "// Index bits a degenerate geometry (one warp, one register) does not need.");
		vw_line(&w, "wire unused_index_bits = ^{%s};", g.unused);
	}
	vw_module_end(&w);
	return 0;
}

unsigned wave_wcb(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "clock, reset, init"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add(&groups[n], "init_cnt_q", cfg_index_bits(wcb_bank_rows(cfg)));
	wave_add_port(&groups[n++], m, WCB_READY_O);
	groups[n] = (struct wave_group){.title = "lookups (answer next cycle)"};
	wave_add_port(&groups[n], m, WCB_LK_REQ_I);
	wave_add_port(&groups[n], m, WCB_LK_WARP_I);
	wave_add_port(&groups[n], m, WCB_LK_REG_I);
	wave_add_port(&groups[n], m, WCB_LK_VALID_O);
	wave_add_port(&groups[n], m, WCB_LK_HIT_O);
	wave_add_port(&groups[n], m, WCB_LK_BANK_O);
	wave_add_port(&groups[n++], m, WCB_LK_OFFSET_O);
	groups[n] = (struct wave_group){.title = "table and offset writes"};
	wave_add_port(&groups[n], m, WCB_TW_REQ_I);
	wave_add_port(&groups[n], m, WCB_TW_WARP_I);
	wave_add_port(&groups[n], m, WCB_TW_REG_I);
	wave_add_port(&groups[n], m, WCB_TW_VALID_I);
	wave_add_port(&groups[n], m, WCB_TW_BANK_I);
	wave_add_port(&groups[n], m, WCB_OF_WE_I);
	wave_add_port(&groups[n], m, WCB_OF_WARP_I);
	wave_add_port(&groups[n++], m, WCB_OF_OFFSET_I);
	groups[n] = (struct wave_group){.title = "vectors"};
	wave_add_port(&groups[n], m, WCB_WS_WE_I);
	wave_add_port(&groups[n], m, WCB_WS_WARP_I);
	wave_add_port(&groups[n], m, WCB_WS_VEC_I);
	wave_add_port(&groups[n], m, WCB_VR_REQ_I);
	wave_add_port(&groups[n], m, WCB_VR_WARP_I);
	wave_add_port(&groups[n], m, WCB_VR_VALID_O);
	wave_add_port(&groups[n], m, WCB_VR_OFFSET_O);
	wave_add_port(&groups[n], m, WCB_VR_WS_O);
	if (cfg->ltrf.d.liveness) {
		wave_add_port(&groups[n], m, WCB_LV_CLR_I);
		wave_add_port(&groups[n], m, WCB_LV_CLR_REG_I);
		wave_add_port(&groups[n], m, WCB_LV_SET_I);
		wave_add_port(&groups[n], m, WCB_LV_SET_REG_I);
		wave_add_port(&groups[n], m, WCB_VR_LIVE_O);
	}
	n++;
	return n;
}
