/* rfc_desc.c: the register file cache's one description. */
#include "rfc_desc.h"

#include <stdio.h>

int rfc_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_RFC;
}

void desc_rfc(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_rfc *r = &cfg->rfc;
	unsigned ns = r->src_ports, dw = cfg->d.warp_bits, sw = r->d.slot_bits, tw = r->d.tag_bits;
	unsigned iw = r->d.warp_id_bits, nv = r->victim_entries ? r->victim_entries : 1u;
	struct mem_desc *mem;

	desc_init(m, "rfc", "register file cache: per-slot tags, FIFO/LRU, write-back with last-use "
			    "hints, flush, bypass (Gebhart Sec. 3.1, 5)");
	desc_param(m, "NUM_SLOTS", "a", r->active_warps, "active-warp slots (A)");
	desc_param(m, "ENTRIES", "n", r->entries, "entries per thread (N)");
	desc_param(m, "NUM_SRC", "s", ns, "source operands per tag check");
	desc_param(m, "TAG_W", "t", tw, "tag: register index width");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes");
	desc_param(m, "LRU", "lru", r->replacement == RFC_REPL_LRU, "0: FIFO, 1: LRU");
	desc_param(m, "VICTIM", "v", r->victim_entries, "victim-buffer entries (0: blocking flush)");
	desc_param(m, "WID_W", "i", iw, "warp index width");

	desc_port(m, RFC_RD_I, "rd_i", PORT_IN, 1, 1, "tag check of one instruction's sources");
	desc_port(m, RFC_RD_SLOT_I, "rd_slot_i", PORT_IN, 1, sw, "active slot of the warp");
	desc_port(m, RFC_RD_REGV_I, "rd_regv_i", PORT_IN, ns, 1, "operand valid");
	desc_port(m, RFC_RD_REG_I, "rd_reg_i", PORT_IN, ns, tw, "operand register");
	desc_port(m, RFC_RD_LAST_I, "rd_last_i", PORT_IN, ns, 1, "last-use hint: the value is dead after this read");
	desc_port(m, RFC_WR_I, "wr_i", PORT_IN, 1, 1, "result write");
	desc_port(m, RFC_WR_SLOT_I, "wr_slot_i", PORT_IN, 1, sw, "active slot of the warp");
	desc_port(m, RFC_WR_REG_I, "wr_reg_i", PORT_IN, 1, tw, "destination register");
	desc_port(m, RFC_WR_BYPASS_I, "wr_bypass_i", PORT_IN, 1, 1,
		  "long-latency result: straight to the MRF, any cached copy invalidated");
	desc_port(m, RFC_WR_DATA_I, "wr_data_i", PORT_IN, 1, dw, "result, lane l at [32l +: 32]");
	desc_port(m, RFC_FL_I, "fl_i", PORT_IN, 1, 1, "flush a slot; hold until fl_done_o");
	desc_port(m, RFC_FL_SLOT_I, "fl_slot_i", PORT_IN, 1, sw, "slot to flush");
	desc_port(m, RFC_FL_DROP_I, "fl_drop_i", PORT_IN, 1, 1, "warp finished: drop without write-back");
	desc_port(m, RFC_WR_WARP_I, "wr_warp_i", PORT_IN, 1, iw, "warp of the write's slot");
	desc_port(m, RFC_FL_WARP_I, "fl_warp_i", PORT_IN, 1, iw, "warp of the flushed slot");
	desc_port(m, RFC_FL_HOLD_I, "fl_hold_i", PORT_IN, 1, 1,
		  "start no flush write-back (buffer drain, blocking step) this cycle");
	desc_port(m, RFC_RD_HIT_O, "rd_hit_o", PORT_OUT, ns, 1, "tag-check hit");
	desc_port(m, RFC_MRF_RD_O, "mrf_rd_o", PORT_OUT, ns, 1, "miss: main-file read caused");
	desc_port(m, RFC_RD_VALID_O, "rd_valid_o", PORT_OUT, ns, 1, "data of last cycle's hit");
	desc_port(m, RFC_RD_DATA_O, "rd_data_o", PORT_OUT, ns, dw, "hit data; zero when not valid");
	desc_port(m, RFC_WR_HIT_O, "wr_hit_o", PORT_OUT, 1, 1, "result write hit a cached copy");
	desc_port(m, RFC_FL_DONE_O, "fl_done_o", PORT_OUT, 1, 1, "flush complete, slot empty after this edge");
	desc_port(m, RFC_MRF_WR_O, "mrf_wr_o", PORT_OUT, 1, 1, "main-file write caused by the RFC");
	desc_port(m, RFC_MRF_WR_KIND_O, "mrf_wr_kind_o", PORT_OUT, 1, 2, "1 eviction, 2 bypass, 3 flush");
	desc_port(m, RFC_MRF_WR_SLOT_O, "mrf_wr_slot_o", PORT_OUT, 1, sw, "slot of the register");
	desc_port(m, RFC_MRF_WR_REG_O, "mrf_wr_reg_o", PORT_OUT, 1, tw, "register");
	desc_port(m, RFC_MRF_WR_DATA_O, "mrf_wr_data_o", PORT_OUT, 1, dw, "data; zero when not valid");
	desc_port(m, RFC_MRF_WR_WARP_O, "mrf_wr_warp_o", PORT_OUT, 1, iw, "warp of the register");
	desc_port(m, RFC_VB_VALID_O, "vb_valid_o", PORT_OUT, nv, 1, "victim-buffer entry still to drain");
	desc_port(m, RFC_VB_WARP_O, "vb_warp_o", PORT_OUT, nv, iw, "its warp; zero when not valid");
	desc_port(m, RFC_VB_REG_O, "vb_reg_o", PORT_OUT, nv, tw, "its register; zero when not valid");

	/* Data array: one row per (slot, entry), a warp register wide; the
	 * sources' read ports plus one for write-backs, and with a victim
	 * buffer one per entry so a flush copies a whole slot in one cycle
	 * (docs/rfc.md). */
	mem = &m->mems[m->nmems++];
	mem->instances = 1;
	mem->rows = r->active_warps * r->entries;
	mem->width = dw;
	mem->lane_width = 32;
	mem->read_ports = ns + 1u + (r->victim_entries ? r->entries : 0u);
	mem->write_ports = 1;
	snprintf(mem->module, sizeof mem->module, "gpurf_sram_r%u_w%u_m%u_%ur%uw", mem->rows, mem->width,
		 mem->width / mem->lane_width, mem->read_ports, mem->write_ports);
	desc_finish(m);
}
