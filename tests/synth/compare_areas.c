/* compare_areas.c: two area.json files (gpurf-area) of the same design,
 * synthesized flat and hierarchically, agree within a tolerance.
 *
 *   compare_areas FLAT.json HIER.json PERCENT
 * compares the totals' logic area, logic cells, transistors and flops and
 * requires the same SRAM area; prints each figure and its difference.
 * Exit 0 when all agree, 1 when one does not, 2 on bad input. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static cJSON *load_total(const char *path, cJSON **root)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;
	cJSON *t;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(text = calloc(1, (size_t)n + 1)) || fread(text, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "compare_areas: %s: cannot read\n", path);
		exit(2);
	}
	fclose(f);
	*root = cJSON_Parse(text);
	free(text);
	t = cJSON_GetObjectItemCaseSensitive(*root, "total");
	if (!cJSON_IsObject(t)) {
		fprintf(stderr, "compare_areas: %s: no \"total\" (not an area.json?)\n", path);
		exit(2);
	}
	return t;
}

int main(int argc, char **argv)
{
	static const char *const keys[] = {"logic_area_um2", "logic_cells", "transistors", "ffs",
					   "sram_area_um2"};
	cJSON *ra, *rb, *a, *b;
	double tol;
	int bad = 0;

	if (argc != 4 || (tol = atof(argv[3])) <= 0) {
		fprintf(stderr, "usage: compare_areas FLAT.json HIER.json PERCENT\n");
		return 2;
	}
	a = load_total(argv[1], &ra);
	b = load_total(argv[2], &rb);
	for (unsigned k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		const cJSON *x = cJSON_GetObjectItemCaseSensitive(a, keys[k]);
		const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, keys[k]);
		double d, lim;

		if (!cJSON_IsNumber(x) || !cJSON_IsNumber(y) || x->valuedouble <= 0) {
			fprintf(stderr, "compare_areas: total.%s missing or not positive\n", keys[k]);
			return 2;
		}
		d = 100.0 * (y->valuedouble - x->valuedouble) / x->valuedouble;
		lim = k + 1 == sizeof keys / sizeof keys[0] ? 1e-9 : tol;	/* SRAM: the same model */
		printf("%-16s flat %12.0f  hier %12.0f  %+6.2f %%%s\n", keys[k], x->valuedouble,
		       y->valuedouble, d, fabs(d) > lim ? "  TOO FAR" : "");
		bad |= fabs(d) > lim;
	}
	cJSON_Delete(ra);
	cJSON_Delete(rb);
	return bad;
}
