/* sm_prog.c: PTX kernel -> compiled, decoded program and memory layout
 * (see sm_prog.h).  Decoding happens once per kernel so that the executor
 * never looks at PTX text structures on the hot path. */
#include "sm_prog.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kc.h"
#include "sm_exec.h"

/* Modifier ids the decoder looks for, interned once per load. */
struct mod_ids {
	int lo, hi, wide, sat, ftz, rn, rz, rm, rp, rni, rzi, rmi, rpi, approx, full, to, uni, cc;
	int shiftamt, clamp;
	int cmp[14];	/* .eq .ne .lt .le .gt .ge .lo .ls .hi .hs .equ .neu .ltu ... see cmp_names */
	int bop[3];	/* .and .or .xor */
	int aop[11];	/* .add .inc .dec .exch .cas .min .max .and .or .xor .b32 (unused) */
};

static const char *const cmp_names[] = {".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".ls", ".hs",
					".equ", ".neu", ".ltu", ".leu", ".gtu", ".geu"};
static const char *const extra_cmp_names[] = {".num", ".nan"};
static const char *const bop_names[] = {".and", ".or", ".xor"};
static const char *const aop_names[] = {".add", ".inc", ".dec", ".exch", ".cas", ".min", ".max",
					".and", ".or", ".xor"};

static int mid(const char *name)
{
	return ptx_modifier_find(name, strlen(name));
}

static void mod_ids_init(struct mod_ids *ids)
{
	ids->lo = mid(".lo"); ids->hi = mid(".hi"); ids->wide = mid(".wide"); ids->sat = mid(".sat");
	ids->ftz = mid(".ftz"); ids->rn = mid(".rn"); ids->rz = mid(".rz"); ids->rm = mid(".rm");
	ids->rp = mid(".rp"); ids->rni = mid(".rni"); ids->rzi = mid(".rzi"); ids->rmi = mid(".rmi");
	ids->rpi = mid(".rpi"); ids->approx = mid(".approx"); ids->full = mid(".full");
	ids->to = mid(".to"); ids->uni = mid(".uni"); ids->cc = mid(".cc");
	ids->shiftamt = mid(".shiftamt"); ids->clamp = mid(".clamp");
	for (int i = 0; i < 14; i++)
		ids->cmp[i] = mid(cmp_names[i]);
	for (int i = 0; i < 3; i++)
		ids->bop[i] = mid(bop_names[i]);
	for (int i = 0; i < 10; i++)
		ids->aop[i] = mid(aop_names[i]);
}

/* ---- memory layout ------------------------------------------------------ */

struct sym {
	const char *name;
	int space;
	uint64_t addr;		/* in its state space */
};

struct layout {
	struct sym *syms;
	int nsyms, cap;
};

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

static uint64_t var_align(const struct ptx_var *v)
{
	unsigned bits = ptx_type_bits(v->type);
	uint64_t a = v->align ? v->align : (bits >= 8 ? bits / 8 : 1) * (v->vec > 1 ? (unsigned)v->vec : 1u);

	return a ? a : 1;
}

static int add_sym(struct layout *l, const char *name, int space, uint64_t addr)
{
	if (l->nsyms == l->cap) {
		int cap = l->cap ? 2 * l->cap : 32;
		struct sym *s = realloc(l->syms, (size_t)cap * sizeof *s);

		if (!s)
			return -1;
		l->syms = s;
		l->cap = cap;
	}
	l->syms[l->nsyms++] = (struct sym){name, space, addr};
	return 0;
}

static const struct sym *find_sym(const struct layout *l, const char *name)
{
	/* function scope was added last: search backwards so it shadows */
	for (int i = l->nsyms - 1; i >= 0; i--)
		if (strcmp(l->syms[i].name, name) == 0)
			return &l->syms[i];
	return NULL;
}

/* Places one variable in its space; copies its initializer into `image`
 * (grown as needed) for const and global. */
