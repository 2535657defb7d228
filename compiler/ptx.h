/*
 * ptx.h: the parsed form of a PTX module, as the front end hands it to the
 * register allocator and (later) to the SM model, which executes it.
 *
 * Everything a module owns (functions, instructions, operands, names) lives
 * in one arena released by ptx_module_free.  Registers are numbered per
 * function ("virtual registers", vregs); a register operand holds the vreg
 * index.  Instructions keep their opcode and every modifier, in source order,
 * so no information of the PTX text is lost.
 *
 * docs/ptx.md lists the accepted subset of the language.
 */
#ifndef GPURF_PTX_H
#define GPURF_PTX_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* ---- types and state spaces ------------------------------------------- */

enum ptx_type {
    PTX_T_NONE,
    PTX_T_PRED,
    PTX_T_B8, PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_B128,
    PTX_T_U8, PTX_T_U16, PTX_T_U32, PTX_T_U64,
    PTX_T_S8, PTX_T_S16, PTX_T_S32, PTX_T_S64,
    PTX_T_F16, PTX_T_F16X2, PTX_T_BF16, PTX_T_BF16X2, PTX_T_F32, PTX_T_F64,
    PTX_T_COUNT
};
const char *ptx_type_name(enum ptx_type t);
unsigned ptx_type_bits(enum ptx_type t);   /* PTX_T_PRED: 1 */

enum ptx_space {
    PTX_S_NONE, PTX_S_REG, PTX_S_SREG, PTX_S_CONST, PTX_S_GLOBAL, PTX_S_LOCAL,
    PTX_S_PARAM, PTX_S_SHARED, PTX_S_TEX, PTX_S_GENERIC
};
const char *ptx_space_name(enum ptx_space s);

/* ---- opcodes and modifiers -------------------------------------------- */

/* X(enum suffix, spelling) for every opcode the front end accepts. */
#define PTX_OPCODES(X) \
    X(ABS, "abs") X(ACTIVEMASK, "activemask") X(ADD, "add") X(ADDC, "addc") \
    X(AND, "and") X(ATOM, "atom") X(BAR, "bar") X(BARRIER, "barrier") \
    X(BFE, "bfe") X(BFI, "bfi") X(BFIND, "bfind") X(BRA, "bra") X(BREV, "brev") \
    X(BRKPT, "brkpt") X(CALL, "call") X(CLZ, "clz") X(CNOT, "cnot") \
    X(COPYSIGN, "copysign") X(COS, "cos") X(CVT, "cvt") X(CVTA, "cvta") \
    X(DIV, "div") X(DP2A, "dp2a") X(DP4A, "dp4a") X(EX2, "ex2") X(EXIT, "exit") \
    X(FENCE, "fence") X(FMA, "fma") X(FNS, "fns") X(ISSPACEP, "isspacep") \
    X(LD, "ld") X(LDU, "ldu") X(LG2, "lg2") X(LOP3, "lop3") X(MAD, "mad") \
    X(MAD24, "mad24") X(MADC, "madc") X(MAX, "max") X(MEMBAR, "membar") \
    X(MIN, "min") X(MOV, "mov") X(MUL, "mul") X(MUL24, "mul24") \
    X(NANOSLEEP, "nanosleep") X(NEG, "neg") X(NOT, "not") X(OR, "or") \
    X(PMEVENT, "pmevent") X(POPC, "popc") X(PREFETCH, "prefetch") \
    X(PREFETCHU, "prefetchu") X(PRMT, "prmt") X(RCP, "rcp") X(RED, "red") \
    X(REM, "rem") X(RET, "ret") X(RSQRT, "rsqrt") X(SAD, "sad") X(SELP, "selp") \
    X(SET, "set") X(SETP, "setp") X(SHF, "shf") X(SHFL, "shfl") X(SHL, "shl") \
    X(SHR, "shr") X(SIN, "sin") X(SLCT, "slct") X(SQRT, "sqrt") X(ST, "st") \
    X(SUB, "sub") X(SUBC, "subc") X(SULD, "suld") X(SUQ, "suq") X(SUST, "sust") \
    X(TANH, "tanh") X(TESTP, "testp") X(TEX, "tex") X(TLD4, "tld4") \
    X(TRAP, "trap") X(TXQ, "txq") X(VOTE, "vote") X(XOR, "xor")

