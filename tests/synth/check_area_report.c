/* check_area_report.c: what tests/synth/tiny-synth.sh requires of the
 * tiny_baseline area report, checked against the manifest and the generic
 * netlist's statistics (all three read with cJSON):
 *   - one report entry per manifest module, and a total that sums them
 *     (depth: the maximum);
 *   - real logic in every module: cells, area, exact transistors, depth;
 *   - total = SRAM + logic per module, flops <= cells;
 *   - rf_banked: 8192 SRAM bits charged 81509.07 um^2 (hand-computed, see
 *     tiny-synth.sh), fewer than 256 flops (the SRAM was not built from
 *     flops), and 4 bank macros still present in the generic netlist.
 * usage: check_area_report OUT_DIR   (OUT_DIR = build/test-synth/tiny_baseline) */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int cond, const char *what, const char *name)
{
	if (!cond) {
		fprintf(stderr, "FAIL: %s%s%s\n", name ? name : "", name ? ": " : "", what);
		failures++;
	}
}

static cJSON *load(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char *text;
	long n;
	cJSON *j;

	if (!fp) {
		fprintf(stderr, "FAIL: cannot read %s\n", path);
		exit(1);
	}
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, fp) != (size_t)n) {
		fprintf(stderr, "FAIL: cannot read %s\n", path);
		exit(1);
	}
	text[n] = '\0';
	fclose(fp);
	j = cJSON_Parse(text);
	free(text);
	if (!j) {
		fprintf(stderr, "FAIL: %s is not JSON\n", path);
		exit(1);
	}
	return j;
}

static double num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : NAN;
}

static const char *str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : "";
}

int main(int argc, char **argv)
{
	static const char *const summed[] = {"sram_bits", "sram_area_um2", "ffs", "logic_cells",
					     "logic_area_um2", "transistors", "total_area_um2"};
	char path[1024];
	cJSON *man, *rep, *gen, *m, *mods, *total;
	const cJSON *rf = NULL;
	int nrep = 0, nman = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: check_area_report OUT_DIR\n");
		return 2;
	}
	snprintf(path, sizeof path, "%s/manifest.json", argv[1]);
	man = load(path);
	snprintf(path, sizeof path, "%s/synth/area.json", argv[1]);
	rep = load(path);
	mods = cJSON_GetObjectItemCaseSensitive(rep, "modules");
	total = cJSON_GetObjectItemCaseSensitive(rep, "total");
	check(cJSON_IsArray(mods) && cJSON_IsObject(total), "area.json lacks modules or total", NULL);
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(man, "modules")) {
		const cJSON *r;
		int found = 0;

		nman++;
		cJSON_ArrayForEach(r, mods)
			found |= strcmp(str(r, "name"), str(m, "name")) == 0;
		check(found, "manifest module missing from the report", str(m, "name"));
	}
	cJSON_ArrayForEach(m, mods) {
		const char *n = str(m, "name");
		const cJSON *exact = cJSON_GetObjectItemCaseSensitive(m, "transistors_exact");

		nrep++;
		check(num(m, "logic_cells") > 0, "no logic cells", n);
		check(num(m, "logic_area_um2") > 0, "no logic area", n);
		check(num(m, "transistors") > 0 && cJSON_IsTrue(exact), "transistors not counted exactly", n);
		check(num(m, "logic_depth") > 0, "no logic depth", n);
		check(fabs(num(m, "total_area_um2") - num(m, "sram_area_um2") - num(m, "logic_area_um2")) < 0.02,
		      "total != SRAM + logic", n);
		check(num(m, "ffs") <= num(m, "logic_cells"), "more flops than cells", n);
		if (strcmp(str(m, "base"), "rf_banked") == 0)
			rf = m;
	}
	check(nrep == nman, "report and manifest list different numbers of modules", NULL);
	check(rf != NULL, "no rf_banked in the report", NULL);
	if (rf) {
		check(num(rf, "sram_bits") == 8192, "SRAM bits, want 8192 (size_bytes = 1024)", "rf_banked");
		check(fabs(num(rf, "sram_area_um2") - 81509.07) < 0.01, "SRAM area, want 81509.07 um^2", "rf_banked");
		check(num(rf, "ffs") > 0 && num(rf, "ffs") < 256, "flop count: SRAM bits synthesized as flops?",
		      "rf_banked");
		snprintf(path, sizeof path, "%s/synth/%s/generic.json", argv[1], str(rf, "name"));
		gen = load(path);
		check(num(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(gen, "design"),
							   "num_cells_by_type"),
			  "gpurf_sram_r16_w128_m4_1rw") == 4,
		      "generic netlist lacks its 4 bank macros", "rf_banked");
		cJSON_Delete(gen);
	}
	for (size_t k = 0; k < sizeof summed / sizeof summed[0]; k++) {
		double sum = 0;

		cJSON_ArrayForEach(m, mods)
			sum += num(m, summed[k]);
		check(fabs(num(total, summed[k]) - sum) < 0.05, summed[k], "total is not the sum");
	}
	{
		double depth = 0;

		cJSON_ArrayForEach(m, mods)
			depth = fmax(depth, num(m, "logic_depth"));
		check(num(total, "logic_depth") == depth, "total depth is not the maximum", NULL);
	}
	if (!failures)
		printf("ok: %d modules, %.0f cells, %.0f um^2 logic, %.0f um^2 SRAM\n", nrep,
		       num(total, "logic_cells"), num(total, "logic_area_um2"), num(total, "sram_area_um2"));
	cJSON_Delete(man);
	cJSON_Delete(rep);
	return failures ? 1 : 0;
}
