/*
 * rewrite.c: the two program transformations the allocator needs.
 *
 *  - Parameter rematerialization.  ptxas reads kernel parameters straight
 *    from the constant bank as instruction operands, so a parameter costs no
 *    register across the kernel.  NVVM instead loads every parameter into a
 *    register at the top (and cvta.to.global's each pointer).  We model
 *    ptxas: every use of such a value gets a fresh ld.param (and cvta) right
 *    before it, into a short-lived register.
 *
 *  - Spilling.  A vreg that does not fit under the register limit lives in
 *    local memory (__kc_spill): each use loads it into a fresh vreg just
 *    before, each definition stores it just after.
 *
 * Both build a new instruction array and remap branch targets: a branch to
 * instruction i goes to the first instruction emitted for i.
 */
#include "rewrite.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

struct emitter {
    struct kc_arena *arena;
    struct ptx_insn *out;
    int n, cap;
};

static int emit(struct emitter *e, const struct ptx_insn *in)
{
    if (e->n == e->cap) {
        int ncap = e->cap ? e->cap * 2 : 256;
        struct ptx_insn *p = kc_arena_grow(e->arena, e->out, sizeof *p, (size_t)e->n,
                                           (size_t)ncap);
        if (!p)
            return -1;
        e->out = p;
        e->cap = ncap;
    }
    e->out[e->n++] = *in;
    return 0;
}

static int new_vreg(struct kc_prog *p, int like)
{
    if (p->nvregs == p->cap_vregs) {
        int ncap = p->cap_vregs * 2 + 16;
        struct ptx_reg *r = kc_arena_grow(p->arena, p->vregs, sizeof *r, (size_t)p->nvregs,
                                          (size_t)ncap);
        if (!r)
            return -1;
        p->vregs = r;
        p->cap_vregs = ncap;
    }
    p->vregs[p->nvregs] = p->vregs[like];
    return p->nvregs++;
}

/* Replaces vreg `from` by `to` in the sources (uses != 0) or destinations
 * (uses == 0) of `in`.  Vector element arrays are copied first: they may be
 * shared with the parsed module. */
static int replace_reg(struct kc_arena *a, struct ptx_insn *in, int from, int to, int uses)
{
    int dest = ptx_insn_first_is_dest(in);
    if (uses && in->guard == from)
        in->guard = to;
    for (int i = 0; i < in->nopnds; i++) {
        struct ptx_operand *o = &in->opnd[i];
        int is_dst = dest && i == 0;
        switch (o->kind) {
        case PTX_O_REG:
            if (o->reg == from && is_dst != uses)
                o->reg = to;
            break;
        case PTX_O_PAIR:
            if (!uses) {
                if (o->reg == from)
                    o->reg = to;
                if (o->reg2 == from)
                    o->reg2 = to;
            }
            break;
        case PTX_O_VEC:
        case PTX_O_TEXADDR:
            if ((o->kind == PTX_O_VEC && is_dst == uses) || (o->kind == PTX_O_TEXADDR && !uses))
                break;
            for (int k = 0; k < o->nelems; k++)
                if (o->elems[k] == from) {
                    int *copy = kc_arena_alloc(a, sizeof(int) * (size_t)o->nelems);
                    if (!copy)
                        return -1;
                    memcpy(copy, o->elems, sizeof(int) * (size_t)o->nelems);
                    o->elems = copy;
                    break;
                }
            for (int k = 0; k < o->nelems; k++)
                if (o->elems[k] == from)
                    o->elems[k] = to;
            break;
        case PTX_O_ADDR:
            if (uses && o->reg == from)
                o->reg = to;
            break;
        default:
            break;
        }
    }
    return 0;
}

static void fix_targets(struct ptx_insn *insns, int n, const int *map)
{
    for (int i = 0; i < n; i++)
        for (int k = 0; k < insns[i].nopnds; k++) {
            struct ptx_operand *o = &insns[i].opnd[k];
            if (o->kind == PTX_O_SYM && o->sym_kind == PTX_SYM_LABEL && o->target >= 0)
                o->target = map[o->target];
        }
}

