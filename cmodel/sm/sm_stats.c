/* sm_stats.c: the statistics file (JSON) and the human summary of a run.
 * Only integers and fixed-precision ratios are printed, so the same run
 * gives the same bytes. */
#include <inttypes.h>
#include <string.h>

#include "sm_energy.h"
#include "sm_rfsys.h"
#include "sm_run.h"

static const char *const stall_names[SM_NSTALL] = {"idle", "fetch", "scoreboard", "collector",
						   "barrier", "drain"};
static const char *const class_names[] = {"alu", "sfu", "dp", "mem", "branch", "exit", "barrier"};

static double ratio(uint64_t a, uint64_t b)
{
	return b ? (double)a / (double)b : 0.0;
}

static void array(FILE *out, const char *name, const uint64_t *v, unsigned n, const char *tail)
{
	fprintf(out, "    \"%s\": [", name);
	for (unsigned i = 0; i < n; i++)
		fprintf(out, "%s%" PRIu64, i ? ", " : "", v[i]);
	fprintf(out, "]%s\n", tail);
}

static uint64_t sum(const uint64_t *v, unsigned n)
{
	uint64_t s = 0;

	for (unsigned i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* The register-file scheme's own counters: "<scheme>": {name: value, ...};
 * a counter named "..._cycles" (a per-cycle sum) is followed by its average
 * per SM cycle, "avg_<name without _cycles>". */
static void scheme_counters(const struct gpurf_cfg *cfg, const struct sm_result *r, FILE *out)
{
	struct gpurf_err e = {0};
	const struct sm_rfsys_ops *ops = sm_rfsys_ops(cfg, &e);

	if (!ops || !ops->counters[0])
		return;
	fprintf(out, "  \"%s\": {", ops->name);
	for (unsigned i = 0; i < SM_RF_NCOUNT && ops->counters[i]; i++) {
		const char *n = ops->counters[i];
		size_t len = strlen(n);

		fprintf(out, "%s\"%s\": %" PRIu64, i ? ", " : "", n, r->total.rfs[i]);
		if (len > 7 && strcmp(n + len - 7, "_cycles") == 0)
			fprintf(out, ", \"avg_%.*s\": %.6f", (int)(len - 7), n,
				ratio(r->total.rfs[i], r->cycles * r->sms));
	}
	for (const struct sm_rf_ratio *q = ops->ratios; q && q->name; q++) {
		uint64_t num = 0, den = 0;

		for (unsigned i = 0; i < SM_RF_NCOUNT && ops->counters[i]; i++) {
			num += q->num >> i & 1u ? r->total.rfs[i] : 0;
			den += q->den >> i & 1u ? r->total.rfs[i] : 0;
		}
		fprintf(out, ", \"%s\": %.6f", q->name, ratio(num, den));
	}
	fprintf(out, "},\n");
}

/* The register-file energy of a run (sm_energy.c). */
static void energy_of(const struct gpurf_cfg *cfg, const struct sm_result *r, struct sm_energy *e)
{
	uint64_t count[SM_E_NTERMS];

	sm_energy_counts(cfg, &r->total, count);
	sm_energy_compute(cfg, count, e);
}

/* The detailed memory system's counters, named as Accel-Sim names them
 * (its results.csv) where it has them. */
static void detailed_json(const struct sm_result *r, FILE *out)
{
	const struct sm_l1d_stats *l = &r->total.l1d;
	const struct sm_gmem_stats *g = &r->gmem;

	fprintf(out, "  \"memory_detailed\": {\"l1d_accesses\": %" PRIu64 ", \"l1d_hits\": %" PRIu64
		", \"l1d_misses\": %" PRIu64 ", \"l1d_pending_hits\": %" PRIu64
		", \"l1d_reservation_fails\": %" PRIu64 ", \"l1d_writes\": %" PRIu64
		", \"l2_accesses\": %" PRIu64 ", \"l2_misses\": %" PRIu64 ", \"l2_pending_hits\": %" PRIu64
		", \"l2_writes\": %" PRIu64 ", \"l2_reservation_fails\": %" PRIu64 ", \"dram_reads\": %" PRIu64 ", \"dram_writes\": %" PRIu64
		", \"dram_row_hits\": %" PRIu64 ", \"dram_row_misses\": %" PRIu64 ", \"icnt_flits\": %" PRIu64
		", \"mem_reads\": %" PRIu64 ", \"avg_mem_latency\": %.3f},\n",
		l->l1d_accesses, l->l1d_hits, l->l1d_misses, l->l1d_pending_hits, l->l1d_reservation_fails,
		l->l1d_writes, g->l2_accesses, g->l2_misses, g->l2_pending_hits, g->l2_writes, g->l2_reservation_fails, g->dram_reads,
		g->dram_writes, g->dram_row_hits, g->dram_row_misses, g->icnt_flits, l->mem_reads,
		ratio(l->mem_latency_sum, l->mem_reads));
}

void sm_result_json(const struct gpurf_cfg *cfg, const struct sm_result *r, FILE *out)
{
	struct sm_energy e;
	const struct sm_stats *t = &r->total;
	unsigned nb = cfg->banks;

	fprintf(out, "{\n  \"tool\": \"gpurf-sim\",\n  \"config\": \"%s\",\n  \"scheme\": \"%s\",\n"
		"  \"mode\": \"%s\",\n", cfg->name, cfg_enum_name("scheme", cfg->scheme), r->mode);
	fprintf(out, "  \"kernel\": \"%s\",\n  \"entry\": \"%s\",\n", r->kernel, r->entry);
	fprintf(out, "  \"scheduler\": \"%s\",\n  \"sms\": %u,\n", cfg_enum_name("scheduler", cfg->sim.scheduler),
		r->sms);
	fprintf(out, "  \"ctas\": %u,\n  \"threads_per_cta\": %u,\n  \"regs_per_thread\": %u,\n", r->ctas,
		r->threads_per_cta, r->regs);
	if (cfg->sim.min_ctas && !strcmp(r->mode, "kernel"))	/* absent as written: old JSON unchanged */
		fprintf(out, "  \"grid_scale\": %u,\n", r->grid_scale);
	fprintf(out, "  \"cta_limit_per_sm\": %u,\n  \"cta_limiter\": \"%s\",\n", r->cta_limit,
		r->limiter ? r->limiter : "");
	fprintf(out, "  \"cycles\": %" PRIu64 ",\n", r->cycles);
	fprintf(out, "  \"warp_instructions\": %" PRIu64 ",\n  \"thread_instructions\": %" PRIu64 ",\n",
		t->warp_insts, t->thread_insts);
	fprintf(out, "  \"ipc\": %.6f,\n", ratio(t->warp_insts, r->cycles));
	fprintf(out, "  \"avg_active_warps\": %.6f,\n  \"avg_resident_ctas\": %.6f,\n",
		ratio(t->active_warp_cycles, r->cycles * r->sms), ratio(t->resident_cta_cycles, r->cycles * r->sms));
	fprintf(out, "  \"issued_by_class\": {");
	for (unsigned i = 0; i < 7; i++)
		fprintf(out, "%s\"%s\": %" PRIu64, i ? ", " : "", class_names[i], t->issued_by_class[i]);
	fprintf(out, "},\n  \"stalls\": {");
	for (unsigned i = 0; i < SM_NSTALL; i++)
		fprintf(out, "%s\"%s\": %" PRIu64, i ? ", " : "", stall_names[i], t->stall[i]);
	fprintf(out, "},\n  \"dispatch_unit_busy\": %" PRIu64 ",\n", t->dispatch_unit_busy);
	fprintf(out, "  \"register_file\": {\n");
	fprintf(out, "    \"reads\": %" PRIu64 ",\n    \"writes\": %" PRIu64 ",\n", sum(t->rf_reads, nb),
		sum(t->rf_writes, nb));
	array(out, "reads_per_bank", t->rf_reads, nb, ",");
	array(out, "writes_per_bank", t->rf_writes, nb, ",");
	array(out, "conflict_cycles_per_bank", t->rf_conflict_cycles, nb, ",");
	fprintf(out, "    \"bank_conflict_cycles\": %" PRIu64 ",\n", sum(t->rf_conflict_cycles, nb));
	fprintf(out, "    \"read_requests_refused\": %" PRIu64 ",\n    \"write_requests_refused\": %" PRIu64 "\n  },\n",
		t->rf_read_refused, t->rf_write_refused);
	scheme_counters(cfg, r, out);
	fprintf(out, "  \"memory\": {\"l1_hits\": %" PRIu64 ", \"l1_misses\": %" PRIu64
		", \"global_accesses\": %" PRIu64 ", \"global_lines\": %" PRIu64
		", \"shared_accesses\": %" PRIu64 ", \"shared_bank_ways\": %" PRIu64
		", \"const_accesses\": %" PRIu64 ", \"dram_bytes\": %" PRIu64 ", \"dram_transfers\": %" PRIu64 "},\n",
		t->l1_hits, t->l1_misses, t->mem.global_accesses, t->mem.global_lines, t->mem.shared_accesses,
		t->mem.shared_ways, t->mem.const_accesses, r->dram_bytes, r->dram_transfers);
	if (cfg->sim.il1_bytes)
		fprintf(out, "  \"il1\": {\"accesses\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"pending_hits\": %" PRIu64
			"},\n", t->il1.accesses, t->il1.misses, t->il1.pending_hits);
	if (cfg->mem.model == MEM_DETAILED)
		detailed_json(r, out);
	energy_of(cfg, r, &e);
	sm_energy_json(&e, out);
	if (r->nkernels) {
		fprintf(out, "  \"kernels\": [\n");
		for (unsigned i = 0; i < r->nkernels; i++) {
			const struct sm_kernel_result *k = &r->kernels[i];

			fprintf(out, "    {\"index\": %u, \"file\": \"%s\", \"entry\": \"%s\", \"ctas\": %u, "
				"\"threads_per_cta\": %u, \"regs_per_thread\": %u, \"cta_limit_per_sm\": %u, "
				"\"cycles\": %" PRIu64 ", \"warp_instructions\": %" PRIu64
				", \"thread_instructions\": %" PRIu64 ", \"ipc\": %.6f, \"dram_bytes\": %" PRIu64 "}%s\n",
				k->index, k->file, k->entry, k->ctas, k->threads_per_cta, k->regs, k->cta_limit,
				k->cycles, k->warp_insts, k->thread_insts, ratio(k->warp_insts, k->cycles),
				k->dram_bytes, i + 1 < r->nkernels ? "," : "");
		}
		fprintf(out, "  ],\n");
	}
	fprintf(out, "  \"result\": \"%s\",\n  \"mismatched_elements\": %" PRIu64 "\n}\n",
		!r->checked ? "not checked (trace)" : r->mismatches ? "MISMATCH" : "matches host reference",
		r->mismatches);
}

void sm_result_summary(const struct gpurf_cfg *cfg, const struct sm_result *r, FILE *out)
{
	struct sm_energy e;
	const struct sm_stats *t = &r->total;
	unsigned nb = cfg->banks;
	uint64_t stall_all = sum(t->stall, SM_NSTALL);

	fprintf(out, "%s (%s) on %s: %u CTAs x %u threads, %u registers/thread, %u CTAs/SM (%s), %u SM%s, %s\n",
		r->kernel, r->mode, cfg->name, r->ctas, r->threads_per_cta, r->regs, r->cta_limit,
		r->limiter ? r->limiter : "?", r->sms, r->sms == 1 ? "" : "s",
		cfg_enum_name("scheduler", cfg->sim.scheduler));
	fprintf(out, "  cycles %" PRIu64 ", warp instructions %" PRIu64 ", IPC %.3f, active warps %.2f, resident CTAs %.2f\n",
		r->cycles, t->warp_insts, ratio(t->warp_insts, r->cycles),
		ratio(t->active_warp_cycles, r->cycles * r->sms), ratio(t->resident_cta_cycles, r->cycles * r->sms));
	fprintf(out, "  register file: %" PRIu64 " reads, %" PRIu64 " writes, %" PRIu64 " bank-conflict cycles\n",
		sum(t->rf_reads, nb), sum(t->rf_writes, nb), sum(t->rf_conflict_cycles, nb));
	fprintf(out, "  scheduler stalls:");
	for (unsigned i = 0; i < SM_NSTALL; i++)
		fprintf(out, " %s %.1f%%", stall_names[i], 100.0 * ratio(t->stall[i], stall_all));
	fprintf(out, "\n  memory: L1 %" PRIu64 " hits / %" PRIu64 " misses, DRAM %" PRIu64 " bytes\n", t->l1_hits,
		t->l1_misses, r->dram_bytes);
	energy_of(cfg, r, &e);
	sm_energy_summary(&e, out);
	if (r->nkernels > 1)
		for (unsigned i = 0; i < r->nkernels; i++)
			fprintf(out, "  kernel %u (%s, %s): %u CTAs, cycles %" PRIu64 ", warp instructions %" PRIu64
				", thread instructions %" PRIu64 "\n", r->kernels[i].index, r->kernels[i].file,
				r->kernels[i].entry, r->kernels[i].ctas, r->kernels[i].cycles,
				r->kernels[i].warp_insts, r->kernels[i].thread_insts);
	if (r->checked)
		fprintf(out, "  result: %s\n", r->mismatches ? "MISMATCH with the host reference" :
			"matches the host reference");
}
