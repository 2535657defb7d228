/* gpurf_wave.c: gpurf-wave, what scripts/wave-sm reads out of a VCD trace
 * (the text fst2vcd prints of the SM-driven co-simulation's FST), streamed:
 *
 *   gpurf-wave vars [--name NAME] [FILE]
 *       every variable (not parameters) as a GTKWave save file names it
 *   gpurf-wave first [--edge] [--period T] [--name NAME] SCOPE SIGNAL [FILE]
 *       the first time SIGNAL of SCOPE is not zero (nothing when never);
 *       --edge: the start of the first cycle whose clock edge sees it so
 *   gpurf-wave cycles [--period T] [--name NAME] [-o OUT.vcd] CLOCK NAMES [FILE]
 *       NAMES' variables sampled once per cycle at CLOCK's rising edge
 *
 * FILE: the VCD (default and -: stdin); NAME: what messages call it.
 * T: time units per cycle (default 32, the SM co-simulation's).  What each
 * command does exactly: wave_cmds.h.  Exit status: 0 done, 2 bad input
 * (one message naming the input, its line and the line), 1 I/O.  On bad
 * input vars and first write nothing, and cycles -o removes OUT.vcd (on
 * stdout, what it wrote before the bad line stays: it streams). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "wave_cmds.h"

static const struct cli_tool tool = {
	"gpurf-wave",
	"vars [--name NAME] [FILE]\n"
	"first [--edge] [--period T] [--name NAME] SCOPE SIGNAL [FILE]\n"
	"cycles [--period T] [--name NAME] [-o OUT.vcd] CLOCK NAMES [FILE]",
	"  vars            every variable of the VCD FILE (not parameters) as a GTKWave save file\n"
	"                  names it: PATH.NAME[RANGE], no range for [0:0]\n"
	"  first           the first time SIGNAL of the scope SCOPE (its path or its end) is not\n"
	"                  all zeros; nothing when it never is\n"
	"  --edge          first: the start of the first cycle in which SCOPE's clk_i rises while\n"
	"                  SIGNAL (its value before the rise's timestamp) is not zero\n"
	"  cycles          a VCD of the variables NAMES lists (a file, one save-file name a line),\n"
	"                  one sample per cycle in which CLOCK (a save-file name) rises: the values\n"
	"                  before the rise at T x cycle, CLOCK 1 there and 0 at +T/2\n"
	"  -o OUT.vcd      cycles: write OUT.vcd (removed on bad input), not stdout\n"
	"  --period T      time units per cycle (default 32: the SM co-simulation's)\n"
	"  --name NAME     what messages call the input (default FILE, or stdin)\n"
	"FILE: a VCD as fst2vcd prints it (default and -: stdin), read as it streams.\n",
};

struct args {
	const char *pos[4];
	int npos, edge;
	const char *name, *out;
	unsigned long period;
};

/* The options any command may take; the rest are positional. */
static int parse(int argc, char **argv, int allow_edge, int allow_out, struct args *a)
{
	char *end;

	memset(a, 0, sizeof *a);
	a->period = 32;
	for (int i = 0; i < argc; i++) {
		if (allow_edge && strcmp(argv[i], "--edge") == 0) {
			a->edge = 1;
		} else if (allow_out && strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
			a->out = argv[++i];
		} else if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) {
			a->name = argv[++i];
		} else if (strcmp(argv[i], "--period") == 0 && i + 1 < argc) {
			errno = 0;
			a->period = strtoul(argv[++i], &end, 10);
			if (errno || end == argv[i] || *end || a->period < 2 || argv[i][0] == '-')
				return cli_usage_error(&tool, "--period '%s': want a whole number >= 2", argv[i]);
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage_error(&tool, "unknown option '%s'", argv[i]);
		} else if (a->npos < 4) {
			a->pos[a->npos++] = argv[i];
		} else {
			return cli_usage_error(&tool, "too many arguments at '%s'", argv[i]);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct args a;
	struct vcd v;
	FILE *out = stdout;
	int rc = cli_common(&tool, argc, argv), nfixed;

	if (rc >= 0)
		return rc;
	if (argc < 2)
		return cli_usage_error(&tool, "no command");
	if (strcmp(argv[1], "vars") == 0)
		nfixed = 0;
	else if (strcmp(argv[1], "first") == 0 || strcmp(argv[1], "cycles") == 0)
		nfixed = 2;
	else
		return cli_usage_error(&tool, "unknown command '%s'", argv[1]);
	if ((rc = parse(argc - 2, argv + 2, strcmp(argv[1], "first") == 0, strcmp(argv[1], "cycles") == 0, &a)))
		return rc;
	if (a.npos < nfixed || a.npos > nfixed + 1)
		return cli_usage_error(&tool, "%s takes %s[FILE]", argv[1], nfixed ? "two arguments and " : "");
	rc = vcd_open(&v, a.npos > nfixed ? a.pos[nfixed] : "-", a.name, &err);
	if (!rc && a.out && !(out = fopen(a.out, "w")))
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s: %s", a.out, strerror(errno));
	if (!rc && argv[1][0] == 'v')
		rc = wave_vars(&v, out, &err);
	else if (!rc && argv[1][0] == 'f')
		rc = wave_first(&v, a.pos[0], a.pos[1], a.edge, a.period, out, &err);
	else if (!rc)
		rc = wave_cycles(&v, a.pos[0], a.pos[1], a.period, out, &err);
	vcd_close(&v);
	if (!rc && (fflush(out) || ferror(out)))
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", a.out ? a.out : "stdout");
	if (out != stdout && fclose(out) && !rc)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", a.out);
	if (rc && out != stdout)
		remove(a.out);
	if (!rc)
		return 0;
	fprintf(stderr, "gpurf-wave: %s\n", err.msg);
	return err.kind == GPURF_ERR_IO ? 1 : 2;
}
