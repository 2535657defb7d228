/* emit_rmu.c: Verilog of FineReg's register management unit (V-C, V-E,
 * Fig. 10).  The state machine, its states and its edge behaviour are
 * cmodel/rmu.c's, line for line; the parts of Fig. 10 are
 *   live-register information cache  lric_valid_q / lric_tag_q / lric_vec_q
 *                                     (direct-mapped, index PC[LSB +: log2 N])
 *   register index decoder            two find-first-set trees: first warp
 *                                     with a live register, its first register
 *   PCRF pointer table                ptab_head_q / ptab_count_q per CTA
 *   free-space monitor                occ_q (1 = occupied), free_cnt_q and a
 *                                     find-first-set tree over ~occ_q
 *   PCRF access logic                 the FSM, buf_q (the 128-byte transfer
 *                                     buffer) and pbuf_q (a PCRF register on
 *                                     its way to the ACRF).
 * With [finereg] rmu = pipelined (emit_fifo) EV_PIPE and RS_PIPE are added:
 * the transfer-buffer FIFO f_* (read_latency + 1 entries), the restore FIFO
 * r_* (pcrf_latency + 2) and nxt_q, the RMU's copy of the links it wrote
 * that the walk follows a read a cycle; a serial configuration's RTL has
 * none of it and is what it was.
 * Every table is a packed flop vector read with +: part-selects; the state
 * machine writes a table at a variable index through a port of the table's
 * gpurf_table_next cell (emit_tables), not through a part-select, which
 * Yosys builds as a shifter over the whole table (the 1,024-entry occ_q and
 * nxt_q at finereg_gtx980 kept it in `proc` for more than 15 minutes).
 * Control state resets asynchronously, data does not. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "emit_lib.h"
#include "rmu_desc.h"
#include "sbuf.h"
#include "vwriter.h"

struct rmu_geom {
	const struct gpurf_cfg *cfg;
	unsigned W, WW, E, IW, C, CW, SLOTS, SW, MAXR, RW, AW, ARP, ARW, WRG, FLW;
	unsigned NW, KW, LW, FW, N, LIB, PCW, DW, POPW, CMPW;
	unsigned OVL;				/* lric_fetch = overlapped */
	unsigned PIPE, FD, FHW, FNW, FSW;	/* rmu = pipelined: the transfer-buffer FIFO */
	unsigned RD, RHW, RNW, RSW;		/* and the restore FIFO */
};

/* The tables written at a variable index: entries, bits per entry and
 * index width (Verilog names), in declaration order. */
enum rmu_tab {
	TAB_OCC, TAB_PCOUNT, TAB_LVALID, TAB_PHEAD, TAB_LTAG, TAB_LVEC, TAB_VEC,
	TAB_FW, TAB_FR, TAB_FBUF, TAB_NXT, TAB_RW, TAB_RR, TAB_RBUF, TAB_N
};

static const struct rmu_tab_info {
	const char *name, *n, *w, *iw;
} tab_info[TAB_N] = {
	[TAB_OCC] = {"occ", "ENTRIES", "1", "IDX_W"},
	[TAB_PCOUNT] = {"ptab_count", "CTAS", "COUNT_W", "CTA_W"},
	[TAB_LVALID] = {"lric_valid", "LRIC_ENTRIES", "1", "LRIC_IB"},
	[TAB_PHEAD] = {"ptab_head", "CTAS", "IDX_W", "CTA_W"},
	[TAB_LTAG] = {"lric_tag", "LRIC_ENTRIES", "PC_W", "LRIC_IB"},
	[TAB_LVEC] = {"lric_vec", "LRIC_ENTRIES", "MAX_REGS", "LRIC_IB"},
	[TAB_VEC] = {"vec", "WARPS_PER_CTA", "MAX_REGS", "WARP_W"},
	[TAB_FW] = {"f_w", "FIFO_D", "WARP_W", "FH_W"},
	[TAB_FR] = {"f_r", "FIFO_D", "REG_W", "FH_W"},
	[TAB_FBUF] = {"f_buf", "FIFO_D", "DATA_W", "FH_W"},
	[TAB_NXT] = {"nxt", "ENTRIES", "IDX_W", "IDX_W"},
	[TAB_RW] = {"r_w", "RFIFO_D", "WARP_W", "RH_W"},
	[TAB_RR] = {"r_r", "RFIFO_D", "REG_W", "RH_W"},
	[TAB_RBUF] = {"r_buf", "RFIFO_D", "DATA_W", "RH_W"},
};

/* The write ports the state machine has used so far, per table. */
struct rmu_ports {
	unsigned n[TAB_N];
};

static unsigned max3(unsigned a, unsigned b, unsigned c)
{
	unsigned m = a > b ? a : b;

	return m > c ? m : c;
}

/* Table t exists in g, written through its gpurf_table_next: the LRIC only
 * with more than one line (one line is written whole), the FIFOs and the
 * links only with rmu = pipelined. */
static int tab_on(const struct rmu_geom *g, enum rmu_tab t)
{
	if (t == TAB_LVALID || t == TAB_LTAG || t == TAB_LVEC)
		return g->N > 1;
	if (t >= TAB_FW)
		return g->PIPE != 0;
	return 1;
}

/* The table named name (TAB_N: no table). */
static enum rmu_tab tab_find(const char *name)
{
	unsigned t = 0;

	while (t < TAB_N && strcmp(tab_info[t].name, name) != 0)
		t++;
	return (enum rmu_tab)t;
}

/* The table named name, when written through its cell; TAB_N otherwise. */
static enum rmu_tab tab_named(const struct rmu_geom *g, const char *name)
{
	enum rmu_tab t = tab_find(name);

	return t != TAB_N && tab_on(g, t) ? t : TAB_N;
}

/* Entries of one bit: declared and zeroed without a width. */
static int tab_one_bit(const struct rmu_tab_info *ti)
{
	return strcmp(ti->w, "1") == 0;
}

/* `[<n>*<w>-1:0]`, or `[<n>-1:0]` for one-bit entries. */
static const char *tab_range(char *buf, size_t n, const struct rmu_tab_info *ti)
{
	if (tab_one_bit(ti))
		snprintf(buf, n, "[%s-1:0]", ti->n);
	else
		snprintf(buf, n, "[%s*%s-1:0]", ti->n, ti->w);
	return buf;
}

/* The declaration of table name's flops and next value: a reg pair, or the
 * flops and the wire its gpurf_table_next drives. */
static void emit_tab_decl(struct vw *w, const struct rmu_geom *g, const char *name, const char *comment)
{
	const struct rmu_tab_info *ti = &tab_info[tab_find(name)];
	char r[96];

	tab_range(r, sizeof r, ti);
	if (tab_named(g, name) == TAB_N) {
		vw_line(w, "reg %s %s_q, %s_d;  // %s", r, name, name, comment);
		return;
	}
	vw_line(w, "reg  %s %s_q;  // %s", r, name, comment);
	vw_line(w, "wire %s %s_d;", r, name);
}

/* One write of table t: entry idx takes val, through the table's next
 * write port (a later port wins, as a later assignment would). */
static void emit_twrite(struct vw *w, struct rmu_ports *pt, enum rmu_tab t, const char *cond, const char *idx,
			const char *val)
{
	const char *nm = tab_info[t].name;
	unsigned k = pt->n[t]++;

	vw_line(w, "%s{%s_we%u, %s_wi%u, %s_wd%u} = {1'b1, %s, %s};", cond, nm, k, nm, k, nm, k, idx, val);
}

static void geom_init(struct rmu_geom *g, const struct gpurf_cfg *cfg)
{
	const struct cfg_finereg *f = &cfg->finereg;

	g->cfg = cfg;
	g->W = f->warps_per_cta;
	g->WW = f->d.warp_bits;
	g->E = f->pcrf_entries;
	g->IW = cfg_index_bits(g->E);
	g->C = f->resident_ctas;
	g->CW = f->d.cta_bits;
	g->SLOTS = f->d.slots;
	g->SW = f->d.slot_bits;
	g->MAXR = f->max_regs;
	g->RW = f->d.reg_bits;
	g->AW = cfg_index_bits(cfg->warps);
	g->ARP = cfg->d.regs_per_warp;
	g->ARW = cfg_index_bits(g->ARP);
	g->WRG = f->d.warp_regs;
	g->FLW = cfg_index_bits((unsigned long)cfg->warps * g->ARP);
	g->NW = f->d.next_bits;
	g->KW = f->d.count_bits;
	g->LW = f->d.live_bits;
	g->FW = f->d.free_bits;
	g->N = f->lric_entries;
	g->LIB = cfg_clog2(g->N);
	g->PCW = f->pc_bits;
	g->DW = cfg->d.warp_bits;
	g->POPW = cfg_index_bits(g->WRG + 1u);
	g->CMPW = max3(g->LW, g->FW, g->KW) + 1u;
	g->PIPE = f->rmu == FINEREG_RMU_PIPELINED;
	g->OVL = f->lric_fetch == FINEREG_FETCH_OVERLAPPED;
	g->FD = rmu_fifo_depth(cfg);
	g->FHW = cfg_index_bits(g->FD);
	g->FNW = cfg_index_bits(g->FD + 1u);
	g->FSW = g->FNW + 1u;
	g->RD = rmu_rfifo_depth(cfg);
	g->RHW = cfg_index_bits(g->RD);
	g->RNW = cfg_index_bits(g->RD + 1u);
	g->RSW = g->RNW + 1u;
}

