/* sm_prog_live.c: the compiler's warp liveness of a loaded kernel, for the
 * register-file schemes (FineReg's vectors).  Its own file because
 * compiler/kc.h and common/cfg.h share an include guard: the schemes'
 * files include the latter, this one only the former. */
#include "sm_prog.h"

#include "kc.h"

const uint64_t *sm_prog_live_warp(const struct sm_prog *p, int pc, unsigned *words)
{
	*words = (unsigned)p->k->live_warp.words;
	return kc_live_in(&p->k->live_warp, pc);
}
