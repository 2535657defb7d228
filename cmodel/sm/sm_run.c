/* sm_run.c: kernel launch, the multi-SM cycle loop and the result check
 * (see sm_run.h). */
#include "sm_run.h"

#include <ini.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kref.h"
#include "sm_dwe.h"
#include "sm_prog.h"
#include "sm_trace.h"
#include "sm_trace_prog.h"

/* ---- the cycle loop (both modes) ------------------------------------------------- */

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The SMs of a run.  An SM is created when it is first offered a CTA (all
 * fresh SMs are alike, so asking an uncreated one whether it can launch is
 * asking a fresh one), and only awake SMs (a CTA resident, or a subsystem
 * still busy) are stepped: an SM with nothing to do costs nothing per cycle,
 * so the time of a run grows with its work, not with `sms`.  The awake set
 * is a bit map walked in index order, which keeps "SM 0 first in a cycle". */
struct sm_gpu {
	const struct sm_launch *L;
	unsigned nsm;
	struct sm_core **sm;		/* NULL until first offered a CTA */
	uint64_t *awake;		/* bit s: SM s is stepped */
};

static struct sm_core *gpu_sm(struct sm_gpu *g, unsigned s, struct gpurf_err *err)
{
	if (!g->sm[s])
		g->sm[s] = sm_core_create(g->L, s, err);
	return g->sm[s];
}

static void gpu_launch(struct sm_gpu *g, unsigned s, uint32_t cta, uint64_t now)
{
	sm_core_launch(g->sm[s], cta, now);
	g->awake[s / 64] |= UINT64_C(1) << (s % 64);
}

/* Next awake SM at or after s, or nsm. */
static unsigned gpu_next_awake(const struct sm_gpu *g, unsigned s)
{
	for (unsigned w = s / 64; w * 64 < g->nsm; w++) {
		uint64_t bits = g->awake[w];

		if (w == s / 64)
			bits &= ~UINT64_C(0) << (s % 64);
		if (bits)
			return w * 64 + (unsigned)__builtin_ctzll(bits);
	}
	return g->nsm;
}

#define FOR_AWAKE(g, s) for (unsigned s = gpu_next_awake(g, 0); s < (g)->nsm; s = gpu_next_awake(g, s + 1))

/* Dynamic Warp Execution's path between the SMs (sm_dwe.h): at the end of
 * each window SM 0's stall cycles in it go to every SM.  The windows run
 * from the run's first cycle; a skip of idle cycles stops at a window's
 * last cycle, which is simulated (a probability may change there). */
struct dwe_link {
	int on;
	uint64_t window_end;		/* the current window's last cycle */
};

static void dwe_window(struct dwe_link *dl, struct sm_gpu *g, uint64_t now)
{
	uint64_t ref;

	if (!dl->on || now != dl->window_end)
		return;
	dl->window_end += SM_DWE_WINDOW;
	ref = g->sm[0] ? sm_core_dwe_stalls(g->sm[0]) : 0;
	for (unsigned s = 0; s < g->nsm; s++)
		if (g->sm[s])
			sm_core_dwe_window(g->sm[s], ref);
}

/* sm_gmem_step's report of a read answered from DRAM. */
static int fill_sm(void *user, unsigned s, unsigned mshr, uint64_t at)
{
	struct sm_core **sm = user;

	return sm_core_fill(sm[s], mshr, at);
}

