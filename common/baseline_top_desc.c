/* baseline_top_desc.c: the baseline subsystem top's description and wiring.
 * No memories of its own: the file is a module of the design (its row of
 * the area report holds the banks; the top is charged for its glue). */
#include "baseline_top_desc.h"

#include "rf_banked_desc.h"

#define C(du, dp, su, sp) {BT_U_##du, dp, BT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* requests: everything but the addresses, which the glue maps */
	C(RF, RFB_RD_REQ_I, TOP, SMT_RD_REQ_I),
	C(RF, RFB_WR_REQ_I, TOP, SMT_WR_REQ_I),
	C(RF, RFB_WR_MASK_I, TOP, SMT_WR_MASK_I),
	C(RF, RFB_WR_DATA_I, TOP, SMT_WR_DATA_I),
	/* the file's grants and read returns are the subsystem's */
	C(TOP, SMT_RD_GNT_O, RF, RFB_RD_GNT_O),
	C(TOP, SMT_WR_GNT_O, RF, RFB_WR_GNT_O),
	C(TOP, SMT_BANK_CONFLICT_O, RF, RFB_BANK_CONFLICT_O),
	C(TOP, SMT_RD_VALID_O, RF, RFB_RD_VALID_O),
	C(TOP, SMT_RD_DATA_O, RF, RFB_RD_DATA_O),
};

#undef C

const struct compose_wiring baseline_top_wiring = {conns, sizeof conns / sizeof conns[0], BT_U_TOP};

int baseline_top_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_BASELINE;
}

void desc_baseline_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{

	desc_init(m, "baseline_top", "baseline register-file subsystem: the banked file behind the SM's "
				     "warp / register addressing");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "hardware warps = warp slots of the file");
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
	sm_top_rf_ports(cfg, m);
	desc_port(m, BT_KERN_SLOTS_I, "kern_slots_i", PORT_IN, 1, cfg_index_bits((unsigned long)cfg->warps + 1u),
		  "warp slots per hardware warp of the running kernel (held)");
	desc_finish(m);
}
