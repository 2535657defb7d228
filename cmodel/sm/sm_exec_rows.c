/* sm_exec_rows.c: the commonest instructions for a whole warp at once.
 *
 * sm_exec_kind() looks at an instruction once, when the program is loaded,
 * and names the row implementation that computes it (si->xk; 0: none, the
 * lane-by-lane interpreter of sm_exec.c runs it).  A row implementation
 * reads each source operand as a row of raw values, one per lane, computes
 * the row without decoding anything per lane, and writes the destination
 * rows.  Side-effect-free operations compute every lane, executing or not,
 * in loops the compiler can vectorise: source rows hold defined values for
 * every lane (the collector copies whole register rows out of the register
 * file), and the write ports store only the executing lanes, so what the
 * other lanes of `dst` get is never seen.  Memory accesses and calls into
 * the scalar semantics (sm_exec_ops.h) run on the executing lanes only.
 *
 * Every result equals the lane-by-lane interpreter's bit for bit; a memory
 * access that would fault or is misaligned declines (returns 0) and the
 * interpreter runs and reports it. */
#include <stdint.h>

#include "sm_exec_ops.h"
#include "sm_prog.h"

enum {
	XK_NONE,
	XK_MOV,		/* mov d, register or immediate */
	XK_SREG,	/* mov d, %special register */
	XK_INT,		/* integer arithmetic and bit operations */
	XK_I32,		/* the commonest of those on 32-bit registers and immediates */
	XK_F32,		/* fp32 arithmetic, any rounding */
	XK_SETP,	/* setp, any comparison, optional combine */
	XK_SELP,
	XK_CVT,
	XK_CVTA,
	XK_PRED,	/* and, or, xor, not on predicates */
	XK_MEM32,	/* scalar 32-bit ld / st on .shared, .global, .local */
	XK_LDU,		/* scalar load without a register base: one address for the warp */
};

enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_LS, CMP_HS, CMP_EQU, CMP_NEU, CMP_LTU,
       CMP_LEU, CMP_GTU, CMP_GEU };

/* ---- decode (once per static instruction) -------------------------------------- */

/* A source the rows read: a register of up to 64 bits or an immediate. */
static int src_ok(const struct sm_opnd *o)
{
	return o->kind == SM_O_IMM || (o->kind == SM_O_REG && o->width >= 1 && o->width <= 2 && o->rs[0] >= 0 &&
				       (o->width == 1 || o->rs[1] >= 0));
}

static int dst_ok(const struct sm_opnd *o)
{
	return o->kind == SM_O_REG && o->width >= 1 && o->width <= 2 && o->rs[0] >= 0 &&
	       (o->width == 1 || o->rs[1] >= 0);
}

static int srcs_ok(const struct sm_insn *si, unsigned from, unsigned to)
{
	for (unsigned i = from; i < to; i++)
		if (!src_ok(&si->opnd[i]))
			return 0;
	return 1;
}

static int pred_src(const struct sm_opnd *o)
{
	return o->kind == SM_O_PRED && o->pred >= 0;
}

static int is_int_type(int t)
{
	return (t >= PTX_T_B8 && t <= PTX_T_B64) || (t >= PTX_T_U8 && t <= PTX_T_S64);
}

static int int_op_known(int op)
{
	switch (op) {
	case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_MAD: case PTX_OP_MUL24:
	case PTX_OP_MAD24: case PTX_OP_DIV: case PTX_OP_REM: case PTX_OP_ABS: case PTX_OP_NEG:
	case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_SAD: case PTX_OP_AND: case PTX_OP_OR:
	case PTX_OP_XOR: case PTX_OP_NOT: case PTX_OP_CNOT: case PTX_OP_SHL: case PTX_OP_SHR:
	case PTX_OP_POPC: case PTX_OP_CLZ: case PTX_OP_BREV: case PTX_OP_BFIND: case PTX_OP_BFE:
		return 1;
	default:
		return 0;
	}
}

static int f32_op_known(int op)
{
	switch (op) {
	case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: case PTX_OP_FMA: case PTX_OP_MAD:
	case PTX_OP_DIV: case PTX_OP_MIN: case PTX_OP_MAX: case PTX_OP_ABS: case PTX_OP_NEG:
	case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT: case PTX_OP_EX2: case PTX_OP_LG2:
	case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH: case PTX_OP_COPYSIGN:
		return 1;
	default:
		return 0;
	}
}