/* ACRF warp slot of warp `w` of the CTA in slot `slot`:
 * slot * WARPS_PER_CTA + w, as AW bits (rmu_acrf_warp()). */
static const char *acrf_warp(char *buf, size_t n, const struct rmu_geom *g, const char *slot,
			     const char *w)
{
	char a[96], b[96];
	int pow2 = (g->W & (g->W - 1u)) == 0;

	if (g->SLOTS == 1)
		snprintf(buf, n, "%s", vw_zext(a, sizeof a, w, g->WW, g->AW));
	else if (g->W == 1)
		snprintf(buf, n, "%s", vw_zext(a, sizeof a, slot, g->SW, g->AW));
	else if (pow2 && g->SW + g->WW == g->AW)
		snprintf(buf, n, "{%s, %s}", slot, w);
	else
		snprintf(buf, n, "(%s * WARPS_PER_CTA[%u:0]) + %s", vw_zext(a, sizeof a, slot, g->SW, g->AW),
			 g->AW - 1, vw_zext(b, sizeof b, w, g->WW, g->AW));
	return buf;
}

/* Register-granular ACRF address (rmu_acrf_addr()): flat register
 * slot x WARPS_PER_CTA x WRG + w x WRG + r of FLW bits, cut into warp slot
 * <pfx>_aw (AW bits) and register <pfx>_ar (ARW bits) of ARP registers. */
static void emit_flat(struct vw *w, const struct rmu_geom *g, const char *pfx, const char *slot,
		      const char *wp, const char *r)
{
	char a[96], b[96], c[96], l1[32], l2[32], l3[32];

	vw_line(w, "wire [%u:0] %s_flat = %s * %s + %s * %s + %s;", g->FLW - 1, pfx,
		vw_zext(a, sizeof a, slot, g->SW, g->FLW), vw_lit(l1, sizeof l1, g->FLW, (unsigned long)g->W * g->WRG),
		vw_zext(b, sizeof b, wp, g->WW, g->FLW), vw_lit(l2, sizeof l2, g->FLW, g->WRG),
		vw_zext(c, sizeof c, r, g->RW, g->FLW));
	vw_line(w, "wire [%u:0] %s_fq = %s_flat / %s;", g->FLW - 1, pfx, pfx, vw_lit(l3, sizeof l3, g->FLW, g->ARP));
	vw_line(w, "wire [%u:0] %s_fm = %s_flat %% %s;", g->FLW - 1, pfx, pfx, l3);
	vw_line(w, "wire [%u:0] %s_aw = %s_fq[%u:0];", g->AW - 1, pfx, pfx, g->AW - 1);
	vw_line(w, "wire [%u:0] %s_ar = %s_fm[%u:0];", g->ARW - 1, pfx, pfx, g->ARW - 1);
	if (g->FLW > g->AW && g->FLW > g->ARW)
		vw_line(w, "wire unused_%s = ^{%s_fq[%u:%u], %s_fm[%u:%u]};", pfx, pfx, g->FLW - 1, g->AW, pfx,
			g->FLW - 1, g->ARW);
	else if (g->FLW > g->AW)
		vw_line(w, "wire unused_%s = ^%s_fq[%u:%u];", pfx, pfx, g->FLW - 1, g->AW);
	else if (g->FLW > g->ARW)
		vw_line(w, "wire unused_%s = ^%s_fm[%u:%u];", pfx, pfx, g->FLW - 1, g->ARW);
}

static void emit_decls(struct vw *w, const struct rmu_geom *g, const struct module_desc *m)
{
	vw_param(w, m, "ENTRIES");
	vw_param(w, m, "WARPS_PER_CTA");
	vw_param(w, m, "MAX_REGS");
	vw_param(w, m, "CTAS");
	vw_param(w, m, "LRIC_ENTRIES");
	if (g->N > 1)
		vw_param(w, m, "LRIC_LSB");
	if (g->N > 1 && g->cfg->finereg.lric_hash == FINEREG_LRIC_XOR)
		vw_param(w, m, "LRIC_XOR");
	if (g->OVL)
		vw_param(w, m, "LRIC_OVL");
	vw_param(w, m, "PC_W");
	vw_param(w, m, "NEXT_W");
	vw_param(w, m, "COUNT_W");
	vw_line(w, "localparam integer DATA_W = %u;  // one warp register: the 128-byte buffer", g->DW);
	vw_line(w, "localparam integer IDX_W = %u;   // PCRF entry index", g->IW);
	vw_line(w, "localparam integer CTA_W = %u;", g->CW);
	vw_line(w, "localparam integer SLOT_W = %u;", g->SW);
	vw_line(w, "localparam integer WARP_W = %u;  // tag WARP_ID", g->WW);
	vw_line(w, "localparam integer REG_W = %u;   // tag REG_IDX", g->RW);
	vw_line(w, "localparam integer LIVE_W = %u;  // a CTA's live count", g->LW);
	vw_line(w, "localparam integer FREE_W = %u;  // free-entry count", g->FW);
	vw_line(w, "localparam integer CMP_W = %u;   // admission compare", g->CMPW);
	vw_line(w, "localparam integer POP_W = %u;   // live registers of one warp", g->POPW);
	if (g->N > 1)
		vw_line(w, "localparam integer LRIC_IB = %u;  // cache index bits", g->LIB);
	vw_blank(w);
	vw_line(w, "// FSM states (common/rmu_desc.h, enum rmu_state).");
	vw_line(w, "localparam [3:0] S_IDLE = 4'd%u, S_LOOKUP = 4'd%u, S_FILL = 4'd%u, S_DECIDE = 4'd%u,",
		RMU_IDLE, RMU_LOOKUP, RMU_FILL, RMU_DECIDE);
	vw_line(w, "                 S_EV_RD = 4'd%u, S_EV_WAIT = 4'd%u, S_EV_WR = 4'd%u,", RMU_EV_RD,
		RMU_EV_WAIT, RMU_EV_WR);
	vw_line(w, "                 S_WALK_RD = 4'd%u, S_WALK_WAIT = 4'd%u, S_RS_WR = 4'd%u, S_FINISH = 4'd%u;",
		RMU_WALK_RD, RMU_WALK_WAIT, RMU_RS_WR, RMU_FINISH);
	if (g->PIPE)
		vw_line(w, "localparam [3:0] S_EV_PIPE = 4'd%u, S_RS_PIPE = 4'd%u;  // rmu = pipelined",
			RMU_EV_PIPE, RMU_RS_PIPE);
	vw_line(w, "localparam [1:0] OP_RESTORE = 2'd%u, OP_SWAP = 2'd%u;  // anything else evicts",
		RMU_OP_RESTORE, RMU_OP_SWAP);
	vw_line(w, "localparam [WARP_W-1:0] LAST_WARP = %u'd%u;", g->WW, g->W - 1u);
	vw_blank(w);
	vw_line(w, "// ---- control (reset) ----");
	vw_line(w, "reg [3:0]        state_q, state_d;");
	vw_line(w, "reg [1:0]        op_q, op_d;");
	vw_line(w, "reg [CTA_W-1:0]  s_cta_q, s_cta_d, p_cta_q, p_cta_d;");
	vw_line(w, "reg [SLOT_W-1:0] s_slot_q, s_slot_d, dst_slot_q, dst_slot_d;");
	vw_line(w, "reg [WARP_W-1:0] warp_q, warp_d, ev_w_q, ev_w_d, walk_w_q, walk_w_d;");
	vw_line(w, "reg [REG_W-1:0]  ev_r_q, ev_r_d, walk_r_q, walk_r_d;");
	vw_line(w, "reg [LIVE_W-1:0] live_q, live_d, s_cnt_q, s_cnt_d;");
	vw_line(w, "reg              phase_q, phase_d, refused_q, refused_d;");
	vw_line(w, "reg              walk_end_q, walk_end_d, has_tail_q, has_tail_d;");
	vw_line(w, "reg [IDX_W-1:0]  cur_q, cur_d, walk_next_q, walk_next_d, tail_q, tail_d;");
	vw_line(w, "reg [IDX_W-1:0]  s_head_q, s_head_d;");
	vw_line(w, "reg [FREE_W-1:0] free_cnt_q, free_cnt_d;      // free-space monitor: count");
	emit_tab_decl(w, g, "occ", "free-space monitor: 1 = occupied");
	emit_tab_decl(w, g, "ptab_count", "pointer table: COUNT");
	emit_tab_decl(w, g, "lric_valid", "LRIC: valid");
	if (g->OVL)
		vw_line(w, "reg [WARPS_PER_CTA-1:0] pend_q, pend_d;  // overlapped fetch: vector requested, not back");
	vw_line(w, "// ---- data (no reset: written before read) ----");
	emit_tab_decl(w, g, "ptab_head", "pointer table: head pointer");
	emit_tab_decl(w, g, "lric_tag", "LRIC: PC tag");
	emit_tab_decl(w, g, "lric_vec", "LRIC: liveness vector");
	vw_line(w, "reg [WARPS_PER_CTA*PC_W-1:0] pc_q, pc_d;          // S's PCs");
	emit_tab_decl(w, g, "vec", "S's live registers still to move");
	vw_line(w, "reg [DATA_W-1:0] buf_q, buf_d;                    // 128-byte transfer buffer (V-E)");
	vw_line(w, "reg [DATA_W-1:0] pbuf_q, pbuf_d;                  // register read from the PCRF");
	if (g->PIPE) {
		vw_line(w, "// ---- rmu = pipelined: the transfer-buffer FIFO, read_latency + 1 entries ----");
		vw_param(w, m, "FIFO_D");
		vw_line(w, "localparam integer FH_W = %u;    // FIFO entry index", g->FHW);
		vw_line(w, "localparam integer FN_W = %u;    // FIFO entry count", g->FNW);
		vw_line(w, "localparam integer FS_W = %u;    // index + count", g->FSW);
		vw_line(w, "reg [FH_W-1:0] f_hd_q, f_hd_d;                   // head: next entry to write");
		vw_line(w, "reg [FN_W-1:0] f_alloc_q, f_alloc_d;             // entries taken by granted reads");
		vw_line(w, "reg [FN_W-1:0] f_data_q, f_data_d;               // of them, with their data");
		emit_tab_decl(w, g, "f_w", "the warp of each entry");
		emit_tab_decl(w, g, "f_r", "its register");
		emit_tab_decl(w, g, "f_buf", "its data");
		vw_line(w, "reg conc_q, conc_d;                              // swap: walk and restore during EV_PIPE");
		vw_line(w, "// ---- rmu = pipelined: the walk and the restore FIFO, pcrf_latency + 2 entries ----");
		vw_line(w, "localparam integer RFIFO_D = %u;", g->RD);
		vw_line(w, "localparam integer RH_W = %u;    // restore FIFO entry index", g->RHW);
		vw_line(w, "localparam integer RN_W = %u;    // restore FIFO entry count", g->RNW);
		vw_line(w, "localparam integer RS_W = %u;", g->RSW);
		vw_line(w, "reg [COUNT_W-1:0] w_left_q, w_left_d;            // entries the walk has still to read");
		vw_line(w, "reg [RH_W-1:0] r_hd_q, r_hd_d;");
		vw_line(w, "reg [RN_W-1:0] r_alloc_q, r_alloc_d, r_data_q, r_data_d;");
		emit_tab_decl(w, g, "nxt", "NEXT of each entry, as linked (tags are flops)");
		emit_tab_decl(w, g, "r_w", "the warp of each restore FIFO entry");
		emit_tab_decl(w, g, "r_r", "its register");
		emit_tab_decl(w, g, "r_buf", "its data");
	}
	vw_blank(w);
}

