/* fuzz_cfg.c: libFuzzer harness of the configuration reader.  Any bytes
 * as an INI file: the reader parses them, applies every key's check and the
 * cross-key rules and derives the widths (cfg_load does all three).  It
 * must accept or refuse with a message naming the file; never crash, leak
 * or read outside its buffers (ASan, UBSan). */
#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "err.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char path[700];
	if (!fuzz_file("in.ini", data, n))
		return 0;
	fuzz_path(path, sizeof path, "in.ini");
	struct gpurf_cfg cfg;
	struct gpurf_err err;
	memset(&err, 0, sizeof err);
	if (cfg_load(&cfg, path, &err) != 0 && !err.msg[0]) {
		fprintf(stderr, "fuzz_cfg: refused without a message\n");
		__builtin_trap();
	}
	return 0;
}
