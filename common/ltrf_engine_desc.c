/* ltrf_engine_desc.c: the LTRF prefetch / write-back engine's description.
 * All state is flops (per-row vectors, bank maps, one register of data
 * buffer per transfer slot, the tag FIFO); the storage it moves data between lives in rf_banked and
 * ltrf_cache. */
#include "ltrf_engine_desc.h"

#include "wcb_desc.h"

void desc_ltrf_engine(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_ltrf *l = &cfg->ltrf;
	unsigned ww = cfg_index_bits(cfg->warps), R = l->d.arch_regs, rw = cfg_index_bits(R);
	unsigned na = l->active_warps, bw = l->d.bank_bits, ow = l->d.offset_bits;
	unsigned X = l->d.xbar_width, D = cfg->d.warp_bits, P = l->engine_ports, F = l->fill_ports;

	desc_init(m, "ltrf_engine", "LTRF prefetch / write-back engine: working-set fetch, "
				    "write-back, fill arbiter, narrowed crossbar");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warps");
	desc_param(m, "NUM_REGS", "r", R, "architectural registers per warp (bit-vector length)");
	desc_param(m, "REGS_PER_INTERVAL", "n", l->regs_per_interval, "register-cache banks");
	desc_param(m, "ACTIVE_WARPS", "a", na, "register-cache rows");
	desc_param(m, "REG_BITS", "d", D, "bits of one warp register");
	desc_param(m, "XBAR_BITS", "x", X, "crossbar width (bits per beat)");
	desc_param(m, "LIVENESS", "lv", l->d.liveness, "1: LTRF+ writes back live registers only");
	desc_param(m, "ENGINE_INFLIGHT", "s", l->engine_inflight, "transfer slots: registers in flight at once");
	desc_param(m, "ENGINE_PORTS", "ep", P, "main-file transfer ports (each XBAR_BITS wide)");
	desc_param(m, "FILL_PORTS", "fp", F, "register-cache fill / eviction lanes, table writes a cycle");
	desc_param(m, "PICK_WIDTH", "pk", l->pick_width, "registers the engine starts a cycle");
	desc_param(m, "TABLE_BANKS", "tb", wcb_banks(cfg), "WCB table banks: commit lane k takes bank k % TABLE_BANKS");
	if (l->slot_binding == LTRF_SLOTS_BOUND)	/* named only where it differs */
		desc_param(m, "SLOT_BINDING", "sb", 1, "1: slot s only on MRF port s % ENGINE_PORTS, lane s % FILL_PORTS");

	desc_port(m, LE_CMD_REQ_I, "cmd_req_i", PORT_IN, 1, 1, "command (taken when its row is not busy)");
	desc_port(m, LE_CMD_OP_I, "cmd_op_i", PORT_IN, 1, 1, "0 PREFETCH, 1 DEACTIVATE");
	desc_port(m, LE_CMD_ROW_I, "cmd_row_i", PORT_IN, 1, ow, "register-cache row (warp offset)");
	desc_port(m, LE_CMD_WARP_I, "cmd_warp_i", PORT_IN, 1, ww, "warp");
	desc_port(m, LE_CMD_VEC_I, "cmd_vec_i", PORT_IN, 1, R, "PREFETCH: the new working set");
	desc_port(m, LE_MRF_GNT_I, "mrf_gnt_i", PORT_IN, P, 1, "main-file request granted");
	desc_port(m, LE_MRF_RVALID_I, "mrf_rvalid_i", PORT_IN, P, 1, "a read beat returns (in order per port)");
	desc_port(m, LE_MRF_RDATA_I, "mrf_rdata_i", PORT_IN, P, X, "read beat");
	desc_port(m, LE_FILL_GNT_I, "fill_gnt_i", PORT_IN, F, 1, "fill granted");
	desc_port(m, LE_EV_GNT_I, "ev_gnt_i", PORT_IN, F, 1, "eviction read granted");
	desc_port(m, LE_EV_VALID_I, "ev_valid_i", PORT_IN, F, 1, "eviction data valid");
	desc_port(m, LE_EV_DATA_I, "ev_data_i", PORT_IN, F, D, "eviction data");
	desc_port(m, LE_BUSY_O, "busy_o", PORT_OUT, na, 1, "row has a job; commands to it wait");
	desc_port(m, LE_READY_O, "ready_o", PORT_OUT, na, 1, "row active and its whole working set present");
	desc_port(m, LE_MRF_REQ_O, "mrf_req_o", PORT_OUT, P, 1, "main-file request (held until granted)");
	desc_port(m, LE_MRF_WE_O, "mrf_we_o", PORT_OUT, P, 1, "1 write beat, 0 read beat");
	desc_port(m, LE_MRF_WARP_O, "mrf_warp_o", PORT_OUT, P, ww, "warp");
	desc_port(m, LE_MRF_REG_O, "mrf_reg_o", PORT_OUT, P, rw, "register");
	desc_port(m, LE_MRF_BEAT_O, "mrf_beat_o", PORT_OUT, P, cfg_index_bits(l->d.beats), "beat (bits beat*XBAR_BITS up)");
	desc_port(m, LE_MRF_WDATA_O, "mrf_wdata_o", PORT_OUT, P, X, "write beat; 0 unless writing");
	desc_port(m, LE_FILL_REQ_O, "fill_req_o", PORT_OUT, F, 1, "register-cache fill (held until granted)");
	desc_port(m, LE_FILL_BANK_O, "fill_bank_o", PORT_OUT, F, bw, "bank");
	desc_port(m, LE_FILL_OFF_O, "fill_off_o", PORT_OUT, F, ow, "row");
	desc_port(m, LE_FILL_DATA_O, "fill_data_o", PORT_OUT, F, D, "the register; 0 unless filling");
	desc_port(m, LE_EV_REQ_O, "ev_req_o", PORT_OUT, F, 1, "eviction read (held until granted)");
	desc_port(m, LE_EV_BANK_O, "ev_bank_o", PORT_OUT, F, bw, "bank");
	desc_port(m, LE_EV_OFF_O, "ev_off_o", PORT_OUT, F, ow, "row");
	desc_port(m, LE_TW_REQ_O, "tw_req_o", PORT_OUT, F, 1, "WCB address-table write");
	desc_port(m, LE_TW_WARP_O, "tw_warp_o", PORT_OUT, F, ww, "warp");
	desc_port(m, LE_TW_REG_O, "tw_reg_o", PORT_OUT, F, rw, "register");
	desc_port(m, LE_TW_VALID_O, "tw_valid_o", PORT_OUT, F, 1, "1 arrived, 0 written back / dropped");
	desc_port(m, LE_TW_BANK_O, "tw_bank_o", PORT_OUT, F, bw, "bank");
	desc_port(m, LE_BA_BANK_I, "ba_bank_i", PORT_IN, na * F, bw, "row AAU: each row's first FILL_PORTS unused banks (row a, j-th: a x F + j)");
	desc_port(m, LE_BA_REQ_O, "ba_req_o", PORT_OUT, F, 1, "row AAU: allocate ba_bank_i for the fetch");
	desc_port(m, LE_BA_OFF_O, "ba_off_o", PORT_OUT, F, ow, "row AAU: row of the transfer");
	desc_port(m, LE_BF_REQ_O, "bf_req_o", PORT_OUT, F, 1, "row AAU: free a bank (write-back commit)");
	desc_port(m, LE_BF_OFF_O, "bf_off_o", PORT_OUT, F, ow, "row");
	desc_port(m, LE_BF_BANK_O, "bf_bank_o", PORT_OUT, F, bw, "bank");
	if (l->d.liveness)
		desc_port(m, LE_CMD_LIVE_I, "cmd_live_i", PORT_IN, 1, R, "live registers (others are dropped)");
	desc_finish(m);
}