/* rmu = pipelined: FIFO positions (modulo FIFO_D) and the two stages. */
static void emit_fifo(struct vw *w, const struct rmu_geom *g)
{
	char a[128], b[128];

	vw_line(w, "// ---- transfer-buffer FIFO (rmu = pipelined) ----");
	vw_line(w, "wire [FS_W-1:0] f_fill_s = %s + %s;", vw_zext(a, sizeof a, "f_hd_q", g->FHW, g->FSW),
		vw_zext(b, sizeof b, "f_data_q", g->FNW, g->FSW));
	vw_line(w, "wire [FS_W-1:0] f_tail_s = %s + %s;", a, vw_zext(b, sizeof b, "f_alloc_q", g->FNW, g->FSW));
	vw_line(w, "wire [FS_W-1:0] f_fill_m = (f_fill_s >= FIFO_D[FS_W-1:0]) ? f_fill_s - FIFO_D[FS_W-1:0] : f_fill_s;");
	vw_line(w, "wire [FS_W-1:0] f_tail_m = (f_tail_s >= FIFO_D[FS_W-1:0]) ? f_tail_s - FIFO_D[FS_W-1:0] : f_tail_s;");
	vw_line(w, "wire [FH_W-1:0] f_fill = f_fill_m[FH_W-1:0];   // where returning data goes");
	vw_line(w, "wire [FH_W-1:0] f_tail = f_tail_m[FH_W-1:0];   // where a granted read goes");
	vw_line(w, "wire [FH_W-1:0] f_hd_next = (f_hd_q == FIFO_D[FH_W-1:0] - %u'd1) ? {FH_W{1'b0}} : f_hd_q + %u'd1;",
		g->FHW, g->FHW);
	vw_line(w, "wire in_pipe  = (state_q == S_EV_PIPE);");
	vw_line(w, "wire f_pop    = in_pipe && (f_data_q != {FN_W{1'b0}});   // write stage: head to the PCRF");
	vw_line(w, "// an entry for a new read: free, or freed by this cycle's write (never full");
	vw_line(w, "// with a fixed read latency; the bound stays structural)");
	vw_line(w, "wire f_room   = (f_alloc_q < FIFO_D[FN_W-1:0]) || (f_data_q != {FN_W{1'b0}});");
	vw_line(w, "wire f_issue  = in_pipe && fw_found && f_room;");
	vw_line(w, "wire f_grant  = f_issue && acrf_rd_gnt_i;");
	vw_line(w, "wire f_fill_v = in_pipe && acrf_rd_valid_i;");
	vw_line(w, "wire pipe_done = !fw_found && (f_alloc_q == {FN_W{1'b0}});");
	vw_line(w, "wire [WARP_W-1:0] f_hd_w = f_w_q[f_hd_q*WARP_W +: WARP_W];");
	vw_line(w, "wire [REG_W-1:0]  f_hd_r = f_r_q[f_hd_q*REG_W +: REG_W];");
	vw_line(w, "wire [DATA_W-1:0] f_hd_buf = f_buf_q[f_hd_q*DATA_W +: DATA_W];");
	vw_line(w, "wire [FN_W-1:0] f_inc_alloc = {{(FN_W-1){1'b0}}, f_grant};");
	vw_line(w, "wire [FN_W-1:0] f_inc_data  = {{(FN_W-1){1'b0}}, f_fill_v};");
	vw_line(w, "wire [FN_W-1:0] f_dec       = {{(FN_W-1){1'b0}}, f_pop};");
	vw_line(w, "wire unused_fifo = ^{f_fill_m[FS_W-1:FH_W], f_tail_m[FS_W-1:FH_W]};");
	vw_blank(w);
	vw_line(w, "// ---- walk and restore FIFO (rmu = pipelined) ----");
	vw_line(w, "wire [RS_W-1:0] r_fill_s = %s + %s;", vw_zext(a, sizeof a, "r_hd_q", g->RHW, g->RSW),
		vw_zext(b, sizeof b, "r_data_q", g->RNW, g->RSW));
	vw_line(w, "wire [RS_W-1:0] r_fill_m = (r_fill_s >= RFIFO_D[RS_W-1:0]) ? r_fill_s - RFIFO_D[RS_W-1:0] : r_fill_s;");
	vw_line(w, "wire [RH_W-1:0] r_fill = r_fill_m[RH_W-1:0];   // where a returning entry goes");
	vw_line(w, "wire [RH_W-1:0] r_hd_next = (r_hd_q == RFIFO_D[RH_W-1:0] - %u'd1) ? {RH_W{1'b0}} : r_hd_q + %u'd1;",
		g->RHW, g->RHW);
	vw_line(w, "wire [WARP_W-1:0] r_hd_w = r_w_q[r_hd_q*WARP_W +: WARP_W];");
	vw_line(w, "wire [REG_W-1:0]  r_hd_r = r_r_q[r_hd_q*REG_W +: REG_W];");
	vw_line(w, "wire [DATA_W-1:0] r_hd_buf = r_buf_q[r_hd_q*DATA_W +: DATA_W];");
	vw_line(w, "wire in_rs    = (state_q == S_RS_PIPE) || (in_pipe && conc_q);");
	vw_line(w, "// A concurrent swap's restore waits while S's register it overwrites is");
	vw_line(w, "// live: its eviction read not granted yet (the ACRF reads first at an edge).");
	vw_line(w, "wire [MAX_REGS-1:0] r_haz_vec = vec_q[r_hd_w*MAX_REGS +: MAX_REGS];");
	if (g->W & (g->W - 1u))
		vw_line(w, "wire r_haz    = conc_q && (r_hd_w < LAST_WARP + %u'd1) && |(r_haz_vec & (%u'd1 << r_hd_r));",
			g->WW, g->MAXR);
	else
		vw_line(w, "wire r_haz    = conc_q && |(r_haz_vec & (%u'd1 << r_hd_r));", g->MAXR);
	vw_line(w, "wire r_head   = in_rs && (r_data_q != {RN_W{1'b0}}) && !r_haz;   // head to the ACRF");
	vw_line(w, "wire r_pop    = r_head && acrf_wr_gnt_i;");
	vw_line(w, "wire r_issue  = in_rs && (w_left_q != {COUNT_W{1'b0}}) && (r_alloc_q < RFIFO_D[RN_W-1:0]);");
	vw_line(w, "wire r_fill_v = in_rs && pcrf_rd_valid_i;");
	vw_line(w, "wire rs_done  = (w_left_q == {COUNT_W{1'b0}}) && (r_alloc_q == {RN_W{1'b0}});");
	vw_line(w, "wire [RN_W-1:0] r_inc_alloc = {{(RN_W-1){1'b0}}, r_issue};");
	vw_line(w, "wire [RN_W-1:0] r_inc_data  = {{(RN_W-1){1'b0}}, r_fill_v};");
	vw_line(w, "wire [RN_W-1:0] r_dec       = {{(RN_W-1){1'b0}}, r_pop};");
	vw_line(w, "wire unused_rfifo = ^r_fill_m[RS_W-1:RH_W];");
	vw_blank(w);
}

