/* area_main.c: gpurf-area, the area report of one generated configuration.
 *
 *   gpurf-area --list MANIFEST
 *       print the name of every module in MANIFEST, one per line (what
 *       synth/synth-all runs synth/run-synth on)
 *   gpurf-area --manifest MANIFEST --synth DIR [--liberty NAME]
 *       read DIR/<module>/ (synth/run-synth's measurements) for every module,
 *       charge the SRAM macros through the model (sram_area.c), check the
 *       results and write DIR/area.json and DIR/area.md
 *
 * Checks (each fails the run): a latch in a module, a module with no logic
 * cells, a manifest memory whose bits are not rows x width x instances, and
 * SRAM macro instances in the netlist that do not match the manifest.
 * Exit status: 0 done, 2 bad input (message names the file and what is
 * wrong; nothing written), 1 internal or I/O failure. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "area_report.h"
#include "area_top.h"
#include "cli.h"
#include "err.h"
#include "sram_area.h"
#include "ystats.h"

static const struct cli_tool tool = {
	"gpurf-area",
	"--manifest MANIFEST.json --synth DIR [--liberty NAME]\n"
	"--list MANIFEST.json",
	"  --manifest FILE the generator's manifest.json (modules, parameters, memories)\n"
	"  --synth DIR     the Yosys statistics of each module (synth/run-synth)\n"
	"  --liberty NAME  the cell library's name, recorded in area.json\n"
	"  --list FILE     print the modules to synthesize, one per line\n",
};

static int usage(const char *msg)
{
	return cli_usage_error(&tool, "%s", msg);
}

static double round2(double x)
{
	return round(x * 100.0) / 100.0;
}

static cJSON *load_manifest(const char *path, struct gpurf_err *err)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long len;
	cJSON *doc;

	if (!f) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s (run `make rtl` first)", path, strerror(errno));
		return NULL;
	}
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(text = malloc((size_t)len + 1))) {
		fclose(f);
		gpurf_fail(err, GPURF_ERR_IO, "%s: cannot read", path);
		return NULL;
	}
	if (fread(text, 1, (size_t)len, f) != (size_t)len) {
		free(text);
		fclose(f);
		gpurf_fail(err, GPURF_ERR_IO, "%s: read error", path);
		return NULL;
	}
	fclose(f);
	text[len] = '\0';
	doc = cJSON_Parse(text);
	free(text);
	if (!doc) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: not valid JSON", path);
		return NULL;
	}
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(doc, "modules"))) {
		cJSON_Delete(doc);
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: no \"modules\" array", path);
		return NULL;
	}
	return doc;
}

/* A non-negative integer field of o; -1 with err filled when absent. */
static long long int_field(const cJSON *o, const char *key, const char *path,
			   const char *where, struct gpurf_err *err)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble != floor(n->valuedouble) ||
	    n->valuedouble > 9.0e15) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: \"%s\" must be a non-negative integer",
			   path, where, key);
		return -1;
	}
	return (long long)n->valuedouble;
}

static const char *str_field(const cJSON *o, const char *key, const char *path,
			     const char *where, struct gpurf_err *err)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!cJSON_IsString(s) || s->valuestring[0] == '\0') {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: \"%s\" must be a non-empty string",
			   path, where, key);
		return NULL;
	}
	return s->valuestring;
}

/* One manifest memory entry, checked. */
struct memory {
	const char *name;	/* the macro module (owned by the manifest) */
	struct sram_macro m;	/* all its instances */
};

/* Reads and checks one manifest memory entry into e; prev[0..n-1] are the
 * module's entries read before it (a macro is listed once). */
