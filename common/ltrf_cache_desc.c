/* ltrf_cache_desc.c: the LTRF register cache's one description.  Each
 * register-cache bank is an SRAM macro of active_warps rows, one read and
 * one write port (spec A6); the allocation queues are flops. */
#include "ltrf_cache_desc.h"

void desc_ltrf_cache(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_ltrf *l = &cfg->ltrf;
	unsigned c = cfg->collectors, wp = cfg->write_ports, dw = cfg->d.warp_bits;
	unsigned bw = l->d.bank_bits, ow = l->d.offset_bits, n = l->regs_per_interval, a = l->active_warps, f = l->fill_ports;

	desc_init(m, "ltrf_cache", "LTRF register file cache (banks x active-warp rows, no tags) with "
				   "address allocation units");
	desc_param(m, "NUM_BANKS", "n", n, "banks = registers per interval");
	desc_param(m, "NUM_ROWS", "a", a, "rows = active warps");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes per warp register");
	desc_param(m, "NUM_COLLECTORS", "c", c, "operand read ports");
	desc_param(m, "NUM_WRITE_PORTS", "wp", wp, "execution write ports");
	desc_param(m, "FILL_PORTS", "fp", f, "fill / eviction lanes; AAU allocations and frees a cycle");

	desc_port(m, LC_RD_REQ_I, "rd_req_i", PORT_IN, c, 1, "operand read, one per collector");
	desc_port(m, LC_RD_BANK_I, "rd_bank_i", PORT_IN, c, bw, "bank (from the WCB lookup)");
	desc_port(m, LC_RD_OFF_I, "rd_off_i", PORT_IN, c, ow, "row: the warp offset");
	desc_port(m, LC_WR_REQ_I, "wr_req_i", PORT_IN, wp, 1, "execution write");
	desc_port(m, LC_WR_BANK_I, "wr_bank_i", PORT_IN, wp, bw, "bank");
	desc_port(m, LC_WR_OFF_I, "wr_off_i", PORT_IN, wp, ow, "row");
	desc_port(m, LC_WR_MASK_I, "wr_mask_i", PORT_IN, wp, cfg->lanes, "lanes to write");
	desc_port(m, LC_WR_DATA_I, "wr_data_i", PORT_IN, wp, dw, "write data, lane l at [32l +: 32]");
	desc_port(m, LC_FILL_REQ_I, "fill_req_i", PORT_IN, f, 1, "fill from the main register file");
	desc_port(m, LC_FILL_BANK_I, "fill_bank_i", PORT_IN, f, bw, "bank");
	desc_port(m, LC_FILL_OFF_I, "fill_off_i", PORT_IN, f, ow, "row");
	desc_port(m, LC_FILL_DATA_I, "fill_data_i", PORT_IN, f, dw, "the whole warp register");
	desc_port(m, LC_EV_REQ_I, "ev_req_i", PORT_IN, f, 1, "eviction read (write-back to the main file)");
	desc_port(m, LC_EV_BANK_I, "ev_bank_i", PORT_IN, f, bw, "bank");
	desc_port(m, LC_EV_OFF_I, "ev_off_i", PORT_IN, f, ow, "row");
	desc_port(m, LC_OA_REQ_I, "oa_req_i", PORT_IN, 1, 1, "allocate a warp offset (activation)");
	desc_port(m, LC_OF_REQ_I, "of_req_i", PORT_IN, 1, 1, "free a warp offset (deactivation)");
	desc_port(m, LC_OF_OFF_I, "of_off_i", PORT_IN, 1, ow, "offset freed");
	desc_port(m, LC_BA_REQ_I, "ba_req_i", PORT_IN, f, 1, "allocate a bank of one row");
	desc_port(m, LC_BA_OFF_I, "ba_off_i", PORT_IN, f, ow, "row (warp offset) allocating");
	desc_port(m, LC_BF_REQ_I, "bf_req_i", PORT_IN, f, 1, "free a bank of one row");
	desc_port(m, LC_BF_OFF_I, "bf_off_i", PORT_IN, f, ow, "row freeing");
	desc_port(m, LC_BF_BANK_I, "bf_bank_i", PORT_IN, f, bw, "bank freed");
	desc_port(m, LC_RD_GNT_O, "rd_gnt_o", PORT_OUT, c, 1, "operand read granted");
	desc_port(m, LC_RD_VALID_O, "rd_valid_o", PORT_OUT, c, 1, "read data of last cycle's grant");
	desc_port(m, LC_RD_DATA_O, "rd_data_o", PORT_OUT, c, dw, "read data; 0 unless valid");
	desc_port(m, LC_WR_GNT_O, "wr_gnt_o", PORT_OUT, wp, 1, "execution write granted");
	desc_port(m, LC_FILL_GNT_O, "fill_gnt_o", PORT_OUT, f, 1, "fill granted (no execution write on its bank)");
	desc_port(m, LC_EV_GNT_O, "ev_gnt_o", PORT_OUT, f, 1, "eviction read granted (no operand read on its bank)");
	desc_port(m, LC_EV_VALID_O, "ev_valid_o", PORT_OUT, f, 1, "eviction data of last cycle's grant");
	desc_port(m, LC_EV_DATA_O, "ev_data_o", PORT_OUT, f, dw, "eviction data; 0 unless valid");
	desc_port(m, LC_OA_OK_O, "oa_ok_o", PORT_OUT, 1, 1, "a warp offset is free");
	desc_port(m, LC_OA_OFF_O, "oa_off_o", PORT_OUT, 1, ow, "head of the unused-offset queue; 0 unless ok");
	desc_port(m, LC_BA_OK_O, "ba_ok_o", PORT_OUT, 1, 1, "row ba_off_i has a free bank");
	desc_port(m, LC_BA_BANK_O, "ba_bank_o", PORT_OUT, 1, bw, "head of that row's unused-bank queue; 0 unless ok");
	desc_port(m, LC_ROWS_USED_O, "rows_used_o", PORT_OUT, 1, a, "occupied warp offsets");
	desc_port(m, LC_BANKS_HELD_O, "banks_held_o", PORT_OUT, a, n, "occupied banks of each row");
	desc_port(m, LC_BA_HEADS_O, "ba_heads_o", PORT_OUT, a * f, bw,
		  "each row's first FILL_PORTS unused banks (row a, j-th: a x f + j; what its j-th allocation this cycle gets); 0 past the queue's count");
	desc_mem(m, n, a, dw, 32, 1, 1);
	desc_finish(m);
}
