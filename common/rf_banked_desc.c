/* rf_banked_desc.c: the banked register file's one description. */
#include "rf_banked_desc.h"

void desc_rf_banked_file_params(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	desc_param(m, "REGS_PER_WARP", "r", cfg->d.regs_per_warp, "warp registers per warp slot");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes per warp register");
	desc_param(m, "NUM_BANKS", "b", cfg->banks, "banks");
	desc_param(m, "NUM_COLLECTORS", "c", cfg->collectors, "read request ports");
	desc_param(m, "NUM_WRITE_PORTS", "wp", cfg->write_ports, "write request ports");
	desc_param(m, "BANK_READ_PORTS", "br", cfg->bank_read_ports, "read ports per bank");
	desc_param(m, "BANK_WRITE_PORTS", "bw", cfg->bank_write_ports, "write ports per bank");
	desc_param(m, "BANK_PORTS", "bp", cfg->bank_ports, "accesses per bank per cycle");
	desc_param(m, "READ_LATENCY", "d", cfg->read_latency, "grant-to-data cycles");
	desc_param(m, "BANK_MAP", "m", cfg->bank_map, "0: (reg + warp) mod banks, 1: reg mod banks");
}

void desc_rf_banked(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	unsigned ww = cfg_index_bits(cfg->warps);
	unsigned rw = cfg_index_bits(cfg->d.regs_per_warp);
	unsigned c = cfg->collectors, w = cfg->write_ports, dw = cfg->d.warp_bits;

	desc_init(m, "rf_banked", "banked SM register file (operand-collector reads, masked write-back)");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warp slots");
	desc_rf_banked_file_params(cfg, m);
	desc_param(m, "ROWS_PER_BANK", NULL, cfg->d.rows_per_bank, "warp registers per bank");

	desc_port(m, RFB_RD_REQ_I, "rd_req_i", PORT_IN, c, 1, "read request, one per collector");
	desc_port(m, RFB_RD_WARP_I, "rd_warp_i", PORT_IN, c, ww, "warp of the register to read");
	desc_port(m, RFB_RD_REG_I, "rd_reg_i", PORT_IN, c, rw, "register index to read");
	desc_port(m, RFB_WR_REQ_I, "wr_req_i", PORT_IN, w, 1, "write request, one per write port");
	desc_port(m, RFB_WR_WARP_I, "wr_warp_i", PORT_IN, w, ww, "warp of the register to write");
	desc_port(m, RFB_WR_REG_I, "wr_reg_i", PORT_IN, w, rw, "register index to write");
	desc_port(m, RFB_WR_MASK_I, "wr_mask_i", PORT_IN, w, cfg->lanes, "lanes to write");
	desc_port(m, RFB_WR_DATA_I, "wr_data_i", PORT_IN, w, dw, "write data, lane l at [32l +: 32]");
	desc_port(m, RFB_RD_GNT_O, "rd_gnt_o", PORT_OUT, c, 1, "read granted this cycle");
	desc_port(m, RFB_WR_GNT_O, "wr_gnt_o", PORT_OUT, w, 1, "write granted this cycle (done at the edge)");
	desc_port(m, RFB_BANK_CONFLICT_O, "bank_conflict_o", PORT_OUT, cfg->banks, 1,
		  "a request to this bank was refused this cycle");
	desc_port(m, RFB_RD_VALID_O, "rd_valid_o", PORT_OUT, c, 1, "read data of a grant READ_LATENCY cycles ago");
	desc_port(m, RFB_RD_DATA_O, "rd_data_o", PORT_OUT, c, dw, "read data; zero when not valid");

	if (cfg->bank_ports == 1)
		/* One access per cycle (GPGPU-Sim's bank): a single-port 1RW
		 * macro is enough, and is what the area model should charge. */
		desc_mem_rw(m, cfg->banks, cfg->d.rows_per_bank, dw, 32, 1);
	else
		desc_mem(m, cfg->banks, cfg->d.rows_per_bank, dw, 32, cfg->bank_read_ports,
			 cfg->bank_write_ports);
	desc_finish(m);
}
