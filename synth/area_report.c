/* area_report.c: area.json and area.md from gpurf-area's report document.
 *
 * The document (built in area_main.c) is
 *   { config, liberty, sram_model{...},
 *     modules[ {base, name, sram_bits, sram_area_um2, ffs, logic_cells,
 *               logic_area_um2, transistors, transistors_exact, logic_depth,
 *               total_area_um2, synth_seconds, memories[...]} ],
 *     total{ same keys but base/name/memories },
 *     top{ name, base, modules[{name, instances}], outside_top[names], sram_bits,
 *          sram_area_um2, logic_area_um2, total_area_um2, register_file_um2,
 *          scheme_um2 } (area_top.c; absent without exactly one top) }
 * area.json is that document; area.md renders it as two tables. */
#include "area_report.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

static double num(const cJSON *o, const char *key)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(n) ? n->valuedouble : 0.0;
}

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(s) ? s->valuestring : "";
}

/* One row of the summary table. */
static void md_row(FILE *f, const char *label, const cJSON *r)
{
	double secs = num(r, "synth_seconds");

	fprintf(f, "| %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f%s | %.0f | %.0f | ",
		label, num(r, "sram_bits"), num(r, "sram_area_um2"), num(r, "ffs"),
		num(r, "logic_cells"), num(r, "logic_area_um2"), num(r, "transistors"),
		cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "transistors_exact")) ? "" : "+",
		num(r, "logic_depth"), num(r, "total_area_um2"));
	if (secs >= 0)
		fprintf(f, "%.0f |\n", secs);
	else
		fprintf(f, "- |\n");
}

/* The top as a hierarchy (area_top.c): what the schemes table charges. */
static void write_top_md(FILE *f, const cJSON *top)
{
	const cJSON *m;

	if (!top)
		return;
	fprintf(f, "\n## The top `%s` as a hierarchy\n\n", str(top, "name"));
	fprintf(f, "Every row it instantiates, by instance count:");
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(top, "modules"))
		fprintf(f, " `%s` x %.0f;", str(m, "name"), num(m, "instances"));
	fprintf(f, "\nrows outside the top (not charged):");
	if (!cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(top, "outside_top")))
		fprintf(f, " none");
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(top, "outside_top"))
		fprintf(f, " `%s`", cJSON_IsString(m) ? m->valuestring : "");
	fprintf(f, ".\n\n| SRAM bits | SRAM area | logic area | total area | banked register file"
		   " | the rest (scheme's own) |\n|---:|---:|---:|---:|---:|---:|\n");
	fprintf(f, "| %.0f | %.0f | %.0f | %.0f | %.0f | %.0f |\n", num(top, "sram_bits"),
		num(top, "sram_area_um2"), num(top, "logic_area_um2"), num(top, "total_area_um2"),
		num(top, "register_file_um2"), num(top, "scheme_um2"));
}

static void write_md(FILE *f, const cJSON *doc)
{
	const cJSON *mods = cJSON_GetObjectItemCaseSensitive(doc, "modules");
	const cJSON *total = cJSON_GetObjectItemCaseSensitive(doc, "total");
	const cJSON *m, *mem;
	char label[512];

	fprintf(f, "# Area: %s\n\n", str(doc, "config"));
	fprintf(f, "Written by gpurf-area (`make synth`); columns and the SRAM model: docs/synth.md.\n"
		   "Logic: Yosys with liberty `%s`. Areas in um^2.\n\n", str(doc, "liberty"));
	fprintf(f, "| module | SRAM bits | SRAM area | FFs | cells | logic area | transistors"
		   " | depth | total area | synth s |\n");
	fprintf(f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	cJSON_ArrayForEach(m, mods) {
		snprintf(label, sizeof label, "`%s`", str(m, "name"));
		md_row(f, label, m);
	}
	md_row(f, "**total**", total);
	write_top_md(f, cJSON_GetObjectItemCaseSensitive(doc, "top"));

	fprintf(f, "\n## SRAM macros\n\n");
	fprintf(f, "| module | macro | instances | rows x width | ports (r+w+rw) | port factor"
		   " | array | periphery | area |\n");
	fprintf(f, "|---|---|---:|---|---|---:|---:|---:|---:|\n");
	cJSON_ArrayForEach(m, mods) {
		cJSON_ArrayForEach(mem, cJSON_GetObjectItemCaseSensitive(m, "memories")) {
			fprintf(f, "| `%s` | `%s` | %.0f | %.0f x %.0f | %.0f (%.0f+%.0f+%.0f) | %.3f | %.0f | %.0f | %.0f |\n",
				str(m, "base"), str(mem, "module"), num(mem, "instances"),
				num(mem, "rows"), num(mem, "width"), num(mem, "ports"),
				num(mem, "read_ports"), num(mem, "write_ports"), num(mem, "rw_ports"),
				num(mem, "port_factor"),
				num(mem, "array_um2"), num(mem, "periphery_um2"), num(mem, "area_um2"));
		}
	}
}

/* Writes dir/name through dir/name.tmp; body is the JSON text or NULL for
 * the Markdown rendering of doc. */
static int write_file(const char *dir, const char *name, const char *body,
		      const cJSON *doc, struct gpurf_err *err)
{
	char path[4096], tmp[4200];
	FILE *f;
	int bad;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return gpurf_fail(err, GPURF_ERR_IO, "%s: %s", tmp, strerror(errno));
	if (body)
		fprintf(f, "%s\n", body);
	else
		write_md(f, doc);
	bad = ferror(f);
	if (fclose(f) || bad) {
		remove(tmp);
		return gpurf_fail(err, GPURF_ERR_IO, "%s: write failed", tmp);
	}
	if (rename(tmp, path)) {
		remove(tmp);
		return gpurf_fail(err, GPURF_ERR_IO, "%s: %s", path, strerror(errno));
	}
	return 0;
}

int area_report_write(const cJSON *doc, const char *dir, struct gpurf_err *err)
{
	char *json = cJSON_Print(doc);
	int rc;

	if (!json)
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory printing the report");
	rc = write_file(dir, "area.json", json, doc, err);
	cJSON_free(json);
	if (rc)
		return rc;
	return write_file(dir, "area.md", NULL, doc, err);
}