/* lric_hash = xor: the index is the XOR of every LRIC_IB-bit group of
 * PC[PC_W-1:LRIC_LSB], the last one zero-extended (rmu_lric_index()). */
static void emit_lric_fold(struct vw *w, const struct rmu_geom *g, const char *idx, const char *pc)
{
	char line[1024];
	size_t u = (size_t)snprintf(line, sizeof line, "wire [LRIC_IB-1:0] %s = (LRIC_XOR != 0) ? (", idx);
	unsigned lsb = g->cfg->finereg.lric_index_lsb;

	for (unsigned off = lsb; off < g->PCW && u < sizeof line; off += g->LIB) {
		unsigned n = g->PCW - off < g->LIB ? g->PCW - off : g->LIB;

		if (off != lsb)
			u += (size_t)snprintf(line + u, sizeof line - u, " ^ ");
		if (n == g->LIB)
			u += (size_t)snprintf(line + u, sizeof line - u, "%s[%u +: %u]", pc, off, n);
		else
			u += (size_t)snprintf(line + u, sizeof line - u, "{%u'd0, %s[%u:%u]}", g->LIB - n, pc,
					      g->PCW - 1, off);
	}
	if (u < sizeof line)
		snprintf(line + u, sizeof line - u, ") : %s[LRIC_LSB +: LRIC_IB];", pc);
	vw_line(w, "// lric_hash = xor (V-C: \"hashing 5 bits of the PC\"): every LRIC_IB-bit group XOR-folded");
	vw_line(w, "%s", line);
}

/* The cache index of the PC named pc, as wire idx (rmu_lric_index()). */
static void emit_lric_index(struct vw *w, const struct rmu_geom *g, const char *idx, const char *pc)
{
	if (g->cfg->finereg.lric_hash == FINEREG_LRIC_XOR)
		emit_lric_fold(w, g, idx, pc);
	else
		vw_line(w, "wire [LRIC_IB-1:0] %s = %s[LRIC_LSB +: LRIC_IB];", idx, pc);
}

/* PFX_live: the vector vec masked to a warp's ACRF registers; PFX_pop: its
 * popcount. */
static void emit_live_pop(struct vw *w, const struct rmu_geom *g, const char *pfx, const char *vec)
{
	char a[256], b[256], line[4096];
	size_t used;

	if (g->MAXR > g->WRG)
		vw_line(w, "wire [MAX_REGS-1:0] %s_live = {%u'd0, %s[%u:0]};", pfx, g->MAXR - g->WRG, vec,
			g->WRG - 1);
	else
		vw_line(w, "wire [MAX_REGS-1:0] %s_live = %s;", pfx, vec);
	used = (size_t)snprintf(line, sizeof line, "wire [POP_W-1:0] %s_pop = ", pfx);
	for (unsigned i = 0; i < g->WRG; i++) {
		snprintf(b, sizeof b, "%s_live[%u +: 1]", pfx, i);
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", i ? " + " : "",
					 vw_zext(a, sizeof a, b, 1, g->POPW));
	}
	snprintf(line + used, sizeof line - used, ";  // popcount");
	vw_line(w, "%s", line);
}

