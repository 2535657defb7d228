/* ltrf_top_desc.c: the LTRF subsystem top's description and wiring table.
 * Its memories are the main file's, which only the top instantiates. */
#include "ltrf_top_desc.h"

#include "ltrf_cache_desc.h"
#include "ltrf_engine_desc.h"
#include "rf_banked_desc.h"
#include "wcb_desc.h"

#define C(du, dp, su, sp) {LT_U_##du, dp, LT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* commands -> engine, WCB (vectors, offset) */
	C(ENGINE, LE_CMD_REQ_I, TOP, LT_CMD_REQ_I),
	C(ENGINE, LE_CMD_OP_I, TOP, LT_CMD_OP_I),
	C(ENGINE, LE_CMD_ROW_I, TOP, LT_CMD_ROW_I),
	C(ENGINE, LE_CMD_WARP_I, TOP, LT_CMD_WARP_I),
	C(ENGINE, LE_CMD_VEC_I, TOP, LT_CMD_VEC_I),
	C(WCB, WCB_WS_WARP_I, TOP, LT_CMD_WARP_I),
	C(WCB, WCB_WS_VEC_I, TOP, LT_CMD_VEC_I),
	C(WCB, WCB_OF_WARP_I, TOP, LT_CMD_WARP_I),
	C(WCB, WCB_OF_OFFSET_I, TOP, LT_CMD_ROW_I),
	/* engine -> WCB address table */
	C(WCB, WCB_TW_REQ_I, ENGINE, LE_TW_REQ_O),
	C(WCB, WCB_TW_WARP_I, ENGINE, LE_TW_WARP_O),
	C(WCB, WCB_TW_REG_I, ENGINE, LE_TW_REG_O),
	C(WCB, WCB_TW_VALID_I, ENGINE, LE_TW_VALID_O),
	C(WCB, WCB_TW_BANK_I, ENGINE, LE_TW_BANK_O),
	/* engine -> register cache: fill, eviction, row AAU */
	C(CACHE, LC_FILL_REQ_I, ENGINE, LE_FILL_REQ_O),
	C(CACHE, LC_FILL_BANK_I, ENGINE, LE_FILL_BANK_O),
	C(CACHE, LC_FILL_OFF_I, ENGINE, LE_FILL_OFF_O),
	C(CACHE, LC_FILL_DATA_I, ENGINE, LE_FILL_DATA_O),
	C(CACHE, LC_EV_REQ_I, ENGINE, LE_EV_REQ_O),
	C(CACHE, LC_EV_BANK_I, ENGINE, LE_EV_BANK_O),
	C(CACHE, LC_EV_OFF_I, ENGINE, LE_EV_OFF_O),
	C(CACHE, LC_BA_REQ_I, ENGINE, LE_BA_REQ_O),
	C(CACHE, LC_BA_OFF_I, ENGINE, LE_BA_OFF_O),
	C(CACHE, LC_BF_REQ_I, ENGINE, LE_BF_REQ_O),
	C(CACHE, LC_BF_OFF_I, ENGINE, LE_BF_OFF_O),
	C(CACHE, LC_BF_BANK_I, ENGINE, LE_BF_BANK_O),
	/* register cache -> engine */
	C(ENGINE, LE_FILL_GNT_I, CACHE, LC_FILL_GNT_O),
	C(ENGINE, LE_EV_GNT_I, CACHE, LC_EV_GNT_O),
	C(ENGINE, LE_EV_VALID_I, CACHE, LC_EV_VALID_O),
	C(ENGINE, LE_EV_DATA_I, CACHE, LC_EV_DATA_O),
	C(ENGINE, LE_BA_BANK_I, CACHE, LC_BA_HEADS_O),
	/* outputs */
	C(TOP, LT_INIT_DONE_O, WCB, WCB_READY_O),
	C(TOP, LT_ROW_BUSY_O, ENGINE, LE_BUSY_O),
	C(TOP, LT_ROW_READY_O, ENGINE, LE_READY_O),
	C(TOP, LT_OA_OK_O, CACHE, LC_OA_OK_O),
	C(TOP, LT_OA_OFF_O, CACHE, LC_OA_OFF_O),
	C(TOP, LT_RD_GNT_O, CACHE, LC_RD_GNT_O),
	C(TOP, LT_RD_VALID_O, CACHE, LC_RD_VALID_O),
	C(TOP, LT_RD_DATA_O, CACHE, LC_RD_DATA_O),
	C(TOP, LT_MON_BEAT_WE_O, ENGINE, LE_MRF_WE_O),
	C(TOP, LT_MON_BEAT_WARP_O, ENGINE, LE_MRF_WARP_O),
	C(TOP, LT_MON_BEAT_REG_O, ENGINE, LE_MRF_REG_O),
	C(TOP, LT_MON_MRF_CONFLICT_O, MRF, RFB_BANK_CONFLICT_O),
	C(TOP, LT_MON_TW_REQ_O, ENGINE, LE_TW_REQ_O),
	C(TOP, LT_MON_TW_WARP_O, ENGINE, LE_TW_WARP_O),
	C(TOP, LT_MON_TW_REG_O, ENGINE, LE_TW_REG_O),
	C(TOP, LT_MON_TW_VALID_O, ENGINE, LE_TW_VALID_O),
	C(TOP, LT_MON_TW_BANK_O, ENGINE, LE_TW_BANK_O),
	C(TOP, LT_MON_BANKS_HELD_O, CACHE, LC_BANKS_HELD_O),
	C(TOP, LT_MON_ROWS_USED_O, CACHE, LC_ROWS_USED_O),
};

