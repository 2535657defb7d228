/* cta_monitor.c: cycle model of FineReg's CTA status monitor.
 *
 * State: the CONTEXT and REGISTER fields of every resident CTA, reset to 0
 * (not launched).  Combinational outputs (FineReg V-B):
 *   resume: among CTAs with ready_i, the lowest with CONTEXT = 1 and
 *           REGISTER = 2 (context saved, registers still in the ACRF: no
 *           restore needed); if none, the lowest with 1/1 ([finereg]
 *           resume_first = pcrf: the two classes the other way round);
 *   free:   the lowest CTA whose fields are both 0;
 *   decision: resume_first: resume if possible, else launch if launch_ok_i;
 *           launch_first: the other way round.
 * At the edge update port 0 then port 1 (port 1 wins a tie). */
#include "cta_monitor.h"

#include <stdlib.h>
#include <string.h>

#include "bitscan.h"

struct cta_monitor_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned n;
	uint8_t *ctx, *reg;	/* [n] */
	uint8_t *cand;		/* [n] scratch */
};

static const struct port_desc *port(const struct cta_monitor_model *m, enum cta_monitor_port p)
{
	return &m->desc->ports[p];
}

static void ctm_destroy(void *vm)
{
	struct cta_monitor_model *m = vm;

	if (!m)
		return;
	free(m->ctx);
	free(m->reg);
	free(m->cand);
	free(m);
}

static void *ctm_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct cta_monitor_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->n = cfg->finereg.resident_ctas;
	m->ctx = calloc(m->n, 1);
	m->reg = calloc(m->n, 1);
	m->cand = calloc(m->n, 1);
	if (!m->ctx || !m->reg || !m->cand) {
		ctm_destroy(m);
		return NULL;
	}
	return m;
}

static void ctm_reset(void *vm)
{
	struct cta_monitor_model *m = vm;

	memset(m->ctx, 0, m->n);
	memset(m->reg, 0, m->n);
}

/* Lowest CTA with ready (when asked) and the given fields, or -1. */
static int ctm_find(struct cta_monitor_model *m, const uint32_t *in, int need_ready, unsigned ctx,
		    unsigned reg)
{
	for (unsigned i = 0; i < m->n; i++)
		m->cand[i] = (uint8_t)(m->ctx[i] == ctx && m->reg[i] == reg &&
				       (!need_ready || bus_get(in, port(m, CTM_READY_I), i)));
	return bitscan_first(m->cand, m->n);
}

static void ctm_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct cta_monitor_model *m = vm;
	int a = ctm_find(m, in, 1, CTM_CTX_SHMEM, CTM_REG_ACRF);
	int b = ctm_find(m, in, 1, CTM_CTX_SHMEM, CTM_REG_PCRF);
	int f = ctm_find(m, in, 0, CTM_NOT_LAUNCHED, CTM_NOT_LAUNCHED);
	int resume = a >= 0 || b >= 0, t;
	int launch = (int)bus_get(in, port(m, CTM_LAUNCH_OK_I), 0);
	unsigned decision;

	if (m->cfg->finereg.resume_first == FINEREG_FIRST_PCRF) {
		t = a;
		a = b;
		b = t;
	}
	memset(out, 0, m->desc->out_words * sizeof *out);
	bus_set_bytes(out, port(m, CTM_CTX_O), m->ctx);
	bus_set_bytes(out, port(m, CTM_REG_O), m->reg);
	bus_set(out, port(m, CTM_RESUME_VALID_O), 0, (uint64_t)resume);
	bus_set(out, port(m, CTM_RESUME_CTA_O), 0, a >= 0 ? (uint64_t)a : b >= 0 ? (uint64_t)b : 0);
	bus_set(out, port(m, CTM_RESUME_RESTORE_O), 0, m->cfg->finereg.resume_first == FINEREG_FIRST_PCRF ? a >= 0 : a < 0 && b >= 0);
	bus_set(out, port(m, CTM_FREE_VALID_O), 0, f >= 0);
	bus_set(out, port(m, CTM_FREE_CTA_O), 0, f >= 0 ? (uint64_t)f : 0);
	if (m->cfg->finereg.resume_policy == FINEREG_RESUME_FIRST)
		decision = resume ? CTM_DECIDE_RESUME : launch ? CTM_DECIDE_LAUNCH : CTM_DECIDE_NONE;
	else
		decision = launch ? CTM_DECIDE_LAUNCH : resume ? CTM_DECIDE_RESUME : CTM_DECIDE_NONE;
	bus_set(out, port(m, CTM_DECISION_O), 0, decision);
}

static void ctm_tick(void *vm, const uint32_t *in)
{
	struct cta_monitor_model *m = vm;

	for (unsigned p = 0; p < 2; p++) {
		unsigned c = (unsigned)bus_get(in, port(m, CTM_SET_CTA_I), p);

		if (!bus_get(in, port(m, CTM_SET_VALID_I), p) || c >= m->n)
			continue;
		m->ctx[c] = (uint8_t)bus_get(in, port(m, CTM_SET_CTX_I), p);
		m->reg[c] = (uint8_t)bus_get(in, port(m, CTM_SET_REG_I), p);
	}
}

const struct unit_ops cta_monitor_ops = {
	"cta_monitor", ctm_create, ctm_reset, ctm_eval, ctm_tick, ctm_destroy,
};