/* Sources 1.. are 32-bit registers or immediates. */
static int srcs32(const struct sm_insn *si)
{
	for (unsigned i = 1; i < si->nopnds; i++)
		if (si->opnd[i].kind != SM_O_IMM && !(si->opnd[i].kind == SM_O_REG && si->opnd[i].width == 1))
			return 0;
	return 1;
}

static int i32_op(const struct sm_insn *si)
{
	int plain = !(si->flags & (SM_F_WIDE | SM_F_HI));

	switch (si->op) {
	case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL: return plain;
	case PTX_OP_MAD: return plain && si->nopnds == 4;
	case PTX_OP_AND: case PTX_OP_OR: case PTX_OP_XOR: case PTX_OP_SHL: case PTX_OP_SHR:
		return si->nopnds == 3;
	default: return 0;
	}
}

static uint8_t mem_kind(const struct sm_insn *si)
{
	int store = si->op == PTX_OP_ST, load = si->op == PTX_OP_LD || si->op == PTX_OP_LDU;
	const struct sm_opnd *ao = store ? &si->opnd[0] : &si->opnd[1];
	const struct sm_opnd *vo = store ? &si->opnd[1] : &si->opnd[0];
	unsigned bits = bits_of(si->type);

	if ((!store && !load) || si->vec != 1 || si->nopnds < 2 || ao->kind != SM_O_ADDR)
		return XK_NONE;
	if (bits == 32 && vo->kind == SM_O_REG && vo->width == 1 && vo->rs[0] >= 0 &&
	    (si->space == PTX_S_SHARED || si->space == PTX_S_GLOBAL || si->space == PTX_S_LOCAL))
		return XK_MEM32;
	if (load && ao->rs[0] < 0 && dst_ok(vo) && (bits == 8 || bits == 16 || bits == 32 || bits == 64) &&
	    (si->space == PTX_S_PARAM || si->space == PTX_S_CONST || si->space == PTX_S_GLOBAL ||
	     si->space == PTX_S_SHARED))
		return XK_LDU;
	return XK_NONE;
}

uint8_t sm_exec_kind(const struct sm_insn *si)
{
	const struct sm_opnd *o = si->opnd;
	unsigned n = si->nopnds;
	int t = si->type;

	if (si->cls == SM_CLS_MEM)
		return mem_kind(si);
	if (si->cls >= SM_CLS_BRANCH || n < 2 || n > 4)
		return XK_NONE;
	switch (si->op) {
	case PTX_OP_MOV:
		if (n != 2 || !dst_ok(&o[0]))
			return XK_NONE;
		if (o[1].kind == SM_O_SREG)
			return XK_SREG;
		return src_ok(&o[1]) ? XK_MOV : XK_NONE;
	case PTX_OP_CVT:
		return n == 2 && dst_ok(&o[0]) && src_ok(&o[1]) ? XK_CVT : XK_NONE;
	case PTX_OP_CVTA:
		return n == 2 && dst_ok(&o[0]) && src_ok(&o[1]) ? XK_CVTA : XK_NONE;
	case PTX_OP_SETP:
		if ((o[0].kind != SM_O_PRED && o[0].kind != SM_O_PAIR) || n < 3 || !srcs_ok(si, 1, 3) ||
		    (si->bop >= 0 && n > 3 && !pred_src(&o[3])))
			return XK_NONE;
		return is_int_type(t) || t == PTX_T_F32 || t == PTX_T_F64 ? XK_SETP : XK_NONE;
	case PTX_OP_SELP:
		return n == 4 && dst_ok(&o[0]) && srcs_ok(si, 1, 3) && pred_src(&o[3]) ? XK_SELP : XK_NONE;
	case PTX_OP_SET: case PTX_OP_SLCT: case PTX_OP_BFI: case PTX_OP_PRMT: case PTX_OP_VOTE:
	case PTX_OP_SHFL: case PTX_OP_ACTIVEMASK:
		return XK_NONE;
	default:
		break;
	}
	if (t == PTX_T_PRED) {
		int ok = (si->op == PTX_OP_AND || si->op == PTX_OP_OR || si->op == PTX_OP_XOR ||
			  si->op == PTX_OP_NOT) && o[0].kind == SM_O_PRED && pred_src(&o[1]) &&
			 (n < 3 || pred_src(&o[2]));

		return ok ? XK_PRED : XK_NONE;
	}
	if (!dst_ok(&o[0]) || !srcs_ok(si, 1, n))
		return XK_NONE;
	if (t == PTX_T_F32 && f32_op_known(si->op) && o[0].width == 1)
		return XK_F32;
	if (is_int_type(t) && bits_of(t) == 32 && o[0].width == 1 && srcs32(si) && i32_op(si))
		return XK_I32;
	if (is_int_type(t) && int_op_known(si->op))
		return XK_INT;
	return XK_NONE;
}

