/* fuzz_stats.c: libFuzzer harness of gpurf-stats' readers.  The first byte
 * picks the reader, the rest is its input: a statistics JSON (flattened as
 * `gpurf-stats flat` does) or a CSV (as `table` and `compare` read it).
 * Accept or refuse with a message; never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "err.h"
#include "fuzz_file.h"
#include "json_flat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct gpurf_err err;
	if (n == 0)
		return 0;
	memset(&err, 0, sizeof err);
	if (data[0] & 1) {
		char path[700];
		if (!fuzz_file("in.csv", data + 1, n - 1))
			return 0;
		fuzz_path(path, sizeof path, "in.csv");
		struct csv c;
		if (csv_load(&c, path, &err) == 0)
			csv_free(&c);
		else if (!err.msg[0])
			__builtin_trap();
	} else {
		char *text = malloc(n);
		if (!text)
			return 0;
		memcpy(text, data + 1, n - 1);
		text[n - 1] = '\0';
		struct jf_doc doc;
		memset(&doc, 0, sizeof doc);
		if (jf_parse(&doc, text, "fuzz.json", 0, &err) == 0)
			jf_free(&doc);
		else if (!err.msg[0])
			__builtin_trap();
		free(text);
	}
	return 0;
}
