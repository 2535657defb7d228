/* sm_rfsys.c: picks the register-file subsystem of the configured scheme
 * (sm_rfsys.h) and the helpers every scheme shares. */
#include "sm_rfsys.h"

#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "sm_core.h"

const struct sm_rfsys_ops *sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err)
{
	switch (cfg->scheme) {
	case SCHEME_BASELINE:
		return &sm_rfsys_baseline;
	case SCHEME_FINEREG:
		return &sm_rfsys_finereg;
	case SCHEME_RFC:
		return &sm_rfsys_rfc;
	case SCHEME_SHARING:
		return &sm_rfsys_sharing;
	case SCHEME_REGVIRT:
		return &sm_rfsys_regvirt;
	case SCHEME_LTRF:
		return &sm_rfsys_ltrf;
	case SCHEME_LTRF_PLUS:
		return &sm_rfsys_ltrf_plus;
	default:
		break;
	}
	gpurf_fail(err, GPURF_ERR_INPUT,
		   "%s: [sm] scheme = %s is not modelled in the SM model (gpurf-sim) yet; the SM "
		   "models: baseline, finereg, regvirt, ltrf, ltrf_plus, rfc, sharing (the scheme's unit C models and RTL exist: make rtl / cosim)",
		   cfg->path, cfg_enum_name("scheme", cfg->scheme));
	return NULL;
}

void sm_rfsys_count_banks(const struct gpurf_cfg *cfg, const struct rfb_req *rq, const struct rfb_grants *g,
			  struct sm_stats *st)
{
	for (uint64_t b = g->rd_gnt; b; b &= b - 1) {
		unsigned c = (unsigned)__builtin_ctzll(b);

		st->rf_reads[rf_banked_bank(cfg, rq->rd_warp[c], rq->rd_reg[c])]++;
	}
	for (uint64_t b = g->wr_gnt; b; b &= b - 1) {
		unsigned p = (unsigned)__builtin_ctzll(b);

		st->rf_writes[rf_banked_bank(cfg, rq->wr_warp[p], rq->wr_reg[p])]++;
	}
	for (uint64_t b = g->conflict; b; b &= b - 1)
		st->rf_conflict_cycles[__builtin_ctzll(b)]++;
}

void sm_rfsys_pass_reads(const struct rfb_out *o, struct sm_rf_out *out)
{
	out->rd_valid = o->rd_valid;
	for (uint64_t v = o->rd_valid; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		out->rd_data[c] = o->rd_data[c];
	}
}