static int read_memory(const cJSON *mem, const char *path, const char *modname, const struct memory *prev,
		       size_t n, struct memory *e, struct gpurf_err *err)
{
	char where[600];
	struct sram_area a;
	long long rows, width, rd, wr, rw = 0, inst, mbits;

	snprintf(where, sizeof where, "module %s memory", modname);
	if (!(e->name = str_field(mem, "module", path, where, err)))
		return -1;
	snprintf(where, sizeof where, "module %s memory %s", modname, e->name);
	if ((rows = int_field(mem, "rows", path, where, err)) < 0 ||
	    (width = int_field(mem, "width", path, where, err)) < 0 ||
	    (rd = int_field(mem, "read_ports", path, where, err)) < 0 ||
	    (wr = int_field(mem, "write_ports", path, where, err)) < 0 ||
	    (inst = int_field(mem, "instances", path, where, err)) < 0 ||
	    (mbits = int_field(mem, "bits", path, where, err)) < 0)
		return -1;
	/* rw_ports is optional: manifests before single-port macros lack it */
	if (cJSON_GetObjectItemCaseSensitive(mem, "rw_ports") &&
	    (rw = int_field(mem, "rw_ports", path, where, err)) < 0)
		return -1;
	if (rd > 64 || wr > 64 || rw > 64)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: %lld read and %lld write ports;"
				  " at most 64 of each", path, where, rd, wr);
	e->m.rows = (long)rows;
	e->m.width = (long)width;
	e->m.read_ports = (int)rd;
	e->m.write_ports = (int)wr;
	e->m.rw_ports = (int)rw;
	e->m.instances = (long)inst;
	if (sram_area_of(&e->m, &a))
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: rows, width and instances must be"
				  " >= 1 and there must be at least one port", path, where);
	if (a.bits != mbits)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: bits is %lld but rows x width x"
				  " instances is %lld", path, where, mbits, a.bits);
	for (size_t i = 0; i < n; i++)
		if (!strcmp(prev[i].name, e->name))
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s: listed twice", path, where);
	return 0;
}

/* Charges instances of a checked memory: adds its report object to mems
 * and its bits/area to the module totals. */
static void charge_memory(const struct memory *e, long instances, cJSON *mems, long long *bits, double *area)
{
	struct sram_macro m = e->m;
	struct sram_area a;
	cJSON *o;

	m.instances = instances;
	sram_area_of(&m, &a);	/* cannot fail: read_memory checked the macro, instances >= 1 */
	o = cJSON_AddObjectToObject(mems, e->name);
	cJSON_AddStringToObject(o, "module", e->name);
	cJSON_AddNumberToObject(o, "instances", (double)m.instances);
	cJSON_AddNumberToObject(o, "rows", (double)m.rows);
	cJSON_AddNumberToObject(o, "width", (double)m.width);
	cJSON_AddNumberToObject(o, "read_ports", (double)m.read_ports);
	cJSON_AddNumberToObject(o, "write_ports", (double)m.write_ports);
	cJSON_AddNumberToObject(o, "rw_ports", (double)m.rw_ports);
	cJSON_AddNumberToObject(o, "bits", (double)a.bits);
	cJSON_AddNumberToObject(o, "ports", a.ports);
	cJSON_AddNumberToObject(o, "port_factor", round(a.port_factor * 1e4) / 1e4);
	cJSON_AddNumberToObject(o, "cell_um2", round(a.cell_um2 * 1e4) / 1e4);
	cJSON_AddNumberToObject(o, "array_um2", round2(a.array_um2));
	cJSON_AddNumberToObject(o, "periphery_um2", round2(a.periphery_um2));
	cJSON_AddNumberToObject(o, "area_um2", round2(a.total_um2));
	*bits += a.bits;
	*area += a.total_um2;
}

/* Every gpurf_sram_* cell in the netlist must be a manifest memory with the
 * same instance count, and the other way round. */
static int check_macros(const struct ystats *y, const cJSON *mems, const char *path,
			const char *dir, const char *modname, struct gpurf_err *err)
{
	const cJSON *c, *mem;

	cJSON_ArrayForEach(c, y->cells_by_type) {
		if (strncmp(c->string, "gpurf_sram_", 11) == 0 &&
		    !cJSON_GetObjectItemCaseSensitive(mems, c->string))
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s/generic.json: %s has %.0f instances"
					  " of %s, which %s does not list under its memories",
					  dir, modname, c->valuedouble, c->string, path);
	}
	cJSON_ArrayForEach(mem, mems) {
		long want = (long)cJSON_GetObjectItemCaseSensitive(mem, "instances")->valuedouble;
		long got = ystats_cells_of_type(y, mem->string);
		if (got != want)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s/generic.json: the netlist of %s has"
					  " %ld instances of %s, %s says %ld (a macro optimized away?)",
					  dir, modname, got, mem->string, path, want);
	}
	return 0;
}

struct totals {
	long long sram_bits, transistors, seconds;
	double sram_area, logic_area;
	long ffs, cells;
	int depth, exact;
};

static void add_figures(cJSON *o, long long sram_bits, double sram_area, long ffs, long cells,
			double logic_area, long long transistors, int exact, int depth, long long secs)
{
	cJSON_AddNumberToObject(o, "sram_bits", (double)sram_bits);
	cJSON_AddNumberToObject(o, "sram_area_um2", round2(sram_area));
	cJSON_AddNumberToObject(o, "ffs", ffs);
	cJSON_AddNumberToObject(o, "logic_cells", cells);
	cJSON_AddNumberToObject(o, "logic_area_um2", round2(logic_area));
	cJSON_AddNumberToObject(o, "transistors", (double)transistors);
	cJSON_AddBoolToObject(o, "transistors_exact", exact);
	cJSON_AddNumberToObject(o, "logic_depth", depth);
	cJSON_AddNumberToObject(o, "total_area_um2", round2(sram_area + logic_area));
	cJSON_AddNumberToObject(o, "synth_seconds", (double)secs);
}

