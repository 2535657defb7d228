/* cli.h: what every gpurf command line has in common.  --help prints the
 * tool's usage and options on stdout (exit 0); --version prints the version
 * and the git commit the binary was built from (exit 0); a wrong argument is
 * named, with the usage, in one line on stderr (exit 2).  A tool describes
 * itself once, in a struct cli_tool, and both its help and its error
 * messages print from there. */
#ifndef GPURF_CLI_H
#define GPURF_CLI_H

struct cli_tool {
	const char *name;	/* "gpurf-sim" */
	const char *synopsis;	/* one or more lines, each a way to call it */
	const char *options;	/* one line per option: "  --out FILE   what it is" */
};

/* When argv holds --help (or -h) or --version, prints the answer on stdout
 * and returns the exit status (0, or 1 when stdout cannot be written);
 * otherwise returns -1 and the tool parses its arguments. */
int cli_common(const struct cli_tool *t, int argc, char **argv);

/* Prints one line on stderr, "NAME: MESSAGE; usage: NAME ..." (every way
 * to call it); returns 2, the exit status of bad input. */
int cli_usage_error(const struct cli_tool *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "VERSION (git COMMIT)": the version and the commit the binary was built
 * from ("-modified" when the work tree differed from it). */
const char *cli_version(void);

#endif
