/*
 * kc_dump.c: the readable form of a compiled kernel (gpurf-kc FILE.ptx):
 * allocation, the program with per-instruction analysis columns, then one
 * section per scheme.
 */
#include "kc.h"

#include <inttypes.h>
#include <string.h>

static void print_set(FILE *out, const uint64_t *set, int nbits)
{
    int first = 1;
    for (int r = 0; r < nbits; r++) {
        if (!bits_test(set, r))
            continue;
        int e = r;
        while (e + 1 < nbits && bits_test(set, e + 1))
            e++;
        fprintf(out, "%s", first ? "" : ",");
        if (e == r)
            fprintf(out, "R%d", r);
        else
            fprintf(out, "R%d-R%d", r, e);
        first = 0;
        r = e;
    }
    if (first)
        fprintf(out, "-");
}

static void print_operand(FILE *out, const struct kc_kernel *k, const struct ptx_operand *o)
{
    char buf[32];
    switch (o->kind) {
    case PTX_O_REG:
        fprintf(out, "%s%s", o->neg ? "!" : "", kc_vreg_phys_name(k, o->reg, buf, sizeof buf));
        break;
    case PTX_O_SINK:
        fprintf(out, "_");
        break;
    case PTX_O_PAIR:
        fprintf(out, "%s|", kc_vreg_phys_name(k, o->reg, buf, sizeof buf));
        fprintf(out, "%s", kc_vreg_phys_name(k, o->reg2, buf, sizeof buf));
        break;
    case PTX_O_VEC:
        fprintf(out, "{");
        for (int i = 0; i < o->nelems; i++)
            fprintf(out, "%s%s", i ? ", " : "",
                    o->elems[i] < 0 ? "_" : kc_vreg_phys_name(k, o->elems[i], buf, sizeof buf));
        fprintf(out, "}");
        break;
    case PTX_O_IMM:
        fprintf(out, "%" PRId64, o->imm);
        break;
    case PTX_O_FIMM:
        fprintf(out, o->fwide ? "0d%016" PRIX64 : "0f%08" PRIX64, o->fbits);
        break;
    case PTX_O_SREG:
        fprintf(out, "%s%s", ptx_sreg_name(o->sreg),
                o->comp == 0 ? ".x" : o->comp == 1 ? ".y" : o->comp == 2 ? ".z" : "");
        break;
    case PTX_O_SYM:
        if (o->sym_kind == PTX_SYM_LABEL)
            fprintf(out, "0x%04x", (unsigned)o->target * 8);
        else
            fprintf(out, "%s", o->sym);
        if (o->imm)
            fprintf(out, "+%" PRId64, o->imm);
        break;
    case PTX_O_ADDR:
        fprintf(out, "[");
        if (o->reg >= 0)
            fprintf(out, "%s", kc_vreg_phys_name(k, o->reg, buf, sizeof buf));
        else if (o->sym)
            fprintf(out, "%s", o->sym);
        if (o->imm || (o->reg < 0 && !o->sym))
            fprintf(out, "%s%" PRId64, (o->reg >= 0 || o->sym) && o->imm >= 0 ? "+" : "",
                    o->imm);
        fprintf(out, "]");
        break;
    case PTX_O_TEXADDR:
        fprintf(out, "[%s, {", o->sym);
        for (int i = 0; i < o->nelems; i++)
            fprintf(out, "%s%s", i ? ", " : "",
                    o->elems[i] < 0 ? "0" : kc_vreg_phys_name(k, o->elems[i], buf, sizeof buf));
        fprintf(out, "}]");
        break;
    }
}

/* The instruction with physical register names, padded to `width`. */
static void print_insn(FILE *out, const struct kc_kernel *k, const struct ptx_insn *in,
                       int width)
{
    char text[256];
    FILE *mem = fmemopen(text, sizeof text, "w");
    if (!mem)
        return;
    char buf[32];
    if (in->guard >= 0)
        fprintf(mem, "@%s%s ", in->guard_neg ? "!" : "",
                kc_vreg_phys_name(k, in->guard, buf, sizeof buf));
    fprintf(mem, "%s", ptx_opcode_name(in->op));
    for (int i = 0; i < in->nmods; i++)
        fprintf(mem, "%s", ptx_modifier_name(in->mods[i]));
    for (int i = 0; i < in->nopnds; i++) {
        fprintf(mem, i ? ", " : " ");
        print_operand(mem, k, &in->opnd[i]);
    }
    fclose(mem);
    text[sizeof text - 1] = 0;
    fprintf(out, "%-*s", width, text);
}

