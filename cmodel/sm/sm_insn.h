/* sm_insn.h: one static instruction as the SM pipeline sees it.
 *
 * Both instruction sources produce it: the PTX executor decodes every
 * instruction of a register-allocated kernel once (sm_prog.c), the trace
 * reader every SASS line of an Accel-Sim trace (sm_trace.c).  The pipeline
 * (sm_core.c) needs only the register lists, the class and the control kind;
 * the operand table is for the executor. */
#ifndef GPURF_SM_INSN_H
#define GPURF_SM_INSN_H

#include <stdint.h>

enum { SM_MAX_SRC = 16, SM_MAX_DST = 8, SM_MAX_OPNDS = 8, SM_MAX_PREDS = 64 };

/* Execution resource (and latency class) of an instruction. */
enum sm_class {
	SM_CLS_ALU,	/* integer, fp32, moves, compares, conversions */
	SM_CLS_SFU,	/* transcendental, rcp, sqrt, div, rem */
	SM_CLS_DP,	/* fp64 arithmetic */
	SM_CLS_MEM,	/* loads, stores, atomics (LD/ST unit + memory system) */
	SM_CLS_BRANCH,	/* resolved at issue (no operands from the register file) */
	SM_CLS_EXIT,	/* ret / exit: the active lanes finish, at issue */
	SM_CLS_BAR,	/* bar.sync: the warp waits for its CTA, at issue */
	SM_NCLASS
};

/* Operand kinds of the executor's operand table. */
enum sm_okind {
	SM_O_NONE, SM_O_REG, SM_O_PRED, SM_O_IMM, SM_O_SREG, SM_O_ADDR, SM_O_VEC, SM_O_SINK,
	SM_O_PAIR
};

struct sm_opnd {
	uint8_t kind;		/* enum sm_okind */
	uint8_t width;		/* SM_O_REG: 32-bit registers (1, 2, 4); SM_O_VEC: per element */
	uint8_t nelems;		/* SM_O_VEC elements */
	uint8_t neg;		/* SM_O_PRED: !p */
	int16_t pred, pred2;	/* SM_O_PRED / SM_O_PAIR predicate indices (-1 = sink) */
	uint8_t sreg, comp;	/* SM_O_SREG */
	/* Where each 32-bit register of the operand sits: an index into src[]
	 * for sources (SM_O_REG, SM_O_VEC, the base of SM_O_ADDR), into dst[]
	 * for destinations; element e's register j is rs[e * width + j]; -1
	 * for a `_` element or an address without a register base. */
	int8_t rs[8];
	int64_t imm;		/* SM_O_IMM value (raw bits), SM_O_ADDR offset */
};

/* Decoded modifier flags. */
enum {
	SM_F_LO = 1u << 0, SM_F_HI = 1u << 1, SM_F_WIDE = 1u << 2, SM_F_SAT = 1u << 3,
	SM_F_FTZ = 1u << 4, SM_F_RN = 1u << 5, SM_F_RZ = 1u << 6, SM_F_RM = 1u << 7,
	SM_F_RP = 1u << 8, SM_F_RNI = 1u << 9, SM_F_RZI = 1u << 10, SM_F_RMI = 1u << 11,
	SM_F_RPI = 1u << 12, SM_F_APPROX = 1u << 13, SM_F_TO = 1u << 14, SM_F_UNI = 1u << 15,
	SM_F_CC = 1u << 16, SM_F_SHIFTAMT = 1u << 17, SM_F_CLAMP = 1u << 18,
	SM_F_STORE = 1u << 19,	/* MEM: writes memory (st, red, atom) */
	SM_F_LOAD = 1u << 20,	/* MEM: writes registers from memory */
};

struct sm_insn {
	int64_t pc;		/* instruction index (PC = 8 x index); a trace's SASS PC */
	int line;		/* PTX or trace line */
	uint8_t op;		/* enum ptx_opcode (executor), or a trace opcode id */
	uint8_t cls;		/* enum sm_class */
	uint8_t type, type2;	/* enum ptx_type */
	uint8_t space;		/* enum ptx_space of a memory access */
	uint8_t vec;		/* 1, 2 or 4 */
	uint8_t longlat;	/* result from the memory system (two-level demotion) */
	uint8_t xk;		/* whole-warp row kind (sm_exec_kind), 0 = lane by lane */
	int8_t cmp, bop, aop, mode; /* compare, boolean combine, atomic op, vote/shfl mode */
	uint32_t flags;		/* SM_F_* */
	int16_t guard;		/* guard predicate, -1 none */
	uint8_t guard_neg;
	uint8_t nsrc, ndst;
	uint16_t src[SM_MAX_SRC];	/* distinct general registers read, in order */
	uint16_t dst[SM_MAX_DST];	/* general registers written */
	uint64_t psrc, pdst;	/* predicate registers read (guard included) / written */
	int target;		/* branch target index */
	int rpc;		/* reconvergence index of a branch, -1 = at exit */
	uint8_t nopnds;
	struct sm_opnd opnd[SM_MAX_OPNDS];
};

#endif
