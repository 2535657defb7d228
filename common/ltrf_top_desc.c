/* ltrf_top_desc.c: the LTRF subsystem top's description and wiring table.
 * Its memories are the main file's, which only the top instantiates. */
#include "ltrf_top_desc.h"

#include "ltrf_cache_desc.h"
#include "ltrf_engine_desc.h"
#include "rf_banked_desc.h"
#include "wcb_desc.h"

#define C(du, dp, su, sp) {LT_U_##du, dp, LT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* pipeline accesses -> WCB lookup */
	C(WCB, WCB_LK_REQ_I, TOP, LT_ACC_REQ_I),
	C(WCB, WCB_LK_WARP_I, TOP, LT_ACC_WARP_I),
	C(WCB, WCB_LK_REG_I, TOP, LT_ACC_REG_I),
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
	C(ENGINE, LE_BA_BANK_I, CACHE, LC_BA_BANK_O),
	/* outputs */
	C(TOP, LT_INIT_DONE_O, WCB, WCB_READY_O),
	C(TOP, LT_RD_VALID_O, CACHE, LC_RD_VALID_O),
	C(TOP, LT_RD_DATA_O, CACHE, LC_RD_DATA_O),
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
	unsigned P = l->lookup_ports, na = l->active_warps, D = cfg->d.warp_bits;
	struct gpurf_cfg mrf = ltrf_mrf_cfg(cfg);
	struct module_desc sub[4];

	desc_init(m, "ltrf_top", "LTRF register-file subsystem: WCB, register cache and AAUs, prefetch "
				 "engine, main register file");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warps");
	desc_param(m, "NUM_REGS", "r", R, "architectural registers per warp");
	desc_param(m, "REGS_PER_INTERVAL", "n", l->regs_per_interval, "register-cache banks");
	desc_param(m, "ACTIVE_WARPS", "a", na, "register-cache rows");
	desc_param(m, "LOOKUP_PORTS", "p", P, "pipeline access ports");
	desc_param(m, "REG_BITS", "d", D, "bits of one warp register");
	desc_param(m, "XBAR_BITS", "x", l->d.xbar_width, "main-file crossbar width");
	desc_param(m, "MRF_LATENCY", "ml", l->d.mrf_latency, "main-file read latency (cycles)");
	desc_param(m, "LIVENESS", "lv", l->d.liveness, "1: LTRF+");

	desc_port(m, LT_CMD_REQ_I, "cmd_req_i", PORT_IN, 1, 1, "command (held until cmd_gnt_o)");
	desc_port(m, LT_CMD_OP_I, "cmd_op_i", PORT_IN, 1, 2, "0 PREFETCH, 1 DEACTIVATE, 2 ACTIVATE, 3 REACTIVATE");
	desc_port(m, LT_CMD_WARP_I, "cmd_warp_i", PORT_IN, 1, ww, "warp");
	desc_port(m, LT_CMD_VEC_I, "cmd_vec_i", PORT_IN, 1, R, "ACTIVATE / PREFETCH: the working set");
	desc_port(m, LT_ACC_REQ_I, "acc_req_i", PORT_IN, P, 1, "operand read or execution write");
	desc_port(m, LT_ACC_WE_I, "acc_we_i", PORT_IN, P, 1, "1 write, 0 read");
	desc_port(m, LT_ACC_WARP_I, "acc_warp_i", PORT_IN, P, ww, "warp");
	desc_port(m, LT_ACC_REG_I, "acc_reg_i", PORT_IN, P, rw, "register");
	desc_port(m, LT_ACC_MASK_I, "acc_mask_i", PORT_IN, P, cfg->lanes, "write lane mask");
	desc_port(m, LT_ACC_DATA_I, "acc_data_i", PORT_IN, P, D, "write data");
	desc_port(m, LT_CMD_GNT_O, "cmd_gnt_o", PORT_OUT, 1, 1, "the command is taken at this edge");
	desc_port(m, LT_INIT_DONE_O, "init_done_o", PORT_OUT, 1, 1, "post-reset clearing done");
	desc_port(m, LT_READY_O, "ready_o", PORT_OUT, cfg->warps, 1, "warp holds a row and its whole working set");
	desc_port(m, LT_ACC_ACK_O, "acc_ack_o", PORT_OUT, P, 1, "last cycle's access granted");
	desc_port(m, LT_ACC_ERR_O, "acc_err_o", PORT_OUT, P, 1, "last cycle's access outside the working set");
	desc_port(m, LT_RD_VALID_O, "rd_valid_o", PORT_OUT, P, 1, "read data valid");
	desc_port(m, LT_RD_DATA_O, "rd_data_o", PORT_OUT, P, D, "read data; 0 unless valid");
	desc_port(m, LT_MON_TW_REQ_O, "mon_tw_req_o", PORT_OUT, 1, 1, "monitor: address-table write");
	desc_port(m, LT_MON_TW_WARP_O, "mon_tw_warp_o", PORT_OUT, 1, ww, "monitor: its warp");
	desc_port(m, LT_MON_TW_REG_O, "mon_tw_reg_o", PORT_OUT, 1, rw, "monitor: its register");
	desc_port(m, LT_MON_TW_VALID_O, "mon_tw_valid_o", PORT_OUT, 1, 1, "monitor: its valid bit");
	desc_port(m, LT_MON_TW_BANK_O, "mon_tw_bank_o", PORT_OUT, 1, l->d.bank_bits, "monitor: its bank");
	desc_port(m, LT_MON_BANKS_HELD_O, "mon_banks_held_o", PORT_OUT, na, l->regs_per_interval,
		  "monitor: banks each row holds");
	desc_port(m, LT_MON_ROWS_USED_O, "mon_rows_used_o", PORT_OUT, 1, na, "monitor: rows in use");
	if (l->d.liveness)
		desc_port(m, LT_CMD_LIVE_I, "cmd_live_i", PORT_IN, 1, R, "live registers (PREFETCH, DEACTIVATE)");
	/* its own memories: the main file's banks (wcb, ltrf_cache and
	 * ltrf_engine are modules of the design with their own) */
	ltrf_top_subdescs(cfg, &mrf, sub);
	for (unsigned j = 0; j < sub[LT_U_MRF].nmems; j++)
		m->mems[m->nmems++] = sub[LT_U_MRF].mems[j];
	desc_finish(m);
}
