/*
 * listing.h: reads the papers' SASS-style listings ("0x0038 IADD R1, g[0x7],
 * R4") into a struct mir, so the golden tests drive the analyses with the
 * papers' own code rather than with anything our compiler produced.
 *
 * Rules (enough for the FineReg Fig. 7 and RegVirt Fig. 3 listings):
 *  - the first operand is the destination if it is a register and the
 *    opcode is not a store, branch or return;
 *  - R<n>L / R<n>H name half of R<n>: as a source it reads R<n>, as a
 *    destination it is a partial write (does not kill R<n>);
 *  - registers inside memory operands (global14[R2]) are sources;
 *  - "BRA C0.NE, 0x160" is a conditional branch, "RET C0.NE" a conditional
 *    return; the branch target is the instruction listed at that PC.
 * Test-only code: static functions, one translation unit per test.
 */
#ifndef GPURF_TEST_LISTING_H
#define GPURF_TEST_LISTING_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir.h"

struct listing {
    struct mir m;
    unsigned pc[256];
};

static int listing_opcode_is(const char *op, const char *prefix)
{
    return strncmp(op, prefix, strlen(prefix)) == 0;
}

static void listing_read(struct listing *l, const char *const *lines, int n)
{
    memset(l, 0, sizeof *l);
    l->m.insns = calloc((size_t)n, sizeof *l->m.insns);
    l->m.n = n;
    l->m.nbits = 256;
    unsigned targets[256];
    for (int i = 0; i < n; i++) {
        struct mir_insn *in = &l->m.insns[i];
        const char *s = lines[i];
        char op[64];
        int used = 0;
        sscanf(s, "%x %63s%n", &l->pc[i], op, &used);
        s += used;
        in->target = -1;
        targets[i] = 0;
        int is_store = listing_opcode_is(op, "GST") || listing_opcode_is(op, "ST") ||
                       listing_opcode_is(op, "R2G");
        int is_bra = listing_opcode_is(op, "BRA"), is_ret = listing_opcode_is(op, "RET");
        if (is_bra)
            in->flags |= MIR_F_BRANCH;
        if (is_ret)
            in->flags |= MIR_F_EXIT;
        if ((is_bra || is_ret) && strstr(s, "C0"))
            in->flags |= MIR_F_COND;
        if (listing_opcode_is(op, "GLD"))
            in->flags |= MIR_F_LONGLAT;
        int operand = 0, slot = 0;
        const char *p = s;
        while (*p) {
            while (*p == ' ' || *p == ',')
                p++;
            if (!*p)
                break;
            const char *end = p;
            int depth = 0;
            while (*end && (depth || *end != ',')) {
                depth += *end == '[';
                depth -= *end == ']';
                end++;
            }
            /* registers inside this operand */
            int plain_reg = p[0] == 'R' && isdigit((unsigned char)p[1]);
            if (is_bra && p[0] == '0' && p[1] == 'x')
                targets[i] = (unsigned)strtoul(p, NULL, 16);
            for (const char *q = p; q < end; q++) {
                if (*q != 'R' || !isdigit((unsigned char)q[1]) ||
                    (q > p && isalnum((unsigned char)q[-1])))
                    continue;
                int r = (int)strtol(q + 1, NULL, 10);
                const char *after = q + 1;
                while (isdigit((unsigned char)*after))
                    after++;
                int half = *after == 'L' || *after == 'H';
                if (operand == 0 && plain_reg && !is_store && !is_bra && !is_ret) {
                    struct mir_ref d = {r, 1, -1};
                    in->dst[in->ndst++] = d;
                    if (half)
                        in->flags |= MIR_F_PARTIAL;
                } else {
                    struct mir_ref src = {r, 1, slot++};
                    in->src[in->nsrc++] = src;
                }
            }
            operand++;
            p = end;
        }
    }
    for (int i = 0; i < n; i++)
        if (l->m.insns[i].flags & MIR_F_BRANCH)
            for (int j = 0; j < n; j++)
                if (l->pc[j] == targets[i])
                    l->m.insns[i].target = j;
}

static int listing_index(const struct listing *l, unsigned pc)
{
    for (int i = 0; i < l->m.n; i++)
        if (l->pc[i] == pc)
            return i;
    fprintf(stderr, "no instruction at PC 0x%x\n", pc);
    exit(1);
}

#endif
