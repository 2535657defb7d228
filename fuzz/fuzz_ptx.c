/* fuzz_ptx.c: libFuzzer harness of the PTX front end and the compiler.  Any
 * bytes as a .ptx file: parsed, and every kernel entry with a body compiled
 * (register allocation and every analysis: liveness, RegVirt's release
 * flags, LTRF's intervals, the RFC's hints, FineReg's live vectors).  A
 * refusal must carry a message and a line inside the input; never a crash. */
#include <stdio.h>
#include <string.h>

#include "kc.h"
#include "ptx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	struct ptx_module *m;
	struct kc_diag err;
	int lines = 1;
	for (size_t i = 0; i < n; i++)
		lines += data[i] == '\n';
	memset(&err, 0, sizeof err);
	if (ptx_parse("fuzz.ptx", (const char *)data, n, &m, &err) != 0) {
		if (!err.msg[0] || err.line < 0 || err.line > lines) {
			fprintf(stderr, "fuzz_ptx: bad diagnostic: line %d of %d, '%s'\n", err.line, lines,
				err.msg);
			__builtin_trap();
		}
		return 0;
	}
	for (int f = 0; f < m->nfuncs; f++) {
		if (!m->funcs[f].is_entry || !m->funcs[f].has_body)
			continue;
		struct kc_kernel *k;
		memset(&err, 0, sizeof err);
		if (kc_compile(m, &m->funcs[f], NULL, &k, &err) == 0)
			kc_kernel_free(k);
		else if (!err.msg[0]) {
			fprintf(stderr, "fuzz_ptx: compile refused without a message\n");
			__builtin_trap();
		}
	}
	ptx_module_free(m);
	return 0;
}