static int place_var(struct sm_prog *p, struct layout *l, const struct ptx_var *v, struct gpurf_err *err)
{
	uint64_t *top;
	uint8_t **image = NULL;

	switch (v->space) {
	case PTX_S_GLOBAL: top = &p->global_bytes; image = &p->global_image; break;
	case PTX_S_CONST: {
		uint64_t t = p->const_bytes;

		t = align_up(t, var_align(v));
		if (t + v->size > SM_WIN_SIZE)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: .const variable '%s' does not fit the "
					  "64 KB-class constant bank model (at most %llu bytes)", p->path,
					  v->line, v->name, (unsigned long long)SM_WIN_SIZE);
		{
			uint8_t *n = realloc(p->const_image, (size_t)(t + v->size) + 1);

			if (!n)
				return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			memset(n + p->const_bytes, 0, (size_t)(t + v->size - p->const_bytes) + 1);
			if (v->init)
				memcpy(n + t, v->init, (size_t)v->size);
			p->const_image = n;
		}
		p->const_bytes = (uint32_t)(t + v->size);
		return add_sym(l, v->name, PTX_S_CONST, t) ? gpurf_fail(err, GPURF_ERR_IO, "out of memory") : 0;
	}
	case PTX_S_SHARED: {
		uint64_t t = align_up(p->shared_bytes, var_align(v));

		if (t + v->size > SM_WIN_SIZE)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: .shared variable '%s' too large",
					  p->path, v->line, v->name);
		p->shared_bytes = (uint32_t)(t + v->size);
		return add_sym(l, v->name, PTX_S_SHARED, t) ? gpurf_fail(err, GPURF_ERR_IO, "out of memory") : 0;
	}
	case PTX_S_LOCAL: {
		uint64_t t = align_up(p->local_bytes, var_align(v));

		if (t + v->size > SM_WIN_SIZE / 64)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: .local variable '%s' too large",
					  p->path, v->line, v->name);
		p->local_bytes = (uint32_t)(t + v->size);
		return add_sym(l, v->name, PTX_S_LOCAL, t) ? gpurf_fail(err, GPURF_ERR_IO, "out of memory") : 0;
	}
	default:
		return 0;	/* textures and the like: rejected if an instruction uses them */
	}
	{
		uint64_t t = align_up(*top, var_align(v));
		uint8_t *n = realloc(*image, (size_t)(t + v->size) + 1);

		if (!n)
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		memset(n + *top, 0, (size_t)(t + v->size - *top) + 1);
		if (v->init)
			memcpy(n + t, v->init, (size_t)v->size);
		*image = n;
		*top = t + v->size;
		return add_sym(l, v->name, PTX_S_GLOBAL, SM_GLOBAL_BASE + t) ?
			gpurf_fail(err, GPURF_ERR_IO, "out of memory") : 0;
	}
}

static int lay_out(struct sm_prog *p, struct layout *l, const struct ptx_function *fn, struct gpurf_err *err)
{
	const struct ptx_module *m = p->mod;
	uint32_t off = 0;

	for (int i = 0; i < m->nvars; i++)
		if (place_var(p, l, &m->vars[i], err))
			return -1;
	for (int i = 0; i < fn->nvars; i++)
		if (place_var(p, l, &fn->vars[i], err))
			return -1;
	p->local_bytes = (uint32_t)align_up(p->local_bytes, 8);
	if (add_sym(l, "__kc_spill", PTX_S_LOCAL, p->local_bytes))	/* compiler/rewrite.h */
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	p->local_bytes += (uint32_t)p->k->spill_bytes;
	p->nparams = fn->nparams;
	p->param_off = calloc((size_t)fn->nparams + 1, sizeof *p->param_off);
	p->param_size = calloc((size_t)fn->nparams + 1, 1);
	if (!p->param_off || !p->param_size)
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	for (int i = 0; i < fn->nparams; i++) {
		const struct ptx_var *v = &fn->params[i];

		off = (uint32_t)align_up(off, var_align(v));
		p->param_off[i] = off;
		p->param_size[i] = (uint8_t)(v->size < 255 ? v->size : 255);
		if (add_sym(l, v->name, PTX_S_PARAM, off))
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		off += (uint32_t)v->size;
	}
	p->param_bytes = off;
	return 0;
}