/* ---- rows ----------------------------------------------------------------------- */

/* stmt for lanes l = 0 .. n-1; warps of 32 lanes get a loop of constant
 * length, which the compiler vectorises. */
#define FOR_LANES(n, stmt)						\
	do {								\
		if ((n) == 32)						\
			for (unsigned l = 0; l < 32; l++) { stmt; }	\
		else							\
			for (unsigned l = 0; l < (n); l++) { stmt; }	\
	} while (0)

/* Source operand o for every lane, as val() reads it lane by lane. */
static void get_row(const struct lanectx *c, const struct sm_opnd *o, uint64_t *restrict r)
{
	unsigned n = c->lanes;

	if (o->kind == SM_O_IMM) {
		uint64_t k = (uint64_t)o->imm;

		FOR_LANES(n, r[l] = k);
	} else if (o->width >= 2) {
		const uint32_t *restrict lo = c->in->src + (unsigned)o->rs[0] * n;
		const uint32_t *restrict hi = c->in->src + (unsigned)o->rs[1] * n;

		FOR_LANES(n, r[l] = lo[l] | (uint64_t)hi[l] << 32);
	} else {
		const uint32_t *restrict lo = c->in->src + (unsigned)o->rs[0] * n;

		FOR_LANES(n, r[l] = lo[l]);
	}
}

/* The sources 1.. of the instruction; absent ones read as 0. */
static void get_rows(const struct lanectx *c, uint64_t (*r)[64])
{
	for (unsigned i = 1; i < 4; i++)
		if (i < c->si->nopnds)
			get_row(c, &c->si->opnd[i], r[i - 1]);
		else
			FOR_LANES(c->lanes, r[i - 1][l] = 0);
}

static void split64(const uint64_t *restrict r, uint32_t *restrict lo, uint32_t *restrict hi, unsigned n)
{
	FOR_LANES(n, lo[l] = (uint32_t)r[l]; hi[l] = (uint32_t)(r[l] >> 32));
}

static void low32(const uint64_t *restrict r, uint32_t *restrict lo, unsigned n)
{
	FOR_LANES(n, lo[l] = (uint32_t)r[l]);
}

/* put() for every lane. */
static void put_row(const struct lanectx *c, struct sm_exec_out *out, const struct sm_opnd *o,
		    const uint64_t *restrict r)
{
	unsigned n = c->lanes;

	if (o->width >= 2)
		split64(r, out->dst + (unsigned)o->rs[0] * n, out->dst + (unsigned)o->rs[1] * n, n);
	else
		low32(r, out->dst + (unsigned)o->rs[0] * n, n);
}

/* A 32-bit source (register or immediate, see srcs32()) as a row: the
 * register's row itself, or the immediate copied into tmp; absent: zeros. */
static const uint32_t *row32(const struct lanectx *c, unsigned i, uint32_t *tmp)
{
	const struct sm_opnd *o = &c->si->opnd[i];
	uint32_t k = i < c->si->nopnds ? (uint32_t)o->imm : 0;

	if (i < c->si->nopnds && o->kind == SM_O_REG)
		return c->in->src + (unsigned)o->rs[0] * c->lanes;
	FOR_LANES(c->lanes, tmp[l] = k);
	return tmp;
}

static uint32_t *dst32(const struct lanectx *c, struct sm_exec_out *out)
{
	return out->dst + (unsigned)c->si->opnd[0].rs[0] * c->lanes;
}

/* put() for the executing lanes (rows computed only there). */
static void put_lanes(const struct lanectx *c, struct sm_exec_out *out, const struct sm_opnd *o, const uint64_t *r)
{
	unsigned n = c->lanes;
	uint32_t *lo = out->dst + (unsigned)o->rs[0] * n;
	uint32_t *hi = o->width >= 2 ? out->dst + (unsigned)o->rs[1] * n : NULL;

	for (uint64_t m = c->in->mask; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);

		lo[l] = (uint32_t)r[l];
		if (hi)
			hi[l] = (uint32_t)(r[l] >> 32);
	}
}