/* How many instances of macro name module mod's netlist holds inside
 * black boxes: a composed top's manifest memories include its submodules',
 * and a submodule that is itself a manifest module is a black box in the
 * top's synthesis (synth-all), its macros charged in its own row. */
static long boxed_instances(const char *name, const cJSON *mod, const cJSON *all, const struct ystats *y)
{
	const cJSON *other, *om;
	long n = 0;

	cJSON_ArrayForEach(other, all) {
		const cJSON *oname = cJSON_GetObjectItemCaseSensitive(other, "name");
		long boxes;

		if (other == mod || !cJSON_IsString(oname) || !(boxes = ystats_cells_of_type(y, oname->valuestring)))
			continue;
		cJSON_ArrayForEach(om, cJSON_GetObjectItemCaseSensitive(other, "memories")) {
			const cJSON *mn = cJSON_GetObjectItemCaseSensitive(om, "module");
			const cJSON *k = cJSON_GetObjectItemCaseSensitive(om, "instances");

			if (cJSON_IsString(mn) && cJSON_IsNumber(k) && !strcmp(mn->valuestring, name))
				n += boxes * (long)k->valuedouble;
		}
	}
	return n;
}

/* Measures one manifest module into a report object appended to out. */
static int do_module(const cJSON *mod, const cJSON *all, const char *path, const char *synth_dir,
		     cJSON *out, struct totals *t, struct gpurf_err *err)
{
	const char *name, *base;
	char dir[4096];
	struct ystats y;
	cJSON *o, *mems, *arr, *mem;
	struct memory *memv = NULL;
	size_t nmem, i = 0;
	long long bits = 0;
	double sram = 0.0;

	if (!(name = str_field(mod, "name", path, "a module", err)) ||
	    !(base = str_field(mod, "base", path, name, err)))
		return -1;
	o = cJSON_CreateObject();
	cJSON_AddItemToArray(out, o);
	cJSON_AddStringToObject(o, "base", base);
	cJSON_AddStringToObject(o, "name", name);
	/* the manifest's memories checked before the netlist is read: a bad
	 * manifest is named as such even without a synthesis */
	nmem = (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(mod, "memories"));
	if (nmem && !(memv = calloc(nmem, sizeof *memv)))
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	cJSON_ArrayForEach(mem, cJSON_GetObjectItemCaseSensitive(mod, "memories")) {
		if (read_memory(mem, path, name, memv, i, &memv[i], err)) {
			free(memv);
			return -1;
		}
		i++;
	}
	snprintf(dir, sizeof dir, "%s/%s", synth_dir, name);
	if (ystats_load(dir, &y, err)) {
		free(memv);
		return -1;
	}
	mems = cJSON_CreateObject();
	for (i = 0; i < nmem; i++) {
		long own = memv[i].m.instances - boxed_instances(memv[i].name, mod, all, &y);

		if (own > 0)
			charge_memory(&memv[i], own, mems, &bits, &sram);
	}
	free(memv);
	if (y.latches > 0 || y.cells == 0 || check_macros(&y, mems, path, dir, name, err)) {
		if (y.latches > 0)
			gpurf_fail(err, GPURF_ERR_INPUT, "%s/generic.json: %s has %ld latch cells;"
				   " the RTL must not infer latches", dir, name, y.latches);
		else if (y.cells == 0)
			gpurf_fail(err, GPURF_ERR_INPUT, "%s/liberty.json: %s synthesized to zero logic"
				   " cells (design optimized away?)", dir, name);
		ystats_free(&y);
		cJSON_Delete(mems);
		return -1;
	}

	add_figures(o, bits, sram, y.ffs, y.cells, y.area_um2, y.transistors,
		    y.transistors_exact, y.depth, y.seconds);
	arr = cJSON_AddArrayToObject(o, "memories");
	while (mems->child) {
		cJSON *m = cJSON_DetachItemViaPointer(mems, mems->child);
		cJSON_AddItemToArray(arr, m);
	}
	cJSON_Delete(mems);

	t->sram_bits += bits;
	t->sram_area += sram;
	t->ffs += y.ffs;
	t->cells += y.cells;
	t->logic_area += y.area_um2;
	t->transistors += y.transistors;
	t->exact = t->exact && y.transistors_exact;
	if (y.depth > t->depth)
		t->depth = y.depth;
	if (y.seconds >= 0 && t->seconds >= 0)
		t->seconds += y.seconds;
	else
		t->seconds = -1;
	ystats_free(&y);
	return 0;
}

