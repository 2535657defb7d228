/*
 * kc.c: compiling one kernel: copy the PTX body into a program we own,
 * rematerialize parameters, allocate registers (spilling while over the
 * limit), build the physical machine view and run every analysis.
 */
#include "kc.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "rewrite.h"

#define MAX_SPILL_ROUNDS 4096

void kc_options_default(struct kc_options *o)
{
    memset(o, 0, sizeof *o);
    o->max_regs = KC_MAX_GPR;
    o->remat_params = 1;
    o->ltrf_n = 16;
    o->loop_pin = 1;
    o->exempt = -1;
    o->resident_warps = 48;
}

static void classify(const struct ptx_reg *r, unsigned char *cls, unsigned char *width)
{
    unsigned bits = ptx_type_bits(r->type);
    if (r->type == PTX_T_PRED) {
        *cls = KC_RC_PRED;
        *width = 0;
    } else {
        *cls = KC_RC_GPR;
        *width = bits <= 32 ? 1 : bits == 64 ? 2 : 4;
    }
}

/* The vreg view: every register reference, width 1, in operand order. */
static int build_vmir(const struct kc_prog *p, struct mir *m, int **copy_src)
{
    m->n = p->ninsns;
    m->nbits = p->nvregs;
    m->insns = calloc((size_t)(m->n ? m->n : 1), sizeof *m->insns);
    *copy_src = malloc(sizeof(int) * (size_t)(m->n ? m->n : 1));
    if (!m->insns || !*copy_src)
        return -1;
    for (int i = 0; i < p->ninsns; i++) {
        const struct ptx_insn *in = &p->insns[i];
        struct mir_insn *mi = &m->insns[i];
        struct ptx_regref refs[PTX_MAX_REFS];
        int nr = ptx_insn_regrefs(in, refs);
        mi->line = in->line;
        mi->target = -1;
        for (int r = 0; r < nr; r++) {
            struct mir_ref ref = {refs[r].reg, 1, refs[r].slot};
            if (refs[r].write && mi->ndst < MIR_MAX_DST)
                mi->dst[mi->ndst++] = ref;
            else if (!refs[r].write && mi->nsrc < MIR_MAX_SRC)
                mi->src[mi->nsrc++] = ref;
            else
                return -2;
        }
        if (in->guard >= 0)
            mi->flags |= MIR_F_PARTIAL;
        if (ptx_insn_is_branch(in)) {
            mi->flags |= MIR_F_BRANCH;
            mi->target = in->opnd[0].target;
            if (in->guard >= 0)
                mi->flags |= MIR_F_COND;
            if (ptx_insn_has_modifier(in, ".uni"))
                mi->flags |= MIR_F_UNI;
        }
        if (ptx_insn_is_exit(in)) {
            mi->flags |= MIR_F_EXIT;
            if (in->guard >= 0)
                mi->flags |= MIR_F_COND;
        }
        if (ptx_insn_is_long_latency(in))
            mi->flags |= MIR_F_LONGLAT;
        if (in->op == PTX_OP_BAR || in->op == PTX_OP_BARRIER)
            mi->flags |= MIR_F_BARRIER;
        (*copy_src)[i] = -1;
        if (in->op == PTX_OP_MOV && in->guard < 0 && in->nopnds == 2 &&
            in->opnd[0].kind == PTX_O_REG && in->opnd[1].kind == PTX_O_REG &&
            p->vregs[in->opnd[0].reg].type != PTX_T_PRED &&
            ptx_type_bits(p->vregs[in->opnd[0].reg].type) ==
                ptx_type_bits(p->vregs[in->opnd[1].reg].type))
            (*copy_src)[i] = in->opnd[1].reg;
    }
    return 0;
}

/* The physical view: GPR references only, slots renumbered among GPR
 * sources (predicates live in their own file and are not in any vector). */
static void build_pmir(struct kc_kernel *k, const struct mir *vm)
{
    struct mir *m = &k->mir;
    m->nbits = 256;
    for (int i = 0; i < vm->n; i++) {
        const struct mir_insn *vi = &vm->insns[i];
        struct mir_insn *pi = &m->insns[i];
        *pi = *vi;
        pi->nsrc = pi->ndst = 0;
        int slot = 0;
        for (int s = 0; s < vi->nsrc; s++) {
            int v = vi->src[s].reg;
            if (k->vclass[v] != KC_RC_GPR || k->phys[v] < 0)
                continue;
            struct mir_ref r = {k->phys[v], k->vwidth[v], slot++};
            pi->src[pi->nsrc++] = r;
        }
        for (int d = 0; d < vi->ndst; d++) {
            int v = vi->dst[d].reg;
            if (k->vclass[v] != KC_RC_GPR || k->phys[v] < 0)
                continue;
            struct mir_ref r = {k->phys[v], k->vwidth[v], -1};
            pi->dst[pi->ndst++] = r;
        }
    }
}