enum ptx_opcode {
#define PTX_OP_ENUM(e, s) PTX_OP_##e,
    PTX_OPCODES(PTX_OP_ENUM)
#undef PTX_OP_ENUM
    PTX_OP_COUNT
};
const char *ptx_opcode_name(enum ptx_opcode op);

/* Modifiers are interned: the index into the table of known modifier
 * spellings (ptx_ops.c).  Types and state spaces are also recorded in the
 * instruction's dedicated fields. */
int ptx_modifier_find(const char *dot_word, size_t len);   /* -1 if unknown */
const char *ptx_modifier_name(int id);

/* ---- operands ---------------------------------------------------------- */

enum ptx_sreg {
    PTX_SR_TID, PTX_SR_NTID, PTX_SR_CTAID, PTX_SR_NCTAID, PTX_SR_LANEID, PTX_SR_WARPID,
    PTX_SR_NWARPID, PTX_SR_SMID, PTX_SR_NSMID, PTX_SR_GRIDID, PTX_SR_CLOCK, PTX_SR_CLOCK64,
    PTX_SR_LANEMASK_EQ, PTX_SR_LANEMASK_LE, PTX_SR_LANEMASK_LT, PTX_SR_LANEMASK_GE,
    PTX_SR_LANEMASK_GT, PTX_SR_GLOBALTIMER, PTX_SR_DYN_SMEM, PTX_SR_TOTAL_SMEM,
    PTX_SR_COUNT
};
const char *ptx_sreg_name(enum ptx_sreg s);

enum ptx_opnd_kind {
    PTX_O_REG,     /* vreg; `neg` for a negated predicate source (!p) */
    PTX_O_SINK,    /* `_` */
    PTX_O_VEC,     /* {a, b, ...}: elems[] are vregs, -1 for `_` */
    PTX_O_IMM,     /* integer immediate */
    PTX_O_FIMM,    /* floating immediate: fbits holds the IEEE bits, fwide = f64 */
    PTX_O_SREG,    /* special register; comp = 0..2 for .x/.y/.z, -1 none */
    PTX_O_SYM,     /* label, variable, function or parameter name, + imm offset */
    PTX_O_ADDR,    /* [base + imm]; base is a vreg (reg >= 0) or a symbol or none */
    PTX_O_TEXADDR, /* [tex, {coords}] or [tex, sampler, {coords}] */
    PTX_O_PAIR     /* p|q or r|p destination pair of setp/shfl */
};

enum ptx_sym_kind { PTX_SYM_LABEL, PTX_SYM_VAR, PTX_SYM_FUNC, PTX_SYM_PARAM };

struct ptx_var;

struct ptx_operand {
    enum ptx_opnd_kind kind;
    int neg;               /* !p */
    int reg;               /* PTX_O_REG, PTX_O_ADDR base, PTX_O_PAIR first */
    int reg2;              /* PTX_O_PAIR second */
    int nelems;            /* PTX_O_VEC, PTX_O_TEXADDR coordinates */
    int *elems;
    int64_t imm;           /* PTX_O_IMM value, PTX_O_ADDR / PTX_O_SYM offset */
    uint64_t fbits;
    int fwide;
    enum ptx_sreg sreg;
    int comp;
    enum ptx_sym_kind sym_kind;
    const char *sym;       /* PTX_O_SYM, PTX_O_ADDR symbol base, PTX_O_TEXADDR texture */
    const char *sym2;      /* PTX_O_TEXADDR sampler, if any */
    int target;            /* PTX_SYM_LABEL: instruction index the label names */
};

/* ---- instructions and functions --------------------------------------- */

#define PTX_MAX_MODS 12
#define PTX_MAX_OPNDS 8