static int run_loop(const struct gpurf_cfg *cfg, struct sm_launch *L, uint32_t nctas,
		    const struct sm_run_opts *opt, struct sm_result *res, struct gpurf_err *err)
{
	double t0 = now_seconds();
	unsigned nsm = cfg->sim.sms, rr = 0;
	struct sm_gpu g = {L, nsm, calloc(nsm, sizeof *g.sm), calloc((nsm + 63) / 64, sizeof *g.awake)};
	struct sm_core **sm = g.sm;
	uint32_t next_cta = 0;
	/* GPGPU-Sim's kernel launch latency: nothing happens before it, so the
	 * run starts there (and its cycles include the wait) */
	uint64_t now = cfg->sim.launch_latency, next_progress = 1u << 22;
	struct dwe_link dl = {sm_dwe_adaptive(cfg), cfg->sim.launch_latency + SM_DWE_WINDOW - 1u};
	int rc = -1;

	if (!g.sm || !g.awake) {
		free(g.sm);
		free(g.awake);
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
	L->gmem = NULL;
	if (cfg->mem.model == MEM_DETAILED && !(L->gmem = sm_gmem_create(cfg, nsm, err)))
		goto out;
	if (!gpu_sm(&g, 0, err))
		goto out;
	if (sm_core_awake(sm[0]))	/* a subsystem busy from the start works on every SM */
		for (unsigned s = 0; s < nsm; s++) {
			if (!gpu_sm(&g, s, err))
				goto out;
			g.awake[s / 64] |= UINT64_C(1) << (s % 64);
		}
	res->cta_limit = sm_core_cta_limit(sm[0], &res->limiter);
	if (res->cta_limit == 0) {
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: a CTA of %u threads (%u warps, %u registers per thread, %u bytes of shared "
			   "memory) does not fit one SM: limited by %s (warps = %u, threads = %u, "
			   "regs_per_warp = %u, shared_bytes = %u)", cfg->path, L->threads, L->warps_per_cta,
			   L->regs, L->shared_bytes, res->limiter, cfg->warps, cfg->threads,
			   cfg->d.regs_per_warp, cfg->sim.shared_bytes);
		goto out;
	}
	/* first wave: round robin */
	for (int placed = 1; placed && next_cta < nctas;) {
		placed = 0;
		for (unsigned k = 0; k < nsm && next_cta < nctas; k++) {
			unsigned s = (rr + k) % nsm;

			if (!gpu_sm(&g, s, err))
				goto out;
			if (sm_core_can_launch(sm[s])) {
				gpu_launch(&g, s, next_cta++, now);
				rr = (s + 1) % nsm;
				placed = 1;
				break;
			}
		}
	}
	for (;;) {
		int any = 0;
		unsigned resident = 0;

		FOR_AWAKE(&g, s) {
			int r;

			sm_core_set_waiting(sm[s], next_cta < nctas);
			r = sm_core_cycle(sm[s], now, err);

			if (r < 0)
				goto out;
			any |= r;
		}
		for (unsigned s = 0; s < nsm && next_cta < nctas; s++) {
			if (!gpu_sm(&g, s, err))
				goto out;
			while (next_cta < nctas && sm_core_can_launch(sm[s])) {
				gpu_launch(&g, s, next_cta++, now + 1);
				any = 1;
			}
		}
		if (L->gmem && sm_gmem_step(L->gmem, now, fill_sm, sm)) {
			gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			goto out;
		}
		FOR_AWAKE(&g, s) {
			resident += sm_core_resident(sm[s]);
			if (!sm_core_awake(sm[s]))	/* nothing left to do: off the cycle loop */
				g.awake[s / 64] &= ~(UINT64_C(1) << (s % 64));
		}
		if (!resident && next_cta == nctas)
			break;
		dwe_window(&dl, &g, now);
		if (!any) {
			uint64_t next = UINT64_MAX;

			FOR_AWAKE(&g, s) {
				uint64_t t = sm_core_next_event(sm[s]);

				if (t < next)
					next = t;
			}
			if (L->gmem) {
				uint64_t t = sm_gmem_next_event(L->gmem, now);

				if (t < next)
					next = t;
			}
			if (next == UINT64_MAX) {
				gpurf_fail(err, GPURF_ERR_INPUT, "%s: the kernel deadlocked at cycle %llu: "
					   "%u CTAs resident and nothing in flight (a barrier some warps "
					   "never reach?)", res->entry, (unsigned long long)now, resident);
				if (opt && opt->log)
					FOR_AWAKE(&g, s)
						sm_core_dump(sm[s], opt->log);
				goto out;
			}
			if (dl.on && next > dl.window_end)
				next = dl.window_end;
			if (next > now + 1) {
				FOR_AWAKE(&g, s)
					sm_core_skip(sm[s], next - now - 1);
				now = next - 1;
			}
		}
		now++;
		if (now >= cfg->sim.max_cycles) {
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sim] max_cycles = %u reached with %u CTAs "
				   "resident and %u not started; allowed: raise max_cycles", cfg->path,
				   cfg->sim.max_cycles, resident, nctas - next_cta);
			if (opt && opt->log)
				FOR_AWAKE(&g, s)
					sm_core_dump(sm[s], opt->log);
			goto out;
		}
		if (opt && opt->progress && now >= next_progress) {
			fprintf(opt->progress, "gpurf-sim: cycle %llu, %u of %u CTAs started\n",
				(unsigned long long)now, next_cta, nctas);
			next_progress += 1u << 22;
		}
	}
	res->cycles = now + 1;
	res->sms = nsm;
	for (unsigned s = 0; s < nsm; s++) {
		const struct sm_stats *st;
		uint64_t *dst = (uint64_t *)(void *)&res->total;
		const uint64_t *src;

		if (!sm[s])	/* never given a CTA: every counter 0 */
			continue;
		st = sm_core_stats(sm[s]);
		src = (const uint64_t *)(const void *)st;
		/* every field of sm_stats is a uint64_t counter */
		for (size_t i = 0; i < sizeof *st / sizeof(uint64_t); i++)
			dst[i] += src[i];
	}
	res->dram_bytes = L->dram->bytes;
	res->dram_transfers = L->dram->transfers;
	if (L->gmem) {
		sm_gmem_stats(L->gmem, &res->gmem);
		res->dram_bytes = res->gmem.dram_bytes;
		res->dram_transfers = res->gmem.dram_reads + res->gmem.dram_writes;
	}
	rc = 0;
