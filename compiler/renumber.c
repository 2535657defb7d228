/*
 * renumber.c: register-sharing renumbering (Jatala et al., section 5.2):
 * registers are renumbered in the order of their first textual use, each
 * instruction's register operands taken left to right with destinations
 * first, so that a warp's early instructions use low (private, unshared)
 * register numbers.  Registers never used keep their relative order after
 * the used ones.
 */
#include "analyses.h"

#include <string.h>

void kc_renumber_first_use(const int *seq, int nseq, int nids, int *map)
{
    int next = 0;
    for (int i = 0; i < nids; i++)
        map[i] = -1;
    for (int i = 0; i < nseq; i++)
        if (seq[i] >= 0 && seq[i] < nids && map[seq[i]] < 0)
            map[seq[i]] = next++;
    for (int i = 0; i < nids; i++)
        if (map[i] < 0)
            map[i] = next++;
}

void kc_renumber_run(const struct mir *m, struct kc_renumber *rn)
{
    int used[256] = {0};
    int next = 0;
    for (int r = 0; r < 256; r++)
        rn->map[r] = -1;
    for (int i = 0; i < m->n; i++) {
        const struct mir_insn *in = &m->insns[i];
        for (int pass = 0; pass < 2; pass++) {
            int n = pass ? in->nsrc : in->ndst;
            const struct mir_ref *refs = pass ? in->src : in->dst;
            for (int k = 0; k < n; k++)
                for (int w = 0; w < refs[k].width; w++) {
                    int r = refs[k].reg + w;
                    if (r < 256 && !used[r]) {
                        used[r] = 1;
                        rn->map[r] = next++;
                    }
                }
        }
    }
    rn->count = next;
}