static int fail_oom(struct kc_diag *err, const struct kc_kernel *k)
{
    kc_diag_set(err, k->module->file, k->fn->line, "out of memory compiling '%s'", k->fn->name);
    return -1;
}

static int oom(struct kc_kernel *k, struct kc_diag *err)
{
    fail_oom(err, k);
    kc_kernel_free(k);
    return -1;
}

static int allocate(struct kc_kernel *k, struct kc_prog *p, struct kc_diag *err,
                    struct mir *vm)
{
    int first_temp = -1;      /* vregs from here on are spill temporaries */
    for (int round = 0;; round++) {
        int *copy_src = NULL;
        free(vm->insns);
        memset(vm, 0, sizeof *vm);
        free(k->vclass);
        free(k->vwidth);
        k->vclass = malloc((size_t)p->nvregs + 1);
        k->vwidth = malloc((size_t)p->nvregs + 1);
        if (!k->vclass || !k->vwidth)
            return fail_oom(err, k);
        for (int v = 0; v < p->nvregs; v++)
            classify(&p->vregs[v], &k->vclass[v], &k->vwidth[v]);
        int rc = build_vmir(p, vm, &copy_src);
        if (rc == -2) {
            free(copy_src);
            kc_diag_set(err, k->module->file, 0, "an instruction of '%s' has too many register "
                        "operands (at most %d sources, %d destinations)", k->fn->name,
                        MIR_MAX_SRC, MIR_MAX_DST);
            return -1;
        }
        unsigned char *temp = calloc((size_t)p->nvregs + 1, 1);
        if (temp && first_temp >= 0)
            memset(temp + first_temp, 1, (size_t)(p->nvregs - first_temp));
        struct kc_ra_input in = {vm, p->nvregs, k->vclass, k->vwidth, copy_src,
                                 k->opt.max_regs, temp};
        struct kc_ra_result res;
        if (rc != 0 || !temp || kc_regalloc(&in, &res) != 0) {
            free(copy_src);
            free(temp);
            return fail_oom(err, k);
        }
        free(copy_src);
        free(temp);
        free(k->phys);
        k->phys = res.phys;
        k->nregs = res.ngpr;
        k->npreds = res.npred;
        int v = res.spill_vreg;
        if (!res.unplaced)
            break;
        if (round >= MAX_SPILL_ROUNDS || v < 0) {
            kc_diag_set(err, k->module->file, k->fn->line,
                        "'%s' cannot be allocated in %d registers: one instruction needs more",
                        k->fn->name, k->opt.max_regs);
            return -1;
        }
        if (first_temp < 0)
            first_temp = p->nvregs;
        int bytes = 4 * k->vwidth[v];
        int offset = (k->spill_bytes + bytes - 1) / bytes * bytes;
        if (kc_spill_vreg(p, v, offset) != 0)
            return fail_oom(err, k);
        k->spill_bytes = offset + bytes;
        k->nspilled++;
        int *slots = realloc(k->spill_slot, sizeof(int) * (size_t)(p->nvregs + 1));
        if (!slots)
            return fail_oom(err, k);
        k->spill_slot = slots;
        for (int u = k->nvregs; u < p->nvregs; u++)
            slots[u] = -1;
        k->nvregs = p->nvregs;
        slots[v] = offset;
    }
    return 0;
}

void kc_kernel_free(struct kc_kernel *k)
{
    if (!k)
        return;
    free(k->vclass);
    free(k->vwidth);
    free(k->phys);
    free(k->spill_slot);
    free(k->mir.insns);
    kc_cfg_free(&k->cfg);
    kc_live_free(&k->live_thread);
    kc_live_free(&k->live_warp);
    kc_regvirt_free(&k->regvirt);
    kc_ltrf_free(&k->ltrf);
    kc_rfc_free(&k->rfc);
    kc_arena_free(k->arena);
    free(k);
}