static void dump_allocation(const struct kc_kernel *k, FILE *out)
{
    char buf[32];
    fprintf(out, "\nallocation (PTX register -> physical):\n");
    int col = 0;
    for (int v = 0; v < k->nvregs; v++) {
        if (k->phys[v] < 0 && k->spill_slot[v] < 0)
            continue;
        char cell[96];
        if (k->spill_slot[v] >= 0)
            snprintf(cell, sizeof cell, "%s->[%s+%d]", k->vregs[v].name, "__kc_spill",
                     k->spill_slot[v]);
        else
            snprintf(cell, sizeof cell, "%s->%s", k->vregs[v].name,
                     kc_vreg_phys_name(k, v, buf, sizeof buf));
        fprintf(out, "%s%-19s", col ? " " : "  ", cell);
        if (++col == 5) {
            fprintf(out, "\n");
            col = 0;
        }
    }
    if (col)
        fprintf(out, "\n");
}

static void dump_program(const struct kc_kernel *k, FILE *out)
{
    fprintf(out, "\nprogram (PC = 8 x index; live = FineReg warp live-in vector; rel = RegVirt\n"
                 "release slots; lu = RFC last-use slots; llc = long-latency consumer;\n"
                 "byp = result bypasses the RFC; ri = LTRF interval, * = PREFETCH here):\n");
    for (int i = 0; i < k->ninsns; i++) {
        const struct kc_block *blk = &k->cfg.blocks[k->cfg.block_of[i]];
        if (blk->first == i) {
            fprintf(out, "  -- block %d", k->cfg.block_of[i]);
            if (blk->ipdom < k->cfg.nblocks)
                fprintf(out, ", ipdom block %d (PC 0x%04x)", blk->ipdom,
                        (unsigned)k->cfg.blocks[blk->ipdom].first * 8);
            else
                fprintf(out, ", ipdom EXIT");
            if (blk->divergent)
                fprintf(out, ", divergent branch");
            fprintf(out, "\n");
        }
        const struct kc_interval *iv = &k->ltrf.iv[k->ltrf.interval_of[i]];
        fprintf(out, "  0x%04x %5d  ", (unsigned)i * 8, k->insns[i].line);
        print_insn(out, k, &k->insns[i], 46);
        fprintf(out, " live=");
        print_set(out, kc_live_in(&k->live_warp, i), 256);
        if (k->regvirt.release[i]) {
            fprintf(out, " rel=");
            for (int s = 0, f = 1; s < 3; s++)
                if (k->regvirt.release[i] >> s & 1) {
                    fprintf(out, "%s%d", f ? "" : ",", s);
                    f = 0;
                }
        }
        if (k->rfc.last_use[i]) {
            fprintf(out, " lu=");
            for (int s = 0, f = 1; s < 16; s++)
                if (k->rfc.last_use[i] >> s & 1) {
                    fprintf(out, "%s%d", f ? "" : ",", s);
                    f = 0;
                }
        }
        if (k->rfc.llc[i])
            fprintf(out, " llc");
        if (k->rfc.bypass[i])
            fprintf(out, " byp");
        fprintf(out, " ri=%d%s\n", k->ltrf.interval_of[i], iv->header == i ? "*" : "");
    }
}

static void dump_finereg(const struct kc_kernel *k, FILE *out)
{
    int maxl = 0;
    long sum = 0, sum_t = 0;
    for (int i = 0; i < k->ninsns; i++) {
        int c = bits_count(kc_live_in(&k->live_warp, i), 4);
        sum += c;
        sum_t += bits_count(kc_live_in(&k->live_thread, i), 4);
        if (c > maxl)
            maxl = c;
    }
    fprintf(out, "\nFineReg live-register vectors (divergence-safe, %d bits used of 256):\n",
            k->nregs);
    fprintf(out, "  max live %d, mean live %.2f (thread-level mean %.2f) of %d registers\n",
            maxl, k->ninsns ? (double)sum / k->ninsns : 0.0,
            k->ninsns ? (double)sum_t / k->ninsns : 0.0, k->nregs);
    fprintf(out, "  SM rule: save/restore the set live=... of the PC at the top of the warp's\n"
                 "  SIMT stack; OR-ing the vectors of every stack entry's PC is also safe.\n");
}

