/* gpurf_sm_gen.c: gpurf-sm-gen, the generator of the RTL the SM-driven
 * co-simulation verilates (docs/cosim-sm.md).
 *
 *   gpurf-sm-gen --sm-rtl DIR <gpurf-sim arguments>
 *
 * The units an SM register-file subsystem composes take parameters the SM
 * derives from the configuration and the kernel (FineReg's ACRF with the
 * kernel's CTA size, regvirt's table sized for the resident warps, LTRF's
 * main file with its multiplied latency, the RFC tag and the lock table
 * widened for the kernel's registers).  Rather than a second copy of those
 * rules, this program is the SM model itself (sim/gpurf_sim.c, linked with
 * -Wl,--wrap= from scripts/cosim-sm-wraps --probe): it runs the kernel, and
 * every unit the SM creates (each <base>_ops.create of
 * tb/cosim_sm_units.def and rf_banked_create) is emitted by the unit's own
 * emitter (gen/emit_<base>.c) with the exact configuration and description
 * the SM gave it (a composed unit's submodels, created inside its create,
 * are emitted by the composed unit's emitter, not recorded).  When the run succeeds, DIR gets rtl/ (each module once,
 * plus the top gen/emit_sm_twins.c builds over them), glue/ and
 * sm_modules.txt; when it fails nothing is written and the exit status is
 * gpurf-sim's.
 *
 * --wrap gives a function no context, so what the run created lives in one
 * static probe record: the only global state, owned here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cli.h"
#include "design.h"
#include "emit_sm_twins.h"
#include "emit_structures.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "unit.h"

int __real_main(int argc, char **argv);
int __wrap_main(int argc, char **argv);
void *__real_rf_banked_create(const struct gpurf_cfg *cfg);
void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg);

struct probe {
	struct design d;
	struct gpurf_cfg cfg[DESIGN_MAX_MODULES];
	struct module_desc desc[DESIGN_MAX_MODULES];
	unsigned n;
	unsigned creating;	/* wrapped creates in progress: a nested one is a composed unit's submodel */
	int failed;		/* more distinct modules than a design holds, or the design is full */
};

static struct probe *probe_get(void)
{
	static struct probe p;

	return &p;
}

/* A unit the SM created: its module, emitted once. */
static void record(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct probe *p = probe_get();
	const struct emitter *e = emitter_find(desc->base);

	for (unsigned i = 0; i < p->n; i++)
		if (strcmp(p->desc[i].name, desc->name) == 0)
			return;
	if (p->n == DESIGN_MAX_MODULES || !e) {
		p->failed = 1;
		return;
	}
	p->cfg[p->n] = *cfg;
	p->desc[p->n] = *desc;
	p->d.cfg = &p->cfg[p->n];
	if (e->emit(&p->d, &p->desc[p->n]))
		p->failed = 1;
	p->n++;
}

void *__wrap_rf_banked_create(const struct gpurf_cfg *cfg)
{
	struct module_desc m;

	if (!probe_get()->creating) {
		desc_rf_banked(cfg, &m);
		record(cfg, &m);
	}
	return __real_rf_banked_create(cfg);
}

/* A unit the SM created, recorded; the submodels a composed unit creates
 * inside its create are not (its emitter emits their modules). */
static void *probe_create(const struct unit_ops *real, const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct probe *p = probe_get();
	void *m;

	if (!p->creating)
		record(cfg, desc);
	p->creating++;
	m = real->create(cfg, desc);
	p->creating--;
	return m;
}

#define SM_UNIT(u)                                                                                   \
	extern const struct unit_ops __real_##u##_ops;                                               \
	static void *probe_create_##u(const struct gpurf_cfg *cfg, const struct module_desc *desc)   \
	{                                                                                            \
		return probe_create(&__real_##u##_ops, cfg, desc);                                   \
	}                                                                                            \
	static void probe_reset_##u(void *m) { __real_##u##_ops.reset(m); }                          \
	static void probe_eval_##u(void *m, const uint32_t *in, uint32_t *out)                       \
	{                                                                                            \
		__real_##u##_ops.eval(m, in, out);                                                   \
	}                                                                                            \
	static void probe_tick_##u(void *m, const uint32_t *in) { __real_##u##_ops.tick(m, in); }    \
	static void probe_destroy_##u(void *m) { __real_##u##_ops.destroy(m); }                      \
	extern const struct unit_ops __wrap_##u##_ops;                                               \
	const struct unit_ops __wrap_##u##_ops = {#u, probe_create_##u, probe_reset_##u,             \
						   probe_eval_##u, probe_tick_##u, probe_destroy_##u};
#include "cosim_sm_units.def"
#undef SM_UNIT

static const struct cli_tool tool = {
	"gpurf-sm-gen",
	"--sm-rtl DIR <gpurf-sim arguments>",
	"  --sm-rtl DIR    write the RTL of the register-file subsystem the SM creates for\n"
	"                  this run (its twin in the SM-driven co-simulation) into DIR;\n"
	"                  the other arguments are gpurf-sim's (gpurf-sim --help)\n",
};

int __wrap_main(int argc, char **argv)
{
	struct probe *p = probe_get();
	const struct module_desc *mods[DESIGN_MAX_MODULES];
	const struct gpurf_cfg *cfgs[DESIGN_MAX_MODULES];
	struct gpurf_err err = {0};
	const char *out;
	int rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	if (argc < 3 || strcmp(argv[1], "--sm-rtl") != 0)
		return cli_usage_error(&tool, "the first argument must be --sm-rtl DIR");
	out = argv[2];
	argv[2] = argv[0];
	rc = __real_main(argc - 2, argv + 2);
	if (rc != 0) {
		design_free(&p->d);
		return rc;
	}
	if (p->n == 0) {
		fprintf(stderr, "gpurf-sm-gen: the SM model created no register-file unit\n");
		return 2;
	}
	for (unsigned i = 0; i < p->n; i++) {
		mods[i] = &p->desc[i];
		cfgs[i] = &p->cfg[i];
	}
	p->d.cfg = &p->cfg[0];
	if (p->failed || emit_sm_twins(&p->d, cfg_enum_name("scheme", p->cfg[0].scheme), mods, cfgs, p->n)) {
		fprintf(stderr, "gpurf-sm-gen: internal: too many modules or files\n");
		design_free(&p->d);
		return 1;
	}
	rc = design_write(&p->d, out, &err);
	design_free(&p->d);
	if (rc) {
		fprintf(stderr, "gpurf-sm-gen: %s\n", err.msg);
		return 1;
	}
	return 0;
}
