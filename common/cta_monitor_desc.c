/* cta_monitor_desc.c: the CTA status monitor's one description. */
#include "cta_monitor_desc.h"

void desc_cta_monitor(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned n = f->resident_ctas, cw = f->d.cta_bits;

	desc_init(m, "cta_monitor", "FineReg CTA status monitor: context and register location per CTA");
	desc_param(m, "CTAS", "c", n, "resident CTAs");
	desc_param(m, "POLICY", "p", f->resume_policy, "0: resume first, 1: launch first");
	if (f->resume_first == FINEREG_FIRST_PCRF)	/* named only where it differs */
		desc_param(m, "PCRF_FIRST", "pf", 1, "1: ready CTAs in the PCRF before those in the ACRF (resume_first)");

	desc_port(m, CTM_SET_VALID_I, "set_valid_i", PORT_IN, 2, 1, "update a CTA's fields (port 1 wins a tie)");
	desc_port(m, CTM_SET_CTA_I, "set_cta_i", PORT_IN, 2, cw, "CTA to update");
	desc_port(m, CTM_SET_CTX_I, "set_ctx_i", PORT_IN, 2, 2, "new CONTEXT: 0 not launched, 1 shared memory, 2 pipeline");
	desc_port(m, CTM_SET_REG_I, "set_reg_i", PORT_IN, 2, 2, "new REGISTER: 0 not launched, 1 PCRF, 2 ACRF");
	desc_port(m, CTM_READY_I, "ready_i", PORT_IN, n, 1, "the CTA could run again (a dependency resolved)");
	desc_port(m, CTM_LAUNCH_OK_I, "launch_ok_i", PORT_IN, 1, 1, "a new CTA could be launched");
	desc_port(m, CTM_CTX_O, "ctx_o", PORT_OUT, n, 2, "CONTEXT field of each CTA");
	desc_port(m, CTM_REG_O, "reg_o", PORT_OUT, n, 2, "REGISTER field of each CTA");
	desc_port(m, CTM_RESUME_VALID_O, "resume_valid_o", PORT_OUT, 1, 1, "a ready pending CTA exists");
	desc_port(m, CTM_RESUME_CTA_O, "resume_cta_o", PORT_OUT, 1, cw, "the CTA to resume (zero when none)");
	desc_port(m, CTM_RESUME_RESTORE_O, "resume_restore_o", PORT_OUT, 1, 1, "its registers are in the PCRF");
	desc_port(m, CTM_FREE_VALID_O, "free_valid_o", PORT_OUT, 1, 1, "some resident id is not launched");
	desc_port(m, CTM_FREE_CTA_O, "free_cta_o", PORT_OUT, 1, cw, "lowest such id (zero when none)");
	desc_port(m, CTM_DECISION_O, "decision_o", PORT_OUT, 1, 2, "0 none, 1 resume, 2 launch");
	desc_finish(m);
}