out:
	sm_gmem_free(L->gmem);
	L->gmem = NULL;
	for (unsigned s = 0; s < nsm; s++)
		sm_core_free(sm[s]);
	free(sm);
	free(g.awake);
	res->loop_seconds += now_seconds() - t0;
	return rc;
}

/* ---- kernel directories ----------------------------------------------------------- */

struct kini {
	char name[128], ptx[512], entry[256];
};

static int kini_key(void *user, const char *section, const char *name, const char *value)
{
	struct kini *k = user;

	if (strcmp(section, "kernel") != 0)
		return 1;
	if (strcmp(name, "name") == 0)
		snprintf(k->name, sizeof k->name, "%s", value);
	else if (strcmp(name, "ptx") == 0)
		snprintf(k->ptx, sizeof k->ptx, "%s", value);
	else if (strcmp(name, "entry") == 0)
		snprintf(k->entry, sizeof k->entry, "%s", value);
	return 1;
}

/* Device memory: the module's .global variables, then each buffer, 256-byte
 * aligned.  Returns the buffers' device addresses in addr[]. */
static uint8_t *device_memory(const struct sm_prog *p, const struct kref_desc *d, void *const *bufs,
			      uint64_t *addr, uint64_t *size)
{
	uint64_t top = (p->global_bytes + 255) & ~UINT64_C(255);
	uint8_t *mem;

	for (unsigned i = 0; i < d->nbufs; i++) {
		addr[i] = SM_GLOBAL_BASE + top;
		top += ((uint64_t)d->bufs[i].count * 4 + 255) & ~UINT64_C(255);
	}
	mem = calloc(top ? top : 1, 1);
	if (!mem)
		return NULL;
	if (p->global_bytes)
		memcpy(mem, p->global_image, p->global_bytes);
	for (unsigned i = 0; i < d->nbufs; i++)
		memcpy(mem + (addr[i] - SM_GLOBAL_BASE), bufs[i], (size_t)d->bufs[i].count * 4);
	*size = top;
	return mem;
}

static int param_buffer(const struct sm_prog *p, const struct kref_desc *d, const uint64_t *addr,
			uint8_t *param, const char *ini, struct gpurf_err *err)
{
	if ((int)d->nparams != p->nparams)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: the launch gives %u parameters, .entry %s "
				  "declares %d", ini, d->nparams, p->entry, p->nparams);
	for (unsigned i = 0; i < d->nparams; i++) {
		const struct kref_param *kp = &d->params[i];
		unsigned want = kp->kind == KREF_P_BUF ? 8 : 4;

		if (p->param_size[i] != want)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s: parameter %u (%s) is %u bytes in the "
					  "launch and %u bytes in the PTX", ini, i, kp->name, want,
					  p->param_size[i]);
		switch (kp->kind) {
		case KREF_P_BUF: memcpy(param + p->param_off[i], &addr[kp->buf], 8); break;
		case KREF_P_S32: memcpy(param + p->param_off[i], &kp->s, 4); break;
		case KREF_P_U32: memcpy(param + p->param_off[i], &kp->u, 4); break;
		case KREF_P_F32: memcpy(param + p->param_off[i], &kp->f, 4); break;
		}
	}
	return 0;
}