/* put_pred() of every executing lane: bit l of v is lane l's value. */
static void put_preds(const struct lanectx *c, struct sm_exec_out *out, int pred, uint64_t v)
{
	if (pred >= 0)
		out->pred_val[pred] = (out->pred_val[pred] & ~c->in->mask) | (v & c->in->mask);
}

/* A predicate source as a lane mask (pred_val() of every lane). */
static uint64_t pred_bits(const struct lanectx *c, const struct sm_opnd *o)
{
	return c->in->preds[o->pred] ^ (o->neg ? ~UINT64_C(0) : 0);
}

#define EACH(expr) FOR_LANES(n, R[l] = (expr))

static void rows_int(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	uint64_t S[3][64], R[64];
	const uint64_t *A = S[0], *B = S[1], *C = S[2];
	unsigned n = c->lanes, bits = bits_of(si->type);
	uint64_t tm = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
	int sgn = is_signed(si->type), plain = !(si->flags & (SM_F_WIDE | SM_F_HI));

	get_rows(c, S);
	/* ops whose low `bits` bits depend only on the sources' low bits:
	 * the extension by type does not matter */
	switch (si->op) {
	case PTX_OP_ADD:
		if (!plain)
			break;
		EACH((A[l] + B[l]) & tm);
		goto done;
	case PTX_OP_SUB:
		if (!plain)
			break;
		EACH((A[l] - B[l]) & tm);
		goto done;
	case PTX_OP_AND: EACH(A[l] & B[l] & tm); goto done;
	case PTX_OP_OR: EACH((A[l] | B[l]) & tm); goto done;
	case PTX_OP_XOR: EACH((A[l] ^ B[l]) & tm); goto done;
	case PTX_OP_MUL:
		if (plain) {
			EACH((A[l] * B[l]) & tm);
			goto done;
		}
		if ((si->flags & SM_F_WIDE) && bits == 32) {
			if (sgn)
				EACH((uint64_t)((int64_t)(int32_t)A[l] * (int64_t)(int32_t)B[l]));
			else
				EACH((uint64_t)(uint32_t)A[l] * (uint32_t)B[l]);
			goto done;
		}
		break;
	case PTX_OP_MAD:
		if (!plain)
			break;
		EACH((A[l] * B[l] + C[l]) & tm);
		goto done;
	case PTX_OP_SHL:	/* raw sources; shift counts are 32 bits */
		EACH((uint32_t)B[l] >= bits ? 0 : (A[l] << (uint32_t)B[l]) & tm);
		goto done;
	case PTX_OP_SHR:
		if (sgn)
			EACH((uint64_t)(sext(A[l], bits) >> ((uint32_t)B[l] >= bits ? bits - 1 : (uint32_t)B[l])) & tm);
		else
			EACH((uint32_t)B[l] >= bits ? 0 : (A[l] & tm) >> (uint32_t)B[l]);
		goto done;
	default:
		break;
	}
	/* the rest (division among them) on the executing lanes only */
	for (uint64_t m = c->in->mask; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);

		sm_op_int(si, A[l], B[l], C[l], &R[l]);
	}
	put_lanes(c, out, &si->opnd[0], R);
	return;
done:
	put_row(c, out, &si->opnd[0], R);
}

/* XK_I32: d = a op b (op c), 32 bits, straight from the register rows. */
static void i32_rows(int op, int sgn, const uint32_t *restrict a, const uint32_t *restrict b,
		     const uint32_t *restrict e, uint32_t *restrict d, unsigned n)
{
	switch (op) {
	case PTX_OP_ADD: FOR_LANES(n, d[l] = a[l] + b[l]); break;
	case PTX_OP_SUB: FOR_LANES(n, d[l] = a[l] - b[l]); break;
	case PTX_OP_MUL: FOR_LANES(n, d[l] = a[l] * b[l]); break;
	case PTX_OP_MAD: FOR_LANES(n, d[l] = a[l] * b[l] + e[l]); break;
	case PTX_OP_AND: FOR_LANES(n, d[l] = a[l] & b[l]); break;
	case PTX_OP_OR: FOR_LANES(n, d[l] = a[l] | b[l]); break;
	case PTX_OP_XOR: FOR_LANES(n, d[l] = a[l] ^ b[l]); break;
	case PTX_OP_SHL: FOR_LANES(n, d[l] = b[l] >= 32 ? 0 : a[l] << b[l]); break;
	default:	/* shr */
		if (sgn)
			FOR_LANES(n, d[l] = (uint32_t)((int32_t)a[l] >> (b[l] >= 32 ? 31 : b[l])));
		else
			FOR_LANES(n, d[l] = b[l] >= 32 ? 0 : a[l] >> b[l]);
		break;
	}
}