static void emit_datapath(struct vw *w, const struct rmu_geom *g)
{
	char a[256];

	vw_line(w, "wire is_swap    = (op_q == OP_SWAP);");
	vw_line(w, "wire is_restore = (op_q == OP_RESTORE);");
	vw_line(w, "wire [PC_W-1:0] pc_cur = pc_q[warp_q*PC_W +: PC_W];");
	vw_blank(w);
	vw_line(w, "// ---- live register information cache (V-C): direct-mapped, whole-PC tag ----");
	if (g->N > 1) {
		emit_lric_index(w, g, "lric_idx", "pc_cur");
		vw_line(w, "wire [PC_W-1:0]     lric_tag_cur = lric_tag_q[lric_idx*PC_W +: PC_W];");
		vw_line(w, "wire [MAX_REGS-1:0] lric_vec_cur = lric_vec_q[lric_idx*MAX_REGS +: MAX_REGS];");
		vw_line(w, "wire lric_hit = lric_valid_q[lric_idx +: 1] && (lric_tag_cur == pc_cur);");
	} else {
		vw_line(w, "wire [PC_W-1:0]     lric_tag_cur = lric_tag_q;");
		vw_line(w, "wire [MAX_REGS-1:0] lric_vec_cur = lric_vec_q;");
		vw_line(w, "wire lric_hit = lric_valid_q[0] && (lric_tag_cur == pc_cur);");
	}
	vw_line(w, "// Registers beyond a warp's %u in the ACRF do not exist: masked.", g->WRG);
	emit_live_pop(w, g, "lric", "lric_vec_cur");
	if (g->OVL) {
		vw_line(w, "// ---- lric_fetch = overlapped: the vector memory answers in order, so a ----");
		vw_line(w, "// ---- response is the lowest pending warp's (requests go out in warp order) ----");
		emit_ffs(w, "pw", "pend_q", g->W);
		vw_line(w, "wire rsp_v = (LRIC_OVL != 0) && vec_rsp_valid_i && pw_found;");
		vw_line(w, "wire [PC_W-1:0] pc_rsp = pc_q[pw_idx*PC_W +: PC_W];");
		if (g->N > 1)
			emit_lric_index(w, g, "rsp_idx", "pc_rsp");
		emit_live_pop(w, g, "rsp", "vec_rsp_data_i");
	}
	vw_blank(w);
	vw_line(w, "// ---- PCRF pointer table reads ----");
	vw_line(w, "wire [COUNT_W-1:0] cmd_p_count = ptab_count_q[cmd_p_cta_i*COUNT_W +: COUNT_W];");
	vw_line(w, "wire [IDX_W-1:0]   cmd_p_head  = ptab_head_q[cmd_p_cta_i*IDX_W +: IDX_W];");
	vw_line(w, "wire [COUNT_W-1:0] p_count     = ptab_count_q[p_cta_q*COUNT_W +: COUNT_W];");
	vw_line(w, "wire [IDX_W-1:0]   p_head      = ptab_head_q[p_cta_q*IDX_W +: IDX_W];");
	vw_blank(w);
	vw_line(w, "// ---- V-E admission: switch only if L_S <= free (+ COUNT[P] on a swap) ----");
	vw_line(w, "wire [CMP_W-1:0] avail = %s +", vw_zext(a, sizeof a, "free_cnt_q", g->FW, g->CMPW));
	vw_line(w, "    (is_swap ? %s : {CMP_W{1'b0}});", vw_zext(a, sizeof a, "p_count", g->KW, g->CMPW));
	vw_line(w, "wire refuse = %s > avail;", vw_zext(a, sizeof a, "live_q", g->LW, g->CMPW));
	vw_blank(w);
	vw_line(w, "// ---- register index decoder: first warp with a live register, its first ----");
	vw_line(w, "wire [WARPS_PER_CTA-1:0] warp_any;");
	for (unsigned i = 0; i < g->W; i++)
		vw_line(w, "assign warp_any[%u] = |vec_q[%u +: MAX_REGS];", i, i * g->MAXR);
	emit_ffs(w, "fw", "warp_any", g->W);
	vw_line(w, "wire [MAX_REGS-1:0] fw_vec = vec_q[fw_idx*MAX_REGS +: MAX_REGS];");
	emit_ffs(w, "fr", "fw_vec", g->MAXR);
	vw_line(w, "// Phase 1 (swap): the register P's is about to overwrite, else the decoder's.");
	vw_line(w, "wire              ev_any = phase_q || fw_found;");
	vw_line(w, "wire [WARP_W-1:0] tgt_w  = phase_q ? walk_w_q : fw_idx;");
	vw_line(w, "wire [REG_W-1:0]  tgt_r  = phase_q ? walk_r_q : fr_idx;");
	vw_line(w, "wire [MAX_REGS-1:0] tgt_left = vec_q[tgt_w*MAX_REGS +: MAX_REGS] & ~(%u'd1 << tgt_r);  // once read",
		g->MAXR);
	vw_blank(w);
	vw_line(w, "// ---- free-space monitor: first free entry ----");
	vw_line(w, "wire [ENTRIES-1:0] free_vec = ~occ_q;");
	emit_ffs(w, "ff", "free_vec", g->E);
	vw_blank(w);
	vw_line(w, "// ---- walk: does S still hold the (warp, reg) P's entry names? ----");
	vw_line(w, "wire [MAX_REGS-1:0] walk_vec = vec_q[pcrf_rd_warp_i*MAX_REGS +: MAX_REGS];");
	vw_line(w, "wire walk_bit = |(walk_vec & (%u'd1 << pcrf_rd_reg_i));", g->MAXR);
	if (g->W & (g->W - 1u))
		vw_line(w, "wire walk_live = is_swap && (pcrf_rd_warp_i < LAST_WARP + %u'd1) && walk_bit;", g->WW);
	else
		vw_line(w, "wire walk_live = is_swap && walk_bit;");
	vw_blank(w);
}

/* The LRIC line of PC pc (index wire idx) filled with the returned vector. */
static void emit_lric_fill(struct vw *w, const struct rmu_geom *g, struct rmu_ports *pt, const char *idx,
			   const char *pc)
{
	if (g->N > 1) {
		emit_twrite(w, pt, TAB_LVALID, "", idx, "1'b1");
		emit_twrite(w, pt, TAB_LTAG, "", idx, pc);
		emit_twrite(w, pt, TAB_LVEC, "", idx, "vec_rsp_data_i");
	} else {
		vw_line(w, "lric_valid_d = 1'b1;");
		vw_line(w, "lric_tag_d   = %s;", pc);
		vw_line(w, "lric_vec_d   = vec_rsp_data_i;");
	}
}

/* lric_fetch = blocking: a miss waits in FILL for its vector. */
static void emit_lookup_blocking(struct vw *w, const struct rmu_geom *g, struct rmu_ports *pt)
{
	char a[256];

	vw_open(w, "S_LOOKUP: if (!lric_hit) state_d = S_FILL;");
	vw_open(w, "else begin");
	emit_twrite(w, pt, TAB_VEC, "", "warp_q", "lric_live");
	vw_line(w, "live_d = live_q + %s;", vw_zext(a, sizeof a, "lric_pop", g->POPW, g->LW));
	vw_line(w, "if (warp_q == LAST_WARP) state_d = S_DECIDE;");
	vw_line(w, "else                     warp_d = warp_q + %u'd1;", g->WW);
	vw_close(w, "end");
	w->indent--;
	vw_open(w, "S_FILL: if (vec_rsp_valid_i) begin");
	emit_lric_fill(w, g, pt, "lric_idx", "pc_cur");
	vw_line(w, "state_d = S_LOOKUP;");
	vw_close(w, "end");
}

/* lric_fetch = overlapped: a response fills the lowest pending warp's line
 * and stages its vector (take_vector() in cmodel/rmu.c). */
static void emit_take_vector(struct vw *w, const struct rmu_geom *g, struct rmu_ports *pt)
{
	char a[256];

	vw_open(w, "if (rsp_v) begin");
	emit_lric_fill(w, g, pt, "rsp_idx", "pc_rsp");
	emit_twrite(w, pt, TAB_VEC, "", "pw_idx", "rsp_live");
	vw_line(w, "pend_d[pw_idx +: 1] = 1'b0;");
	vw_line(w, "live_d = live_d + %s;", vw_zext(a, sizeof a, "rsp_pop", g->POPW, g->LW));
	vw_close(w, "end");
}

/* lric_fetch = overlapped: a miss requests the vector and marks the warp
 * pending; the pass goes on; after the last warp FILL waits for the
 * pending ones. */
static void emit_lookup_ovl(struct vw *w, const struct rmu_geom *g, struct rmu_ports *pt)
{
	char a[256];

	vw_open(w, "S_LOOKUP: begin");
	emit_take_vector(w, g, pt);
	vw_open(w, "if (lric_hit) begin");
	emit_twrite(w, pt, TAB_VEC, "", "warp_q", "lric_live");
	vw_line(w, "live_d = live_d + %s;", vw_zext(a, sizeof a, "lric_pop", g->POPW, g->LW));
	vw_close(w, "end else pend_d[warp_q +: 1] = 1'b1;");
	vw_line(w, "if (warp_q == LAST_WARP) state_d = (|pend_d) ? S_FILL : S_DECIDE;");
	vw_line(w, "else                     warp_d = warp_q + %u'd1;", g->WW);
	vw_close(w, "end");
}

/* The state machine's case statement and the restore FIFO after it; every
 * table write takes a port of pt. */
