/* test_sm_hints.c: the compiler hints restated over struct sm_insn
 * (cmodel/sm/sm_hints.c), on real kernels:
 *   - RFC last-use bits: only on existing sources; every hinted register
 *     is outside the warp live-out of its instruction unless the
 *     instruction overwrites it (the compiler's two reasons); kernels have
 *     hints; the decoder names a register once per source list (the hint
 *     of a register named twice would go on its last naming only);
 *   - register sharing's renumbering is a permutation of 0..255 that keeps
 *     the kernel's registers below its register count and numbers the first
 *     instruction's registers first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kc.h"
#include "sm_hints.h"
#include "sm_prog.h"

static CHECK_STATE;

static int in_set(const uint64_t *set, unsigned r)
{
	return (int)(set[r >> 6] >> (r & 63) & 1u);
}

static void check_kernel(const char *ptx, const char *entry)
{
	struct sm_prog p;
	struct gpurf_err err = {0};
	uint16_t *last;
	uint8_t map[256], seen[256] = {0};
	unsigned hinted = 0;

	memset(&p, 0, sizeof p);
	CHECK_EQ(sm_prog_load(&p, ptx, entry, &err), 0);
	if (!p.insns)
		return;
	last = sm_hints_rfc_last_use(&p);
	CHECK(last != NULL);
	for (int pc = 0; last && pc < p.ninsns; pc++) {
		const struct sm_insn *si = &p.insns[pc];
		const uint64_t *out = kc_live_out(&p.k->live_warp, pc);

		CHECK_EQ(last[pc] >> si->nsrc, 0);
		for (unsigned i = 0; i < si->nsrc; i++) {
			int writes = 0;

			for (unsigned j = i + 1; j < si->nsrc; j++)
				CHECK(si->src[j] != si->src[i]);
			if (!(last[pc] >> i & 1u))
				continue;
			hinted++;
			for (unsigned d = 0; d < si->ndst; d++)
				writes |= si->dst[d] == si->src[i];
			CHECK(!in_set(out, si->src[i]) || writes);
		}
	}
	CHECK(hinted > 0);
	sm_hints_renumber(&p, map);
	for (unsigned r = 0; r < 256; r++) {
		CHECK(!seen[map[r]]);
		seen[map[r]] = 1;
		if (r < (unsigned)p.nregs)
			CHECK(map[r] < (unsigned)p.nregs);
	}
	if (p.ninsns && p.insns[0].ndst)
		CHECK_EQ(map[p.insns[0].dst[0]], 0);
	free(last);
	sm_prog_free(&p);
}

int main(void)
{
	static const char *const k[] = {
		"bfs", "bicgstab", "cfd", "convsep", "hotspot", "kmeans", "lbm", "libor", "montecarlo",
		"nw", "reduction", "sgemm", "srad", "stencil3d", "transpose",
	};
	char path[256];

	for (unsigned i = 0; i < sizeof k / sizeof *k; i++) {
		snprintf(path, sizeof path, "kernels/%s/%s.ptx", k[i], k[i]);
		check_kernel(path, NULL);
	}
	return CHECK_DONE();
}