static void launch_geometry(struct sm_launch *L, const struct gpurf_cfg *cfg, const uint32_t grid[3],
			    const uint32_t block[3])
{
	for (int i = 0; i < 3; i++) {
		L->grid[i] = grid[i] ? grid[i] : 1;
		L->block[i] = block[i] ? block[i] : 1;
	}
	L->threads = L->block[0] * L->block[1] * L->block[2];
	L->warps_per_cta = (L->threads + cfg->lanes - 1) / cfg->lanes;
}

static int check_geometry(const struct gpurf_cfg *cfg, const struct sm_launch *L, const char *what,
			  struct gpurf_err *err)
{
	if (L->warps_per_cta > 64)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: a CTA of %u threads is %u warps of %u lanes; "
				  "allowed: at most 64 warps per CTA", what, L->threads, L->warps_per_cta,
				  cfg->lanes);
	return 0;
}

int sm_run_kernel(const struct gpurf_cfg *cfg, const char *dir, const struct sm_run_opts *opt,
		  struct sm_result *res, struct gpurf_err *err)
{
	char ini[1200], ptx[1800];
	struct kini k = {{0}, {0}, {0}};
	const struct kref_desc *d;
	struct kref_sized sized;	/* the enlarged workload ([sim] min_ctas) */
	struct sm_prog prog;
	struct sm_launch L;
	struct sm_dram dram;
	void **bufs = NULL, **want = NULL;
	uint64_t *addr = NULL;
	uint8_t *param = NULL;
	const char *slash;
	int rc = -1, pr;

	memset(res, 0, sizeof *res);
	memset(&prog, 0, sizeof prog);
	memset(&L, 0, sizeof L);	/* `out:` frees L.global on every path */
	snprintf(res->mode, sizeof res->mode, "kernel");
	snprintf(ini, sizeof ini, "%s/kernel.ini", dir);
	pr = ini_parse(ini, kini_key, &k);
	if (pr < 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read the kernel description "
				  "(--kernel takes a directory like kernels/sgemm)", ini);
	if (pr > 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: not a '[section]' or 'key = value' line", ini, pr);
	if (!k.name[0] || !k.ptx[0])
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [kernel] needs name and ptx", ini);
	d = kref_find(k.name);
	if (!d)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [kernel] name = %s has no host description; "
				  "allowed: a workload of kernels/ (gpurf-kref --list)", ini, k.name);
	res->grid_scale = cfg->sim.min_ctas ? kref_scale_for(d, cfg->sim.min_ctas) : 1;
	if (res->grid_scale > 1) {
		if (kref_resize(d, res->grid_scale, &sized))
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot enlarge %s %u times", ini, k.name,
					  res->grid_scale);
		d = &sized.d;
	}
	slash = strrchr(k.ptx, '/');
	snprintf(ptx, sizeof ptx, "%s/%s", dir, slash ? slash + 1 : k.ptx);
	snprintf(res->kernel, sizeof res->kernel, "%s", k.name);
	if (sm_prog_load(&prog, ptx, k.entry[0] ? k.entry : d->entry, err))
		goto out;
	snprintf(res->entry, sizeof res->entry, "%s", prog.entry);
	bufs = kref_alloc(d);
	want = bufs ? kref_clone(d, bufs) : NULL;
	addr = calloc(d->nbufs + 1, sizeof *addr);
	param = calloc(prog.param_bytes + 8, 1);
	if (!bufs || !want || !addr || !param) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		goto out;
	}
	L.cfg = cfg;
	L.prog = &prog;
	launch_geometry(&L, cfg, d->grid, d->block);
	if (check_geometry(cfg, &L, ini, err))
		goto out;
	if (prog.reqntid && prog.reqntid != L.threads) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: .reqntid asks for %u threads per CTA, the launch has %u",
			   ptx, prog.reqntid, L.threads);
		goto out;
	}
	L.regs = (uint32_t)prog.nregs;
	L.npreds = (uint32_t)prog.npreds;
	L.dyn_shared = d->dyn_shared;
	L.shared_bytes = prog.shared_bytes + d->dyn_shared;
	L.local_bytes = prog.local_bytes;
	L.global = device_memory(&prog, d, bufs, addr, &L.global_size);
	if (!L.global) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		goto out;
	}
	if (param_buffer(&prog, d, addr, param, ini, err))
		goto out;
	L.param = param;
	L.param_size = prog.param_bytes;
	sm_dram_init(&dram, cfg);
	L.dram = &dram;
	res->ctas = L.grid[0] * L.grid[1] * L.grid[2];
	res->threads_per_cta = L.threads;
	res->regs = L.regs;
	if (run_loop(cfg, &L, res->ctas, opt, res, err))
		goto out;
	for (unsigned i = 0; i < d->nbufs; i++)
		memcpy(bufs[i], L.global + (addr[i] - SM_GLOBAL_BASE), (size_t)d->bufs[i].count * 4);
	d->reference(d, want);
	res->checked = 1;
	res->mismatches = kref_compare(d, bufs, want, opt ? opt->log : NULL);
	rc = 0;
