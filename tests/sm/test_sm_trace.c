/* test_sm_trace.c: the Accel-Sim trace reader and trace-driven mode.
 *
 * 1. The two version-4 traces of ../shared/realdata (the other formats:
 *    test_sm_trace_formats.c) load with
 *    the instruction counts their README states, and run; the vector add's
 *    thread-instruction count equals Accel-Sim's own gpu_sim_insn (10516).
 * 2. The same trace relabelled as version 3, and with line numbers
 *    (enable lineinfo = 1), read the same.
 * 3. Hand-made malformed traces get their message with file and line.
 * 4. Fuzz: 400 seeded mutations of a real trace (lines cut, fields dropped,
 *    duplicated or replaced by garbage, file truncated) must each load or
 *    fail with a message; a crash fails the test (run it under ASan too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cfg.h"
#include "check.h"
#include "rng.h"
#include "sm_run.h"
#include "sm_trace.h"

static CHECK_STATE;

#define REAL "../shared/realdata"
#define VADD REAL "/03_accelsim_v4_vectoradd_sm61"
#define MMUL REAL "/02_accelsim_v4_matrixmul_sm61"
#define TMP "build/sm-trace-test"

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)len + 1);
	if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	*n = (size_t)len;
	return buf;
}

static void write_trace(const char *dir, const char *text, size_t n)
{
	char p[512];
	FILE *f;

	mkdir(TMP, 0777);
	mkdir(dir, 0777);
	snprintf(p, sizeof p, "%s/kernelslist.g", dir);
	f = fopen(p, "w");
	fputs("MemcpyHtoD,0x00007f2b2d500000,400\nkernel-1.traceg\n", f);
	fclose(f);
	snprintf(p, sizeof p, "%s/kernel-1.traceg", dir);
	f = fopen(p, "w");
	fwrite(text, 1, n, f);
	fclose(f);
}

static int load(const char *dir, struct sm_trace *t, struct gpurf_err *err)
{
	memset(err, 0, sizeof *err);
	return sm_trace_load(t, dir, 0, err);
}

static void expect_error(const char *name, const char *text, const char *want)
{
	char dir[256];
	struct sm_trace t;
	struct gpurf_err err;

	snprintf(dir, sizeof dir, TMP "/%s", name);
	write_trace(dir, text, strlen(text));
	CHECK_EQ(load(dir, &t, &err), -1);
	if (!strstr(err.msg, want)) {
		fprintf(stderr, "%s: message '%s' lacks '%s'\n", name, err.msg, want);
		CHECK(0);
	}
}

#define HDR "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 4\n" \
	    "-accelsim tracer version = 4\n"

/* Replaces every "needle" by "with" (returns a new string). */
static char *replace(const char *s, const char *needle, const char *with)
{
	size_t n = strlen(s), ln = strlen(needle), lw = strlen(with), cnt = 0;
	const char *p;
	char *out, *o;

	for (p = s; (p = strstr(p, needle)); p += ln)
		cnt++;
	out = malloc(n + cnt * (lw + 1) + 1);
	for (o = out, p = s;;) {
		const char *q = strstr(p, needle);

		if (!q) {
			strcpy(o, p);
			break;
		}
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		memcpy(o, with, lw);
		o += lw;
		p = q + ln;
	}
	return out;
}

static void fuzz(const char *text, size_t n, const struct gpurf_cfg *cfg)
{
	char *buf = malloc(n + 64);
	struct rng rng;
	unsigned ok = 0, bad = 0;

	rng.s = 8;
	for (int i = 0; i < 400; i++) {
		size_t len = n;
		struct sm_trace t;
		struct gpurf_err err;
		unsigned edits = 1 + rng_below(&rng, 4);

		memcpy(buf, text, n);
		for (unsigned e = 0; e < edits && len > 2; e++) {
			size_t at = rng_below(&rng, (uint32_t)len);
			static const char *const garbage[] = {"R999", "-", "zz", "4294967296", "#END_TB",
							     "warp = 70", "0x", " ", "\n", "insts = 99999"};

			switch (rng_below(&rng, 4)) {
			case 0:	/* truncate */
				len = at;
				break;
			case 1: {	/* drop a span */
				size_t span = 1 + rng_below(&rng, 12);

				if (at + span > len)
					span = len - at;
				memmove(buf + at, buf + at + span, len - at - span);
				len -= span;
				break;
			}
			case 2: {	/* overwrite with garbage */
				const char *g = garbage[rng_below(&rng, 10)];
				size_t gl = strlen(g);

				if (at + gl <= len)
					memcpy(buf + at, g, gl);
				break;
			}
			default:	/* flip a digit */
				if (buf[at] >= '0' && buf[at] <= '9')
					buf[at] = (char)('0' + rng_below(&rng, 10));
				else
					buf[at] = 'f';
				break;
			}
		}
		write_trace(TMP "/fuzz", buf, len);
		if (load(TMP "/fuzz", &t, &err) == 0) {
			struct sm_result res;

			sm_trace_free(&t);
			ok++;
			if (sm_run_trace(cfg, TMP "/fuzz", NULL, &res, &err) != 0)
				CHECK(strstr(err.msg, ":") != NULL);
			sm_result_free(&res);
		} else {
			bad++;
			CHECK(strstr(err.msg, "kernel-1.traceg:") != NULL || strstr(err.msg, "kernelslist") != NULL);
		}
	}
	printf("fuzz: %u mutated traces loaded, %u rejected with a message\n", ok, bad);
	free(buf);
}

