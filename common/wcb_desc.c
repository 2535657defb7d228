/* wcb_desc.c: the Warp Control Block's one description.
 *
 * The three arrays are SRAM macros: the address table ([ltrf] wcb_banks
 * banks of warps x ceil(regs / banks) rows of {valid, bank}; lookup_ports
 * read ports and fill_ports / wcb_banks write ports each), the working-set
 * vectors (warps rows of regs bits) and, for LTRF+, the liveness vectors
 * (bit-maskable, a clear port and a set port).  The paper sized them with
 * CACTI (Sec. 4.3: one extra cycle), i.e. as RAM arrays; the warp offsets
 * (warps x offset bits) are flops. */
#include "wcb_desc.h"

int ltrf_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_LTRF || cfg->scheme == SCHEME_LTRF_PLUS;
}

void desc_wcb(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_ltrf *l = &cfg->ltrf;
	unsigned ww = cfg_index_bits(cfg->warps), rw = cfg_index_bits(l->d.arch_regs);
	unsigned lp = l->lookup_ports, R = l->d.arch_regs, bw = l->d.bank_bits, ow = l->d.offset_bits;

	desc_init(m, "wcb", "LTRF Warp Control Block: register-cache address table, warp offsets, "
			    "working-set and liveness bit-vectors");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warps (one WCB each)");
	desc_param(m, "NUM_REGS", "r", R, "architectural registers per warp (bit-vector length)");
	desc_param(m, "REGS_PER_INTERVAL", "n", l->regs_per_interval, "register-cache banks");
	desc_param(m, "ACTIVE_WARPS", "a", l->active_warps, "register-cache rows (warp offsets)");
	desc_param(m, "LOOKUP_PORTS", "l", lp, "address-table read ports");
	desc_param(m, "LIVENESS", "lv", l->d.liveness, "1: LTRF+ liveness bit-vectors");
	desc_param(m, "FILL_PORTS", "fp", l->fill_ports, "address-table write lanes (the engine's fill lanes)");
	desc_param(m, "TABLE_BANKS", "tb", wcb_banks(cfg), "address-table banks: register r in bank r % TABLE_BANKS");

	desc_port(m, WCB_LK_REQ_I, "lk_req_i", PORT_IN, lp, 1, "address-table lookup");
	desc_port(m, WCB_LK_WARP_I, "lk_warp_i", PORT_IN, lp, ww, "warp of the lookup");
	desc_port(m, WCB_LK_REG_I, "lk_reg_i", PORT_IN, lp, rw, "architectural register looked up");
	desc_port(m, WCB_TW_REQ_I, "tw_req_i", PORT_IN, cfg->ltrf.fill_ports, 1, "address-table write");
	desc_port(m, WCB_TW_WARP_I, "tw_warp_i", PORT_IN, cfg->ltrf.fill_ports, ww, "warp of the table write");
	desc_port(m, WCB_TW_REG_I, "tw_reg_i", PORT_IN, cfg->ltrf.fill_ports, rw, "register of the table write");
	desc_port(m, WCB_TW_VALID_I, "tw_valid_i", PORT_IN, cfg->ltrf.fill_ports, 1, "new valid bit");
	desc_port(m, WCB_TW_BANK_I, "tw_bank_i", PORT_IN, cfg->ltrf.fill_ports, bw, "new register-cache bank");
	desc_port(m, WCB_OF_WE_I, "of_we_i", PORT_IN, 1, 1, "warp-offset write");
	desc_port(m, WCB_OF_WARP_I, "of_warp_i", PORT_IN, 1, ww, "warp whose offset is written");
	desc_port(m, WCB_OF_OFFSET_I, "of_offset_i", PORT_IN, 1, ow, "new warp offset");
	desc_port(m, WCB_WS_WE_I, "ws_we_i", PORT_IN, 1, 1, "working-set bit-vector write (PREFETCH)");
	desc_port(m, WCB_WS_WARP_I, "ws_warp_i", PORT_IN, 1, ww, "warp whose working set is written");
	desc_port(m, WCB_WS_VEC_I, "ws_vec_i", PORT_IN, 1, R, "new working set, bit r = register r");
	desc_port(m, WCB_VR_REQ_I, "vr_req_i", PORT_IN, 1, 1, "read one warp's vectors and offset");
	desc_port(m, WCB_VR_WARP_I, "vr_warp_i", PORT_IN, 1, ww, "warp whose vectors are read");
	desc_port(m, WCB_READY_O, "ready_o", PORT_OUT, 1, 1, "post-reset clearing done; inputs are ignored before");
	desc_port(m, WCB_LK_VALID_O, "lk_valid_o", PORT_OUT, lp, 1, "answer to last cycle's lookup");
	desc_port(m, WCB_LK_HIT_O, "lk_hit_o", PORT_OUT, lp, 1,
		  "the register is in the register cache; 0 is a read outside the working set");
	desc_port(m, WCB_LK_BANK_O, "lk_bank_o", PORT_OUT, lp, bw, "register-cache bank; 0 unless hit");
	desc_port(m, WCB_LK_OFFSET_O, "lk_offset_o", PORT_OUT, lp, ow, "warp offset (row); 0 unless hit");
	desc_port(m, WCB_VR_VALID_O, "vr_valid_o", PORT_OUT, 1, 1, "answer to last cycle's vector read");
	desc_port(m, WCB_VR_OFFSET_O, "vr_offset_o", PORT_OUT, 1, ow, "the warp's offset; 0 unless valid");
	desc_port(m, WCB_VR_WS_O, "vr_ws_o", PORT_OUT, 1, R, "working-set bit-vector; 0 unless valid");
	if (l->d.liveness) {
		desc_port(m, WCB_LV_CLR_I, "lv_clr_i", PORT_IN, 1, 1, "dead-operand bit: mark dead");
		desc_port(m, WCB_LV_CLR_WARP_I, "lv_clr_warp_i", PORT_IN, 1, ww, "warp of the clear");
		desc_port(m, WCB_LV_CLR_REG_I, "lv_clr_reg_i", PORT_IN, 1, rw, "register marked dead");
		desc_port(m, WCB_LV_SET_I, "lv_set_i", PORT_IN, 1, 1, "register written: mark live (wins over a clear)");
		desc_port(m, WCB_LV_SET_WARP_I, "lv_set_warp_i", PORT_IN, 1, ww, "warp of the set");
		desc_port(m, WCB_LV_SET_REG_I, "lv_set_reg_i", PORT_IN, 1, rw, "register marked live");
		desc_port(m, WCB_VR_LIVE_O, "vr_live_o", PORT_OUT, 1, R, "liveness bit-vector; 0 unless valid");
	}
	/* [ltrf] wcb_banks banks, each with its share of the table-write lanes */
	desc_mem(m, wcb_banks(cfg), wcb_bank_rows(cfg), bw + 1u, bw + 1u, lp, wcb_lanes_per_bank(cfg));
	desc_mem(m, 1, cfg->warps, R, R, 1, 1);
	if (l->d.liveness)
		desc_mem(m, 1, cfg->warps, R, 1, 1, 2);
	desc_finish(m);
}
