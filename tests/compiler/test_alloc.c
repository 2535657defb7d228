/*
 * test_alloc.c: checks register allocations without trusting the allocator's
 * own liveness.  A forward dataflow tracks which virtual register each
 * physical register holds at every instruction (meet: disagreeing paths
 * give "conflict"); every read of vreg v must find v in all of v's
 * physical registers.  A move whose source and destination share a
 * register leaves both names valid.  Run on every workload, with the
 * default limit and with limits low enough to force spilling.
 *
 * usage: test_alloc FILE.ptx...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc.h"

#define UNITS (256 + 64)          /* GPRs, then predicates */
#define NAMES 6                   /* vreg names one register may hold at once */

/* Per physical register: the vregs whose current value it holds (a move
 * between vregs sharing the register adds a name).  Unreached: -1 count. */
struct hold {
    signed char n[UNITS];
    int v[UNITS][NAMES];
};

static int holds(const struct hold *h, int u, int v)
{
    for (int k = 0; k < h->n[u]; k++)
        if (h->v[u][k] == v)
            return 1;
    return 0;
}

static int unit_of(const struct kc_kernel *k, int v, int j)
{
    return k->vclass[v] == KC_RC_PRED ? 256 + k->phys[v] : k->phys[v] + j;
}

static int nunits(const struct kc_kernel *k, int v)
{
    return k->vclass[v] == KC_RC_PRED ? 1 : k->vwidth[v];
}

/* Intersection of the name sets. */
static int meet(struct hold *dst, const struct hold *src)
{
    int changed = 0;
    for (int u = 0; u < UNITS; u++) {
        int k = 0;
        for (int j = 0; j < dst->n[u]; j++)
            if (holds(src, u, dst->v[u][j]))
                dst->v[u][k++] = dst->v[u][j];
        changed |= k != dst->n[u];
        dst->n[u] = (signed char)k;
    }
    return changed;
}