int kc_compile(const struct ptx_module *m, const struct ptx_function *fn,
               const struct kc_options *opt, struct kc_kernel **out, struct kc_diag *err)
{
    *out = NULL;
    if (!fn->has_body) {
        kc_diag_set(err, m->file, fn->line, "'%s' has no body", fn->name);
        return -1;
    }
    struct kc_kernel *k = calloc(1, sizeof *k);
    if (!k) {
        kc_diag_set(err, m->file, fn->line, "out of memory");
        return -1;
    }
    k->module = m;
    k->fn = fn;
    if (opt)
        k->opt = *opt;
    else
        kc_options_default(&k->opt);
    if (k->opt.max_regs < 1 || k->opt.max_regs > KC_MAX_GPR) {
        kc_diag_set(err, m->file, 0, "register limit %d is outside 1 .. %d", k->opt.max_regs,
                    KC_MAX_GPR);
        free(k);
        return -1;
    }
    if (k->opt.ltrf_n < 1 || k->opt.ltrf_n > 256) {
        kc_diag_set(err, m->file, 0, "LTRF interval size %d is outside 1 .. 256", k->opt.ltrf_n);
        free(k);
        return -1;
    }
    k->arena = kc_arena_new();
    struct kc_prog p = {k->arena, fn->ninsns, NULL, fn->nregs, fn->nregs, NULL};
    p.insns = kc_arena_grow(k->arena, NULL, sizeof *p.insns, 0, (size_t)fn->ninsns + 1);
    p.vregs = kc_arena_grow(k->arena, NULL, sizeof *p.vregs, 0, (size_t)fn->nregs + 1);
    if (!k->arena || !p.insns || !p.vregs)
        return oom(k, err);
    /* a body of only `ret` declares no register: fn->regs is NULL then */
    if (fn->ninsns > 0)
        memcpy(p.insns, fn->insns, sizeof *p.insns * (size_t)fn->ninsns);
    if (fn->nregs > 0)
        memcpy(p.vregs, fn->regs, sizeof *p.vregs * (size_t)fn->nregs);
    if (k->opt.remat_params && kc_remat_params(&p, &k->nremat) != 0)
        return oom(k, err);
    k->nvregs = p.nvregs;
    k->spill_slot = malloc(sizeof(int) * (size_t)(p.nvregs + 1));
    if (!k->spill_slot)
        return oom(k, err);
    for (int v = 0; v < p.nvregs; v++)
        k->spill_slot[v] = -1;
    struct mir vm = {0, NULL, 0};
    if (allocate(k, &p, err, &vm) != 0) {
        free(vm.insns);
        kc_kernel_free(k);
        return -1;
    }
    k->ninsns = p.ninsns;
    k->insns = p.insns;
    k->nvregs = p.nvregs;
    k->vregs = p.vregs;
    k->mir.n = vm.n;
    k->mir.insns = calloc((size_t)(vm.n ? vm.n : 1), sizeof *k->mir.insns);
    if (!k->mir.insns) {
        free(vm.insns);
        return oom(k, err);
    }
    build_pmir(k, &vm);
    free(vm.insns);
    int exempt = k->opt.exempt >= 0 ? k->opt.exempt
                                     : kc_regvirt_exempt_count(k->nregs, k->opt.resident_warps);
    if (kc_cfg_build(&k->mir, &k->cfg) != 0 ||
        kc_live_thread(&k->mir, &k->cfg, &k->live_thread) != 0 ||
        kc_live_warp(&k->mir, &k->cfg, &k->live_thread, &k->live_warp) != 0 ||
        kc_regvirt_run(&k->mir, &k->cfg, &k->live_thread, k->opt.loop_pin, exempt,
                       &k->regvirt) != 0 ||
        kc_ltrf_run(&k->mir, &k->cfg, k->opt.ltrf_n, &k->ltrf) != 0 ||
        kc_rfc_run(&k->mir, &k->cfg, &k->live_warp, &k->rfc) != 0)
        return oom(k, err);
    kc_renumber_run(&k->mir, &k->renumber);
    *out = k;
    return 0;
}

const char *kc_vreg_phys_name(const struct kc_kernel *k, int v, char *buf, unsigned size)
{
    if (v < 0 || v >= k->nvregs || k->phys[v] < 0)
        snprintf(buf, size, "-");
    else if (k->vclass[v] == KC_RC_PRED)
        snprintf(buf, size, "P%d", k->phys[v]);
    else if (k->vwidth[v] == 1)
        snprintf(buf, size, "R%d", k->phys[v]);
    else
        snprintf(buf, size, "R%d:R%d", k->phys[v], k->phys[v] + k->vwidth[v] - 1);
    return buf;
}
