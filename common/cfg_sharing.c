/* cfg_sharing.c: keys of the [sharing] section (register sharing, Jatala et
 * al.) and their cross-checks. */
#include "cfg_key.h"

#define F(field) CFG_FIELD(field)

const struct cfg_key cfg_keys_sharing[] = {
	{"sharing", "threshold_tenths", KEY_UINT, F(sharing.threshold_tenths), "1", 1, 10, 0, NULL,
	 "Jatala Sec. 4, Table 1 (t = 0.1, 90% sharing)",
	 "Threshold t in tenths: each warp of a shared pair keeps floor(t x regs) "
	 "private registers; the rest are shared under the pair's lock. 10 = no sharing."},
	{"sharing", "max_regs_per_thread", KEY_UINT, F(sharing.max_regs_per_thread), "63", 1, 255, 0, NULL,
	 "Fermi ISA limit (63 registers per thread)",
	 "Largest register index + 1 a kernel may use; sets the width of the register "
	 "indices at the lock-check ports."},
	{"sharing", "smem_bytes", KEY_UINT, F(sharing.smem_bytes), "48K", 0, 1UL << 20, 0, NULL,
	 "Jatala Table 1 (48 KB shared memory per core)",
	 "Shared memory per SM, one of the dispatcher's residency limits."},
	{"sharing", "unroll", KEY_UINT, F(sharing.unroll), "1", 0, 1, 0, NULL,
	 "Jatala Sec. 5.2 (unrolling and reordering register declarations)",
	 "SM model (gpurf-sim): 1 = the private / shared split follows the registers' "
	 "order of first textual use (compiler renumbering), 0 = register numbers."},
	{"sharing", "dwe", KEY_UINT, F(sharing.dwe), "1", 0, 1, 0, NULL,
	 "Jatala Sec. 5.3 (Dynamic Warp Execution; the best configuration, Shared-OWF-Unroll-Dyn, has it)",
	 "SM model (gpurf-sim): 1 = a non-owner warp of a shared pair issues a global or "
	 "local memory instruction only with its SM's probability (SM 0: 0; see "
	 "dwe_adaptive and docs/sharing.md), 0 = it issues them like any warp."},
	{"sharing", "dwe_adaptive", KEY_UINT, F(sharing.dwe_adaptive), "1", 0, 1, 0, NULL,
	 "Jatala Sec. 5.3 (SM_i, i > 0, starts at probability 1 and moves by p = 0.1 every 1000 cycles)",
	 "SM model, with dwe = 1 and [sim] sms > 1: 1 = every SM but SM 0 adapts its issue "
	 "probability every 1000 cycles by 0.1 against SM 0's stall cycles, 0 = every SM "
	 "behaves as SM 0 (probability 0). One SM: no effect."},
	{NULL},
};

#undef F

/* Checks the [sharing] keys against each other and the core keys; fills d. */
int cfg_finish_sharing(struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	struct cfg_sharing *s = &cfg->sharing;
	unsigned t = cfg->ctas, w = cfg->warps;

	if (cfg->scheme != SCHEME_SHARING)
		return 0;
	if (w < 2)
		return cfg_bad_combo(cfg, err, "sm", "warps",
				     "register sharing pairs warps and needs at least 2; allowed: 2 to 1024");
	if (t < 2)
		return cfg_bad_combo(cfg, err, "sm", "ctas",
				     "register sharing pairs blocks and needs at least 2; allowed: 2 to %u", w);
	/* Indices 0..max-1 and the threshold u, which may equal max (t = 1). */
	s->d.reg_bits = cfg_index_bits((unsigned long)s->max_regs_per_thread + 1u);
	s->d.blk_bits = cfg_index_bits(t);
	s->d.partner_bits = cfg_index_bits((unsigned long)t + 1u);
	s->d.warp_bits = cfg_index_bits(w);
	s->d.lock_bits = cfg_index_bits((unsigned long)w + 1u);
	s->d.nlocks = w / 2u;
	s->d.lock_idx_bits = cfg_index_bits(s->d.nlocks);
	/* Sec. 6: 1 + T ceil(log2(T+1)) + 2W + floor(W/2) ceil(log2 W). */
	s->d.paper_bits = 1u + t * cfg_clog2((unsigned long)t + 1u) + 2u * w + (w / 2u) * cfg_clog2(w);
	return 0;
}