static void emit_fsm_body(struct vw *w, const struct rmu_geom *g, struct rmu_ports *pt)
{
	char a[256], b[256];

	vw_open(w, "case (state_q)");
	vw_open(w, "S_IDLE: if (cmd_valid_i) begin");
	vw_line(w, "op_d       = cmd_op_i;");
	vw_line(w, "s_cta_d    = cmd_s_cta_i;");
	vw_line(w, "s_slot_d   = cmd_s_slot_i;");
	vw_line(w, "p_cta_d    = cmd_p_cta_i;");
	vw_line(w, "dst_slot_d = (cmd_op_i == OP_RESTORE) ? cmd_p_slot_i : cmd_s_slot_i;");
	vw_line(w, "pc_d       = cmd_pc_i;");
	vw_line(w, "warp_d     = {WARP_W{1'b0}};");
	vw_line(w, "live_d     = {LIVE_W{1'b0}};");
	vw_line(w, "phase_d    = 1'b0;");
	vw_line(w, "refused_d  = 1'b0;");
	vw_line(w, "has_tail_d = 1'b0;");
	vw_line(w, "s_cnt_d    = {LIVE_W{1'b0}};");
	if (g->PIPE)
		vw_line(w, "conc_d     = 1'b0;");
	vw_line(w, "if (cmd_op_i != OP_RESTORE) state_d = S_LOOKUP;");
	vw_open(w, "else if (|cmd_p_count) begin");
	vw_line(w, "cur_d   = cmd_p_head;");
	if (g->PIPE) {
		vw_line(w, "w_left_d = cmd_p_count;");
		vw_line(w, "state_d = S_RS_PIPE;");
	} else
		vw_line(w, "state_d = S_WALK_RD;");
	vw_close(w, "end else state_d = S_FINISH;");
	vw_close(w, "end");
	if (g->OVL) {
		emit_lookup_ovl(w, g, pt);
		vw_open(w, "S_FILL: begin");
		emit_take_vector(w, g, pt);
		vw_line(w, "if (!(|pend_d)) state_d = S_DECIDE;");
		vw_close(w, "end");
	} else
		emit_lookup_blocking(w, g, pt);
	vw_open(w, "S_DECIDE: if (refuse) begin");
	vw_line(w, "refused_d = 1'b1;");
	vw_line(w, "state_d   = S_FINISH;");
	if (g->PIPE) {
		vw_line(w, "// a swap whose S fits the free entries: S out and P in at once (V-E)");
		vw_close(w, "end else if (is_swap && |p_count && !(%s > %s)) begin",
			 vw_zext(a, sizeof a, "live_q", g->LW, g->CMPW), vw_zext(b, sizeof b, "free_cnt_q", g->FW, g->CMPW));
		w->indent++;
		vw_line(w, "conc_d   = 1'b1;");
		vw_line(w, "cur_d    = p_head;");
		vw_line(w, "w_left_d = p_count;");
		vw_line(w, "state_d  = S_EV_PIPE;");
	}
	vw_close(w, "end else if (is_swap && |p_count) begin");
	w->indent++;
	vw_line(w, "cur_d   = p_head;");
	vw_line(w, "state_d = S_WALK_RD;");
	vw_close(w, "end else state_d = %s;", g->PIPE ? "S_EV_PIPE" : "S_EV_RD");
	vw_open(w, "S_EV_RD: if (!ev_any) state_d = S_FINISH;");
	vw_open(w, "else if (acrf_rd_gnt_i) begin");
	emit_twrite(w, pt, TAB_VEC, "", "tgt_w", "tgt_left");
	vw_line(w, "ev_w_d  = tgt_w;");
	vw_line(w, "ev_r_d  = tgt_r;");
	vw_line(w, "state_d = S_EV_WAIT;");
	vw_close(w, "end");
	w->indent--;
	vw_open(w, "S_EV_WAIT: if (acrf_rd_valid_i) begin");
	vw_line(w, "buf_d   = acrf_rd_data_i;");
	vw_line(w, "state_d = S_EV_WR;");
	vw_close(w, "end");
	vw_open(w, "S_EV_WR: begin");
	emit_twrite(w, pt, TAB_OCC, "", "ff_idx", "1'b1");
	vw_line(w, "free_cnt_d = free_cnt_q - %u'd1;", g->FW);
	vw_line(w, "if (!has_tail_q) s_head_d = ff_idx;");
	if (g->PIPE)
		emit_twrite(w, pt, TAB_NXT, "else ", "tail_q", "ff_idx");
	vw_line(w, "tail_d     = ff_idx;");
	vw_line(w, "has_tail_d = 1'b1;");
	vw_line(w, "s_cnt_d    = s_cnt_q + %u'd1;", g->LW);
	vw_line(w, "state_d    = phase_q ? S_RS_WR : S_EV_RD;");
	vw_close(w, "end");
	vw_open(w, "S_WALK_RD: begin");
	emit_twrite(w, pt, TAB_OCC, "", "cur_q", "1'b0");
	vw_line(w, "free_cnt_d = free_cnt_q + %u'd1;", g->FW);
	vw_line(w, "state_d    = S_WALK_WAIT;");
	vw_close(w, "end");
	vw_open(w, "S_WALK_WAIT: if (pcrf_rd_valid_i) begin");
	vw_line(w, "walk_w_d    = pcrf_rd_warp_i;");
	vw_line(w, "walk_r_d    = pcrf_rd_reg_i;");
	vw_line(w, "walk_end_d  = pcrf_rd_end_i;");
	vw_line(w, "walk_next_d = pcrf_rd_next_i[IDX_W-1:0];");
	vw_line(w, "pbuf_d      = pcrf_rd_data_i;");
	vw_open(w, "if (walk_live) begin");
	vw_line(w, "phase_d = 1'b1;");
	vw_line(w, "state_d = S_EV_RD;");
	vw_close(w, "end else state_d = S_RS_WR;");
	vw_close(w, "end");
	vw_open(w, "S_RS_WR: if (acrf_wr_gnt_i) begin");
	vw_line(w, "phase_d = 1'b0;");
	vw_line(w, "if (walk_end_q) state_d = is_swap ? %s : S_FINISH;", g->PIPE ? "S_EV_PIPE" : "S_EV_RD");
	vw_open(w, "else begin");
	vw_line(w, "cur_d   = walk_next_q;");
	vw_line(w, "state_d = S_WALK_RD;");
	vw_close(w, "end");
	vw_close(w, "end");
	if (g->PIPE) {
		vw_open(w, "S_EV_PIPE: if (pipe_done) state_d = (conc_q && !rs_done) ? S_RS_PIPE : S_FINISH;");
		vw_open(w, "else begin");
		w->indent++;
		emit_twrite(w, pt, TAB_FBUF, "if (f_fill_v) ", "f_fill", "acrf_rd_data_i");
		vw_open(w, "if (f_grant) begin");
		emit_twrite(w, pt, TAB_VEC, "", "tgt_w", "tgt_left");
		emit_twrite(w, pt, TAB_FW, "", "f_tail", "tgt_w");
		emit_twrite(w, pt, TAB_FR, "", "f_tail", "tgt_r");
		vw_close(w, "end");
		vw_open(w, "if (f_pop) begin");
		emit_twrite(w, pt, TAB_OCC, "", "ff_idx", "1'b1");
		vw_line(w, "free_cnt_d = free_cnt_q - %u'd1;", g->FW);
		vw_line(w, "if (!has_tail_q) s_head_d = ff_idx;");
		emit_twrite(w, pt, TAB_NXT, "else ", "tail_q", "ff_idx");
		vw_line(w, "tail_d     = ff_idx;");
		vw_line(w, "has_tail_d = 1'b1;");
		vw_line(w, "s_cnt_d    = s_cnt_q + %u'd1;", g->LW);
		vw_line(w, "f_hd_d     = f_hd_next;");
		vw_close(w, "end");
		vw_line(w, "f_alloc_d = f_alloc_q + f_inc_alloc - f_dec;");
		vw_line(w, "f_data_d  = f_data_q + f_inc_data - f_dec;");
		vw_close(w, "end");
		vw_line(w, "S_RS_PIPE: if (rs_done) state_d = S_FINISH;");
	}
	vw_open(w, "S_FINISH: begin");
	vw_open(w, "if (!refused_q) begin");
	emit_twrite(w, pt, TAB_PCOUNT, "if (is_restore || is_swap) ", "p_cta_q", "{COUNT_W{1'b0}}");
	vw_open(w, "if (!is_restore) begin");
	emit_twrite(w, pt, TAB_PHEAD, "", "s_cta_q", "s_head_q");
	emit_twrite(w, pt, TAB_PCOUNT, "", "s_cta_q", vw_zext(a, sizeof a, "s_cnt_q", g->LW, g->KW));
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "state_d = S_IDLE;");
	vw_close(w, "end");
	vw_line(w, "default: state_d = S_IDLE;");
	vw_close(w, "endcase");
	if (g->PIPE) {
		vw_line(w, "// The walk and the restore FIFO: RS_PIPE, and EV_PIPE of a concurrent swap");
		vw_line(w, "// (their entry is freed while the eviction takes another: both counts move).");
		vw_open(w, "if (in_rs) begin");
		vw_open(w, "if (r_fill_v) begin");
		emit_twrite(w, pt, TAB_RW, "", "r_fill", "pcrf_rd_warp_i");
		emit_twrite(w, pt, TAB_RR, "", "r_fill", "pcrf_rd_reg_i");
		emit_twrite(w, pt, TAB_RBUF, "", "r_fill", "pcrf_rd_data_i");
		vw_close(w, "end");
		vw_open(w, "if (r_issue) begin");
		emit_twrite(w, pt, TAB_OCC, "", "cur_q", "1'b0");
		vw_line(w, "free_cnt_d = free_cnt_d + %u'd1;", g->FW);
		vw_line(w, "cur_d      = nxt_q[cur_q*IDX_W +: IDX_W];");
		vw_line(w, "w_left_d   = w_left_q - %u'd1;", g->KW);
		vw_close(w, "end");
		vw_line(w, "if (r_pop) r_hd_d = r_hd_next;");
		vw_line(w, "r_alloc_d = r_alloc_q + r_inc_alloc - r_dec;");
		vw_line(w, "r_data_d  = r_data_q + r_inc_data - r_dec;");
		vw_close(w, "end");
	}
}