int main(void)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct sm_trace t;
	struct sm_result res;
	size_t n;
	char *text, *v3, *li;

	text = slurp(VADD "/kernel-1.traceg", &n);
	if (!text) {
		printf("no real traces at %s: skipped\n", REAL);
		return 77;
	}
	if (cfg_load(&cfg, "configs/baseline_gtx980.ini", &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	/* 1. real traces */
	CHECK_EQ(load(VADD, &t, &err), 0);
	CHECK_EQ(t.ninsts, 344);
	CHECK_EQ(t.nctas, 1);
	CHECK_EQ(t.nwarps, 32);
	CHECK_EQ(t.block[0], 1024);
	CHECK_EQ(t.version, 4);
	sm_trace_free(&t);
	CHECK_EQ(load(MMUL, &t, &err), 0);
	CHECK_EQ(t.ninsts, 4416);
	CHECK_EQ(t.shmem, 8192);
	CHECK_EQ(t.nregs, 30);
	sm_trace_free(&t);
	CHECK_EQ(sm_run_trace(&cfg, VADD, NULL, &res, &err), 0);
	CHECK_EQ(res.total.warp_insts, 344);
	CHECK_EQ(res.total.thread_insts, 10516);
	CHECK_EQ(res.nkernels, 1);
	sm_result_free(&res);
	CHECK_EQ(sm_run_trace(&cfg, MMUL, NULL, &res, &err), 0);
	CHECK_EQ(res.total.warp_insts, 4416);
	CHECK_EQ(res.total.issued_by_class[SM_CLS_BAR], 64);
	sm_result_free(&res);

	/* 2. version 3, line numbers */
	v3 = replace(text, "-accelsim tracer version = 4", "-accelsim tracer version = 3");
	write_trace(TMP "/v3", v3, strlen(v3));
	CHECK_EQ(load(TMP "/v3", &t, &err), 0);
	CHECK_EQ(t.version, 3);
	CHECK_EQ(t.ninsts, 344);
	sm_trace_free(&t);
	li = replace(text, "\n0", "\n7 0");
	{
		char *li2 = replace(li, "-enable lineinfo = 0", "-enable lineinfo = 1");

		write_trace(TMP "/lineinfo", li2, strlen(li2));
		CHECK_EQ(load(TMP "/lineinfo", &t, &err), 0);
		CHECK_EQ(t.ninsts, 344);
		sm_trace_free(&t);
		free(li2);
	}

	/* 3. malformed */
	expect_error("version6", "-accelsim tracer version = 6\n", "kernel-1.traceg:1: tracer version not supported (allowed: 1.x and 2.x");
	expect_error("version3.1", "-accelsim tracer version = 3.1\n", "kernel-1.traceg:1: tracer version not supported");
	expect_error("opcode", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 ffffffff 0 WHATEVER 0 0\n#END_TB\n",
		     "kernel-1.traceg:11: unknown SASS opcode");
	expect_error("noend", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 ffffffff 0 NOP 0 0\n",
		     "no #END_TB");
	expect_error("count", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0008 ffffffff 0 NOP 0 0\n#END_TB\n",
		     "kernel-1.traceg:12: the thread block ends before its warp's 'insts' count");
	expect_error("badreg", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 ffffffff 1 R1x MOV 0 0\n#END_TB\n",
		     "kernel-1.traceg:11: expected a register name");
	expect_error("addrs", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 0000000f 1 R1 LDG.E 1 R2 4 0 0x10 0x14\n#END_TB\n",
		     "format 0 needs one address per active lane");
	expect_error("wide", HDR "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0008 1ffffffff 0 NOP 0 0\n#END_TB\n",
		     "wider than 32 lanes");
	expect_error("empty", "", "no thread block in the trace");

	/* 4. fuzz */
	fuzz(text, n, &cfg);
	free(text);
	free(v3);
	free(li);
	return CHECK_DONE();
}
