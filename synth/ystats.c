/* ystats.c: reading back one module's Yosys measurements (see ystats.h).
 *
 * Yosys 0.23 writes `stat -json` with a "design" object (num_cells,
 * num_cells_by_type, estimated_num_transistors as a string that ends in '+'
 * when a cell had no transistor count), `ltp` as text with "(length=N)", and
 * the liberty area only in the text form of `stat` ("Chip area for module
 * '\name': A"). */
#include "ystats.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole of dir/name as a string; NULL with err filled. */
static char *slurp(const char *dir, const char *name, struct gpurf_err *err)
{
	char path[4096];
	FILE *f;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: %s (run synth/run-synth first)", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap ? cap * 2 : 8192);
			if (!nb) {
				free(buf);
				fclose(f);
				gpurf_fail(err, GPURF_ERR_IO, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
			cap = cap ? cap * 2 : 8192;
		}
		n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		gpurf_fail(err, GPURF_ERR_IO, "%s: read error", path);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* The "design" object of a `stat -json` file; NULL with err filled.
 * *root receives the parsed document (the caller frees it). */
static cJSON *stat_design(const char *dir, const char *name, cJSON **root, struct gpurf_err *err)
{
	char *text = slurp(dir, name, err);
	cJSON *d;

	*root = NULL;
	if (!text)
		return NULL;
	*root = cJSON_Parse(text);
	free(text);
	d = cJSON_GetObjectItemCaseSensitive(*root, "design");
	if (!d) {
		/* a stat of a selection has no "design" summary, only "modules":
		 * after flattening there is exactly one */
		cJSON *mods = cJSON_GetObjectItemCaseSensitive(*root, "modules");
		if (cJSON_GetArraySize(mods) == 1)
			d = mods->child;
	}
	if (!cJSON_IsObject(d) || !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(d, "num_cells"))) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s/%s: not a Yosys `stat -json` report of one"
			   " flattened module (no design.num_cells)", dir, name);
		return NULL;
	}
	return d;
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Fine-grained cell types after `synth`: every flop type starts with one of
 * these ($_DFF_*, $_DFFE_*, $_DFFSR_*, $_DFFSRE_*, $_SDFF*_, $_ALDFF*_). */
static int is_ff(const char *t)
{
	return starts(t, "$_DFF") || starts(t, "$_SDFF") || starts(t, "$_ALDFF");
}

static int is_latch(const char *t)
{
	return starts(t, "$_DLATCH") || starts(t, "$_SR_") || strcmp(t, "$dlatch") == 0 ||
	       strcmp(t, "$adlatch") == 0 || strcmp(t, "$dlatchsr") == 0 || strcmp(t, "$sr") == 0;
}

static int load_generic(const char *dir, struct ystats *s, struct gpurf_err *err)
{
	cJSON *root, *d = stat_design(dir, "generic.json", &root, err);
	cJSON *by_type, *c;

	if (!d) {
		cJSON_Delete(root);
		return -1;
	}
	by_type = cJSON_GetObjectItemCaseSensitive(d, "num_cells_by_type");
	cJSON_ArrayForEach(c, by_type) {
		if (!cJSON_IsNumber(c))
			continue;
		if (is_ff(c->string))
			s->ffs += (long)c->valuedouble;
		if (is_latch(c->string))
			s->latches += (long)c->valuedouble;
	}
	s->generic = root;
	s->cells_by_type = by_type;
	return 0;
}

static int load_cmos(const char *dir, struct ystats *s, struct gpurf_err *err)
{
	cJSON *root, *d = stat_design(dir, "cmos.json", &root, err);
	cJSON *t;
	int rc = -1;

	if (!d)
		goto out;
	t = cJSON_GetObjectItemCaseSensitive(d, "estimated_num_transistors");
	if (cJSON_IsNumber(t)) {
		s->transistors = (long long)t->valuedouble;
		s->transistors_exact = 1;
		rc = 0;
	} else if (cJSON_IsString(t)) {
		char *end;
		errno = 0;
		s->transistors = strtoll(t->valuestring, &end, 10);
		if (end != t->valuestring && errno == 0 && (*end == '\0' || strcmp(end, "+") == 0)) {
			s->transistors_exact = *end == '\0';
			rc = 0;
		}
	}
	if (rc)
		gpurf_fail(err, GPURF_ERR_INPUT, "%s/cmos.json: no estimated_num_transistors"
			   " (was it written by `stat -tech cmos -json`?)", dir);
out:
	cJSON_Delete(root);
	return rc;
}

static int load_liberty(const char *dir, struct ystats *s, struct gpurf_err *err)
{
	cJSON *root, *d = stat_design(dir, "liberty.json", &root, err);
	char *text, *p, *last = NULL;

	if (!d) {
		cJSON_Delete(root);
		return -1;
	}
	s->cells = (long)cJSON_GetObjectItemCaseSensitive(d, "num_cells")->valuedouble;
	cJSON_Delete(root);

	text = slurp(dir, "liberty.txt", err);
	if (!text)
		return -1;
	/* Hierarchical (stat -top): the top's total, its submodules counted
	 * by instances; flat: the one module's line. */
	last = strstr(text, "Chip area for top module");
	if (!last)
		for (p = strstr(text, "Chip area for module"); p; p = strstr(p + 1, "Chip area for module"))
			last = p;
	if (!last || !(p = strstr(last, "': ")) || sscanf(p + 3, "%lf", &s->area_um2) != 1) {
		free(text);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s/liberty.txt: no \"Chip area for module\" line"
				  " (was it written by `stat -liberty`?)", dir);
	}
	free(text);
	return 0;
}

static int load_ltp(const char *dir, struct ystats *s, struct gpurf_err *err)
{
	char *text = slurp(dir, "ltp.txt", err);
	char *p;

	if (!text)
		return -1;
	p = strstr(text, "(length=");
	if (!p || sscanf(p + 8, "%d", &s->depth) != 1 || s->depth < 0) {
		free(text);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s/ltp.txt: no non-negative \"(length=N)\""
				  " (was it written by `ltp`?)", dir);
	}
	free(text);
	return 0;
}

int ystats_load(const char *dir, struct ystats *s, struct gpurf_err *err)
{
	struct gpurf_err ignore = {0};
	char *secs;

	memset(s, 0, sizeof *s);
	s->seconds = -1;
	if (load_generic(dir, s, err) || load_cmos(dir, s, err) ||
	    load_liberty(dir, s, err) || load_ltp(dir, s, err)) {
		ystats_free(s);
		return -1;
	}
	secs = slurp(dir, "seconds.txt", &ignore);
	if (secs && sscanf(secs, "%ld", &s->seconds) != 1)
		s->seconds = -1;
	free(secs);
	return 0;
}

long ystats_cells_of_type(const struct ystats *s, const char *type)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(s->cells_by_type, type);

	return cJSON_IsNumber(n) ? (long)n->valuedouble : 0;
}

void ystats_free(struct ystats *s)
{
	cJSON_Delete(s->generic);
	s->generic = NULL;
	s->cells_by_type = NULL;
}