/* ---- decoding ------------------------------------------------------------ */

struct decoder {
	struct sm_prog *p;
	const struct kc_kernel *k;
	const struct layout *l;
	const struct mod_ids *ids;
	const struct ptx_insn *in;
	struct sm_insn *si;
	struct gpurf_err *err;
};

static int bad(struct decoder *d, const char *what, const char *allowed)
{
	return gpurf_fail(d->err, GPURF_ERR_INPUT, "%s:%d: %s '%s' is not executed by the SM model (%s)",
			  d->p->path, d->in->line, what, ptx_opcode_name(d->in->op), allowed);
}

static int has(const struct ptx_insn *in, int id)
{
	for (int i = 0; i < in->nmods; i++)
		if (in->mods[i] == id)
			return 1;
	return 0;
}

static int add_reg(struct decoder *d, int phys, int dst)
{
	struct sm_insn *si = d->si;
	uint16_t *list = dst ? si->dst : si->src;
	uint8_t *n = dst ? &si->ndst : &si->nsrc;

	for (int i = 0; i < *n; i++)
		if (list[i] == phys)
			return i;
	if (*n == (dst ? SM_MAX_DST : SM_MAX_SRC))
		return gpurf_fail(d->err, GPURF_ERR_INPUT, "%s:%d: '%s' names more than %d registers",
				  d->p->path, d->in->line, ptx_opcode_name(d->in->op),
				  dst ? SM_MAX_DST : SM_MAX_SRC), -100;
	list[*n] = (uint16_t)phys;
	return (*n)++;
}

/* Registers of vreg v into rs[first ..]; returns the width or -1. */
static int reg_slots(struct decoder *d, int v, int dst, int8_t *rs)
{
	int w = d->k->vwidth[v], base = d->k->phys[v];

	if (base < 0)
		base = 0;	/* a vreg the allocator dropped (never live): any register */
	for (int j = 0; j < w; j++) {
		int s = add_reg(d, base + j, dst);

		if (s < 0)
			return -1;
		rs[j] = (int8_t)s;
	}
	return w;
}

static int64_t float_imm(const struct decoder *d, const struct ptx_operand *o)
{
	enum ptx_type t = d->in->op == PTX_OP_CVT ? d->in->type2 : d->in->type;
	int want_wide = t == PTX_T_F64 || (ptx_type_bits(t) == 64 && t != PTX_T_F32);
	uint64_t bits = o->fbits;

	if (o->fwide && !want_wide) {
		double dv;
		float f;
		uint32_t u;

		memcpy(&dv, &bits, 8);
		f = (float)dv;
		memcpy(&u, &f, 4);
		return u;
	}
	if (!o->fwide && want_wide) {
		float f;
		uint32_t u = (uint32_t)bits;
		double dv;

		memcpy(&f, &u, 4);
		dv = f;
		memcpy(&bits, &dv, 8);
	}
	return (int64_t)bits;
}

