/* test_sm_trace_formats.c: every trace of ../shared/realdata through the
 * reader, in every format it comes in (issue 24).
 *
 * 1. Each shared trace loads with the tracer version and instruction counts
 *    its README states (versions "1.2", none, 4 and 5), and runs.
 * 2. gzip and xz copies (written here through zlib and liblzma) read the
 *    same as the plain file; cut or corrupted copies fail with the file.
 * 3. Truncated and garbled copies of every shared trace fail with file and
 *    line, or load; never crash (run under ASan by sm/asan too). */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "cfg.h"
#include "check.h"
#include "sm_run.h"
#include "sm_trace.h"

static CHECK_STATE;

#define REAL "../shared/realdata"
#define TMP "build/sm-trace-formats"

struct shared {
	const char *dir;
	unsigned version;	/* 0: no version line; 1: "1.2" */
	unsigned kernels;
	uint64_t warp_insts;	/* all kernels (README.md) */
	unsigned nregs;		/* first kernel's header */
};

static const struct shared shared[] = {
	{"02_accelsim_v4_matrixmul_sm61", 4, 1, 4416, 30},
	{"03_accelsim_v4_vectoradd_sm61", 4, 1, 344, 8},
	{"04_accelsim_v5_backprop_mlp_sm90", 5, 33, 79040, 29},
	{"05_accelsim_v5_btree_findkey_sm90", 5, 2, 2 * 21832, 32},
	{"06_accelsim_v1.2_vecadd_f64_sm75", 1, 1, 46941, 12},
	{"07_accelsim_legacy_lud_perimeter_sm70", 0, 1, 1027, 166},
	{"08_accelsim_v5_ffma_chain_sm90/iters10", 5, 1, 1328, 24},
	{"08_accelsim_v5_ffma_chain_sm90/iters20", 5, 1, 2648, 24},
	{"08_accelsim_v5_ffma_chain_sm90/iters30", 5, 1, 3968, 24},
	{"08_accelsim_v5_ffma_chain_sm90/iters40", 5, 1, 5288, 24},
	{"09_accelsim_v5_ffma_4096x16_sm90", 5, 1, 102400, 24},
};
enum { NSHARED = sizeof shared / sizeof shared[0] };

static unsigned char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
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

static void write_dir(const char *dir, const char *name, const void *data, size_t n)
{
	char p[512];
	FILE *f;

	mkdir(TMP, 0777);
	mkdir(dir, 0777);
	snprintf(p, sizeof p, "%s/kernelslist.g", dir);
	f = fopen(p, "w");
	fprintf(f, "%s\n", name);
	fclose(f);
	snprintf(p, sizeof p, "%s/%s", dir, name);
	f = fopen(p, "wb");
	fwrite(data, 1, n, f);
	fclose(f);
}

static int load(const char *dir, struct sm_trace *t, struct gpurf_err *err)
{
	memset(err, 0, sizeof *err);
	return sm_trace_load(t, dir, 0, err);
}

/* The first kernel file of a shared trace directory. */
static unsigned char *first_kernel(const char *dir, size_t *n, char *name, size_t namesz)
{
	struct sm_trace_list l;
	struct gpurf_err err = {0};
	char p[512];

	if (sm_trace_list(dir, &l, &err))
		return NULL;
	snprintf(name, namesz, "%s", l.k[0].file);
	snprintf(p, sizeof p, "%s/%s", dir, l.k[0].file);
	sm_trace_list_free(&l);
	return slurp(p, n);
}

static void check_shared(const struct gpurf_cfg *cfg)
{
	for (unsigned i = 0; i < NSHARED; i++) {
		char dir[256];
		struct sm_trace_list l;
		struct gpurf_err err = {0};
		uint64_t insts = 0;
		struct sm_result res;

		snprintf(dir, sizeof dir, REAL "/%s", shared[i].dir);
		CHECK_EQ(sm_trace_list(dir, &l, &err), 0);
		CHECK_EQ(l.n, shared[i].kernels);
		for (unsigned k = 0; k < l.n; k++) {
			struct sm_trace t;

			if (sm_trace_load_entry(&t, dir, &l, k, &err)) {
				fprintf(stderr, "%s\n", err.msg);
				CHECK(0);
				continue;
			}
			CHECK_EQ(t.version, shared[i].version);
			if (k == 0)
				CHECK_EQ(t.nregs, shared[i].nregs);
			insts += t.ninsts;
			sm_trace_free(&t);
		}
		sm_trace_list_free(&l);
		CHECK_EQ(insts, shared[i].warp_insts);
		if (sm_run_trace(cfg, dir, NULL, &res, &err)) {
			fprintf(stderr, "%s: %s\n", shared[i].dir, err.msg);
			CHECK(0);
			continue;
		}
		CHECK_EQ(res.total.warp_insts, shared[i].warp_insts);
		CHECK(res.cycles > 0);
		printf("%-42s version %u: %llu warp instructions, %llu cycles\n", shared[i].dir, shared[i].version,
		       (unsigned long long)res.total.warp_insts, (unsigned long long)res.cycles);
		sm_result_free(&res);
	}
}

