/* cli.c: --help, --version and the usage message every gpurf tool shares
 * (cli.h).  The git commit comes from gpurf_git.h, which the build writes
 * (mk/core.mk) and rewrites only when the commit changes; a build outside
 * make (tests/sm/asan.sh) says "unknown". */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#ifdef GPURF_HAVE_GIT_H
#include "gpurf_git.h"
#else
#define GPURF_GIT "unknown"
#endif

/* The project's version: one home, printed by every tool. */
#define GPURF_VERSION "0.9.0"

const char *cli_version(void)
{
	return GPURF_VERSION " (git " GPURF_GIT ")";
}

/* The synopsis, each line one way to call the tool: on lines of their own
 * (--help), or on one line joined by " | " (an error's one message). */
static void print_synopsis(FILE *f, const struct cli_tool *t, int one_line)
{
	const char *line = t->synopsis;

	for (int first = 1; *line; first = 0) {
		size_t n = strcspn(line, "\n");

		if (one_line)
			fprintf(f, "%s%s %.*s", first ? "usage: " : " | ", t->name, (int)n, line);
		else
			fprintf(f, "%s %s %.*s\n", first ? "usage:" : "      ", t->name, (int)n, line);
		line += n + (line[n] == '\n');
	}
}

int cli_common(const struct cli_tool *t, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			print_synopsis(stdout, t, 0);
			if (t->options && *t->options)
				printf("\noptions:\n%s", t->options);
			printf("  --help          this text\n  --version       the version and git commit\n");
			return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
		}
		if (strcmp(argv[i], "--version") == 0) {
			printf("%s %s\n", t->name, cli_version());
			return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
		}
	}
	return -1;
}

int cli_usage_error(const struct cli_tool *t, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", t->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("; ", stderr);
	print_synopsis(stderr, t, 1);
	fprintf(stderr, " (%s --help lists the options)\n", t->name);
	return 2;
}