static int decode_opnd(struct decoder *d, const struct ptx_operand *o, int dst, struct sm_opnd *so)
{
	const struct kc_kernel *k = d->k;

	memset(so, 0, sizeof *so);
	memset(so->rs, -1, sizeof so->rs);
	switch (o->kind) {
	case PTX_O_REG:
		if (k->vclass[o->reg] == KC_RC_PRED) {
			so->kind = SM_O_PRED;
			so->pred = (int16_t)(k->phys[o->reg] < 0 ? 0 : k->phys[o->reg]);
			so->neg = (uint8_t)o->neg;
			if (dst)
				d->si->pdst |= UINT64_C(1) << so->pred;
			else
				d->si->psrc |= UINT64_C(1) << so->pred;
			return 0;
		}
		so->kind = SM_O_REG;
		so->width = (uint8_t)k->vwidth[o->reg];
		return reg_slots(d, o->reg, dst, so->rs) < 0 ? -1 : 0;
	case PTX_O_SINK:
		so->kind = SM_O_SINK;
		return 0;
	case PTX_O_VEC:
		so->kind = SM_O_VEC;
		so->nelems = (uint8_t)o->nelems;
		so->width = 1;
		for (int e = 0; e < o->nelems; e++)
			if (o->elems[e] >= 0 && k->vwidth[o->elems[e]] > so->width)
				so->width = k->vwidth[o->elems[e]];
		if (o->nelems * so->width > 8)
			return bad(d, "a vector operand wider than 8 registers in", "up to v4 of 64-bit");
		for (int e = 0; e < o->nelems; e++)
			if (o->elems[e] >= 0 && reg_slots(d, o->elems[e], dst, so->rs + e * so->width) < 0)
				return -1;
		return 0;
	case PTX_O_IMM:
		so->kind = SM_O_IMM;
		so->imm = o->imm;
		return 0;
	case PTX_O_FIMM:
		so->kind = SM_O_IMM;
		so->imm = float_imm(d, o);
		return 0;
	case PTX_O_SREG:
		so->kind = SM_O_SREG;
		so->sreg = (uint8_t)o->sreg;
		so->comp = (uint8_t)(o->comp < 0 ? 0 : o->comp);
		return 0;
	case PTX_O_SYM: {
		const struct sym *s;

		if (o->sym_kind == PTX_SYM_LABEL) {
			so->kind = SM_O_IMM;
			so->imm = o->target;
			return 0;
		}
		s = find_sym(d->l, o->sym);
		if (!s)
			return gpurf_fail(d->err, GPURF_ERR_INPUT, "%s:%d: symbol '%s' of '%s' has no address "
					  "(allowed: .global, .const, .shared, .local variables and parameters)",
					  d->p->path, d->in->line, o->sym, ptx_opcode_name(d->in->op));
		so->kind = SM_O_IMM;
		so->imm = (int64_t)(s->addr + (uint64_t)o->imm);
		return 0;
	}
	case PTX_O_ADDR:
		so->kind = SM_O_ADDR;
		so->imm = o->imm;
		if (o->reg >= 0) {
			if (k->vclass[o->reg] != KC_RC_GPR)
				return bad(d, "a predicate address in", "general registers");
			so->width = (uint8_t)k->vwidth[o->reg];
			if (reg_slots(d, o->reg, 0, so->rs) < 0)
				return -1;
		} else if (o->sym) {
			const struct sym *s = find_sym(d->l, o->sym);

			if (!s)
				return gpurf_fail(d->err, GPURF_ERR_INPUT, "%s:%d: address symbol '%s' of '%s' "
						  "is not a variable or parameter", d->p->path, d->in->line,
						  o->sym, ptx_opcode_name(d->in->op));
			so->imm += (int64_t)s->addr;
			/* a symbol's address is in its own space: an access with no
			 * explicit space uses it */
			if (d->si->space == PTX_S_NONE || d->si->space == PTX_S_GENERIC)
				d->si->space = (uint8_t)s->space;
		}
		return 0;
	case PTX_O_PAIR:
		so->kind = SM_O_PAIR;
		so->pred = (int16_t)(o->reg >= 0 && k->phys[o->reg] >= 0 ? k->phys[o->reg] : -1);
		so->pred2 = (int16_t)(o->reg2 >= 0 && k->phys[o->reg2] >= 0 ? k->phys[o->reg2] : -1);
		if (k->vclass[o->reg] != KC_RC_PRED)
			return bad(d, "an r|p destination pair in", "p|q of setp");
		if (so->pred >= 0)
			d->si->pdst |= UINT64_C(1) << so->pred;
		if (so->pred2 >= 0)
			d->si->pdst |= UINT64_C(1) << so->pred2;
		return 0;
	default:
		return bad(d, "a texture operand in", "no texture instructions");
	}
}

static int is_f64(enum ptx_type t)
{
	return t == PTX_T_F64;
}