static void rows_i32(const struct lanectx *c, struct sm_exec_out *out)
{
	uint32_t ta[64], tb[64], tc[64];

	i32_rows(c->si->op, is_signed(c->si->type), row32(c, 1, ta), row32(c, 2, tb), row32(c, 3, tc),
		 dst32(c, out), c->lanes);
}

static float f32r(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint32_t f32w(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

#define EACHF(expr) FOR_LANES(n, d[l] = f32w(expr))

static void f32_rows(const struct sm_insn *si, const uint32_t *restrict a, const uint32_t *restrict b,
		     const uint32_t *restrict e, uint32_t *restrict d, unsigned n)
{
	int ftz = (si->flags & SM_F_FTZ) != 0, sat = (si->flags & SM_F_SAT) != 0;

	if (!ftz && !sat) {
		switch (si->op) {
		case PTX_OP_ADD: EACHF(f32r(a[l]) + f32r(b[l])); return;
		case PTX_OP_SUB: EACHF(f32r(a[l]) - f32r(b[l])); return;
		case PTX_OP_MUL: EACHF(f32r(a[l]) * f32r(b[l])); return;
		case PTX_OP_FMA: case PTX_OP_MAD: EACHF(fmaf(f32r(a[l]), f32r(b[l]), f32r(e[l]))); return;
		case PTX_OP_DIV: EACHF(f32r(a[l]) / f32r(b[l])); return;
		case PTX_OP_NEG: EACHF(-f32r(a[l])); return;
		default: break;
		}
	}
	for (unsigned l = 0; l < n; l++) {
		float fa = f32r(a[l]), fb = f32r(b[l]), fc = f32r(e[l]), fr;

		if (ftz)
			fa = ftz32(fa), fb = ftz32(fb), fc = ftz32(fc);
		fr = sm_op_f32(si->op, fa, fb, fc);
		if (ftz)
			fr = ftz32(fr);
		if (sat)
			fr = sat32(fr);
		d[l] = f32w(fr);
	}
}

/* A directed rounding mode is set once for the row, as sm_exec() does for
 * the lanes (the model runs in round-to-nearest otherwise). */
static void rows_f32(const struct lanectx *c, struct sm_exec_out *out)
{
	uint32_t ta[64], tb[64], tc[64];
	int mode = fround(c->si->flags), old = 0;

	if (mode != FE_TONEAREST) {
		old = fegetround();
		fesetround(mode);
	}
	f32_rows(c->si, row32(c, 1, ta), row32(c, 2, tb), row32(c, 3, tc), dst32(c, out), c->lanes);
	if (mode != FE_TONEAREST)
		fesetround(old);
}

/* Integer comparison of extended keys, as icmp_bool. */
static uint64_t icmp_row(int cmp, int sgn, const uint64_t *a, const uint64_t *b, unsigned n)
{
	uint64_t v = 0;

#define CMPL(e) FOR_LANES(n, v |= (uint64_t)((e) != 0) << l)
	switch (cmp) {
	case CMP_EQ: case CMP_EQU: CMPL(a[l] == b[l]); break;
	case CMP_NE: case CMP_NEU: CMPL(a[l] != b[l]); break;
	case CMP_LT: case CMP_LTU:
		if (sgn) CMPL((int64_t)a[l] < (int64_t)b[l]); else CMPL(a[l] < b[l]);
		break;
	case CMP_LE: case CMP_LEU:
		if (sgn) CMPL((int64_t)a[l] <= (int64_t)b[l]); else CMPL(a[l] <= b[l]);
		break;
	case CMP_GT: case CMP_GTU:
		if (sgn) CMPL((int64_t)a[l] > (int64_t)b[l]); else CMPL(a[l] > b[l]);
		break;
	case CMP_GE: case CMP_GEU:
		if (sgn) CMPL((int64_t)a[l] >= (int64_t)b[l]); else CMPL(a[l] >= b[l]);
		break;
	case CMP_LS: CMPL(a[l] <= b[l]); break;
	case CMP_HS: CMPL(a[l] >= b[l]); break;
	default: break;
	}
#undef CMPL
	return v;
}

static void rows_setp(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	const struct sm_opnd *o = si->opnd;
	uint64_t A[64], B[64], p, q, cmp = 0;
	unsigned n = c->lanes;
	int t = si->type;

	get_row(c, &o[1], A);
	get_row(c, &o[2], B);
	if (is_int_type(t)) {
		for (unsigned l = 0; l < n; l++)
			A[l] = ival(A[l], t), B[l] = ival(B[l], t);
		cmp = icmp_row(si->cmp, is_signed(t), A, B, n);
	} else {
		for (uint64_t m = c->in->mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			cmp |= (uint64_t)(sm_op_compare(si, A[l], B[l]) != 0) << l;
		}
	}
	p = cmp;
	q = ~cmp;
	if (si->bop >= 0 && si->nopnds > 3) {
		uint64_t cp = pred_bits(c, &o[3]);

		p = si->bop == 0 ? cmp & cp : si->bop == 1 ? cmp | cp : cmp ^ cp;
		q = si->bop == 0 ? ~cmp & cp : si->bop == 1 ? ~cmp | cp : ~cmp ^ cp;
	}
	put_preds(c, out, o[0].pred, p);
	if (o[0].kind == SM_O_PAIR)
		put_preds(c, out, o[0].pred2, q);
}

static void rows_pred(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	uint64_t a = pred_bits(c, &si->opnd[1]), b = si->nopnds > 2 ? pred_bits(c, &si->opnd[2]) : 0, v;

	switch (si->op) {
	case PTX_OP_AND: v = a & b; break;
	case PTX_OP_OR: v = a | b; break;
	case PTX_OP_XOR: v = a ^ b; break;
	default: v = ~a; break;
	}
	put_preds(c, out, si->opnd[0].pred, v);
}

/* ---- memory ------------------------------------------------------------------------ */

static void acc_lane(struct sm_exec_out *out, unsigned l, int space, uint64_t addr)
{
	struct sm_access *acc = out->acc;

	if (!acc)
		return;
	if (!acc->mask)
		acc->space = (uint8_t)space;
	acc->mask |= UINT64_C(1) << l;
	acc->addr[l] = addr;
}

/* Lane l's address of a full warp: a register row plus the offset. */
static void addr_rows(const uint32_t *restrict reg, uint64_t off, uint64_t *restrict addr, unsigned n)
{
	FOR_LANES(n, addr[l] = off + reg[l]);
}

/* Any address of the row outside [lo, lo + size - 4] or not 4-aligned. */
static int any_bad4(const uint64_t *restrict addr, uint64_t lo, uint64_t size, unsigned n)
{
	uint64_t bad = 0;

	FOR_LANES(n, bad |= (uint64_t)(addr[l] < lo) | (uint64_t)(addr[l] - lo > size - 4) | (addr[l] & 3u));
	return bad != 0;
}

/* Scalar 32-bit ld/st on .shared, .global or .local: every lane's address
 * is checked first; if any would fault or is misaligned nothing is done. */
static int rows_mem32(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	const struct sm_fmem_view *v = c->in->mem;
	int store = si->op == PTX_OP_ST;
	const struct sm_opnd *ao = store ? &si->opnd[0] : &si->opnd[1];
	const struct sm_opnd *vo = store ? &si->opnd[1] : &si->opnd[0];
	const uint32_t *src = c->in->src;
	unsigned n = c->lanes;
	uint64_t mask = c->in->mask, full = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
	uint8_t *base;
	uint64_t size, lo, addr[64], stride = 0;

	if (si->space == PTX_S_SHARED)
		base = v->shared, size = v->shared_size, lo = 0;
	else if (si->space == PTX_S_GLOBAL)
		base = v->global, size = v->global_size, lo = SM_GLOBAL_BASE;
	else	/* local: lane l's copy at l * local_size */
		base = v->local, size = v->local_size, lo = 0, stride = v->local_size;
	if (!mask)
		return 1;
	if (!base || size < 4)	/* every access would fault */
		return 0;
	if (mask == full && ao->rs[0] >= 0 && ao->width == 1) {
		addr_rows(src + (unsigned)ao->rs[0] * n, (uint64_t)ao->imm, addr, n);
		if (any_bad4(addr, lo, size, n))
			return 0;
	} else {
		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);
			uint64_t a = (uint64_t)ao->imm;

			if (ao->rs[0] >= 0) {
				uint64_t r = src[(unsigned)ao->rs[0] * n + l];

				if (ao->width >= 2)
					r |= (uint64_t)src[(unsigned)ao->rs[1] * n + l] << 32;
				a += r;
			}
			if (a < lo || a - lo > size - 4 || a % 4 != 0)
				return 0;
			addr[l] = a;
		}
	}
	if (out->acc) {
		struct sm_access *acc = out->acc;

		if (!acc->mask)
			acc->space = si->space;
		acc->mask |= mask;
		if (mask == full)
			memcpy(acc->addr, addr, n * sizeof addr[0]);
		else
			for (uint64_t m = mask; m; m &= m - 1)
				acc->addr[__builtin_ctzll(m)] = addr[__builtin_ctzll(m)];
	}
	if (store) {
		const uint32_t *val = src + (unsigned)vo->rs[0] * n;

		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			memcpy(base + (addr[l] - lo) + l * stride, &val[l], 4);
		}
	} else {
		uint32_t *d = out->dst + (unsigned)vo->rs[0] * n;

		for (uint64_t m = mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			memcpy(&d[l], base + (addr[l] - lo) + l * stride, 4);
		}
	}
	return 1;
}