static int single_dest_reg(const struct ptx_insn *in)
{
    if (in->nopnds < 1 || in->opnd[0].kind != PTX_O_REG || !ptx_insn_first_is_dest(in))
        return -1;
    return in->opnd[0].reg;
}

/* ---- parameter rematerialization --------------------------------------- */

int kc_remat_params(struct kc_prog *p, int *inserted)
{
    int n = p->ninsns, nv = p->nvregs;
    int *ndefs = calloc((size_t)nv + 1, sizeof(int));
    int *def_at = malloc(sizeof(int) * (size_t)(nv + 1));
    int *map = malloc(sizeof(int) * (size_t)(n + 1));
    unsigned char *drop = calloc((size_t)n + 1, 1);
    if (!ndefs || !def_at || !map || !drop) {
        free(ndefs); free(def_at); free(map); free(drop);
        return -1;
    }
    for (int v = 0; v < nv; v++)
        def_at[v] = -1;
    for (int i = 0; i < n; i++) {
        struct ptx_regref refs[PTX_MAX_REFS];
        int nr = ptx_insn_regrefs(&p->insns[i], refs);
        for (int r = 0; r < nr; r++)
            if (refs[r].write)
                ndefs[refs[r].reg]++;
    }
    /* remat[v]: defining instruction when v is a parameter value or a
     * cvta of one, with a single unguarded definition */
    for (int i = 0; i < n; i++) {
        const struct ptx_insn *in = &p->insns[i];
        int d = single_dest_reg(in);
        if (d < 0 || in->guard >= 0 || ndefs[d] != 1)
            continue;
        if (in->op == PTX_OP_LD && in->space == PTX_S_PARAM && in->nopnds == 2 &&
            in->opnd[1].kind == PTX_O_ADDR && in->opnd[1].reg < 0 &&
            in->opnd[1].sym_kind == PTX_SYM_PARAM)
            def_at[d] = i;
        else if (in->op == PTX_OP_CVTA && in->nopnds == 2 && in->opnd[1].kind == PTX_O_REG &&
                 def_at[in->opnd[1].reg] >= 0 && ptx_insn_has_modifier(in, ".to"))
            def_at[d] = i;
    }
    for (int v = 0; v < nv; v++)
        if (def_at[v] >= 0)
            drop[def_at[v]] = 1;
    struct emitter e = {p->arena, NULL, 0, 0};
    int count = 0, err = 0;
    for (int i = 0; i < n && !err; i++) {
        map[i] = e.n;
        if (drop[i])
            continue;
        struct ptx_insn copy = p->insns[i];
        struct ptx_regref refs[PTX_MAX_REFS];
        int nr = ptx_insn_regrefs(&copy, refs);
        int done[PTX_MAX_REFS], ndone = 0;
        for (int r = 0; r < nr && !err; r++) {
            int v = refs[r].reg, again = 0;
            if (refs[r].write || def_at[v] < 0)
                continue;
            for (int k = 0; k < ndone; k++)
                again |= done[k] == v;
            if (again)
                continue;
            done[ndone++] = v;
            /* re-emit the chain: ld.param [, cvta] */
            const struct ptx_insn *def = &p->insns[def_at[v]];
            int t = new_vreg(p, v);
            if (t < 0) {
                err = 1;
                break;
            }
            struct ptx_insn clone = *def;
            if (def->op == PTX_OP_CVTA) {
                int src = def->opnd[1].reg;
                int t0 = new_vreg(p, src);
                struct ptx_insn ld = p->insns[def_at[src]];
                if (t0 < 0) {
                    err = 1;
                    break;
                }
                ld.opnd[0].reg = t0;
                clone.opnd[1].reg = t0;
                err |= emit(&e, &ld) != 0;
                count++;
            }
            clone.opnd[0].reg = t;
            err |= emit(&e, &clone) != 0;
            count++;
            err |= replace_reg(p->arena, &copy, v, t, 1) != 0;
            /* the same vreg in another operand of this instruction is now t */
        }
        err |= emit(&e, &copy) != 0;
    }
    map[n] = e.n;
    if (!err) {
        fix_targets(e.out, e.n, map);
        p->insns = e.out;
        p->ninsns = e.n;
        *inserted = count;
    }
    free(ndefs); free(def_at); free(map); free(drop);
    return err ? -1 : 0;
}

