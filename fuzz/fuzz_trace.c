/* fuzz_trace.c: libFuzzer harness of the Accel-Sim trace reader.  Any bytes
 * as the one kernel trace a kernelslist.g names: read (every tracer
 * version's layout, the per-warp sections, the SASS opcode table) and, when
 * accepted, the kernel's static code rebuilt from it with the analyses the
 * schemes take from a trace.  A refusal carries a message; never a crash. */
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "fuzz_file.h"
#include "sm_trace.h"
#include "sm_trace_prog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static const char list[] = "kernel-1.traceg\n";
	const char *dir = fuzz_file("kernel-1.traceg", data, n);
	if (!dir || !fuzz_file("kernelslist.g", (const uint8_t *)list, sizeof list - 1))
		return 0;
	struct sm_trace t;
	struct gpurf_err err;
	memset(&err, 0, sizeof err);
	if (sm_trace_load(&t, dir, 0, &err) != 0) {
		if (!err.msg[0]) {
			fprintf(stderr, "fuzz_trace: refused without a message\n");
			__builtin_trap();
		}
		return 0;
	}
	struct sm_trace_prog tp;
	if (sm_trace_prog_build(&t, &tp) == 0)
		sm_trace_prog_free(&tp);
	sm_trace_free(&t);
	return 0;
}
