/* rmu_desc.c: the register management unit's one description. */
#include "rmu_desc.h"

void desc_rmu(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned iw = cfg_index_bits(f->pcrf_entries), dw = cfg->d.warp_bits;
	unsigned aw = cfg_index_bits(cfg->warps), arw = cfg_index_bits(cfg->d.regs_per_warp);

	desc_init(m, "rmu", "FineReg register management unit: live-register cache, index decoder, "
			    "pointer table, free-space monitor, PCRF access logic");
	desc_param(m, "ENTRIES", "e", f->pcrf_entries, "PCRF entries");
	desc_param(m, "WARPS_PER_CTA", "w", f->warps_per_cta, "warps of a CTA");
	desc_param(m, "MAX_REGS", "r", f->max_regs, "liveness-vector bits");
	desc_param(m, "CTAS", "c", f->resident_ctas, "pointer-table lines");
	desc_param(m, "SLOTS", "s", f->d.slots, "ACRF CTA slots");
	desc_param(m, "ACRF_REGS", "a", cfg->d.regs_per_warp, "ACRF registers per warp slot");
	if (f->d.warp_regs != cfg->d.regs_per_warp)	/* named only where it differs */
		desc_param(m, "WARP_REGS", "g", f->d.warp_regs, "ACRF registers of a warp");
	if (f->rmu == FINEREG_RMU_PIPELINED)	/* named only when pipelined: serial names stay */
		desc_param(m, "FIFO_D", "f", rmu_fifo_depth(cfg), "pipelined: transfer-buffer FIFO entries");
	desc_param(m, "LRIC_ENTRIES", "q", f->lric_entries, "live-register cache entries");
	desc_param(m, "LRIC_LSB", "x", f->lric_index_lsb, "lowest PC bit of the cache index");
	if (f->lric_hash == FINEREG_LRIC_XOR)	/* named only where it differs */
		desc_param(m, "LRIC_XOR", "h", 1, "1: the cache index XOR-folds the PC");
	if (f->lric_fetch == FINEREG_FETCH_OVERLAPPED)	/* named only where it differs */
		desc_param(m, "LRIC_OVL", "o", 1, "1: the lookups overlap their vector fetches");
	desc_param(m, "PC_W", "p", f->pc_bits, "PC bits");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes per warp register");
	desc_param(m, "NEXT_W", "n", f->d.next_bits, "tag NEXT bits");
	desc_param(m, "COUNT_W", "k", f->d.count_bits, "pointer-table COUNT bits");

	desc_port(m, RMU_CMD_VALID_I, "cmd_valid_i", PORT_IN, 1, 1, "command valid; taken when cmd_ready_o");
	desc_port(m, RMU_CMD_OP_I, "cmd_op_i", PORT_IN, 1, 2, "0 evict, 1 restore, 2 swap");
	desc_port(m, RMU_CMD_S_CTA_I, "cmd_s_cta_i", PORT_IN, 1, f->d.cta_bits, "stalled CTA S");
	desc_port(m, RMU_CMD_S_SLOT_I, "cmd_s_slot_i", PORT_IN, 1, f->d.slot_bits, "S's ACRF slot");
	desc_port(m, RMU_CMD_P_CTA_I, "cmd_p_cta_i", PORT_IN, 1, f->d.cta_bits, "pending CTA P");
	desc_port(m, RMU_CMD_P_SLOT_I, "cmd_p_slot_i", PORT_IN, 1, f->d.slot_bits, "slot P is restored to (restore)");
	desc_port(m, RMU_CMD_PC_I, "cmd_pc_i", PORT_IN, f->warps_per_cta, f->pc_bits, "PC of each warp of S");
	desc_port(m, RMU_VEC_RSP_VALID_I, "vec_rsp_valid_i", PORT_IN, 1, 1, "liveness vector returned");
	desc_port(m, RMU_VEC_RSP_DATA_I, "vec_rsp_data_i", PORT_IN, 1, f->max_regs, "bit r: register r live");
	desc_port(m, RMU_ACRF_RD_GNT_I, "acrf_rd_gnt_i", PORT_IN, 1, 1, "ACRF read port offered this cycle");
	desc_port(m, RMU_ACRF_RD_VALID_I, "acrf_rd_valid_i", PORT_IN, 1, 1, "ACRF read data valid");
	desc_port(m, RMU_ACRF_RD_DATA_I, "acrf_rd_data_i", PORT_IN, 1, dw, "ACRF read data");
	desc_port(m, RMU_ACRF_WR_GNT_I, "acrf_wr_gnt_i", PORT_IN, 1, 1, "ACRF write port offered this cycle");
	desc_port(m, RMU_PCRF_RD_VALID_I, "pcrf_rd_valid_i", PORT_IN, 1, 1, "PCRF read returned");
	desc_port(m, RMU_PCRF_RD_END_I, "pcrf_rd_end_i", PORT_IN, 1, 1, "its E");
	desc_port(m, RMU_PCRF_RD_NEXT_I, "pcrf_rd_next_i", PORT_IN, 1, f->d.next_bits, "its NEXT");
	desc_port(m, RMU_PCRF_RD_WARP_I, "pcrf_rd_warp_i", PORT_IN, 1, f->d.warp_bits, "its WARP_ID");
	desc_port(m, RMU_PCRF_RD_REG_I, "pcrf_rd_reg_i", PORT_IN, 1, f->d.reg_bits, "its REG_IDX");
	desc_port(m, RMU_PCRF_RD_DATA_I, "pcrf_rd_data_i", PORT_IN, 1, dw, "its register");
	desc_port(m, RMU_CMD_READY_O, "cmd_ready_o", PORT_OUT, 1, 1, "idle: takes a command");
	desc_port(m, RMU_DONE_O, "done_o", PORT_OUT, 1, 1, "command finished");
	desc_port(m, RMU_DONE_REFUSED_O, "done_refused_o", PORT_OUT, 1, 1, "refused: S stays in the ACRF");
	desc_port(m, RMU_DONE_LIVE_O, "done_live_o", PORT_OUT, 1, f->d.live_bits, "S's live registers (0 for a restore)");
	desc_port(m, RMU_FREE_COUNT_O, "free_count_o", PORT_OUT, 1, f->d.free_bits, "free PCRF entries");
	desc_port(m, RMU_VEC_REQ_O, "vec_req_o", PORT_OUT, 1, 1, "fetch a liveness vector (one cycle)");
	desc_port(m, RMU_VEC_PC_O, "vec_pc_o", PORT_OUT, 1, f->pc_bits, "its PC");
	desc_port(m, RMU_ACRF_RD_REQ_O, "acrf_rd_req_o", PORT_OUT, 1, 1, "ACRF read request");
	desc_port(m, RMU_ACRF_RD_WARP_O, "acrf_rd_warp_o", PORT_OUT, 1, aw, "ACRF warp slot");
	desc_port(m, RMU_ACRF_RD_REG_O, "acrf_rd_reg_o", PORT_OUT, 1, arw, "register");
	desc_port(m, RMU_ACRF_WR_REQ_O, "acrf_wr_req_o", PORT_OUT, 1, 1, "ACRF write request (all lanes)");
	desc_port(m, RMU_ACRF_WR_WARP_O, "acrf_wr_warp_o", PORT_OUT, 1, aw, "ACRF warp slot");
	desc_port(m, RMU_ACRF_WR_REG_O, "acrf_wr_reg_o", PORT_OUT, 1, arw, "register");
	desc_port(m, RMU_ACRF_WR_DATA_O, "acrf_wr_data_o", PORT_OUT, 1, dw, "data; zero when no request");
	desc_port(m, RMU_PCRF_WR_VALID_O, "pcrf_wr_valid_o", PORT_OUT, 1, 1, "write a chain entry (E = 1, NEXT = 0)");
	desc_port(m, RMU_PCRF_WR_IDX_O, "pcrf_wr_idx_o", PORT_OUT, 1, iw, "the free entry");
	desc_port(m, RMU_PCRF_WR_WARP_O, "pcrf_wr_warp_o", PORT_OUT, 1, f->d.warp_bits, "WARP_ID");
	desc_port(m, RMU_PCRF_WR_REG_O, "pcrf_wr_reg_o", PORT_OUT, 1, f->d.reg_bits, "REG_IDX");
	desc_port(m, RMU_PCRF_WR_DATA_O, "pcrf_wr_data_o", PORT_OUT, 1, dw, "the transfer buffer; zero when no write");
	desc_port(m, RMU_PCRF_LINK_VALID_O, "pcrf_link_valid_o", PORT_OUT, 1, 1, "link the chain's previous entry");
	desc_port(m, RMU_PCRF_LINK_IDX_O, "pcrf_link_idx_o", PORT_OUT, 1, iw, "previous entry");
	desc_port(m, RMU_PCRF_LINK_NEXT_O, "pcrf_link_next_o", PORT_OUT, 1, f->d.next_bits, "the new entry");
	desc_port(m, RMU_PCRF_RD_VALID_O, "pcrf_rd_valid_o", PORT_OUT, 1, 1, "read and free an entry of P's chain");
	desc_port(m, RMU_PCRF_RD_IDX_O, "pcrf_rd_idx_o", PORT_OUT, 1, iw, "the entry");
	desc_finish(m);
}