static int classify(struct decoder *d)
{
	const struct ptx_insn *in = d->in;
	struct sm_insn *si = d->si;

	switch (in->op) {
	case PTX_OP_ABS: case PTX_OP_ADD: case PTX_OP_AND: case PTX_OP_BFE: case PTX_OP_BFI:
	case PTX_OP_BFIND: case PTX_OP_BREV: case PTX_OP_CLZ: case PTX_OP_CNOT: case PTX_OP_COPYSIGN:
	case PTX_OP_CVT: case PTX_OP_CVTA: case PTX_OP_FMA: case PTX_OP_MAD: case PTX_OP_MAD24:
	case PTX_OP_MAX: case PTX_OP_MIN: case PTX_OP_MOV: case PTX_OP_MUL: case PTX_OP_MUL24:
	case PTX_OP_NEG: case PTX_OP_NOT: case PTX_OP_OR: case PTX_OP_POPC: case PTX_OP_PRMT:
	case PTX_OP_SAD: case PTX_OP_SELP: case PTX_OP_SET: case PTX_OP_SETP: case PTX_OP_SHL:
	case PTX_OP_SHR: case PTX_OP_SLCT: case PTX_OP_SUB: case PTX_OP_XOR: case PTX_OP_TESTP:
	case PTX_OP_MEMBAR: case PTX_OP_FENCE: case PTX_OP_ACTIVEMASK: case PTX_OP_SHF:
	case PTX_OP_LOP3: case PTX_OP_VOTE: case PTX_OP_SHFL: case PTX_OP_NANOSLEEP:
	case PTX_OP_PMEVENT:
		si->cls = (uint8_t)(is_f64(in->type) || (in->op == PTX_OP_CVT && is_f64(in->type2)) ?
				    SM_CLS_DP : SM_CLS_ALU);
		return 0;
	case PTX_OP_DIV: case PTX_OP_REM: case PTX_OP_RCP: case PTX_OP_SQRT: case PTX_OP_RSQRT:
	case PTX_OP_EX2: case PTX_OP_LG2: case PTX_OP_SIN: case PTX_OP_COS: case PTX_OP_TANH:
		si->cls = (uint8_t)(is_f64(in->type) ? SM_CLS_DP : SM_CLS_SFU);
		return 0;
	case PTX_OP_LD: case PTX_OP_LDU:
		si->cls = SM_CLS_MEM;
		si->flags |= SM_F_LOAD;
		return 0;
	case PTX_OP_ST:
		si->cls = SM_CLS_MEM;
		si->flags |= SM_F_STORE;
		return 0;
	case PTX_OP_ATOM:
		si->cls = SM_CLS_MEM;
		si->flags |= SM_F_STORE | SM_F_LOAD;
		return 0;
	case PTX_OP_RED:
		si->cls = SM_CLS_MEM;
		si->flags |= SM_F_STORE;
		return 0;
	case PTX_OP_PREFETCH: case PTX_OP_PREFETCHU:
		si->cls = SM_CLS_ALU;	/* a hint: no effect on the result */
		return 0;
	case PTX_OP_BRA:
		si->cls = SM_CLS_BRANCH;
		return 0;
	case PTX_OP_RET: case PTX_OP_EXIT:
		si->cls = SM_CLS_EXIT;
		return 0;
	case PTX_OP_BAR: case PTX_OP_BARRIER:
		si->cls = SM_CLS_BAR;
		return 0;
	default:
		return bad(d, "instruction", "see docs/sm.md for the executed subset; no calls, "
			   "textures, surfaces or traps");
	}
}

