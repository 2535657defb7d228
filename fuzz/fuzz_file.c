/* fuzz_file.c: a per-process scratch directory for the fuzz harnesses. */
#include "fuzz_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* The directory's name, made once per process: a fuzz harness is one
 * process running one input after another, so this is its only state. */
static char scratch[512];

static const char *scratch_dir(void)
{
	if (!scratch[0]) {
		const char *base = getenv("FUZZ_TMP");
		if (!base || !*base)
			base = "build/fuzz/tmp";
		mkdir("build", 0777);
		mkdir("build/fuzz", 0777);
		mkdir(base, 0777);
		snprintf(scratch, sizeof scratch, "%s/%ld", base, (long)getpid());
		mkdir(scratch, 0777);
	}
	return scratch;
}

void fuzz_path(char *buf, size_t cap, const char *name)
{
	snprintf(buf, cap, "%s/%s", scratch_dir(), name);
}

const char *fuzz_file(const char *name, const uint8_t *data, size_t n)
{
	char path[700];
	fuzz_path(path, sizeof path, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		return NULL;
	size_t put = n ? fwrite(data, 1, n, f) : 0;
	if (fclose(f) != 0 || put != n)
		return NULL;
	return scratch_dir();
}