/* ---- spilling --------------------------------------------------------- */

static struct ptx_insn spill_access(enum ptx_opcode op, enum ptx_type type, int reg, int offset,
                                    int line)
{
    struct ptx_insn in;
    memset(&in, 0, sizeof in);
    in.line = line;
    in.op = op;
    in.type = type;
    in.space = PTX_S_LOCAL;
    in.vec = 1;
    in.guard = -1;
    in.nmods = 2;
    in.mods[0] = (int16_t)ptx_modifier_find(".local", 6);
    in.mods[1] = (int16_t)ptx_modifier_find(ptx_type_name(type), strlen(ptx_type_name(type)));
    struct ptx_operand addr, val;
    memset(&addr, 0, sizeof addr);
    memset(&val, 0, sizeof val);
    addr.kind = PTX_O_ADDR;
    addr.reg = -1;
    addr.sym = KC_SPILL_SYMBOL;
    addr.sym_kind = PTX_SYM_VAR;
    addr.imm = offset;
    addr.target = -1;
    val.kind = PTX_O_REG;
    val.reg = reg;
    val.reg2 = -1;
    val.target = -1;
    in.nopnds = 2;
    in.opnd[0] = op == PTX_OP_ST ? addr : val;
    in.opnd[1] = op == PTX_OP_ST ? val : addr;
    return in;
}

int kc_spill_vreg(struct kc_prog *p, int v, int offset)
{
    int n = p->ninsns;
    unsigned bits = ptx_type_bits(p->vregs[v].type);
    enum ptx_type t = bits <= 32 ? PTX_T_B32 : bits == 64 ? PTX_T_B64 : PTX_T_B128;
    int *map = malloc(sizeof(int) * (size_t)(n + 1));
    if (!map)
        return -1;
    struct emitter e = {p->arena, NULL, 0, 0};
    int err = 0;
    for (int i = 0; i < n && !err; i++) {
        map[i] = e.n;
        struct ptx_insn copy = p->insns[i];
        struct ptx_regref refs[PTX_MAX_REFS];
        int nr = ptx_insn_regrefs(&copy, refs);
        int reads = 0, writes = 0, partial = 0;
        for (int r = 0; r < nr; r++)
            if (refs[r].reg == v) {
                if (refs[r].write) {
                    writes = 1;
                    partial |= refs[r].partial;
                } else {
                    reads = 1;
                }
            }
        if (!reads && !writes) {
            err |= emit(&e, &copy) != 0;
            continue;
        }
        int tv = new_vreg(p, v);
        if (tv < 0) {
            err = 1;
            break;
        }
        if (reads || partial) {
            struct ptx_insn ld = spill_access(PTX_OP_LD, t, tv, offset, copy.line);
            err |= emit(&e, &ld) != 0;
            err |= replace_reg(p->arena, &copy, v, tv, 1) != 0;
        }
        if (writes)
            err |= replace_reg(p->arena, &copy, v, tv, 0) != 0;
        err |= emit(&e, &copy) != 0;
        if (writes) {
            struct ptx_insn st = spill_access(PTX_OP_ST, t, tv, offset, copy.line);
            err |= emit(&e, &st) != 0;
        }
    }
    map[n] = e.n;
    if (!err) {
        fix_targets(e.out, e.n, map);
        p->insns = e.out;
        p->ninsns = e.n;
    }
    free(map);
    return err ? -1 : 0;
}