out:
	free(L.global);
	free(param);
	free(addr);
	if (bufs)
		kref_free(d, bufs);
	if (want)
		kref_free(d, want);
	sm_prog_free(&prog);
	return rc;
}

int sm_run_ptx(const struct gpurf_cfg *cfg, const char *ptx, const uint32_t grid[3],
	       const uint32_t block[3], struct sm_result *res, struct gpurf_err *err)
{
	struct sm_prog prog;
	struct sm_launch L;
	struct sm_dram dram;
	uint8_t none[8] = {0};
	int rc = -1;

	memset(res, 0, sizeof *res);
	snprintf(res->mode, sizeof res->mode, "kernel");
	if (sm_prog_load(&prog, ptx, NULL, err))
		goto out;
	snprintf(res->kernel, sizeof res->kernel, "%s", prog.entry);
	snprintf(res->entry, sizeof res->entry, "%s", prog.entry);
	memset(&L, 0, sizeof L);
	L.cfg = cfg;
	L.prog = &prog;
	launch_geometry(&L, cfg, grid, block);
	if (check_geometry(cfg, &L, ptx, err))
		goto out;
	L.regs = (uint32_t)prog.nregs;
	L.npreds = (uint32_t)prog.npreds;
	L.shared_bytes = prog.shared_bytes;
	L.local_bytes = prog.local_bytes;
	L.global = prog.global_image;
	L.global_size = prog.global_bytes;
	L.param = none;
	L.param_size = prog.param_bytes <= sizeof none ? prog.param_bytes : 0;
	sm_dram_init(&dram, cfg);
	L.dram = &dram;
	res->ctas = L.grid[0] * L.grid[1] * L.grid[2];
	res->threads_per_cta = L.threads;
	res->regs = L.regs;
	rc = run_loop(cfg, &L, res->ctas, NULL, res, err);
out:
	sm_prog_free(&prog);
	return rc;
}

/* One kernel of a trace directory into its own result. */
static int run_trace_kernel(const struct gpurf_cfg *cfg, const char *dir, const struct sm_trace_list *l,
			    unsigned i, const struct sm_run_opts *opt, struct sm_result *res,
			    struct gpurf_err *err)
{
	struct sm_trace t;
	struct sm_trace_prog tp;
	struct sm_launch L;
	struct sm_dram dram;
	int rc = -1, built;

	memset(res, 0, sizeof *res);
	memset(&tp, 0, sizeof tp);
	if (sm_trace_load_entry(&t, dir, l, i, err))
		return -1;
	snprintf(res->kernel, sizeof res->kernel, "%s", t.kernel);
	snprintf(res->entry, sizeof res->entry, "%s", t.kernel);
	memset(&L, 0, sizeof L);
	L.cfg = cfg;
	L.trace = &t;
	launch_geometry(&L, cfg, t.grid, t.block);
	if (t.max_lanes > cfg->lanes) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: the trace uses %u lanes per warp; the configuration "
			   "has [sm] lanes = %u", t.file, t.max_lanes, cfg->lanes);
		goto out;
	}
	if (check_geometry(cfg, &L, t.file, err))
		goto out;
	L.regs = t.nregs;
	L.npreds = 8;
	L.shared_bytes = t.shmem;
	/* the static code and its analyses, once per kernel (sm_trace_prog.h) */
	if ((built = sm_trace_prog_build(&t, &tp)) < 0) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory analysing %s", t.file);
		goto out;
	}
	if (built == 1 && (cfg->scheme == SCHEME_REGVIRT || cfg->scheme == SCHEME_LTRF ||
			   cfg->scheme == SCHEME_LTRF_PLUS)) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sm] scheme = %s needs the kernel's static code, which "
			   "cannot be rebuilt from this trace: %s; allowed: baseline, finereg, rfc, sharing",
			   t.file, cfg_enum_name("scheme", cfg->scheme), tp.why);
		goto out;
	}
	/* only for the schemes that cannot run without it: FineReg and the
	 * RFC keep their trace behaviour (all registers live, no hints) */
	if (built == 0 && (cfg->scheme == SCHEME_REGVIRT || cfg->scheme == SCHEME_LTRF ||
			   cfg->scheme == SCHEME_LTRF_PLUS)) {
		L.tprog = &tp.prog;
		L.tindex = tp.index;
	}
	sm_dram_init(&dram, cfg);
	L.dram = &dram;
	res->ctas = t.nctas;
	res->threads_per_cta = L.threads;
	res->regs = L.regs;
	rc = run_loop(cfg, &L, t.nctas, opt, res, err);
