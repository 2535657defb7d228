/*
 * ptx_ops.c: the vocabulary of the accepted PTX subset (types, state spaces,
 * opcodes, modifiers, special registers) and the role of every operand:
 * which registers an instruction reads and which it writes.
 */
#include "ptx.h"

#include <string.h>

static const char *const type_names[PTX_T_COUNT] = {
    [PTX_T_NONE] = "", [PTX_T_PRED] = ".pred",
    [PTX_T_B8] = ".b8", [PTX_T_B16] = ".b16", [PTX_T_B32] = ".b32", [PTX_T_B64] = ".b64",
    [PTX_T_B128] = ".b128",
    [PTX_T_U8] = ".u8", [PTX_T_U16] = ".u16", [PTX_T_U32] = ".u32", [PTX_T_U64] = ".u64",
    [PTX_T_S8] = ".s8", [PTX_T_S16] = ".s16", [PTX_T_S32] = ".s32", [PTX_T_S64] = ".s64",
    [PTX_T_F16] = ".f16", [PTX_T_F16X2] = ".f16x2", [PTX_T_BF16] = ".bf16",
    [PTX_T_BF16X2] = ".bf16x2", [PTX_T_F32] = ".f32", [PTX_T_F64] = ".f64",
};

static const unsigned type_bits[PTX_T_COUNT] = {
    [PTX_T_PRED] = 1, [PTX_T_B8] = 8, [PTX_T_B16] = 16, [PTX_T_B32] = 32, [PTX_T_B64] = 64,
    [PTX_T_B128] = 128, [PTX_T_U8] = 8, [PTX_T_U16] = 16, [PTX_T_U32] = 32, [PTX_T_U64] = 64,
    [PTX_T_S8] = 8, [PTX_T_S16] = 16, [PTX_T_S32] = 32, [PTX_T_S64] = 64, [PTX_T_F16] = 16,
    [PTX_T_F16X2] = 32, [PTX_T_BF16] = 16, [PTX_T_BF16X2] = 32, [PTX_T_F32] = 32,
    [PTX_T_F64] = 64,
};

const char *ptx_type_name(enum ptx_type t)
{
    return (unsigned)t < PTX_T_COUNT ? type_names[t] : "?";
}

unsigned ptx_type_bits(enum ptx_type t)
{
    return (unsigned)t < PTX_T_COUNT ? type_bits[t] : 0;
}