/* `{<name>_<sig><k-1>, ..., <name>_<sig>0}` */
static const char *port_cat(char *buf, size_t n, const char *name, const char *sig, unsigned k)
{
	size_t u = (size_t)snprintf(buf, n, "{");

	for (unsigned i = k; i-- > 0 && u < n;)
		u += (size_t)snprintf(buf + u, n - u, "%s%s_%s%u", i + 1 == k ? "" : ", ", name, sig, i);
	if (u < n)
		snprintf(buf + u, n - u, "}");
	return buf;
}

/* Each table's next value: its write ports, in the order the state machine
 * wrote them, applied by a gpurf_table_next. */
static void emit_tables(struct vw *w, const struct rmu_geom *g, const struct rmu_ports *pt)
{
	char a[256];

	vw_line(w, "// ---- the tables' next values: the state machine's writes, in its order ----");
	for (unsigned t = 0; t < TAB_N; t++) {
		const struct rmu_tab_info *ti = &tab_info[t];

		if (!tab_on(g, (enum rmu_tab)t))
			continue;
		if (pt->n[t] == 0) {
			vw_line(w, "assign %s_d = %s_q;", ti->name, ti->name);
			continue;
		}
		vw_open(w, "gpurf_table_next #(");
		vw_line(w, ".N     (%s),", ti->n);
		vw_line(w, ".W     (%s),", ti->w);
		vw_line(w, ".IDX_W (%s),", ti->iw);
		vw_line(w, ".P     (%u)", pt->n[t]);
		vw_close(w, ") u_%s_next (", ti->name);
		w->indent++;
		vw_line(w, ".q_i   (%s_q),", ti->name);
		vw_line(w, ".we_i  (%s),", port_cat(a, sizeof a, ti->name, "we", pt->n[t]));
		vw_line(w, ".idx_i (%s),", port_cat(a, sizeof a, ti->name, "wi", pt->n[t]));
		vw_line(w, ".wd_i  (%s),", port_cat(a, sizeof a, ti->name, "wd", pt->n[t]));
		vw_line(w, ".d_o   (%s_d)", ti->name);
		vw_close(w, ");");
	}
	vw_blank(w);
}

static void emit_fsm(struct vw *w, const struct rmu_geom *g)
{
	static const char *const regs[] = {
		"state", "op", "s_cta", "s_slot", "p_cta", "dst_slot", "warp", "ev_w", "walk_w", "ev_r",
		"walk_r", "live", "s_cnt", "phase", "refused", "walk_end", "has_tail", "cur", "walk_next",
		"tail", "s_head", "free_cnt", "occ", "ptab_count", "lric_valid", "ptab_head", "lric_tag",
		"lric_vec", "pc", "vec", "buf", "pbuf", NULL};
	static const char *const pregs[] = {"f_hd", "f_alloc", "f_data", "conc", "w_left", "r_hd",
					    "r_alloc", "r_data", NULL};
	static const char *const pdata[] = {"f_w", "f_r", "f_buf", "nxt", "r_w", "r_r", "r_buf", NULL};
	struct sbuf body = {0};
	struct vw bw = {&body, w->indent + 1};
	struct rmu_ports pt;

	memset(&pt, 0, sizeof pt);
	emit_fsm_body(&bw, g, &pt);
	vw_line(w, "// ---- PCRF access logic: the state machine (cmodel/rmu.c) ----");
	vw_line(w, "// A table written at a variable index is written through a port of its");
	vw_line(w, "// gpurf_table_next below: {we, index, value}, the ports in program order.");
	for (unsigned t = 0; t < TAB_N; t++) {
		const struct rmu_tab_info *ti = &tab_info[t];
		char wd[64] = "";

		if (!tab_one_bit(ti))
			snprintf(wd, sizeof wd, "[%s-1:0] ", ti->w);
		for (unsigned k = 0; k < pt.n[t]; k++)
			vw_line(w, "reg %s_we%u; reg [%s-1:0] %s_wi%u; reg %s%s_wd%u;", ti->name, k, ti->iw, ti->name, k,
				wd, ti->name, k);
	}
	vw_open(w, "always @* begin");
	for (const char *const *r = regs; *r; r++)
		if (tab_named(g, *r) == TAB_N)
			vw_line(w, "%s_d = %s_q;", *r, *r);
	for (const char *const *r = pregs; g->PIPE && *r; r++)
		vw_line(w, "%s_d = %s_q;", *r, *r);
	if (g->OVL)
		vw_line(w, "pend_d = pend_q;");
	for (const char *const *r = pdata; g->PIPE && *r; r++)
		if (tab_named(g, *r) == TAB_N)
			vw_line(w, "%s_d = %s_q;", *r, *r);
	for (unsigned t = 0; t < TAB_N; t++) {
		const struct rmu_tab_info *ti = &tab_info[t];
		char zero[64];

		if (tab_one_bit(ti))
			snprintf(zero, sizeof zero, "1'b0");
		else
			snprintf(zero, sizeof zero, "{%s{1'b0}}", ti->w);
		for (unsigned k = 0; k < pt.n[t]; k++)
			vw_line(w, "{%s_we%u, %s_wi%u, %s_wd%u} = {1'b0, {%s{1'b0}}, %s};", ti->name, k, ti->name, k,
				ti->name, k, ti->iw, zero);
	}
	if (body.s)
		sbuf_printf(w->out, "%s", body.s);
	if (body.oom)
		w->out->oom = 1;
	sbuf_free(&body);
	vw_close(w, "end");
	vw_blank(w);
	emit_tables(w, g, &pt);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	for (const char *const *r = regs; strcmp(*r, "ptab_head") != 0; r++)
		vw_line(w, "%s_q <= %s;", *r,
			strcmp(*r, "free_cnt") == 0 ? "ENTRIES[FREE_W-1:0]" :
			strcmp(*r, "state") == 0 ? "S_IDLE" : "0");
	for (const char *const *r = pregs; g->PIPE && *r; r++)
		vw_line(w, "%s_q <= 0;", *r);
	if (g->OVL)
		vw_line(w, "pend_q <= 0;");
	vw_close(w, "end else begin");
	w->indent++;
	for (const char *const *r = regs; strcmp(*r, "ptab_head") != 0; r++)
		vw_line(w, "%s_q <= %s_d;", *r, *r);
	for (const char *const *r = pregs; g->PIPE && *r; r++)
		vw_line(w, "%s_q <= %s_d;", *r, *r);
	if (g->OVL)
		vw_line(w, "pend_q <= pend_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i) begin");
	{
		const char *const *r = regs;

		while (strcmp(*r, "ptab_head") != 0)
			r++;
		for (; *r; r++)
			vw_line(w, "%s_q <= %s_d;", *r, *r);
		for (r = pdata; g->PIPE && *r; r++)
			vw_line(w, "%s_q <= %s_d;", *r, *r);
	}
	vw_close(w, "end");
	vw_blank(w);
}