out:
	sm_trace_prog_free(&tp);
	sm_trace_free(&t);
	return rc;
}

int sm_run_trace(const struct gpurf_cfg *cfg, const char *dir, const struct sm_run_opts *opt,
		 struct sm_result *res, struct gpurf_err *err)
{
	struct sm_trace_list l;
	struct sm_result *one = NULL;
	unsigned first = 0, last, pick = opt ? opt->trace_kernel : 0;
	int rc = -1;

	memset(res, 0, sizeof *res);
	snprintf(res->mode, sizeof res->mode, "trace");
	if (sm_trace_list(dir, &l, err))
		return -1;
	last = l.n;
	if (pick) {
		if (pick > l.n) {
			gpurf_fail(err, GPURF_ERR_INPUT, "%s: --trace-kernel %u, but %u kernel trace%s listed "
				   "(allowed: 1..%u)", l.path, pick, l.n, l.n == 1 ? " is" : "s are", l.n);
			goto out;
		}
		first = pick - 1;
		last = pick;
	}
	one = malloc(sizeof *one);
	res->kernels = calloc(last - first, sizeof *res->kernels);
	if (!one || !res->kernels) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		goto out;
	}
	for (unsigned i = first; i < last; i++) {
		struct sm_kernel_result *k = &res->kernels[res->nkernels++];
		uint64_t *dst = (uint64_t *)(void *)&res->total;
		const uint64_t *src = (const uint64_t *)(const void *)&one->total;

		if (run_trace_kernel(cfg, dir, &l, i, opt, one, err))
			goto out;
		snprintf(k->file, sizeof k->file, "%s", l.k[i].file);
		k->index = i + 1;
		snprintf(k->entry, sizeof k->entry, "%s", one->entry);
		k->ctas = one->ctas;
		k->threads_per_cta = one->threads_per_cta;
		k->regs = one->regs;
		k->cta_limit = one->cta_limit;
		k->cycles = one->cycles;
		k->warp_insts = one->total.warp_insts;
		k->thread_insts = one->total.thread_insts;
		k->dram_bytes = one->dram_bytes;
		if (i == first) {
			memcpy(res->kernel, one->kernel, sizeof res->kernel);
			memcpy(res->entry, one->entry, sizeof res->entry);
			res->threads_per_cta = one->threads_per_cta;
			res->regs = one->regs;
			res->cta_limit = one->cta_limit;
			res->limiter = one->limiter;
			res->sms = one->sms;
		}
		res->ctas += one->ctas;
		res->cycles += one->cycles;
		res->loop_seconds += one->loop_seconds;
		res->dram_bytes += one->dram_bytes;
		res->dram_transfers += one->dram_transfers;
		{
			uint64_t *gd = (uint64_t *)(void *)&res->gmem;
			const uint64_t *gs = (const uint64_t *)(const void *)&one->gmem;

			/* every field of sm_gmem_stats is a uint64_t counter */
			for (size_t j = 0; j < sizeof one->gmem / sizeof(uint64_t); j++)
				gd[j] += gs[j];
		}
		/* every field of sm_stats is a uint64_t counter */
		for (size_t j = 0; j < sizeof one->total / sizeof(uint64_t); j++)
			dst[j] += src[j];
	}
	rc = 0;
out:
	free(one);
	sm_trace_list_free(&l);
	if (rc)
		sm_result_free(res);
	return rc;
}

void sm_result_free(struct sm_result *res)
{
	free(res->kernels);
	res->kernels = NULL;
	res->nkernels = 0;
}