static void dump_regvirt(const struct kc_kernel *k, FILE *out)
{
    const struct kc_regvirt *rv = &k->regvirt;
    int releases = 0, npir = 0, npbr = 0;
    for (int i = 0; i < k->ninsns; i++)
        releases += __builtin_popcount(rv->release[i]);
    for (int m = 0; m < rv->nmeta; m++)
        rv->meta[m].is_pbr ? npbr++ : npir++;
    fprintf(out, "\nRegister virtualization (LOOP_PIN=%d):\n", k->opt.loop_pin);
    fprintf(out, "  exempt N=%d:", rv->exempt_n);
    for (int r = 0; r < 256; r++)
        if (bits_test(rv->exempt, r))
            fprintf(out, " R%d", r);
    fprintf(out, "\n  renumbering (exempt first):");
    for (int r = 0; r < 256; r++)
        if (rv->exempt_map[r] >= 0 && rv->exempt_map[r] != r)
            fprintf(out, " R%d->%d", r, rv->exempt_map[r]);
    fprintf(out, "\n  %d release flags, %d pir + %d pbr metadata instructions, "
                 "%d releases not encodable\n", releases, npir, npbr, rv->unencodable);
    for (int e = 0; e < rv->npbr; e++) {
        fprintf(out, "  pbr at PC 0x%04x (block %d) releases", (unsigned)rv->pbr[e].insn * 8,
                rv->pbr[e].block);
        for (int j = 0; j < rv->pbr[e].nregs; j++)
            fprintf(out, " R%d", rv->pbr[e].regs[j]);
        fprintf(out, "\n");
    }
    fprintf(out, "  metadata words (before PC: kind word):\n");
    for (int m = 0; m < rv->nmeta; m++)
        fprintf(out, "    0x%04x: %s 0x%016" PRIx64 "\n", (unsigned)rv->meta[m].before_insn * 8,
                rv->meta[m].is_pbr ? "pbr" : "pir", rv->meta[m].word);
}

static void dump_ltrf(const struct kc_kernel *k, FILE *out)
{
    const struct kc_ltrf *lt = &k->ltrf;
    int mn = 0, mx = 0;
    long sum = 0;
    for (int r = 0; r < lt->nintervals; r++) {
        int n = lt->iv[r].ninsns;
        sum += n;
        if (r == 0 || n < mn)
            mn = n;
        if (n > mx)
            mx = n;
    }
    fprintf(out, "\nLTRF register intervals (N=%d): %d after pass 1 (%d block splits), %d after "
                 "%d pass-2 round(s)\n", lt->limit, lt->pass1_intervals, lt->nsplits,
            lt->nintervals, lt->pass2_rounds);
    fprintf(out, "  static length: mean %.1f, min %d, max %d instructions "
                 "(paper Table 4, dynamic: mean 31.2, min 7, max 45)\n",
            lt->nintervals ? (double)sum / lt->nintervals : 0.0, mn, mx);
    for (int r = 0; r < lt->nintervals; r++) {
        fprintf(out, "  RI%-3d PREFETCH before 0x%04x, %2d regs, %3d insns: ", r,
                (unsigned)lt->iv[r].header * 8, lt->iv[r].nregs, lt->iv[r].ninsns);
        print_set(out, lt->iv[r].regs, 256);
        fprintf(out, "\n");
    }
}

static void dump_rfc(const struct kc_kernel *k, FILE *out)
{
    int lu = 0, llc = 0, byp = 0;
    for (int i = 0; i < k->ninsns; i++) {
        lu += __builtin_popcount(k->rfc.last_use[i]);
        llc += k->rfc.llc[i];
        byp += k->rfc.bypass[i];
    }
    fprintf(out, "\nRegister file cache hints: %d last-use operands, %d long-latency consumers, "
                 "%d RFC bypasses\n", lu, llc, byp);
}

static void dump_renumber(const struct kc_kernel *k, FILE *out)
{
    fprintf(out, "\nRegister sharing renumbering (order of first use, %d registers):",
            k->renumber.count);
    for (int r = 0; r < 256; r++)
        if (k->renumber.map[r] >= 0)
            fprintf(out, " R%d->%d", r, k->renumber.map[r]);
    fprintf(out, "\n");
}

void kc_summary(const struct kc_kernel *k, FILE *out)
{
    fprintf(out, "%s regs=%d\n", k->fn->name, k->nregs);
}

void kc_dump(const struct kc_kernel *k, FILE *out)
{
    fprintf(out, "kernel %s (%s:%d, PTX ISA %d.%d, %s)\n", k->fn->name, k->module->file,
            k->fn->line, k->module->version_major, k->module->version_minor, k->module->target);
    fprintf(out, "  %d GPRs (R0..R%d), %d predicates, %d spilled (%d bytes of local memory), "
                 "%d instructions, %d parameter reloads\n",
            k->nregs, k->nregs ? k->nregs - 1 : 0, k->npreds, k->nspilled, k->spill_bytes,
            k->ninsns, k->nremat);
    dump_allocation(k, out);
    dump_program(k, out);
    dump_finereg(k, out);
    dump_regvirt(k, out);
    dump_ltrf(k, out);
    dump_rfc(k, out);
    dump_renumber(k, out);
}