static unsigned char *gzip_bytes(const unsigned char *in, size_t n, size_t *outn)
{
	uLongf cap = compressBound((uLong)n) + 64;
	unsigned char *out = malloc(cap);
	z_stream z = {0};

	deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);	/* gzip header */
	z.next_in = (unsigned char *)in;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	CHECK_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
	*outn = z.total_out;
	deflateEnd(&z);
	return out;
}

static unsigned char *xz_bytes(const unsigned char *in, size_t n, size_t *outn)
{
	size_t cap = lzma_stream_buffer_bound(n);
	unsigned char *out = malloc(cap);

	*outn = 0;
	CHECK_EQ(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, NULL, in, n, out, outn, cap), LZMA_OK);
	return out;
}

static void same_trace(const struct sm_trace *a, const struct sm_trace *b)
{
	CHECK_EQ(a->ninsts, b->ninsts);
	CHECK_EQ(a->nsinsns, b->nsinsns);
	CHECK_EQ(a->naddrs, b->naddrs);
	CHECK_EQ(a->nctas, b->nctas);
	CHECK(!memcmp(a->insts, b->insts, a->ninsts * sizeof *a->insts));
	CHECK(a->naddrs == 0 || !memcmp(a->addrs, b->addrs, a->naddrs * sizeof *a->addrs));
}

static void expect_fail(const char *dir, const char *name, const char *want)
{
	struct sm_trace t;
	struct gpurf_err err;

	if (load(dir, &t, &err) == 0) {
		fprintf(stderr, "%s/%s: loaded, expected '%s'\n", dir, name, want);
		sm_trace_free(&t);
		CHECK(0);
		return;
	}
	if (!strstr(err.msg, name) || !strstr(err.msg, want)) {
		fprintf(stderr, "message '%s' lacks '%s' or '%s'\n", err.msg, name, want);
		CHECK(0);
	}
}

static void check_compressed(void)
{
	/* a legacy and a version-5 trace, each as gzip and as xz */
	static const char *const dirs[] = {"07_accelsim_legacy_lud_perimeter_sm70", "05_accelsim_v5_btree_findkey_sm90"};

	for (unsigned i = 0; i < 2; i++) {
		char dir[256], name[256];
		size_t n, zn, xn;
		unsigned char *text, *gz, *xz;
		struct sm_trace plain, t;
		struct gpurf_err err;

		snprintf(dir, sizeof dir, REAL "/%s", dirs[i]);
		text = first_kernel(dir, &n, name, sizeof name);
		CHECK(text != NULL);
		if (!text)
			continue;
		CHECK_EQ(load(dir, &plain, &err), 0);
		gz = gzip_bytes(text, n, &zn);
		xz = xz_bytes(text, n, &xn);
		write_dir(TMP "/gz", "kernel-1.traceg.gz", gz, zn);
		CHECK_EQ(load(TMP "/gz", &t, &err), 0);
		same_trace(&plain, &t);
		sm_trace_free(&t);
		write_dir(TMP "/xz", "kernel-1.traceg.xz", xz, xn);
		CHECK_EQ(load(TMP "/xz", &t, &err), 0);
		same_trace(&plain, &t);
		sm_trace_free(&t);
		/* cut compressed streams: the decompressor says so, naming the file */
		write_dir(TMP "/gzcut", "kernel-1.traceg.gz", gz, zn / 2);
		expect_fail(TMP "/gzcut", "kernel-1.traceg.gz:", "");
		write_dir(TMP "/xzcut", "kernel-1.traceg.xz", xz, xn / 2);
		expect_fail(TMP "/xzcut", "kernel-1.traceg.xz:", "");
		/* corrupt bytes in the middle of the stream */
		for (size_t k = zn / 3; k < zn / 3 + 16; k++)
			gz[k] ^= 0x5a;
		for (size_t k = xn / 3; k < xn / 3 + 16; k++)
			xz[k] ^= 0x5a;
		write_dir(TMP "/gzbad", "kernel-1.traceg.gz", gz, zn);
		expect_fail(TMP "/gzbad", "kernel-1.traceg.gz:", "");
		write_dir(TMP "/xzbad", "kernel-1.traceg.xz", xz, xn);
		expect_fail(TMP "/xzbad", "kernel-1.traceg.xz:", "");
		sm_trace_free(&plain);
		free(text);
		free(gz);
		free(xz);
	}
}

