/* cta_monitor_desc.h: ports and parameters of FineReg's CTA status monitor.
 *
 * Two arrays of a 2-bit field per resident CTA (FineReg V-B, Table IV):
 * CONTEXT (0 not launched, 1 shared memory, 2 pipeline) and REGISTER
 * (0 not launched, 1 PCRF, 2 ACRF).  Two update ports (a swap changes two
 * CTAs in one cycle).  Combinationally it selects the pending CTA to resume
 * (V-B: ready CTAs with CONTEXT=1, REGISTER=2 first, then 1/1; lowest
 * index within a class), a free resident id for a launch, and the decision
 * between resuming and launching (resume_policy). */
#ifndef GPURF_CTA_MONITOR_DESC_H
#define GPURF_CTA_MONITOR_DESC_H

#include "desc.h"
#include "pcrf_desc.h"

enum cta_monitor_port {
	CTM_SET_VALID_I,	/* [2] update one CTA's fields; port 1 wins a tie */
	CTM_SET_CTA_I,		/* [2] */
	CTM_SET_CTX_I,		/* [2] new CONTEXT */
	CTM_SET_REG_I,		/* [2] new REGISTER */
	CTM_READY_I,		/* [resident_ctas] CTA could run again */
	CTM_LAUNCH_OK_I,	/* a new CTA could be launched */
	CTM_CTX_O,		/* [resident_ctas] CONTEXT fields */
	CTM_REG_O,		/* [resident_ctas] REGISTER fields */
	CTM_RESUME_VALID_O,	/* a ready pending CTA exists */
	CTM_RESUME_CTA_O,	/* the one to resume */
	CTM_RESUME_RESTORE_O,	/* its registers are in the PCRF */
	CTM_FREE_VALID_O,	/* a resident id is not launched */
	CTM_FREE_CTA_O,		/* the lowest such id */
	CTM_DECISION_O,		/* enum cta_monitor_decision */
	CTM_NPORTS
};

/* Table IV encodings. */
enum { CTM_NOT_LAUNCHED = 0, CTM_CTX_SHMEM = 1, CTM_CTX_PIPELINE = 2, CTM_REG_PCRF = 1, CTM_REG_ACRF = 2 };
enum cta_monitor_decision { CTM_DECIDE_NONE = 0, CTM_DECIDE_RESUME = 1, CTM_DECIDE_LAUNCH = 2 };

void desc_cta_monitor(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