static int check_kernel(const struct kc_kernel *k, const char *what)
{
    int n = k->ninsns, bad = 0;
    struct hold *in = malloc(sizeof *in * (size_t)(n + 1));
    unsigned char *reached = calloc((size_t)n + 1, 1);
    for (int v = 0; v < k->nvregs; v++) {
        if (k->phys[v] < 0)
            continue;
        if (k->vclass[v] == KC_RC_GPR &&
            (k->phys[v] % k->vwidth[v] != 0 || k->phys[v] + k->vwidth[v] > k->nregs)) {
            fprintf(stderr, "%s: %s at R%d misaligned or beyond the count\n", what,
                    k->vregs[v].name, k->phys[v]);
            bad++;
        }
    }
    memset(&in[0], 0, sizeof in[0]);
    reached[0] = 1;
    for (int changed = 1; changed && !bad;) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (!reached[i])
                continue;
            const struct ptx_insn *pi = &k->insns[i];
            struct hold out = in[i];
            struct ptx_regref refs[PTX_MAX_REFS];
            int nr = ptx_insn_regrefs(pi, refs);
            int copy = pi->op == PTX_OP_MOV && pi->guard < 0 && nr == 2 &&
                       pi->opnd[1].kind == PTX_O_REG && refs[0].write && !refs[1].write &&
                       k->phys[refs[0].reg] == k->phys[refs[1].reg] &&
                       k->vclass[refs[0].reg] == k->vclass[refs[1].reg];
            for (int r = 0; r < nr; r++) {
                int v = refs[r].reg;
                if (!refs[r].write || k->phys[v] < 0)
                    continue;
                for (int j = 0; j < nunits(k, v); j++) {
                    int u = unit_of(k, v, j);
                    if (copy && holds(&in[i], u, refs[1].reg) && out.n[u] < NAMES) {
                        if (!holds(&out, u, v))
                            out.v[u][out.n[u]++] = v;
                    } else {
                        out.n[u] = 1;
                        out.v[u][0] = v;
                    }
                }
            }
            int succ[2], ns = 0;
            int is_exit = ptx_insn_is_exit(pi);
            if (ptx_insn_is_branch(pi))
                succ[ns++] = pi->opnd[0].target;
            if ((!ptx_insn_is_branch(pi) && !is_exit) || pi->guard >= 0)
                if (i + 1 < n)
                    succ[ns++] = i + 1;
            for (int s = 0; s < ns; s++) {
                int t = succ[s];
                if (!reached[t]) {
                    reached[t] = 1;
                    in[t] = out;
                    changed = 1;
                } else {
                    changed |= meet(&in[t], &out);
                }
            }
        }
    }
    for (int i = 0; i < n && bad < 5; i++) {
        if (!reached[i])
            continue;
        struct ptx_regref refs[PTX_MAX_REFS];
        int nr = ptx_insn_regrefs(&k->insns[i], refs);
        for (int r = 0; r < nr; r++) {
            int v = refs[r].reg;
            int is_read = !refs[r].write || refs[r].partial;
            if (!is_read || k->phys[v] < 0)
                continue;
            for (int j = 0; j < nunits(k, v); j++) {
                int u = unit_of(k, v, j);
                if (holds(&in[i], u, v) || (in[i].n[u] == 0 && refs[r].partial))
                    continue;
                fprintf(stderr, "%s: PC 0x%04x (line %d) reads %s from unit %d holding %s\n",
                        what, i * 8, k->insns[i].line, k->vregs[v].name, u,
                        in[i].n[u] ? k->vregs[in[i].v[u][0]].name : "(nothing / conflict)");
                bad++;
                break;
            }
        }
    }
    free(in);
    free(reached);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0, checked = 0;
    for (int a = 1; a < argc; a++) {
        struct ptx_module *m;
        struct kc_diag err;
        char msg[1024];
        if (ptx_parse_file(argv[a], &m, &err) != 0) {
            fprintf(stderr, "%s\n", kc_diag_text(&err, msg, sizeof msg));
            return 1;
        }
        for (int f = 0; f < m->nfuncs; f++) {
            if (!m->funcs[f].is_entry || !m->funcs[f].has_body)
                continue;
            struct kc_options opt;
            kc_options_default(&opt);
            struct kc_kernel *k;
            if (kc_compile(m, &m->funcs[f], &opt, &k, &err) != 0) {
                fprintf(stderr, "%s\n", kc_diag_text(&err, msg, sizeof msg));
                return 1;
            }
            int full = k->nregs;
            bad += check_kernel(k, m->funcs[f].name);
            kc_kernel_free(k);
            checked++;
            /* force spilling: 3/4 and 1/2 of the unconstrained count */
            for (int frac = 3; frac >= 2; frac--) {
                opt.max_regs = full * frac / 4 < 16 ? 16 : full * frac / 4;
                if (opt.max_regs >= full)
                    continue;
                if (kc_compile(m, &m->funcs[f], &opt, &k, &err) != 0) {
                    fprintf(stderr, "%s (limit %d): %s\n", m->funcs[f].name, opt.max_regs,
                            kc_diag_text(&err, msg, sizeof msg));
                    bad++;
                    continue;
                }
                char what[160];
                snprintf(what, sizeof what, "%s limit %d", m->funcs[f].name, opt.max_regs);
                if (k->nregs > opt.max_regs || k->nspilled == 0) {
                    fprintf(stderr, "%s: %d registers, %d spilled\n", what, k->nregs,
                            k->nspilled);
                    bad++;
                }
                bad += check_kernel(k, what);
                printf("%-16s limit %3d: %3d regs, %2d vregs spilled (%d bytes)\n",
                       m->funcs[f].name, opt.max_regs, k->nregs, k->nspilled, k->spill_bytes);
                kc_kernel_free(k);
                checked++;
            }
        }
        ptx_module_free(m);
    }
    printf("%d allocations checked, %d problems\n", checked, bad);
    return bad ? 1 : 0;
}