static int decode_insn(struct decoder *d, int idx)
{
	const struct ptx_insn *in = d->in;
	const struct kc_kernel *k = d->k;
	const struct mod_ids *ids = d->ids;
	struct sm_insn *si = d->si;
	int first_dst;

	memset(si, 0, sizeof *si);
	si->pc = idx;
	si->line = in->line;
	si->op = (uint8_t)in->op;
	si->type = (uint8_t)in->type;
	si->type2 = (uint8_t)in->type2;
	si->space = (uint8_t)in->space;
	si->vec = (uint8_t)(in->vec > 1 ? in->vec : 1);
	si->guard = -1;
	si->cmp = si->bop = si->aop = si->mode = -1;
	si->target = si->rpc = -1;
	if (classify(d))
		return -1;
	si->longlat = (uint8_t)ptx_insn_is_long_latency(in);
	{
		static const struct { int off; uint32_t flag; } fl[] = {
			{offsetof(struct mod_ids, lo), SM_F_LO}, {offsetof(struct mod_ids, hi), SM_F_HI},
			{offsetof(struct mod_ids, wide), SM_F_WIDE}, {offsetof(struct mod_ids, sat), SM_F_SAT},
			{offsetof(struct mod_ids, ftz), SM_F_FTZ}, {offsetof(struct mod_ids, rn), SM_F_RN},
			{offsetof(struct mod_ids, rz), SM_F_RZ}, {offsetof(struct mod_ids, rm), SM_F_RM},
			{offsetof(struct mod_ids, rp), SM_F_RP}, {offsetof(struct mod_ids, rni), SM_F_RNI},
			{offsetof(struct mod_ids, rzi), SM_F_RZI}, {offsetof(struct mod_ids, rmi), SM_F_RMI},
			{offsetof(struct mod_ids, rpi), SM_F_RPI},
			{offsetof(struct mod_ids, approx), SM_F_APPROX},
			{offsetof(struct mod_ids, to), SM_F_TO}, {offsetof(struct mod_ids, uni), SM_F_UNI},
			{offsetof(struct mod_ids, cc), SM_F_CC},
			{offsetof(struct mod_ids, shiftamt), SM_F_SHIFTAMT},
			{offsetof(struct mod_ids, clamp), SM_F_CLAMP},
		};
		for (size_t i = 0; i < sizeof fl / sizeof fl[0]; i++)
			if (has(in, *(const int *)(const void *)((const char *)ids + fl[i].off)))
				si->flags |= fl[i].flag;
	}
	for (int i = 0; i < 14; i++)
		if (has(in, ids->cmp[i]))
			si->cmp = (int8_t)i;
	if (in->op == PTX_OP_SETP || in->op == PTX_OP_SET) {
		if (si->cmp < 0) {
			for (int i = 0; i < 2; i++)
				if (has(in, mid(extra_cmp_names[i])))
					si->cmp = (int8_t)(14 + i);
			if (si->cmp < 0)
				return bad(d, "a comparison without a supported operator in", "eq ne lt le gt ge "
					   "lo ls hi hs equ neu ltu leu gtu geu num nan");
		}
		for (int i = 0; i < 3; i++)
			if (has(in, ids->bop[i]))
				si->bop = (int8_t)i;
	}
	/* .lo/.hi are also comparison names (unsigned <, >) */
	if ((in->op == PTX_OP_SETP || in->op == PTX_OP_SET) && has(in, ids->lo))
		si->cmp = 2, si->flags &= ~SM_F_LO, si->type = (uint8_t)(si->type == PTX_T_S32 ? PTX_T_U32 : si->type);
	if ((in->op == PTX_OP_SETP || in->op == PTX_OP_SET) && has(in, ids->hi))
		si->cmp = 4, si->flags &= ~SM_F_HI;
	if (in->op == PTX_OP_ATOM || in->op == PTX_OP_RED) {
		for (int i = 0; i < 10; i++)
			if (has(in, ids->aop[i]))
				si->aop = (int8_t)i;
		if (si->aop < 0)
			return bad(d, "an atomic without an operation in", "add inc dec exch cas min max and or xor");
	}
	if (in->op == PTX_OP_VOTE || in->op == PTX_OP_SHFL) {
		static const char *const modes[] = {".all", ".any", ".uni", ".ballot", ".up", ".down", ".bfly", ".idx"};

		for (int i = 0; i < 8; i++)
			if (has(in, mid(modes[i])))
				si->mode = (int8_t)i;
		if (si->mode < 0)
			return bad(d, "a vote/shfl without a mode in", "all any uni ballot; up down bfly idx");
	}
	if (in->guard >= 0) {
		si->guard = (int16_t)(k->phys[in->guard] < 0 ? 0 : k->phys[in->guard]);
		si->guard_neg = (uint8_t)in->guard_neg;
		si->psrc |= UINT64_C(1) << si->guard;
	}
	if (in->nopnds > SM_MAX_OPNDS)
		return bad(d, "too many operands in", "at most 8");
	si->nopnds = (uint8_t)in->nopnds;
	first_dst = ptx_insn_first_is_dest(in);
	for (int o = 0; o < in->nopnds; o++)
		if (decode_opnd(d, &in->opnd[o], first_dst && o == 0, &si->opnd[o]))
			return -1;
	if (si->cls == SM_CLS_BRANCH) {
		int b = k->cfg.block_of[idx], ip;

		if (in->nopnds < 1 || in->opnd[0].kind != PTX_O_SYM || in->opnd[0].target < 0)
			return bad(d, "an indirect branch", "bra to a label");
		si->target = in->opnd[0].target;
		ip = k->cfg.blocks[b].ipdom;
		si->rpc = ip >= k->cfg.nblocks ? -1 : k->cfg.blocks[ip].first;
	}
	if (si->cls == SM_CLS_MEM && si->space == PTX_S_NONE)
		si->space = PTX_S_GENERIC;
	if (si->cls == SM_CLS_MEM && (si->space == PTX_S_TEX))
		return bad(d, "a texture-space access", "global, shared, local, const, param, generic");
	si->xk = sm_exec_kind(si);
	return 0;
}