/* Replaces the first "needle" (returns a new string, or NULL). */
static char *replace1(const char *s, const char *needle, const char *with)
{
	const char *q = strstr(s, needle);
	char *out;

	if (!q)
		return NULL;
	out = malloc(strlen(s) + strlen(with) + 1);
	memcpy(out, s, (size_t)(q - s));
	strcpy(out + (q - s), with);
	strcat(out, q + strlen(needle));
	return out;
}

static void check_broken(void)
{
	for (unsigned i = 0; i < NSHARED; i++) {
		char dir[256], name[256], want[300];
		size_t n;
		unsigned char *text;

		snprintf(dir, sizeof dir, REAL "/%s", shared[i].dir);
		text = first_kernel(dir, &n, name, sizeof name);
		CHECK(text != NULL);
		if (!text)
			continue;
		snprintf(want, sizeof want, "%s:", name);
		/* cut in the middle of a line and at a line end, 1/3 and 2/3 in */
		for (unsigned part = 1; part <= 2; part++) {
			size_t at = n * part / 3;
			char *nl;

			write_dir(TMP "/cut", name, text, at);
			expect_fail(TMP "/cut", want, "");
			nl = memchr(text + at, '\n', n - at);
			if (nl) {
				write_dir(TMP "/cut", name, text, (size_t)(nl - (char *)text) + 1);
				expect_fail(TMP "/cut", want, "the file ends inside a thread block");
			}
		}
		/* an opcode no GPU has */
		{
			char *bad = replace1((char *)text, " EXIT ", " FROBNICATE ");

			CHECK(bad != NULL);
			if (bad) {
				write_dir(TMP "/opcode", name, bad, strlen(bad));
				expect_fail(TMP "/opcode", want, "unknown SASS opcode");
				free(bad);
			}
		}
		/* a count that is not a number */
		{
			char *bad = replace1((char *)text, "\ninsts = ", "\ninsts = x");

			write_dir(TMP "/garble", name, bad, strlen(bad));
			expect_fail(TMP "/garble", want, "expected insts = a count");
			free(bad);
		}
		/* binary garbage in place of a line */
		{
			unsigned char *bad = malloc(n);

			memcpy(bad, text, n);
			for (size_t k = n / 2; k < n / 2 + 40 && k < n; k++)
				bad[k] = (unsigned char)(k * 37u);
			bad[n / 2 + 3] = 0;
			write_dir(TMP "/binary", name, bad, n);
			expect_fail(TMP "/binary", want, "");
			free(bad);
		}
		free(text);
	}
	/* the pre-3 prefix must name the thread block and warp being read */
	{
		size_t n;
		char name[256];
		unsigned char *text = first_kernel(REAL "/07_accelsim_legacy_lud_perimeter_sm70", &n, name, sizeof name);
		char *bad = text ? replace1((char *)text, "\n0 0 0 0 0010 ", "\n0 0 0 1 0010 ") : NULL;

		CHECK(bad != NULL);
		if (bad) {
			write_dir(TMP "/prefix", name, bad, strlen(bad));
			expect_fail(TMP "/prefix", "kernel-8.traceg:", "prefix differs");
		}
		free(bad);
		free(text);
	}
	/* version 5's immediate column is checked */
	{
		size_t n;
		char name[256];
		unsigned char *text = first_kernel(REAL "/09_accelsim_v5_ffma_4096x16_sm90", &n, name, sizeof name);
		char *bad = text ? replace1((char *)text, "MOV 0 0 1077937386", "MOV 0 0 10779x37386") : NULL;

		CHECK(bad != NULL);
		if (bad) {
			write_dir(TMP "/imm", name, bad, strlen(bad));
			expect_fail(TMP "/imm", ":", "immediate value at the end of a version-5 line");
		}
		free(bad);
		free(text);
	}
}

int main(void)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct stat st;

	if (stat(REAL "/README.md", &st)) {
		printf("no real traces at %s: skipped\n", REAL);
		return 77;
	}
	if (cfg_load(&cfg, "configs/baseline_gtx980.ini", &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	check_shared(&cfg);
	check_compressed();
	check_broken();
	return CHECK_DONE();
}