#undef C

const struct compose_wiring ltrf_top_wiring = {conns, sizeof conns / sizeof conns[0], LT_U_TOP};

void ltrf_top_subdescs(const struct gpurf_cfg *cfg, const struct gpurf_cfg *mrf_cfg, struct module_desc sub[4])
{
	desc_wcb(cfg, &sub[LT_U_WCB]);
	desc_ltrf_cache(cfg, &sub[LT_U_CACHE]);
	desc_ltrf_engine(cfg, &sub[LT_U_ENGINE]);
	desc_rf_banked(mrf_cfg, &sub[LT_U_MRF]);
}

void desc_ltrf_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_ltrf *l = &cfg->ltrf;
	unsigned ww = cfg_index_bits(cfg->warps), R = l->d.arch_regs, rw = cfg_index_bits(R);
	unsigned P = l->lookup_ports, na = l->active_warps, D = cfg->d.warp_bits, ow = l->d.offset_bits;
	unsigned nc = cfg->collectors, wp = cfg->write_ports, ep = l->engine_ports;
	struct gpurf_cfg mrf = ltrf_mrf_cfg(cfg);
	struct module_desc sub[4];

	desc_init(m, "ltrf_top", "LTRF register-file subsystem: WCB, register cache and AAUs, prefetch "
				 "engine, main register file");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warps");
	desc_param(m, "NUM_REGS", "r", R, "architectural registers per warp");
	desc_param(m, "REGS_PER_INTERVAL", "n", l->regs_per_interval, "register-cache banks");
	desc_param(m, "ACTIVE_WARPS", "a", na, "register-cache rows");
	desc_param(m, "LOOKUP_PORTS", "p", P, "WCB lookups per cycle");
	desc_param(m, "COLLECTORS", "c", nc, "operand collectors (read ports)");
	desc_param(m, "WRITE_PORTS", "wp", wp, "execution write ports");
	desc_param(m, "REG_BITS", "d", D, "bits of one warp register");
	desc_param(m, "XBAR_BITS", "x", l->d.xbar_width, "main-file crossbar width");
	desc_param(m, "MRF_LATENCY", "ml", l->d.mrf_latency, "main-file read latency (cycles)");
	desc_param(m, "LIVENESS", "lv", l->d.liveness, "1: LTRF+");
	desc_param(m, "ENGINE_PORTS", "ep", ep, "engine <-> main-file transfer ports");
	desc_param(m, "FILL_PORTS", "fp", l->fill_ports, "engine <-> register cache, WCB lanes");
	desc_param(m, "PICK_WIDTH", "pk", l->pick_width, "registers the engine starts a cycle");
	desc_param(m, "TABLE_BANKS", "tb", wcb_banks(cfg), "WCB address-table banks");
	if (l->slot_binding == LTRF_SLOTS_BOUND)	/* named only where it differs */
		desc_param(m, "SLOT_BINDING", "sb", 1, "1: slot s only on MRF port s % ENGINE_PORTS, lane s % FILL_PORTS");

	desc_port(m, LT_CMD_REQ_I, "cmd_req_i", PORT_IN, 1, 1, "engine command, taken at this edge");
	desc_port(m, LT_CMD_OP_I, "cmd_op_i", PORT_IN, 1, 1, "0 PREFETCH, 1 DEACTIVATE");
	desc_port(m, LT_CMD_ROW_I, "cmd_row_i", PORT_IN, 1, ow, "row (not busy)");
	desc_port(m, LT_CMD_WARP_I, "cmd_warp_i", PORT_IN, 1, ww, "warp");
	desc_port(m, LT_CMD_VEC_I, "cmd_vec_i", PORT_IN, 1, R, "PREFETCH: the working set");
	desc_port(m, LT_CMD_ALLOC_I, "cmd_alloc_i", PORT_IN, 1, 1, "activation: the row is oa_off_o, allocate it");
	desc_port(m, LT_RD_REQ_I, "rd_req_i", PORT_IN, nc, 1, "operand read of a warp with a ready row");
	desc_port(m, LT_RD_WARP_I, "rd_warp_i", PORT_IN, nc, ww, "warp");
	desc_port(m, LT_RD_REG_I, "rd_reg_i", PORT_IN, nc, rw, "register");
	desc_port(m, LT_WR_REQ_I, "wr_req_i", PORT_IN, wp, 1, "execution write");
	desc_port(m, LT_WR_CACHED_I, "wr_cached_i", PORT_IN, wp, 1, "1 row ready: look up; 0 no row: main file");
	desc_port(m, LT_WR_WARP_I, "wr_warp_i", PORT_IN, wp, ww, "warp");
	desc_port(m, LT_WR_REG_I, "wr_reg_i", PORT_IN, wp, rw, "register");
	desc_port(m, LT_WR_MASK_I, "wr_mask_i", PORT_IN, wp, cfg->lanes, "lane mask");
	desc_port(m, LT_WR_DATA_I, "wr_data_i", PORT_IN, wp, D, "data, lane l at [32l +: 32]");
	desc_port(m, LT_WR_LOC_I, "wr_loc_i", PORT_IN, wp, 1, "the write brings its location: no lookup");
	desc_port(m, LT_WR_HIT_I, "wr_hit_i", PORT_IN, wp, 1, "with wr_loc_i: cached (else the main file)");
	desc_port(m, LT_WR_BANK_I, "wr_bank_i", PORT_IN, wp, l->d.bank_bits, "with wr_loc_i: register-cache bank");
	desc_port(m, LT_WR_OFF_I, "wr_off_i", PORT_IN, wp, ow, "with wr_loc_i: row");
	desc_port(m, LT_DL_REQ_I, "dl_req_i", PORT_IN, nc, 1, "destination lookup of a warp with a ready row");
	desc_port(m, LT_DL_WARP_I, "dl_warp_i", PORT_IN, nc, ww, "warp");
	desc_port(m, LT_DL_REG_I, "dl_reg_i", PORT_IN, nc, rw, "register");
	desc_port(m, LT_INIT_DONE_O, "init_done_o", PORT_OUT, 1, 1, "post-reset clearing done");
	desc_port(m, LT_ROW_BUSY_O, "row_busy_o", PORT_OUT, na, 1, "row has a transfer job");
	desc_port(m, LT_ROW_READY_O, "row_ready_o", PORT_OUT, na, 1, "row holds its whole working set");
	desc_port(m, LT_OA_OK_O, "oa_ok_o", PORT_OUT, 1, 1, "a row is free");
	desc_port(m, LT_OA_OFF_O, "oa_off_o", PORT_OUT, 1, ow, "the row an activation takes");
	desc_port(m, LT_FREE_O, "free_o", PORT_OUT, 1, 1, "a deactivated row goes back to the global AAU");
	desc_port(m, LT_FREE_ROW_O, "free_row_o", PORT_OUT, 1, ow, "that row; 0 unless free_o");
	desc_port(m, LT_RD_GNT_O, "rd_gnt_o", PORT_OUT, nc, 1, "cache read granted");
	desc_port(m, LT_RD_MISS_O, "rd_miss_o", PORT_OUT, nc, 1, "looked-up register not cached");
	desc_port(m, LT_RD_VALID_O, "rd_valid_o", PORT_OUT, nc, 1, "read data of last cycle's grant");
	desc_port(m, LT_RD_DATA_O, "rd_data_o", PORT_OUT, nc, D, "read data; 0 unless valid");
	desc_port(m, LT_WR_GNT_O, "wr_gnt_o", PORT_OUT, wp, 1, "write granted");
	desc_port(m, LT_WR_DIRECT_O, "wr_direct_o", PORT_OUT, wp, 1, "the write goes to the main file");
	desc_port(m, LT_LK_ISSUED_O, "lk_issued_o", PORT_OUT, 1, cfg_index_bits(P + 1u), "WCB lookups issued");
	desc_port(m, LT_LK_STALLED_O, "lk_stalled_o", PORT_OUT, 1, cfg_index_bits(2u * nc + wp + 1u),
		  "accesses without a lookup port");
	desc_port(m, LT_LK_PENDING_O, "lk_pending_o", PORT_OUT, 1, 1, "a lookup answer is due");
	desc_port(m, LT_DL_GNT_O, "dl_gnt_o", PORT_OUT, nc, 1, "destination lookup given a port");
	desc_port(m, LT_DL_VALID_O, "dl_valid_o", PORT_OUT, nc, 1, "last cycle's destination lookup answered");
	desc_port(m, LT_DL_HIT_O, "dl_hit_o", PORT_OUT, nc, 1, "its register is cached; 0 unless valid");
	desc_port(m, LT_DL_BANK_O, "dl_bank_o", PORT_OUT, nc, l->d.bank_bits, "its bank; 0 unless valid");
	desc_port(m, LT_DL_OFF_O, "dl_off_o", PORT_OUT, nc, ow, "its row; 0 unless valid");
	desc_port(m, LT_MON_BEAT_GNT_O, "mon_beat_gnt_o", PORT_OUT, ep, 1,
		  "monitor: engine main-file beat granted, per engine port");
	desc_port(m, LT_MON_BEAT_WE_O, "mon_beat_we_o", PORT_OUT, ep, 1, "monitor: the beat writes");
	desc_port(m, LT_MON_BEAT_WARP_O, "mon_beat_warp_o", PORT_OUT, ep, ww, "monitor: its warp");
	desc_port(m, LT_MON_BEAT_REG_O, "mon_beat_reg_o", PORT_OUT, ep, rw, "monitor: its register");
	desc_port(m, LT_MON_MRF_CONFLICT_O, "mon_mrf_conflict_o", PORT_OUT, cfg->banks, 1,
		  "monitor: main-file bank conflicts");
	desc_port(m, LT_MON_TW_REQ_O, "mon_tw_req_o", PORT_OUT, l->fill_ports, 1, "monitor: address-table write");
	desc_port(m, LT_MON_TW_WARP_O, "mon_tw_warp_o", PORT_OUT, l->fill_ports, ww, "monitor: its warp");
	desc_port(m, LT_MON_TW_REG_O, "mon_tw_reg_o", PORT_OUT, l->fill_ports, rw, "monitor: its register");
	desc_port(m, LT_MON_TW_VALID_O, "mon_tw_valid_o", PORT_OUT, l->fill_ports, 1, "monitor: its valid bit");
	desc_port(m, LT_MON_TW_BANK_O, "mon_tw_bank_o", PORT_OUT, l->fill_ports, l->d.bank_bits, "monitor: its bank");
	desc_port(m, LT_MON_BANKS_HELD_O, "mon_banks_held_o", PORT_OUT, na, l->regs_per_interval,
		  "monitor: banks each row holds");
	desc_port(m, LT_MON_ROWS_USED_O, "mon_rows_used_o", PORT_OUT, 1, na, "monitor: rows in use");
	if (l->d.liveness)
		desc_port(m, LT_CMD_LIVE_I, "cmd_live_i", PORT_IN, 1, R, "live registers (every command)");
	/* its own memories: the main file's banks (wcb, ltrf_cache and
	 * ltrf_engine are modules of the design with their own) */
	ltrf_top_subdescs(cfg, &mrf, sub);
	for (unsigned j = 0; j < sub[LT_U_MRF].nmems; j++)
		m->mems[m->nmems++] = sub[LT_U_MRF].mems[j];
	desc_finish(m);
}
