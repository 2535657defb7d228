/* main.c: gpurf-gen, the RTL generator's command line.
 *
 *   gpurf-gen --config FILE --out DIR     generate DIR/rtl/<module>.v, DIR/glue/,
 *                                         DIR/manifest.json
 *   gpurf-gen --config FILE --check       validate only
 *   gpurf-gen --config FILE --list        print the generated modules
 *   gpurf-gen --doc-keys                  Markdown table of every key
 *   gpurf-gen --cells DIR                 the leaf-cell library alone
 *   ... [--set section.key=value]...      override configuration keys (repeatable)
 *
 * Exit status: 0 done, 2 bad input (message on stderr, nothing written),
 * 1 could not write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cli.h"
#include "desc.h"
#include "design.h"
#include "cells.h"
#include "emit_glue.h"
#include "emit_structures.h"
#include "manifest.h"

static const struct cli_tool tool = {
	"gpurf-gen",
	"--config FILE.ini (--out DIR | --check | --list) [--set section.key=value]...\n"
	"--doc-keys\n"
	"--cells DIR",
	"  --config FILE   the configuration (docs/configs.md)\n"
	"  --out DIR       write the RTL (DIR/rtl/*.v), manifest.json and test-bench glue\n"
	"  --check         only check the configuration (exit 2 with a message if bad)\n"
	"  --list          print the modules the configuration generates\n"
	"  --set S.K=V     override a configuration key (repeatable)\n"
	"  --doc-keys      print the key reference (docs/configs.md's table)\n"
	"  --cells DIR     write the leaf-cell library alone (DIR/rtl/gpurf_*.v)\n",
};

static int usage(const char *msg)
{
	return cli_usage_error(&tool, "%s", msg);
}

/* Describes and emits every structure the configuration has. */
static int build_design(struct design *d, struct gpurf_err *err)
{
	for (unsigned i = 0; i < gpurf_nstructures; i++) {
		const struct gpurf_structure *s = &gpurf_structures[i];
		const struct emitter *e = emitter_find(s->base);
		struct module_desc *m;
		struct wave_group groups[8];

		if (!s->present(d->cfg))
			continue;
		if (!e || d->nmodules == DESIGN_MAX_MODULES)
			return gpurf_fail(err, GPURF_ERR_IO, "internal: no emitter for %s", s->base);
		m = &d->modules[d->nmodules++];
		s->describe(d->cfg, m);
		/* a composed structure emitted earlier may hold this module */
		if ((!design_has_module(d, m->name) && e->emit(d, m)) || emit_glue(d, m) ||
		    emit_wave_save(d, m, groups, e->wave(d->cfg, m, groups)))
			return gpurf_fail(err, GPURF_ERR_IO, "internal: too many files emitting %s", s->base);
	}
	if (manifest_emit(d))
		return gpurf_fail(err, GPURF_ERR_IO, "internal: too many files");
	return 0;
}

/* --cells DIR: every leaf cell, for a designer or the cells' own tests. */
static int write_cells(const char *dir)
{
	struct design *d = calloc(1, sizeof *d);
	struct gpurf_err err = {0};
	int rc = 0;

	if (!d) {
		fprintf(stderr, "gpurf-gen: out of memory\n");
		return 1;
	}
	for (unsigned c = 0; c < CELL_COUNT && rc == 0; c++)
		rc = cell_use(d, (enum cell)c);
	if (rc || design_write(d, dir, &err)) {
		fprintf(stderr, "gpurf-gen: %s\n", rc ? "internal: too many files" : err.msg);
		rc = 1;
	}
	design_free(d);
	free(d);
	return rc;
}

int main(int argc, char **argv)
{
	const char *config = NULL, *out = NULL, *sets[64];
	unsigned nsets = 0;
	int check = 0, list = 0;
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct design *d;
	int rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	rc = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
			config = argv[++i];
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (strcmp(argv[i], "--set") == 0 && i + 1 < argc && nsets < sizeof sets / sizeof sets[0])
			sets[nsets++] = argv[++i];
		else if (strcmp(argv[i], "--check") == 0)
			check = 1;
		else if (strcmp(argv[i], "--list") == 0)
			list = 1;
		else if (strcmp(argv[i], "--cells") == 0 && i + 1 < argc)
			return write_cells(argv[i + 1]);
		else if (strcmp(argv[i], "--doc-keys") == 0) {
			cfg_write_key_doc(stdout);
			return 0;
		} else {
			return cli_usage_error(&tool, "unknown or incomplete argument '%s'", argv[i]);
		}
	}
	if (!config || (!out && !check && !list))
		return usage("--config and one of --out, --check, --list are required");
	if (cfg_load_set(&cfg, config, sets, nsets, &err)) {
		fprintf(stderr, "gpurf-gen: %s\n", err.msg);
		return err.kind == GPURF_ERR_INPUT ? 2 : 1;
	}
	if (check)
		return 0;
	d = calloc(1, sizeof *d);
	if (!d) {
		fprintf(stderr, "gpurf-gen: out of memory\n");
		return 1;
	}
	d->cfg = &cfg;
	if (build_design(d, &err) || (out && design_write(d, out, &err))) {
		fprintf(stderr, "gpurf-gen: %s\n", err.msg);
		rc = err.kind == GPURF_ERR_INPUT ? 2 : 1;
	} else if (list) {
		for (unsigned i = 0; i < d->nmodules; i++)
			printf("%s %s\n", d->modules[i].base, d->modules[i].name);
	}
	design_free(d);
	free(d);
	return rc;
}
