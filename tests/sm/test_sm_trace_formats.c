/* test_sm_trace_formats.c: every trace of ../shared/realdata through the
 * reader, in every format it comes in (issue 24).
 *
 * 1. Each shared trace loads with the tracer version and instruction counts
 *    its README states (versions "1.2", none, 4 and 5), and runs.
 * 2. gzip and xz copies (written here through zlib and liblzma) read the
 *    same as the plain file; cut or corrupted copies fail with the file.
 * 3. Truncated and garbled copies of every shared trace fail with file and
 *    line, or load; never crash (run under ASan by sm/asan too).
 * 4. The static code rebuilt from a trace (sm_trace_prog.c): a hand-made
 *    divergent branch, liveness on it worked out by hand; the shared
 *    traces' graphs build (08's loop has its back edge), 07's RET to
 *    several call sites is refused with its PC. */
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#include "cfg.h"
#include "check.h"
#include "test_file.h"
#include "sm_run.h"
#include "sm_trace.h"
#include "sm_trace_prog.h"

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
	return (unsigned char *)test_slurp(p, n);
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

static int live_in(const struct sm_prog *p, int pc, unsigned r)
{
	unsigned words;
	const uint64_t *in = sm_prog_live_warp(p, pc, &words);

	return r < 64 * words && (in[r / 64] >> (r % 64) & 1u);
}

static void check_static_code(void)
{
	/* lanes 0-15 take the branch at 0x30 to 0x60 (which reads R2), lanes
	 * 16-31 fall through to 0x40, 0x50 and jump to the join 0x70; the
	 * trace runs the taken path first (a switch of divergent paths at
	 * 0x60 -> 0x40: disjoint masks, no edge) */
	static const char text[] =
		"-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 5\n"
		"-accelsim tracer version = 4\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 9\n"
		"0000 ffffffff 1 R1 MOV 0 0\n"
		"0010 ffffffff 1 R2 MOV 0 0\n"
		"0020 ffffffff 0 ISETP.GE.AND 1 R1 0\n"
		"0030 0000ffff 0 BRA 0 0\n"
		"0060 0000ffff 1 R3 IADD3 1 R2 0\n"
		"0040 ffff0000 1 R3 MOV 0 0\n"
		"0050 ffff0000 0 BRA 0 0\n"
		"0070 ffffffff 1 R4 IADD3 1 R3 0\n"
		"0080 ffffffff 0 EXIT 0 0\n#END_TB\n";
	struct sm_trace t;
	struct sm_trace_prog tp;
	struct gpurf_err err;
	const struct sm_prog *p = &tp.prog;

	write_dir(TMP "/cfg", "kernel-1.traceg", text, strlen(text));
	CHECK_EQ(load(TMP "/cfg", &t, &err), 0);
	CHECK_EQ(sm_trace_prog_build(&t, &tp), 0);
	CHECK_EQ(p->ninsns, 9);
	for (uint32_t s = 0; s < t.nsinsns; s++)
		CHECK_EQ(p->insns[tp.index[s]].line, t.sinsns[s].line);
	CHECK(live_in(p, 3, 2));	/* R2 at the branch: read on the taken path */
	CHECK(live_in(p, 4, 2));	/* and on the fall-through path (0x50 may fall into 0x60) */
	CHECK(!live_in(p, 3, 1));	/* R1's last read is at 0x20 */
	CHECK(live_in(p, 7, 3));	/* R3 into the join, from either path */
	CHECK(!live_in(p, 0, 3));
	/* warp liveness (divergence-safe): lanes 0-15's R3 from 0x60 must
	 * survive the other path, where 0x40 writes R3 for lanes 16-31 */
	CHECK(live_in(p, 4, 3));
	CHECK(!live_in(p, 8, 4));	/* nothing after the exit */
	sm_trace_prog_free(&tp);
	sm_trace_free(&t);

	/* the shared traces: 08's loop jumps back; 07's RET does not fit */
	CHECK_EQ(load(REAL "/08_accelsim_v5_ffma_chain_sm90/iters10", &t, &err), 0);
	CHECK_EQ(sm_trace_prog_build(&t, &tp), 0);
	/* R2 (the trip count, read by the ISETP at 0x90 of each iteration)
	 * is live at the loop's closing BRA at 0x890 only through the back edge
	 * to 0x60 the warps took */
	for (uint32_t s = 0; s < t.nsinsns; s++)
		if (t.sinsns[s].pc == 0x890) {
			CHECK_EQ(t.sinsns[s].cls, SM_CLS_BRANCH);
			CHECK(live_in(p, (int)tp.index[s], 2));
			CHECK(live_in(p, (int)tp.index[s], 3));
			CHECK(!live_in(p, (int)tp.index[s], 0));	/* rewritten at 0x60 first */
		}
	sm_trace_prog_free(&tp);
	sm_trace_free(&t);
	CHECK_EQ(load(REAL "/07_accelsim_legacy_lud_perimeter_sm70", &t, &err), 0);
	CHECK_EQ(sm_trace_prog_build(&t, &tp), 1);
	CHECK(strstr(tp.why, "PC 0x3110") != NULL);
	sm_trace_prog_free(&tp);
	sm_trace_free(&t);
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
	check_static_code();
	return CHECK_DONE();
}