struct ptx_insn {
    int line;
    enum ptx_opcode op;
    int nmods;
    int16_t mods[PTX_MAX_MODS];     /* every .modifier in source order */
    enum ptx_type type, type2;       /* first and second type modifier (cvt, setp...) */
    enum ptx_space space;            /* ld/st/atom/cvta/... state space, if any */
    int vec;                         /* .v2 / .v4: 2 or 4, else 1 */
    int guard;                       /* vreg of the @p guard, -1 if none */
    int guard_neg;                   /* @!p */
    int nopnds;
    struct ptx_operand opnd[PTX_MAX_OPNDS];
};

struct ptx_reg {
    const char *name;
    enum ptx_type type;
};

/* A variable of any state space (module scope or function scope) or a
 * parameter.  `init` holds `size` bytes when the declaration has an
 * initializer (little-endian element encoding), else NULL. */
struct ptx_var {
    const char *name;
    enum ptx_space space;
    enum ptx_type type;
    int vec;
    uint32_t align;
    uint64_t count;     /* array elements (1 for a scalar) */
    uint64_t size;      /* bytes */
    uint8_t *init;
    int line;
    int is_ptr_param;   /* .param .u64 .ptr ... (informational) */
};

struct ptx_label {
    const char *name;
    int insn;           /* index of the instruction that follows it */
    int line;
};

struct ptx_function {
    const char *name;
    int is_entry;
    int line;
    int nparams;
    struct ptx_var *params;
    int nrets;
    struct ptx_var *rets;
    int nregs;
    struct ptx_reg *regs;
    int nvars;                 /* .local / .shared / .const declared in the body */
    struct ptx_var *vars;
    int nlabels;
    struct ptx_label *labels;
    int ninsns;
    struct ptx_insn *insns;
    uint32_t maxntid[3], reqntid[3], maxnreg, minnctapersm;
    int has_body;
};

struct ptx_module {
    const char *file;
    int version_major, version_minor;
    char target[64];
    int address_size;          /* 32 or 64 */
    int nfuncs;
    struct ptx_function *funcs;
    int nvars;
    struct ptx_var *vars;
    struct kc_arena *arena;
};

/* Parses `len` bytes of PTX text.  On success returns 0 and sets *out; on
 * failure returns -1 and fills *err (file, line, construct, what is allowed).
 * Never crashes on malformed input. */
int ptx_parse(const char *file, const char *text, size_t len, struct ptx_module **out,
              struct kc_diag *err);
/* Reads and parses a file. */
int ptx_parse_file(const char *path, struct ptx_module **out, struct kc_diag *err);
void ptx_module_free(struct ptx_module *m);

const struct ptx_function *ptx_find_function(const struct ptx_module *m, const char *name);
const struct ptx_var *ptx_find_var(const struct ptx_module *m, const struct ptx_function *f,
                                   const char *name);

/* ---- operand roles ----------------------------------------------------- */

/* Register references of one instruction, in textual order.  `write` marks a
 * destination; `partial` a write that may leave the old value in place for
 * some lanes (a guarded instruction), which therefore also reads it.
 * `slot` is the source-operand position (0-based, guard excluded) used by
 * release flags; -1 for destinations and for the guard. */
struct ptx_regref {
    int reg;
    int write;
    int partial;
    int slot;
    int opnd;       /* operand index, -1 for the guard */
};
#define PTX_MAX_REFS 24
/* Fills refs[] (at most PTX_MAX_REFS) and returns the count. */
int ptx_insn_regrefs(const struct ptx_insn *in, struct ptx_regref *refs);

/* Does operand 0 name a destination (a register, vector, pair or sink)? */
int ptx_insn_first_is_dest(const struct ptx_insn *in);

/* Classification used by the analyses. */
int ptx_insn_is_branch(const struct ptx_insn *in);      /* bra */
int ptx_insn_is_exit(const struct ptx_insn *in);        /* ret / exit / trap */
int ptx_insn_is_long_latency(const struct ptx_insn *in);/* global/local/tex/generic load, atom */
int ptx_insn_has_modifier(const struct ptx_insn *in, const char *name);

#endif
