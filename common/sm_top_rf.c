/* sm_top_rf.c: the register-file ports every banked SM subsystem top shares. */
#include "sm_top_rf.h"

void sm_top_rf_ports(const struct gpurf_cfg *fcfg, struct module_desc *m)
{
	unsigned c = fcfg->collectors, w = fcfg->write_ports, dw = fcfg->d.warp_bits;
	unsigned ww = cfg_index_bits(fcfg->warps);	/* hardware warps and file slots alike */
	unsigned iw = cfg_index_bits(fcfg->d.regs_per_warp);

	desc_port(m, SMT_RD_REQ_I, "rd_req_i", PORT_IN, c, 1, "read request, one per collector");
	desc_port(m, SMT_RD_WARP_I, "rd_warp_i", PORT_IN, c, ww, "hardware warp");
	desc_port(m, SMT_RD_REG_I, "rd_reg_i", PORT_IN, c, SMT_REG_BITS, "architectural register");
	desc_port(m, SMT_WR_REQ_I, "wr_req_i", PORT_IN, w, 1, "write request, one per write port");
	desc_port(m, SMT_WR_WARP_I, "wr_warp_i", PORT_IN, w, ww, "hardware warp");
	desc_port(m, SMT_WR_REG_I, "wr_reg_i", PORT_IN, w, SMT_REG_BITS, "architectural register");
	desc_port(m, SMT_WR_MASK_I, "wr_mask_i", PORT_IN, w, fcfg->lanes, "lanes to write");
	desc_port(m, SMT_WR_DATA_I, "wr_data_i", PORT_IN, w, dw, "write data, lane l at [32l +: 32]");
	desc_port(m, SMT_RD_GNT_O, "rd_gnt_o", PORT_OUT, c, 1, "read granted this cycle");
	desc_port(m, SMT_WR_GNT_O, "wr_gnt_o", PORT_OUT, w, 1, "write granted this cycle (done at the edge)");
	desc_port(m, SMT_BANK_CONFLICT_O, "bank_conflict_o", PORT_OUT, fcfg->banks, 1,
		  "a request to this bank was refused this cycle");
	desc_port(m, SMT_RD_VALID_O, "rd_valid_o", PORT_OUT, c, 1, "read data of a grant READ_LATENCY cycles ago");
	desc_port(m, SMT_RD_DATA_O, "rd_data_o", PORT_OUT, c, dw, "read data; zero when not valid");
	desc_port(m, SMT_MON_RD_WARP_O, "mon_rd_warp_o", PORT_OUT, c, ww, "monitor: the file's warp slot of the read");
	desc_port(m, SMT_MON_RD_REG_O, "mon_rd_reg_o", PORT_OUT, c, iw, "monitor: its register in the slot");
	desc_port(m, SMT_MON_WR_WARP_O, "mon_wr_warp_o", PORT_OUT, w, ww, "monitor: the file's warp slot of the write");
	desc_port(m, SMT_MON_WR_REG_O, "mon_wr_reg_o", PORT_OUT, w, iw, "monitor: its register in the slot");
}
