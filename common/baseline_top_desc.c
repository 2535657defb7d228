/* baseline_top_desc.c: the baseline subsystem top's description and wiring.
 * No memories of its own: the file is a module of the design (its row of
 * the area report holds the banks; the top is charged for its glue). */
#include "baseline_top_desc.h"

#include "rf_banked_desc.h"

static const struct compose_conn conns[] = {
	SMT_FILE_CONNS(BT_U_RF, BT_U_TOP),
};

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
	desc_rf_banked_file_params(cfg, m);
	sm_top_rf_ports(cfg, m);
	desc_port(m, BT_KERN_SLOTS_I, "kern_slots_i", PORT_IN, 1, cfg_index_bits((unsigned long)cfg->warps + 1u),
		  "warp slots per hardware warp of the running kernel (held)");
	desc_finish(m);
}