/* ---- loading --------------------------------------------------------------- */

int sm_prog_load(struct sm_prog *p, const char *ptx_path, const char *entry, struct gpurf_err *err)
{
	struct kc_diag diag;
	const struct ptx_function *fn = NULL;
	struct layout l = {0};
	struct mod_ids ids;
	char buf[800];

	memset(p, 0, sizeof *p);
	p->path = ptx_path;
	if (ptx_parse_file(ptx_path, &p->mod, &diag))
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s", kc_diag_text(&diag, buf, sizeof buf));
	if (entry)
		fn = ptx_find_function(p->mod, entry);
	else
		for (int i = 0; i < p->mod->nfuncs; i++)
			if (p->mod->funcs[i].is_entry && p->mod->funcs[i].has_body) {
				if (fn)
					return gpurf_fail(err, GPURF_ERR_INPUT, "%s: several .entry kernels; "
							  "name one (entry = ...)", ptx_path);
				fn = &p->mod->funcs[i];
			}
	if (!fn || !fn->is_entry || !fn->has_body)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no .entry kernel '%s' with a body", ptx_path,
				  entry ? entry : "(any)");
	p->entry = fn->name;
	p->reqntid = fn->reqntid[0] ? fn->reqntid[0] * (fn->reqntid[1] ? fn->reqntid[1] : 1) *
					  (fn->reqntid[2] ? fn->reqntid[2] : 1) : 0;
	if (kc_compile(p->mod, fn, NULL, &p->k, &diag))
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s", kc_diag_text(&diag, buf, sizeof buf));
	p->nregs = p->k->nregs;
	p->npreds = p->k->npreds;
	if (p->npreds > SM_MAX_PREDS)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: kernel '%s' needs %d predicate registers; "
				  "allowed: at most %d", ptx_path, fn->name, p->npreds, SM_MAX_PREDS);
	if (lay_out(p, &l, fn, err)) {
		free(l.syms);
		return -1;
	}
	mod_ids_init(&ids);
	p->ninsns = p->k->ninsns;
	p->insns = calloc((size_t)p->ninsns + 1, sizeof *p->insns);
	if (!p->insns) {
		free(l.syms);
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
	for (int i = 0; i < p->ninsns; i++) {
		struct decoder d = {p, p->k, &l, &ids, &p->k->insns[i], &p->insns[i], err};

		if (decode_insn(&d, i)) {
			free(l.syms);
			return -1;
		}
	}
	free(l.syms);
	return 0;
}

void sm_prog_free(struct sm_prog *p)
{
	if (p->k)
		kc_kernel_free(p->k);
	if (p->mod)
		ptx_module_free(p->mod);
	free(p->insns);
	free(p->param_off);
	free(p->param_size);
	free(p->const_image);
	free(p->global_image);
	memset(p, 0, sizeof *p);
}
