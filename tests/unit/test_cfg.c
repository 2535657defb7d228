/* test_cfg.c: configuration loading, derivation and error messages. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"
#include "check.h"

static CHECK_STATE;

/* Writes text to a temporary .ini and loads it. */
static int load_text(const char *text, struct gpurf_cfg *cfg, struct gpurf_err *err, char *path, size_t n)
{
	FILE *fp;

	snprintf(path, n, "/tmp/gpurf_test_cfg_%ld.ini", (long)getpid());
	fp = fopen(path, "w");
	if (!fp)
		return -2;
	fputs(text, fp);
	fclose(fp);
	memset(err, 0, sizeof *err);
	return cfg_load(cfg, path, err);
}

static void expect_error(const char *text, const char *fragment1, const char *fragment2)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err;
	char path[128];

	CHECK_EQ(load_text(text, &cfg, &err, path, sizeof path), (unsigned long long)-1);
	CHECK_EQ(err.kind, GPURF_ERR_INPUT);
	CHECK(strstr(err.msg, path) != NULL);
	if (!strstr(err.msg, fragment1) || !strstr(err.msg, fragment2)) {
		check_st.failed++;
		fprintf(stderr, "message '%s' lacks '%s' or '%s'\n", err.msg, fragment1, fragment2);
	}
	remove(path);
}

int main(void)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err;
	char path[128];

	/* defaults are the FineReg Table I SM */
	cfg_defaults(&cfg);
	CHECK_EQ(cfg_finish(&cfg, &err), 0);
	CHECK_EQ(cfg.warps, 64);
	CHECK_EQ(cfg.rf_bytes, 262144);
	CHECK_EQ(cfg.d.warp_bits, 1024);
	CHECK_EQ(cfg.d.warp_regs, 2048);	/* 256 KB / 128 B */
	CHECK_EQ(cfg.d.regs_per_warp, 32);
	CHECK_EQ(cfg.d.rows_per_bank, 128);	/* 2048 / 16 banks */

	CHECK_EQ(load_text("[sm]\nwarps = 48\nlanes=32\nthreads=1536\n[rf]\nsize_bytes = 128K\nbanks = 4\n",
			   &cfg, &err, path, sizeof path), 0);
	CHECK_EQ(cfg.d.warp_regs, 1024);
	CHECK_EQ(cfg.d.regs_per_warp, 20);	/* 1024/48 = 21, down to a multiple of 4 */
	CHECK_EQ(cfg.d.rows_per_bank, 240);
	CHECK_EQ(cfg.key_line[1], 2);		/* warps on line 2 */
	remove(path);

	CHECK_EQ(cfg_index_bits(1), 1);
	CHECK_EQ(cfg_index_bits(2), 1);
	CHECK_EQ(cfg_index_bits(3), 2);
	CHECK_EQ(cfg_index_bits(1024), 10);
	CHECK_EQ(cfg_clog2(1), 0);
	CHECK_EQ(cfg_clog2(1025), 11);

	expect_error("[rf]\nbanks = 4\nbankz = 3\n", ":3:", "unknown key 'bankz'");
	expect_error("[rf]\nbanks = 3\n", ":2:", "banks = 3: not allowed; allowed: a power of two from 1 to 64");
	expect_error("[rf]\nbanks =\n", ":2:", "has no value");
	expect_error("[rf]\nbanks = 4\nbanks = 8\n", ":3:", "given twice (first on line 2)");
	expect_error("; c\n[gpu]\nx = 1\n", ":2:", "unknown section [gpu]");
	expect_error("[rf]\nthis is not a key\n", ":2:", "not a '[section]'");
	expect_error("[sm]\nwarps = 2\nlanes = 4\nthreads = 9\n", ":4: [sm] threads = 9", "allowed: 1 to 8");
	expect_error("[rf]\nbank_map = xor\n", "bank_map = xor", "one of reg_plus_warp, reg");

	/* not a configuration: checked before inih, which would stop at a NUL
	 * (the binary fixtures in tests/configs/bad/ cover NUL itself) */
	expect_error("[sm]\n; \xc3\n", ":2:", "byte 0xc3 is not UTF-8");	/* cut sequence */
	expect_error("[sm]\n; \xc3", ":2:", "byte 0xc3 is not UTF-8");	/* cut by the end */
	expect_error("[sm]\n; \xc0\xaf\n", ":2:", "byte 0xc0 is not UTF-8");	/* overlong */
	expect_error("[sm]\nwarps = 4\b8\n", ":2:", "control byte 0x08");
	expect_error("; nothing\n\n", "no '[section]' line", "not a configuration file");
	expect_error("", "no '[section]' line", "not a configuration file");
	{	/* UTF-8 in comments is text, also across the reader's 4 KB blocks */
		static char text[8192];
		size_t n = 0;

		n += (size_t)snprintf(text + n, sizeof text - n, "; caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82\n");
		for (; n < 4095; n++)	/* the euro sign below straddles byte 4096 */
			text[n] = n % 64 == 63 ? '\n' : ';';
		snprintf(text + n, sizeof text - n, "\xe2\x82\xac\n[sm]\nwarps = 48\nlanes=32\nthreads=1536\n");
		CHECK_EQ(load_text(text, &cfg, &err, path, sizeof path), 0);
		CHECK_EQ(cfg.warps, 48);
		remove(path);
	}
	expect_error("[rf]\nbank_ports = 3\n", "bank_ports = 3", "between");
	expect_error("[rf]\nregs_per_warp = 6\nbanks = 4\n", "regs_per_warp = 6", "multiple of 4");
	expect_error("[sm]\nlanes = 3\nthreads = 96\n[rf]\nsize_bytes = 1000\n", ":5: [rf] size_bytes = 1000", "multiple of 12");
	expect_error("[sm]\nwarps = 0\n", "warps = 0", "1 to 1024");

	memset(&err, 0, sizeof err);
	CHECK_EQ(cfg_load(&cfg, "/nonexistent/x.ini", &err), (unsigned long long)-1);
	CHECK(strstr(err.msg, "/nonexistent/x.ini: cannot read") != NULL);
	return CHECK_DONE();
}