/* A load whose address has no register: the same bytes for every lane. */
static int rows_ldu(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	unsigned esz = bits_of(si->type) / 8, n = c->lanes;
	uint64_t addr = (uint64_t)si->opnd[1].imm, saddr, v = 0, R[64];
	int space;
	uint8_t *p;

	if (!c->in->mask)
		return 1;
	p = sm_fmem_ptr(c->in->mem, si->space, addr, esz, (unsigned)__builtin_ctzll(c->in->mask), 0, &space,
			&saddr);
	if (!p || addr % esz != 0)
		return 0;
	memcpy(&v, p, esz);
	v = ival(v, si->type);
	for (uint64_t m = c->in->mask; m; m &= m - 1)
		acc_lane(out, (unsigned)__builtin_ctzll(m), space, saddr);
	for (unsigned l = 0; l < n; l++)
		R[l] = v;
	put_row(c, out, &si->opnd[0], R);
	return 1;
}

/* ---- entry ------------------------------------------------------------------------- */

int sm_exec_rows(const struct lanectx *c, struct sm_exec_out *out)
{
	const struct sm_insn *si = c->si;
	const struct sm_opnd *o = si->opnd;
	uint64_t A[64], R[64];
	unsigned n = c->lanes;

	switch (si->xk) {
	case XK_MOV:
		get_row(c, &o[1], A);
		put_row(c, out, &o[0], A);
		return 1;
	case XK_SREG:
		for (unsigned l = 0; l < n; l++)
			R[l] = o[1].sreg == PTX_SR_CLOCK64 || o[1].sreg == PTX_SR_GLOBALTIMER ? c->in->ids->clock
											   : sm_op_sreg(c->in->ids, &o[1], l);
		put_row(c, out, &o[0], R);
		return 1;
	case XK_INT:
		rows_int(c, out);
		return 1;
	case XK_I32:
		rows_i32(c, out);
		return 1;
	case XK_F32:
		rows_f32(c, out);
		return 1;
	case XK_SETP:
		rows_setp(c, out);
		return 1;
	case XK_SELP: {
		uint64_t B[64], sel = pred_bits(c, &o[3]);

		get_row(c, &o[1], A);
		get_row(c, &o[2], B);
		EACH(B[l] ^ ((A[l] ^ B[l]) & (0 - (sel >> l & 1u))));	/* sel bit l ? A : B, branch-free */
		put_row(c, out, &o[0], R);
		return 1;
	}
	case XK_CVT:
		get_row(c, &o[1], A);
		for (uint64_t m = c->in->mask; m; m &= m - 1) {
			unsigned l = (unsigned)__builtin_ctzll(m);

			R[l] = sm_op_convert(si, A[l]);
		}
		put_lanes(c, out, &o[0], R);
		return 1;
	case XK_CVTA:
		get_row(c, &o[1], A);
		EACH(sm_op_cvta(si, A[l]));
		put_row(c, out, &o[0], R);
		return 1;
	case XK_PRED:
		rows_pred(c, out);
		return 1;
	case XK_MEM32:
		return rows_mem32(c, out);
	case XK_LDU:
		return rows_ldu(c, out);
	default:
		return 0;
	}
}