static void emit_outputs(struct vw *w, const struct rmu_geom *g)
{
	char a[256], b[256];

	vw_line(w, "// ---- outputs: every value gated by its valid ----");
	vw_line(w, "assign cmd_ready_o    = (state_q == S_IDLE);");
	vw_line(w, "assign done_o         = (state_q == S_FINISH);");
	vw_line(w, "assign done_refused_o = done_o && refused_q;");
	vw_line(w, "assign done_live_o    = {LIVE_W{done_o}} & live_q;");
	vw_line(w, "assign free_count_o   = free_cnt_q;");
	vw_line(w, "assign vec_req_o      = (state_q == S_LOOKUP) && !lric_hit;");
	vw_line(w, "assign vec_pc_o       = {PC_W{vec_req_o}} & pc_cur;");
	if (g->PIPE)
		vw_line(w, "wire ev_req = ((state_q == S_EV_RD) && ev_any) || f_issue;");
	else
		vw_line(w, "wire ev_req = (state_q == S_EV_RD) && ev_any;");
	vw_line(w, "assign acrf_rd_req_o  = ev_req;");
	if (g->WRG == g->ARP) {
		vw_line(w, "assign acrf_rd_warp_o = {%u{ev_req}} & (%s);", g->AW,
			acrf_warp(a, sizeof a, g, "s_slot_q", "tgt_w"));
		vw_line(w, "assign acrf_rd_reg_o  = {%u{ev_req}} & tgt_r[%u:0];", g->ARW, g->ARW - 1);
	} else {
		emit_flat(w, g, "ev", "s_slot_q", "tgt_w", "tgt_r");
		vw_line(w, "assign acrf_rd_warp_o = {%u{ev_req}} & ev_aw;", g->AW);
		vw_line(w, "assign acrf_rd_reg_o  = {%u{ev_req}} & ev_ar;", g->ARW);
	}
	const char *rw = g->PIPE ? "rs_w" : "walk_w_q", *rr = g->PIPE ? "rs_r" : "walk_r_q";

	if (g->PIPE) {
		vw_line(w, "wire rs_req = (state_q == S_RS_WR) || r_head;");
		vw_line(w, "wire [WARP_W-1:0] rs_w = r_head ? r_hd_w : walk_w_q;");
		vw_line(w, "wire [REG_W-1:0]  rs_r = r_head ? r_hd_r : walk_r_q;");
	} else
		vw_line(w, "wire rs_req = (state_q == S_RS_WR);");
	vw_line(w, "assign acrf_wr_req_o  = rs_req;");
	if (g->WRG == g->ARP) {
		vw_line(w, "assign acrf_wr_warp_o = {%u{rs_req}} & (%s);", g->AW,
			acrf_warp(a, sizeof a, g, "dst_slot_q", rw));
		vw_line(w, "assign acrf_wr_reg_o  = {%u{rs_req}} & %s[%u:0];", g->ARW, rr, g->ARW - 1);
	} else {
		emit_flat(w, g, "rs", "dst_slot_q", rw, rr);
		vw_line(w, "assign acrf_wr_warp_o = {%u{rs_req}} & rs_aw;", g->AW);
		vw_line(w, "assign acrf_wr_reg_o  = {%u{rs_req}} & rs_ar;", g->ARW);
	}
	if (g->PIPE)
		vw_line(w, "assign acrf_wr_data_o = {DATA_W{rs_req}} & (r_head ? r_hd_buf : pbuf_q);");
	else
		vw_line(w, "assign acrf_wr_data_o = {DATA_W{rs_req}} & pbuf_q;");
	if (g->PIPE) {
		vw_line(w, "wire ev_wr = (state_q == S_EV_WR) || f_pop;");
		vw_line(w, "assign pcrf_wr_valid_o   = ev_wr;");
		vw_line(w, "assign pcrf_wr_idx_o     = {IDX_W{ev_wr}} & ff_idx;");
		vw_line(w, "assign pcrf_wr_warp_o    = {WARP_W{ev_wr}} & (f_pop ? f_hd_w : ev_w_q);");
		vw_line(w, "assign pcrf_wr_reg_o     = {REG_W{ev_wr}} & (f_pop ? f_hd_r : ev_r_q);");
		vw_line(w, "assign pcrf_wr_data_o    = {DATA_W{ev_wr}} & (f_pop ? f_hd_buf : buf_q);");
	} else {
		vw_line(w, "wire ev_wr = (state_q == S_EV_WR);");
		vw_line(w, "assign pcrf_wr_valid_o   = ev_wr;");
		vw_line(w, "assign pcrf_wr_idx_o     = {IDX_W{ev_wr}} & ff_idx;");
		vw_line(w, "assign pcrf_wr_warp_o    = {WARP_W{ev_wr}} & ev_w_q;");
		vw_line(w, "assign pcrf_wr_reg_o     = {REG_W{ev_wr}} & ev_r_q;");
		vw_line(w, "assign pcrf_wr_data_o    = {DATA_W{ev_wr}} & buf_q;");
	}
	vw_line(w, "wire link = ev_wr && has_tail_q;");
	vw_line(w, "assign pcrf_link_valid_o = link;");
	vw_line(w, "assign pcrf_link_idx_o   = {IDX_W{link}} & tail_q;");
	vw_line(w, "assign pcrf_link_next_o  = {NEXT_W{link}} & %s;", vw_zext(b, sizeof b, "ff_idx", g->IW, g->NW));
	if (g->PIPE)
		vw_line(w, "wire walk_rd = (state_q == S_WALK_RD) || r_issue;");
	else
		vw_line(w, "wire walk_rd = (state_q == S_WALK_RD);");
	vw_line(w, "assign pcrf_rd_valid_o   = walk_rd;");
	vw_line(w, "assign pcrf_rd_idx_o     = {IDX_W{walk_rd}} & cur_q;");
	vw_blank(w);
	vw_line(w, "// Bits a geometry does not use (slot or warp of width 1, registers beyond");
	vw_line(w, "// the ACRF, NEXT wider than an index) end here.");
	vw_line(w, "wire unused_bits = ^{lric_vec_cur, pcrf_rd_next_i, tgt_r, walk_r_q, s_slot_q, dst_slot_q,");
	vw_line(w, "                     tgt_w, walk_w_q, pc_cur, cmd_p_slot_i, fr_found, ff_found%s};",
		g->PIPE ? ", rs_w, rs_r" : "");
}

int emit_rmu(struct design *d, const struct module_desc *m)
{
	struct rmu_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;

	geom_init(&g, d->cfg);
	if (cell_use(d, CELL_TABLE_NEXT))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, d->cfg, "FineReg register management unit (docs/finereg.md; FineReg V-C, V-E, Fig. 10).");
	vw_module_begin(&w, m, 1, 1);
	emit_decls(&w, &g, m);
	emit_datapath(&w, &g);
	if (g.PIPE)
		emit_fifo(&w, &g);
	emit_fsm(&w, &g);
	emit_outputs(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_rmu(const struct gpurf_cfg *cfg, const struct module_desc *m,
		  struct wave_group *groups)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned n = 0, iw = cfg_index_bits(f->pcrf_entries);
	static const enum rmu_port cmd[] = {RMU_CMD_VALID_I, RMU_CMD_OP_I, RMU_CMD_S_CTA_I, RMU_CMD_P_CTA_I,
					    RMU_CMD_READY_O, RMU_DONE_O, RMU_DONE_REFUSED_O, RMU_DONE_LIVE_O};
	static const enum rmu_port walk[] = {RMU_PCRF_RD_VALID_O, RMU_PCRF_RD_IDX_O, RMU_PCRF_RD_VALID_I,
					     RMU_PCRF_RD_END_I, RMU_PCRF_RD_NEXT_I, RMU_PCRF_RD_WARP_I,
					     RMU_PCRF_RD_REG_I, RMU_PCRF_RD_DATA_I};
	static const enum rmu_port acrf[] = {RMU_ACRF_WR_REQ_O, RMU_ACRF_WR_GNT_I, RMU_ACRF_WR_WARP_O,
					     RMU_ACRF_WR_REG_O, RMU_ACRF_WR_DATA_O};
	static const enum rmu_port evict[] = {RMU_ACRF_RD_REQ_O, RMU_ACRF_RD_GNT_I, RMU_ACRF_RD_WARP_O,
					      RMU_ACRF_RD_REG_O, RMU_ACRF_RD_VALID_I, RMU_PCRF_WR_VALID_O,
					      RMU_PCRF_WR_IDX_O, RMU_PCRF_LINK_VALID_O, RMU_PCRF_LINK_IDX_O,
					      RMU_PCRF_LINK_NEXT_O};

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "command"};
	for (unsigned i = 0; i < sizeof cmd / sizeof cmd[0]; i++)
		wave_add(&groups[n], m->ports[cmd[i]].name, port_width(&m->ports[cmd[i]]));
	n++;
	groups[n] = (struct wave_group){.title = "walk FSM (V-E)"};
	wave_add(&groups[n], "state_q", 4);
	wave_add(&groups[n], "p_head", iw);
	wave_add(&groups[n], "p_count", f->d.count_bits);
	wave_add(&groups[n], "cur_q", iw);
	wave_add(&groups[n], "free_cnt_q", f->d.free_bits);
	n++;
	groups[n] = (struct wave_group){.title = "PCRF read: tag fields and data"};
	for (unsigned i = 0; i < sizeof walk / sizeof walk[0]; i++)
		wave_add(&groups[n], m->ports[walk[i]].name, port_width(&m->ports[walk[i]]));
	n++;
	groups[n] = (struct wave_group){.title = "restore to the ACRF"};
	for (unsigned i = 0; i < sizeof acrf / sizeof acrf[0]; i++)
		wave_add(&groups[n], m->ports[acrf[i]].name, port_width(&m->ports[acrf[i]]));
	n++;
	groups[n] = (struct wave_group){.title = "evict: ACRF read, PCRF write and link"};
	for (unsigned i = 0; i < sizeof evict / sizeof evict[0]; i++)
		wave_add(&groups[n], m->ports[evict[i]].name, port_width(&m->ports[evict[i]]));
	n++;
	return n;
}