static void add_model(cJSON *doc)
{
	const struct sram_tech *k = sram_tech();
	cJSON *o = cJSON_AddObjectToObject(doc, "sram_model");

	cJSON_AddNumberToObject(o, "feature_um", k->feature_um);
	cJSON_AddNumberToObject(o, "cell_f2", k->cell_f2);
	cJSON_AddNumberToObject(o, "cell_aspect", k->cell_aspect);
	cJSON_AddNumberToObject(o, "wire_pitch_f", k->wire_pitch_f);
	cJSON_AddNumberToObject(o, "row_strip_f", k->row_strip_f);
	cJSON_AddNumberToObject(o, "col_strip_f", k->col_strip_f);
	cJSON_AddNumberToObject(o, "ctrl_f2", k->ctrl_f2);
}

static int report(const char *path, const char *synth_dir, const char *liberty,
		  struct gpurf_err *err)
{
	cJSON *man = load_manifest(path, err), *doc, *mods, *mod, *all;
	const cJSON *cfg;
	struct totals t = {0};
	int rc = 0;

	if (!man)
		return -1;
	t.exact = 1;
	doc = cJSON_CreateObject();
	cfg = cJSON_GetObjectItemCaseSensitive(man, "config");
	cJSON_AddStringToObject(doc, "config", cJSON_IsString(cfg) ? cfg->valuestring : "");
	cJSON_AddStringToObject(doc, "liberty", liberty);
	add_model(doc);
	mods = cJSON_AddArrayToObject(doc, "modules");
	all = cJSON_GetObjectItemCaseSensitive(man, "modules");
	cJSON_ArrayForEach(mod, all) {
		if ((rc = do_module(mod, all, path, synth_dir, mods, &t, err)))
			break;
	}
	if (!rc && cJSON_GetArraySize(mods) == 0)
		rc = gpurf_fail(err, GPURF_ERR_INPUT, "%s: \"modules\" is empty", path);
	if (!rc) {
		add_figures(cJSON_AddObjectToObject(doc, "total"), t.sram_bits, t.sram_area, t.ffs,
			    t.cells, t.logic_area, t.transistors, t.exact, t.depth, t.seconds);
		rc = area_top_add(doc, mods, man, synth_dir, err);
	}
	if (!rc)
		rc = area_report_write(doc, synth_dir, err);
	cJSON_Delete(doc);
	cJSON_Delete(man);
	return rc;
}

static int list(const char *path, struct gpurf_err *err)
{
	cJSON *man = load_manifest(path, err), *mod;

	if (!man)
		return -1;
	cJSON_ArrayForEach(mod, cJSON_GetObjectItemCaseSensitive(man, "modules")) {
		const char *name = str_field(mod, "name", path, "a module", err), *p;
		if (!name)
			break;
		for (p = name; *p; p++) {
			if (!(*p == '_' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
			      (*p >= 'A' && *p <= 'Z'))) {
				gpurf_fail(err, GPURF_ERR_INPUT, "%s: module name \"%s\" is not a"
					   " Verilog identifier", path, name);
				break;
			}
		}
		if (*p)
			break;
		printf("%s\n", name);
	}
	cJSON_Delete(man);
	return err->kind == GPURF_ERR_NONE ? 0 : -1;
}

int main(int argc, char **argv)
{
	const char *manifest = NULL, *synth = NULL, *liberty = "", *listing = NULL;
	struct gpurf_err err = {0};
	int i, rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	for (i = 1; i < argc; i++) {
		const char **slot = strcmp(argv[i], "--manifest") == 0 ? &manifest :
				    strcmp(argv[i], "--synth") == 0 ? &synth :
				    strcmp(argv[i], "--liberty") == 0 ? &liberty :
				    strcmp(argv[i], "--list") == 0 ? &listing : NULL;
		if (!slot)
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
		if (i + 1 == argc)
			return cli_usage_error(&tool, "%s needs a value", argv[i]);
		*slot = argv[++i];
	}
	if (listing && !manifest && !synth)
		rc = list(listing, &err);
	else if (!listing && manifest && synth)
		rc = report(manifest, synth, liberty, &err);
	else
		return usage("give --list, or --manifest and --synth");
	if (rc) {
		fprintf(stderr, "gpurf-area: %s\n", err.msg);
		return err.kind == GPURF_ERR_INPUT ? 2 : 1;
	}
	return 0;
}
