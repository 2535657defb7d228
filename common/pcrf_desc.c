/* pcrf_desc.c: the PCRF's one description. */
#include "pcrf_desc.h"

#include <stdio.h>

int finereg_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_FINEREG;
}

void desc_pcrf(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned iw = cfg_index_bits(f->pcrf_entries), dw = cfg->d.warp_bits;
	struct mem_desc *mem;

	desc_init(m, "pcrf", "FineReg pending-CTA register file: tagged entries chained per CTA");
	desc_param(m, "ENTRIES", "e", f->pcrf_entries, "entries (warp registers)");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes per warp register");
	desc_param(m, "NEXT_W", "n", f->d.next_bits, "tag NEXT field bits");
	desc_param(m, "WARP_W", "w", f->d.warp_bits, "tag WARP_ID field bits");
	desc_param(m, "REG_W", "r", f->d.reg_bits, "tag REG_IDX field bits");
	desc_param(m, "LATENCY", "d", f->pcrf_latency, "read request to tag and data, cycles");
	desc_param(m, "TAG_W", NULL, f->d.tag_bits, "V + E + NEXT + WARP_ID + REG_IDX");

	desc_port(m, PCRF_WR_VALID_I, "wr_valid_i", PORT_IN, 1, 1, "write a whole entry (V := 1)");
	desc_port(m, PCRF_WR_IDX_I, "wr_idx_i", PORT_IN, 1, iw, "entry to write");
	desc_port(m, PCRF_WR_END_I, "wr_end_i", PORT_IN, 1, 1, "E: last entry of its chain");
	desc_port(m, PCRF_WR_NEXT_I, "wr_next_i", PORT_IN, 1, f->d.next_bits, "NEXT: following entry");
	desc_port(m, PCRF_WR_WARP_I, "wr_warp_i", PORT_IN, 1, f->d.warp_bits, "WARP_ID within the CTA");
	desc_port(m, PCRF_WR_REG_I, "wr_reg_i", PORT_IN, 1, f->d.reg_bits, "REG_IDX");
	desc_port(m, PCRF_WR_DATA_I, "wr_data_i", PORT_IN, 1, dw, "the warp register");
	desc_port(m, PCRF_LINK_VALID_I, "link_valid_i", PORT_IN, 1, 1, "append: NEXT := link_next_i, E := 0");
	desc_port(m, PCRF_LINK_IDX_I, "link_idx_i", PORT_IN, 1, iw, "entry to link from");
	desc_port(m, PCRF_LINK_NEXT_I, "link_next_i", PORT_IN, 1, f->d.next_bits, "entry it now points to");
	desc_port(m, PCRF_RD_VALID_I, "rd_valid_i", PORT_IN, 1, 1, "read an entry");
	desc_port(m, PCRF_RD_IDX_I, "rd_idx_i", PORT_IN, 1, iw, "entry to read");
	desc_port(m, PCRF_RD_FREE_I, "rd_free_i", PORT_IN, 1, 1, "clear the entry's V at this edge");
	desc_port(m, PCRF_RD_VALID_O, "rd_valid_o", PORT_OUT, 1, 1, "tag and data of the read LATENCY cycles ago");
	desc_port(m, PCRF_RD_TAGV_O, "rd_tagv_o", PORT_OUT, 1, 1, "V as read");
	desc_port(m, PCRF_RD_END_O, "rd_end_o", PORT_OUT, 1, 1, "E as read");
	desc_port(m, PCRF_RD_NEXT_O, "rd_next_o", PORT_OUT, 1, f->d.next_bits, "NEXT as read");
	desc_port(m, PCRF_RD_WARP_O, "rd_warp_o", PORT_OUT, 1, f->d.warp_bits, "WARP_ID as read");
	desc_port(m, PCRF_RD_REG_O, "rd_reg_o", PORT_OUT, 1, f->d.reg_bits, "REG_IDX as read");
	desc_port(m, PCRF_RD_DATA_O, "rd_data_o", PORT_OUT, 1, dw, "the register; zero when not valid");

	mem = &m->mems[m->nmems++];
	mem->instances = 1;
	mem->rows = f->pcrf_entries;
	mem->width = dw;
	mem->lane_width = 32;
	mem->read_ports = 1;
	mem->write_ports = 1;
	snprintf(mem->module, sizeof mem->module, "gpurf_sram_r%u_w%u_m%u_%ur%uw", mem->rows,
		 mem->width, mem->width / mem->lane_width, mem->read_ports, mem->write_ports);
	desc_finish(m);
}
