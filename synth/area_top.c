/* area_top.c: the "top" object of area.json: what the configuration's top
 * costs as a hierarchy, and how much of it is the banked register file.
 *
 * Why: the report's "total" sums every manifest row once, but a manifest
 * may hold a module the top does not instantiate (regvirt's generic
 * rf_banked, beside the physical file regvirt_top builds inside itself), and
 * a top may instantiate a row more than once.  synth-all synthesizes each
 * row with the other rows as black boxes, so the instance counts come from
 * the rows' generic netlists (generic.json, `stat -top`), and the area of a
 * register file built inside a row from that row's per-module statistics
 * (generic.json's modules, liberty.txt's "Chip area for module" lines). */
#include "area_top.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"

#define MAX_ROWS 64
#define MAX_DEPTH 32		/* module nesting a generated top never reaches */
#define RF_BASE "rf_banked"

/* One row's synthesis results kept for the walk. */
struct row {
	const char *name, *base;
	const cJSON *fig;	/* the report row (area_main.c) */
	cJSON *generic;		/* generic.json, parsed */
	char *liberty;		/* liberty.txt */
	double count;		/* instances in the top's hierarchy */
};

/* name without Yosys's leading backslash of a public identifier */
static const char *plain(const char *name)
{
	return name[0] == '\\' ? name + 1 : name;
}

static double num(const cJSON *o, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(n) ? n->valuedouble : 0.0;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);

	return n >= k && strcmp(s + n - k, tail) == 0;
}

/* Instances of cell type `type` in the cells-by-type object o (names
 * compared without the leading backslash). */
static double cells_of(const cJSON *by_type, const char *type)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, by_type)
		if (cJSON_IsNumber(c) && strcmp(plain(c->string), type) == 0)
			return c->valuedouble;
	return 0.0;
}

/* The whole netlist's cells by type (stat -top's "design"). */
static const cJSON *design_cells(const struct row *r)
{
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(r->generic, "design");

	if (!d)	/* SYNTH_FLAT=1: one module, no "design" summary */
		d = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(r->generic, "modules"), 0);
	return cJSON_GetObjectItemCaseSensitive(d, "num_cells_by_type");
}

/* Module `name` of a row's generic netlist, or NULL. */
static const cJSON *netlist_module(const struct row *r, const char *name)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(r->generic, "modules"))
		if (strcmp(plain(m->string), name) == 0)
			return m;
	return NULL;
}

/* Liberty area of module `name` alone (its own cells), from liberty.txt. */
static double own_area(const struct row *r, const char *name)
{
	static const char key[] = "Chip area for module '";
	size_t n = strlen(name);

	for (const char *p = strstr(r->liberty, key); p; p = strstr(p + 1, key)) {
		const char *q = plain(p + sizeof key - 1);

		if (strncmp(q, name, n) == 0 && strncmp(q + n, "': ", 3) == 0)
			return strtod(q + n + 3, NULL);
	}
	return 0.0;	/* a module of submodule instances only has no line */
}

/* SRAM area per instance of macro `macro`, from the row's charged memories. */
static double macro_area(const struct row *r, const char *macro)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(r->fig, "memories")) {
		const cJSON *mn = cJSON_GetObjectItemCaseSensitive(m, "module");

		if (cJSON_IsString(mn) && strcmp(mn->valuestring, macro) == 0 && num(m, "instances") > 0)
			return num(m, "area_um2") / num(m, "instances");
	}
	return 0.0;
}

/* Area of module `name` of row r with everything under it: logic from
 * liberty.txt, SRAM macros by the area model's charge. */
static double subtree(const struct row *r, const char *name, int depth)
{
	const cJSON *m = netlist_module(r, name), *c;
	double a = own_area(r, name);

	if (!m || depth > MAX_DEPTH)
		return a;
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(m, "num_cells_by_type")) {
		const char *t = plain(c->string);

		if (!cJSON_IsNumber(c))
			continue;
		if (strncmp(t, "gpurf_sram_", 11) == 0)
			a += c->valuedouble * macro_area(r, t);
		else if (netlist_module(r, t))
			a += c->valuedouble * subtree(r, t, depth + 1);
	}
	return a;
}

/* Area of the banked register files synthesized inside row r (not manifest
 * rows: those are black boxes there), by instance count under module
 * `name` (scale: that module's instances). */
static double inner_rf(const struct row *r, const char *name, double scale, int depth)
{
	const cJSON *m = netlist_module(r, name), *c;
	double a = 0.0;

	if (!m || depth > MAX_DEPTH)
		return 0.0;
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(m, "num_cells_by_type")) {
		const char *t = plain(c->string);

		if (!cJSON_IsNumber(c) || !netlist_module(r, t))
			continue;
		if (strncmp(t, RF_BASE "_", sizeof RF_BASE) == 0)
			a += scale * c->valuedouble * subtree(r, t, depth + 1);
		else
			a += inner_rf(r, t, scale * c->valuedouble, depth + 1);
	}
	return a;
}