const char *ptx_space_name(enum ptx_space s)
{
    static const char *const names[] = {"", ".reg", ".sreg", ".const", ".global", ".local",
                                        ".param", ".shared", ".tex", ".generic"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static const char *const opcode_names[PTX_OP_COUNT] = {
#define PTX_OP_NAME(e, s) s,
    PTX_OPCODES(PTX_OP_NAME)
#undef PTX_OP_NAME
};

const char *ptx_opcode_name(enum ptx_opcode op)
{
    return (unsigned)op < PTX_OP_COUNT ? opcode_names[op] : "?";
}

/* Every dot-word the front end accepts after an opcode.  The list is the
 * union over the opcodes of docs/ptx.md; an instruction with any other
 * modifier is rejected with its line. */
static const char *const modifier_names[] = {
    /* types */
    ".pred", ".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8",
    ".s16", ".s32", ".s64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64",
    /* state spaces and conversions */
    ".global", ".shared", ".local", ".const", ".param", ".tex", ".to", ".generic",
    ".shared::cta", ".shared::cluster", ".param::entry", ".param::func",
    /* vectors */
    ".v2", ".v4",
    /* arithmetic */
    ".lo", ".hi", ".wide", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi", ".rna",
    ".ftz", ".sat", ".approx", ".full", ".cc", ".relu", ".shiftamt", ".clamp", ".wrap",
    ".l", ".r", ".noftz",
    /* comparisons and boolean combinations */
    ".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".ls", ".hs", ".equ", ".neu", ".ltu", ".leu",
    ".gtu", ".geu", ".num", ".nan", ".and", ".or", ".xor",
    /* control flow and synchronisation */
    ".uni", ".sync", ".arrive", ".red", ".popc", ".aligned", ".cta", ".gl", ".sys", ".gpu",
    ".cluster", ".sc", ".acq_rel", ".proxy", ".alias", ".async",
    /* memory ordering and caching */
    ".volatile", ".relaxed", ".acquire", ".release", ".weak", ".mmio", ".nc", ".ca", ".cg",
    ".cs", ".lu", ".cv", ".wb", ".wt", ".L1", ".L2", ".L1::evict_normal",
    ".L1::evict_unchanged", ".L1::evict_first", ".L1::evict_last", ".L1::no_allocate",
    ".L2::64B", ".L2::128B", ".L2::256B", ".L2::cache_hint", ".L2::evict_first",
    ".L2::evict_last", ".L2::evict_normal",
    /* atomics */
    ".add", ".inc", ".dec", ".exch", ".cas", ".min", ".max",
    /* vote, shuffle, permute, funnel shift */
    ".any", ".all", ".ballot", ".up", ".down", ".bfly", ".idx", ".f4e", ".b4e", ".rc8",
    ".ecl", ".ecr", ".rc16",
    /* texture and surface */
    ".1d", ".2d", ".3d", ".a1d", ".a2d", ".cube", ".acube", ".2dms", ".a2dms", ".g", ".b",
    ".a", ".trap", ".zero", ".level", ".grad", ".base", ".width", ".height", ".depth",
    ".channel_data_type", ".channel_order", ".normalized_coords", ".filter_mode",
    ".addr_mode_0", ".addr_mode_1", ".addr_mode_2", ".num_samples", ".num_mipmap_levels",
    ".array_size", ".force_unnormalized_coords",
    /* testp */
    ".finite", ".infinite", ".number", ".notanumber", ".normal", ".subnormal",
};

#define NMODIFIERS ((int)(sizeof modifier_names / sizeof modifier_names[0]))

int ptx_modifier_find(const char *w, size_t len)
{
    for (int i = 0; i < NMODIFIERS; i++)
        if (strlen(modifier_names[i]) == len && memcmp(modifier_names[i], w, len) == 0)
            return i;
    return -1;
}

const char *ptx_modifier_name(int id)
{
    return id >= 0 && id < NMODIFIERS ? modifier_names[id] : "?";
}

const char *ptx_sreg_name(enum ptx_sreg s)
{
    static const char *const names[PTX_SR_COUNT] = {
        "%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid", "%smid",
        "%nsmid", "%gridid", "%clock", "%clock64", "%lanemask_eq", "%lanemask_le",
        "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%globaltimer",
        "%dynamic_smem_size", "%total_smem_size",
    };
    return (unsigned)s < PTX_SR_COUNT ? names[s] : "?";
}

int ptx_insn_has_modifier(const struct ptx_insn *in, const char *name)
{
    int id = ptx_modifier_find(name, strlen(name));
    for (int i = 0; i < in->nmods; i++)
        if (in->mods[i] == id)
            return 1;
    return 0;
}

/* Does operand 0 of this instruction name a destination? */
int ptx_insn_first_is_dest(const struct ptx_insn *in)
{
    switch (in->op) {
    case PTX_OP_ST: case PTX_OP_BRA: case PTX_OP_RET: case PTX_OP_EXIT: case PTX_OP_TRAP:
    case PTX_OP_BRKPT: case PTX_OP_MEMBAR: case PTX_OP_FENCE: case PTX_OP_RED:
    case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU: case PTX_OP_NANOSLEEP: case PTX_OP_PMEVENT:
    case PTX_OP_SUST: case PTX_OP_CALL:
        return 0;
    case PTX_OP_BAR: case PTX_OP_BARRIER:
        /* only bar.red produces a value */
        return ptx_insn_has_modifier(in, ".red");
    default:
        return in->nopnds > 0;
    }
}

static int add_ref(struct ptx_regref *refs, int n, int reg, int write, int partial, int slot,
                   int opnd)
{
    if (reg < 0 || n >= PTX_MAX_REFS)
        return n;
    refs[n].reg = reg;
    refs[n].write = write;
    refs[n].partial = partial;
    refs[n].slot = slot;
    refs[n].opnd = opnd;
    return n + 1;
}

int ptx_insn_regrefs(const struct ptx_insn *in, struct ptx_regref *refs)
{
    int n = 0, slot = 0;
    int partial = in->guard >= 0;
    if (in->guard >= 0)
        n = add_ref(refs, n, in->guard, 0, 0, -1, -1);
    int dest = ptx_insn_first_is_dest(in);
    for (int i = 0; i < in->nopnds; i++) {
        const struct ptx_operand *o = &in->opnd[i];
        int is_dst = dest && i == 0;
        switch (o->kind) {
        case PTX_O_REG:
            if (is_dst)
                n = add_ref(refs, n, o->reg, 1, partial, -1, i);
            else
                n = add_ref(refs, n, o->reg, 0, 0, slot++, i);
            break;
        case PTX_O_PAIR:
            n = add_ref(refs, n, o->reg, 1, partial, -1, i);
            n = add_ref(refs, n, o->reg2, 1, partial, -1, i);
            break;
        case PTX_O_VEC:
            for (int k = 0; k < o->nelems; k++) {
                if (o->elems[k] < 0)
                    continue;
                if (is_dst)
                    n = add_ref(refs, n, o->elems[k], 1, partial, -1, i);
                else
                    n = add_ref(refs, n, o->elems[k], 0, 0, slot++, i);
            }
            break;
        case PTX_O_ADDR:
            if (o->reg >= 0)
                n = add_ref(refs, n, o->reg, 0, 0, slot++, i);
            break;
        case PTX_O_TEXADDR:
            for (int k = 0; k < o->nelems; k++)
                if (o->elems[k] >= 0)
                    n = add_ref(refs, n, o->elems[k], 0, 0, slot++, i);
            break;
        default:
            break;
        }
    }
    return n;
}

int ptx_insn_is_branch(const struct ptx_insn *in)
{
    return in->op == PTX_OP_BRA;
}

int ptx_insn_is_exit(const struct ptx_insn *in)
{
    return in->op == PTX_OP_RET || in->op == PTX_OP_EXIT || in->op == PTX_OP_TRAP;
}

int ptx_insn_is_long_latency(const struct ptx_insn *in)
{
    switch (in->op) {
    case PTX_OP_LD:
    case PTX_OP_LDU:
        return in->space == PTX_S_GLOBAL || in->space == PTX_S_LOCAL ||
               in->space == PTX_S_GENERIC || in->space == PTX_S_NONE;
    case PTX_OP_TEX: case PTX_OP_TLD4: case PTX_OP_SULD: case PTX_OP_ATOM:
        return 1;
    default:
        return 0;
    }
}