static int load_row(struct row *r, const char *synth_dir, struct gpurf_err *err)
{
	char path[4096];
	char *text;

	snprintf(path, sizeof path, "%s/%s/generic.json", synth_dir, r->name);
	if (!(text = read_file(path, NULL, err)))
		return -1;
	r->generic = cJSON_Parse(text);
	free(text);
	if (!r->generic)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: not valid JSON", path);
	snprintf(path, sizeof path, "%s/%s/liberty.txt", synth_dir, r->name);
	return (r->liberty = read_file(path, NULL, err)) ? 0 : -1;
}

static void write_top(cJSON *doc, const struct row *rows, size_t n, size_t top)
{
	cJSON *o = cJSON_AddObjectToObject(doc, "top"), *in, *out;
	double bits = 0, sram = 0, logic = 0, rf = 0;

	cJSON_AddStringToObject(o, "name", rows[top].name);
	cJSON_AddStringToObject(o, "base", rows[top].base);
	in = cJSON_AddArrayToObject(o, "modules");
	out = cJSON_AddArrayToObject(o, "outside_top");
	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows[i];
		cJSON *e;

		if (r->count <= 0) {
			cJSON_AddItemToArray(out, cJSON_CreateString(r->name));
			continue;
		}
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "name", r->name);
		cJSON_AddNumberToObject(e, "instances", r->count);
		cJSON_AddItemToArray(in, e);
		bits += r->count * num(r->fig, "sram_bits");
		sram += r->count * num(r->fig, "sram_area_um2");
		logic += r->count * num(r->fig, "logic_area_um2");
		if (strcmp(r->base, RF_BASE) == 0)
			rf += r->count * num(r->fig, "total_area_um2");
		else
			rf += inner_rf(r, r->name, r->count, 0);
	}
	cJSON_AddNumberToObject(o, "sram_bits", bits);
	cJSON_AddNumberToObject(o, "sram_area_um2", (double)(long long)(sram * 100 + 0.5) / 100);
	cJSON_AddNumberToObject(o, "logic_area_um2", (double)(long long)(logic * 100 + 0.5) / 100);
	cJSON_AddNumberToObject(o, "total_area_um2", (double)(long long)((sram + logic) * 100 + 0.5) / 100);
	cJSON_AddNumberToObject(o, "register_file_um2", (double)(long long)(rf * 100 + 0.5) / 100);
	cJSON_AddNumberToObject(o, "scheme_um2", (double)(long long)((sram + logic - rf) * 100 + 0.5) / 100);
}

int area_top_add(cJSON *doc, const cJSON *report_rows, const cJSON *manifest, const char *synth_dir,
		 struct gpurf_err *err)
{
	struct row rows[MAX_ROWS];
	const cJSON *mod = cJSON_GetObjectItemCaseSensitive(manifest, "modules"), *m;
	size_t n = 0, top = MAX_ROWS, ntops = 0;
	int rc = 0;

	memset(rows, 0, sizeof rows);
	cJSON_ArrayForEach(m, mod) {
		const cJSON *nm = cJSON_GetObjectItemCaseSensitive(m, "name");
		const cJSON *bs = cJSON_GetObjectItemCaseSensitive(m, "base");

		if (n == MAX_ROWS || !cJSON_IsString(nm) || !cJSON_IsString(bs))
			return 0;	/* area_main.c has checked the manifest; nothing to add */
		rows[n].name = nm->valuestring;
		rows[n].base = bs->valuestring;
		rows[n].fig = cJSON_GetArrayItem(report_rows, (int)n);
		if (ends_with(rows[n].base, "_top")) {
			top = n;
			ntops++;
		}
		n++;
	}
	if (ntops != 1)
		return 0;
	for (size_t i = 0; i < n && !rc; i++)
		rc = load_row(&rows[i], synth_dir, err);
	if (!rc) {
		/* instances in the top's hierarchy: a row's count is the sum over
		 * the rows that instantiate it; n passes settle any nesting */
		rows[top].count = 1;
		for (size_t pass = 0; pass < n; pass++)
			for (size_t i = 0; i < n; i++) {
				double c = 0;

				if (i == top)
					continue;
				for (size_t p = 0; p < n; p++)
					if (p != i && rows[p].count > 0)
						c += rows[p].count * cells_of(design_cells(&rows[p]), rows[i].name);
				rows[i].count = c;
			}
		write_top(doc, rows, n, top);
	}
	for (size_t i = 0; i < n; i++) {
		cJSON_Delete(rows[i].generic);
		free(rows[i].liberty);
	}
	return rc;
}
