/*
 * ptx_parse.c: PTX text -> struct ptx_module.
 *
 * A recursive-descent parser over the tokens of ptx_lex.c.  The first error
 * is recorded in the caller's kc_diag and the parser unwinds with longjmp to
 * ptx_parse(), which frees the module's arena: nothing partial escapes and
 * malformed input cannot leave a dangling state.  Every loop consumes at
 * least one token or stops, and every count read from the text is bounded,
 * so hostile input terminates quickly.
 */
#include "ptx.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ptx_lex.h"

#define MAX_FUNC_REGS (1 << 20)       /* registers declared in one function */
#define MAX_INIT_BYTES (16u << 20)    /* initialised data of one variable */
#define MAX_NESTING 64
#define NBUCKETS 4096

enum sym_kind { NS_REG, NS_LABEL, NS_VAR, NS_PARAM, NS_FUNC };

struct sym {
    const char *name;
    enum sym_kind kind;
    int index;
    int depth;           /* scope nesting where it was declared */
    struct sym *next;    /* hash chain; an inner declaration shadows an outer one */
};

struct fbuild {                       /* the function being parsed */
    struct ptx_function *fn;
    int cap_regs, cap_insns, cap_labels, cap_vars;
    struct sym *table[NBUCKETS];
    int depth;
};

struct parser {
    struct ptx_lexer lx;
    struct ptx_token tok, ahead;
    int have_ahead;
    const char *file;
    struct kc_arena *arena;
    struct kc_diag *err;
    jmp_buf fail;
    struct ptx_module *mod;
    int cap_funcs, cap_vars;
    struct sym *globals[NBUCKETS];
    struct fbuild *fb;
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3), noreturn))
#endif
static void fail(struct parser *p, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    kc_diag_set(p->err, p->file, p->tok.line, "%s", msg);
    longjmp(p->fail, 1);
}

static void *alloc(struct parser *p, size_t n)
{
    void *m = kc_arena_alloc(p->arena, n);
    if (!m)
        fail(p, "out of memory");
    return m;
}

/* Makes room for one more element in an arena array of *n elements. */
static void *grow_array(struct parser *p, void *arr, int *cap, int n, size_t elem)
{
    if (n < *cap)
        return arr;
    int ncap = *cap ? *cap * 2 : 16;
    void *q = kc_arena_grow(p->arena, arr, elem, (size_t)n, (size_t)ncap);
    if (!q)
        fail(p, "out of memory");
    *cap = ncap;
    return q;
}

static const char *tok_str(struct parser *p, const struct ptx_token *t)
{
    char *s = kc_arena_strndup(p->arena, t->text, t->len);
    if (!s)
        fail(p, "out of memory");
    return s;
}

/* Printable excerpt of the current token for messages. */
static const char *tok_show(struct parser *p)
{
    static const char eof[] = "end of file";
    if (p->tok.kind == TK_EOF)
        return eof;
    size_t n = p->tok.len > 40 ? 40 : p->tok.len;
    char *s = alloc(p, n + 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p->tok.text[i];
        s[i] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    return s;
}

static void next(struct parser *p)
{
    if (p->have_ahead) {
        p->tok = p->ahead;
        p->have_ahead = 0;
    } else {
        ptx_lex_next(&p->lx, &p->tok);
    }
    if (p->tok.kind == TK_BAD)
        fail(p, "unexpected character(s) '%s'", tok_show(p));
}

static const struct ptx_token *peek(struct parser *p)
{
    if (!p->have_ahead) {
        ptx_lex_next(&p->lx, &p->ahead);
        p->have_ahead = 1;
    }
    return &p->ahead;
}

static int is_punct(const struct ptx_token *t, char c)
{
    return t->kind == TK_PUNCT && t->text[0] == c;
}

static int is_word(const struct ptx_token *t, enum ptx_tok kind, const char *w)
{
    return t->kind == kind && t->len == strlen(w) && memcmp(t->text, w, t->len) == 0;
}

static void expect_punct(struct parser *p, char c, const char *where)
{
    if (!is_punct(&p->tok, c))
        fail(p, "expected '%c' %s, found '%s'", c, where, tok_show(p));
    next(p);
}

static uint64_t expect_uint(struct parser *p, const char *what, uint64_t max)
{
    if (p->tok.kind != TK_INT || p->tok.overflow || p->tok.ival > max)
        fail(p, "expected %s (an integer 0..%llu), found '%s'", what, (unsigned long long)max,
             tok_show(p));
    uint64_t v = p->tok.ival;
    next(p);
    return v;
}

/* ---- symbol tables ------------------------------------------------------ */

static unsigned hash(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h % NBUCKETS;
}

static struct sym *lookup(struct sym **table, const char *s, size_t n)
{
    for (struct sym *e = table[hash(s, n)]; e; e = e->next)
        if (strlen(e->name) == n && memcmp(e->name, s, n) == 0)
            return e;
    return NULL;
}

static void declare(struct parser *p, struct sym **table, const char *name, enum sym_kind kind,
                    int index, int depth)
{
    size_t n = strlen(name);
    struct sym *old = lookup(table, name, n);
    if (old && old->depth == depth)
        fail(p, "'%s' is declared twice in the same scope", name);
    struct sym *e = alloc(p, sizeof *e);
    e->name = name;
    e->kind = kind;
    e->index = index;
    e->depth = depth;
    unsigned h = hash(name, n);
    e->next = table[h];
    table[h] = e;
}

/* Leaving a `{ }` scope hides what it declared (registers stay allocated:
 * their vreg numbers are unique per function). */
static void pop_scope(struct fbuild *fb)
{
    for (int b = 0; b < NBUCKETS; b++) {
        struct sym **pe = &fb->table[b];
        while (*pe) {
            if ((*pe)->depth == fb->depth && (*pe)->kind != NS_LABEL)
                *pe = (*pe)->next;
            else
                pe = &(*pe)->next;
        }
    }
    fb->depth--;
}

/* ---- types and declarations --------------------------------------------- */

static enum ptx_type type_of(const struct ptx_token *t)
{
    if (t->kind != TK_DOTWORD)
        return PTX_T_NONE;
    for (int i = 1; i < PTX_T_COUNT; i++) {
        const char *n = ptx_type_name((enum ptx_type)i);
        if (strlen(n) == t->len && memcmp(n, t->text, t->len) == 0)
            return (enum ptx_type)i;
    }
    return PTX_T_NONE;
}

static enum ptx_space space_of(const struct ptx_token *t)
{
    static const struct { const char *n; enum ptx_space s; } spaces[] = {
        {".reg", PTX_S_REG}, {".sreg", PTX_S_SREG}, {".const", PTX_S_CONST},
        {".global", PTX_S_GLOBAL}, {".local", PTX_S_LOCAL}, {".param", PTX_S_PARAM},
        {".shared", PTX_S_SHARED}, {".tex", PTX_S_TEX},
        {".shared::cta", PTX_S_SHARED}, {".param::entry", PTX_S_PARAM},
        {".param::func", PTX_S_PARAM},
    };
    if (t->kind != TK_DOTWORD)
        return PTX_S_NONE;
    for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; i++)
        if (strlen(spaces[i].n) == t->len && memcmp(spaces[i].n, t->text, t->len) == 0)
            return spaces[i].s;
    return PTX_S_NONE;
}

static void store_elem(uint8_t *dst, unsigned bytes, uint64_t bits)
{
    for (unsigned i = 0; i < bytes; i++)
        dst[i] = (uint8_t)(bits >> (8 * i));
}

/* One initializer element: an integer or floating literal, possibly negated;
 * floats are converted to the element type. */
static uint64_t init_value(struct parser *p, enum ptx_type type)
{
    int neg = 0;
    if (is_punct(&p->tok, '-')) {
        neg = 1;
        next(p);
    }
    uint64_t bits;
    unsigned width = ptx_type_bits(type);
    int is_float = type == PTX_T_F32 || type == PTX_T_F64;
    if (p->tok.kind == TK_INT) {
        bits = neg ? (uint64_t)0 - p->tok.ival : p->tok.ival;
        if (is_float) {
            double d = neg ? -(double)p->tok.ival : (double)p->tok.ival;
            if (width == 32) {
                float f = (float)d;
                uint32_t u;
                memcpy(&u, &f, 4);
                bits = u;
            } else {
                memcpy(&bits, &d, 8);
            }
        }
    } else if (p->tok.kind == TK_FLOAT) {
        double d;
        if (p->tok.fwide) {
            memcpy(&d, &p->tok.fbits, 8);
        } else {
            float f;
            uint32_t u = (uint32_t)p->tok.fbits;
            memcpy(&f, &u, 4);
            d = f;
        }
        if (neg)
            d = -d;
        if (width == 32) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            bits = u;
        } else if (width == 64 && is_float) {
            memcpy(&bits, &d, 8);
        } else if (!p->tok.fwide) {
            bits = p->tok.fbits;   /* 0fXXXXXXXX used as raw bits */
        } else {
            fail(p, "floating initializer for an integer variable");
        }
    } else {
        fail(p, "initializer element '%s' is not supported (only numeric literals are)",
             tok_show(p));
    }
    next(p);
    return bits;
}

static void parse_init_list(struct parser *p, struct ptx_var *v, uint64_t *pos, int depth)
{
    unsigned esz = ptx_type_bits(v->type) / 8;
    if (esz == 0)
        fail(p, "initializer for a variable of type %s", ptx_type_name(v->type));
    if (depth > 8)
        fail(p, "initializer nested too deeply");
    if (!is_punct(&p->tok, '{')) {
        uint64_t bits = init_value(p, v->type);
        if (*pos + esz > v->size)
            fail(p, "too many initializer elements for '%s'", v->name);
        store_elem(v->init + *pos, esz, bits);
        *pos += esz;
        return;
    }
    next(p);
    while (!is_punct(&p->tok, '}')) {
        parse_init_list(p, v, pos, depth + 1);
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, '}'))
            fail(p, "expected ',' or '}' in initializer, found '%s'", tok_show(p));
    }
    next(p);
}

/* `[.align N] [.ptr .space .align N] [.vN] .type name [dims] [= init]` after
 * the state space.  Appends to *vars. */
static void parse_var_decl(struct parser *p, enum ptx_space space, struct ptx_var **vars,
                           int *nvars, int *cap, int allow_init)
{
    struct ptx_var v;
    memset(&v, 0, sizeof v);
    v.space = space;
    v.vec = 1;
    v.line = p->tok.line;
    int have_type = 0;
    while (p->tok.kind == TK_DOTWORD) {
        enum ptx_type t = type_of(&p->tok);
        if (is_word(&p->tok, TK_DOTWORD, ".align")) {
            next(p);
            v.align = (uint32_t)expect_uint(p, "alignment", 1u << 16);
            continue;
        } else if (is_word(&p->tok, TK_DOTWORD, ".ptr")) {
            v.is_ptr_param = 1;
        } else if (is_word(&p->tok, TK_DOTWORD, ".v2")) {
            v.vec = 2;
        } else if (is_word(&p->tok, TK_DOTWORD, ".v4")) {
            v.vec = 4;
        } else if (space_of(&p->tok) != PTX_S_NONE && v.is_ptr_param) {
            /* .ptr .global: the space the pointer points to */
        } else if (is_word(&p->tok, TK_DOTWORD, ".texref") ||
                   is_word(&p->tok, TK_DOTWORD, ".samplerref") ||
                   is_word(&p->tok, TK_DOTWORD, ".surfref")) {
            v.type = PTX_T_B64;
            have_type = 1;
        } else if (t != PTX_T_NONE && !have_type) {
            v.type = t;
            have_type = 1;
        } else {
            fail(p, "unexpected '%s' in a %s declaration", tok_show(p), ptx_space_name(space));
        }
        next(p);
    }
    if (!have_type)
        fail(p, "declaration without a type (expected .b32, .f32, .u64, ...)");
    for (;;) {
        if (p->tok.kind != TK_IDENT)
            fail(p, "expected a variable name, found '%s'", tok_show(p));
        struct ptx_var w = v;
        w.name = tok_str(p, &p->tok);
        w.line = p->tok.line;
        next(p);
        w.count = 1;
        int unsized = 0;
        while (is_punct(&p->tok, '[')) {
            next(p);
            if (is_punct(&p->tok, ']')) {
                unsized = 1;      /* extern arrays, or sized by the initializer */
            } else {
                uint64_t d = expect_uint(p, "array dimension", 1u << 30);
                if (d == 0 || w.count > (1ull << 34) / d)
                    fail(p, "array '%s' is empty or too large", w.name);
                w.count *= d;
            }
            expect_punct(p, ']', "after an array dimension");
        }
        uint64_t esz = (ptx_type_bits(w.type) + 7) / 8 * (uint64_t)w.vec;
        if (esz == 0)
            esz = 1;
        w.size = unsized ? 0 : w.count * esz;
        if (is_punct(&p->tok, '=')) {
            if (!allow_init)
                fail(p, "an initializer is not allowed here");
            next(p);
            if (unsized) {
                /* size from the element count: count the top-level list first */
                fail(p, "initialised array '%s' needs an explicit size", w.name);
            }
            if (w.size > MAX_INIT_BYTES)
                fail(p, "initialised variable '%s' is larger than %u bytes", w.name,
                     MAX_INIT_BYTES);
            w.init = alloc(p, w.size ? w.size : 1);
            uint64_t pos = 0;
            parse_init_list(p, &w, &pos, 0);
        }
        *vars = grow_array(p, *vars, cap, *nvars, sizeof **vars);
        (*vars)[(*nvars)++] = w;
        /* in a parameter list the comma separates parameters */
        if (space == PTX_S_PARAM || !is_punct(&p->tok, ','))
            break;
        next(p);
    }
}

/* ---- function bodies ---------------------------------------------------- */

static int add_reg(struct parser *p, const char *name, enum ptx_type type)
{
    struct fbuild *fb = p->fb;
    struct ptx_function *fn = fb->fn;
    if (fn->nregs >= MAX_FUNC_REGS)
        fail(p, "more than %d registers declared in '%s'", MAX_FUNC_REGS, fn->name);
    fn->regs = grow_array(p, fn->regs, &fb->cap_regs, fn->nregs, sizeof *fn->regs);
    fn->regs[fn->nregs].name = name;
    fn->regs[fn->nregs].type = type;
    declare(p, fb->table, name, NS_REG, fn->nregs, fb->depth);
    return fn->nregs++;
}

/* .reg .type a, b<N>, c; */
static void parse_reg_decl(struct parser *p)
{
    next(p);
    enum ptx_type type = PTX_T_NONE;
    while (p->tok.kind == TK_DOTWORD) {
        if (is_word(&p->tok, TK_DOTWORD, ".v2") || is_word(&p->tok, TK_DOTWORD, ".v4"))
            fail(p, "vector registers (.reg .v2/.v4) are not supported");
        if (is_word(&p->tok, TK_DOTWORD, ".align")) {
            next(p);
            expect_uint(p, "alignment", 1u << 16);
            continue;
        }
        type = type_of(&p->tok);
        if (type == PTX_T_NONE || type == PTX_T_B8 || type == PTX_T_U8 || type == PTX_T_S8)
            fail(p, "register type '%s' is not supported (16-, 32-, 64-, 128-bit or .pred)",
                 tok_show(p));
        next(p);
    }
    if (type == PTX_T_NONE)
        fail(p, ".reg declaration without a type");
    for (;;) {
        if (p->tok.kind != TK_IDENT)
            fail(p, "expected a register name, found '%s'", tok_show(p));
        struct ptx_token name = p->tok;
        next(p);
        if (is_punct(&p->tok, '<')) {
            next(p);
            uint64_t n = expect_uint(p, "register count", MAX_FUNC_REGS);
            expect_punct(p, '>', "after a register count");
            if (name.len > 200)
                fail(p, "register name too long");
            for (uint64_t i = 0; i < n; i++) {
                char buf[224];
                snprintf(buf, sizeof buf, "%.*s%llu", (int)name.len, name.text,
                         (unsigned long long)i);
                char *s = kc_arena_strndup(p->arena, buf, strlen(buf));
                if (!s)
                    fail(p, "out of memory");
                add_reg(p, s, type);
            }
        } else {
            add_reg(p, tok_str(p, &name), type);
        }
        if (!is_punct(&p->tok, ','))
            break;
        next(p);
    }
    expect_punct(p, ';', "after a .reg declaration");
}

static void add_label(struct parser *p, const struct ptx_token *name)
{
    struct fbuild *fb = p->fb;
    struct ptx_function *fn = fb->fn;
    fn->labels = grow_array(p, fn->labels, &fb->cap_labels, fn->nlabels, sizeof *fn->labels);
    struct ptx_label *l = &fn->labels[fn->nlabels];
    l->name = tok_str(p, name);
    l->insn = fn->ninsns;
    l->line = name->line;
    /* labels are function-wide: declare at depth 0 so scopes cannot hide them */
    declare(p, fb->table, l->name, NS_LABEL, fn->nlabels, 0);
    fn->nlabels++;
}

static enum ptx_sreg sreg_of(const struct ptx_token *t, int *ok)
{
    *ok = 0;
    for (int i = 0; i < PTX_SR_COUNT; i++) {
        const char *n = ptx_sreg_name((enum ptx_sreg)i);
        if (strlen(n) == t->len && memcmp(n, t->text, t->len) == 0) {
            *ok = 1;
            return (enum ptx_sreg)i;
        }
    }
    return PTX_SR_TID;
}

static int reg_lookup(struct parser *p, const struct ptx_token *t)
{
    struct sym *s = lookup(p->fb->table, t->text, t->len);
    return s && s->kind == NS_REG ? s->index : -1;
}

static int expect_reg(struct parser *p, const char *what)
{
    if (p->tok.kind != TK_IDENT)
        fail(p, "expected %s, found '%s'", what, tok_show(p));
    if (is_word(&p->tok, TK_IDENT, "_")) {
        next(p);
        return -1;
    }
    int r = reg_lookup(p, &p->tok);
    if (r < 0)
        fail(p, "'%s' is not a declared register (%s expected)", tok_show(p), what);
    next(p);
    return r;
}

static int64_t signed_int(struct parser *p, const char *what)
{
    int neg = 0;
    if (is_punct(&p->tok, '+'))
        next(p);
    if (is_punct(&p->tok, '-')) {
        neg = 1;
        next(p);
    }
    if (p->tok.kind != TK_INT || p->tok.overflow)
        fail(p, "expected %s (an integer), found '%s'", what, tok_show(p));
    uint64_t v = p->tok.ival;
    next(p);
    return neg ? (int64_t)(0 - v) : (int64_t)v;
}

static int *reg_list(struct parser *p, int *count, int allow_imm_zero)
{
    int cap = 4, n = 0;
    int *elems = alloc(p, sizeof(int) * (size_t)cap);
    expect_punct(p, '{', "to open a vector operand");
    while (!is_punct(&p->tok, '}')) {
        if (n == 8)
            fail(p, "vector operand with more than 8 elements");
        if (n == cap) {
            elems = kc_arena_grow(p->arena, elems, sizeof(int), (size_t)n, (size_t)cap * 2);
            if (!elems)
                fail(p, "out of memory");
            cap *= 2;
        }
        if (allow_imm_zero && p->tok.kind == TK_INT) {
            next(p);      /* constant coordinate: no register */
            elems[n++] = -1;
        } else {
            elems[n++] = expect_reg(p, "a register in a vector operand");
        }
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, '}'))
            fail(p, "expected ',' or '}' in a vector operand, found '%s'", tok_show(p));
    }
    next(p);
    *count = n;
    return elems;
}

static void parse_address(struct parser *p, struct ptx_operand *o)
{
    next(p);   /* '[' */
    o->kind = PTX_O_ADDR;
    o->reg = -1;
    if (p->tok.kind == TK_IDENT) {
        int r = reg_lookup(p, &p->tok);
        if (r >= 0) {
            o->reg = r;
            next(p);
        } else {
            o->sym = tok_str(p, &p->tok);
            next(p);
            if (is_punct(&p->tok, ',')) {
                /* texture / surface operand: [tex, {coords}] or [tex, smp, {coords}] */
                next(p);
                o->kind = PTX_O_TEXADDR;
                if (p->tok.kind == TK_IDENT) {
                    o->sym2 = tok_str(p, &p->tok);
                    next(p);
                    expect_punct(p, ',', "after a sampler");
                }
                o->elems = reg_list(p, &o->nelems, 1);
                expect_punct(p, ']', "to close a texture operand");
                return;
            }
        }
        if (is_punct(&p->tok, '+') || is_punct(&p->tok, '-'))
            o->imm = signed_int(p, "an address offset");
    } else {
        o->imm = signed_int(p, "an address");
    }
    expect_punct(p, ']', "to close an address");
}

static void parse_operand(struct parser *p, struct ptx_operand *o)
{
    memset(o, 0, sizeof *o);
    o->reg = o->reg2 = -1;
    o->comp = -1;
    o->target = -1;
    if (is_punct(&p->tok, '{')) {
        o->kind = PTX_O_VEC;
        o->elems = reg_list(p, &o->nelems, 0);
        return;
    }
    if (is_punct(&p->tok, '[')) {
        parse_address(p, o);
        return;
    }
    if (is_punct(&p->tok, '!')) {
        next(p);
        o->kind = PTX_O_REG;
        o->neg = 1;
        o->reg = expect_reg(p, "a predicate after '!'");
        if (o->reg < 0)
            fail(p, "'!' applied to the sink '_'");
        return;
    }
    if (is_punct(&p->tok, '-') || is_punct(&p->tok, '+')) {
        int neg = is_punct(&p->tok, '-');
        next(p);
        if (p->tok.kind == TK_FLOAT) {
            o->kind = PTX_O_FIMM;
            o->fbits = p->tok.fbits ^ (neg ? (p->tok.fwide ? 1ull << 63 : 1ull << 31) : 0);
            o->fwide = p->tok.fwide;
            next(p);
            return;
        }
        if (p->tok.kind != TK_INT || p->tok.overflow)
            fail(p, "expected a number after '%c', found '%s'", neg ? '-' : '+', tok_show(p));
        o->kind = PTX_O_IMM;
        o->imm = neg ? (int64_t)(0 - p->tok.ival) : (int64_t)p->tok.ival;
        next(p);
        return;
    }
    if (p->tok.kind == TK_INT) {
        if (p->tok.overflow)
            fail(p, "integer literal '%s' does not fit in 64 bits", tok_show(p));
        o->kind = PTX_O_IMM;
        o->imm = (int64_t)p->tok.ival;
        next(p);
        return;
    }
    if (p->tok.kind == TK_FLOAT) {
        o->kind = PTX_O_FIMM;
        o->fbits = p->tok.fbits;
        o->fwide = p->tok.fwide;
        next(p);
        return;
    }
    if (p->tok.kind != TK_IDENT)
        fail(p, "expected an operand, found '%s'", tok_show(p));
    if (is_word(&p->tok, TK_IDENT, "_")) {
        o->kind = PTX_O_SINK;
        next(p);
        return;
    }
    int r = reg_lookup(p, &p->tok);
    if (r >= 0) {
        next(p);
        if (p->tok.kind == TK_DOTWORD && p->tok.attached)
            fail(p, "register component selectors such as '%s' are not supported",
                 tok_show(p));
        if (is_punct(&p->tok, '|')) {
            next(p);
            o->kind = PTX_O_PAIR;
            o->reg = r;
            o->reg2 = expect_reg(p, "a second destination after '|'");
            return;
        }
        o->kind = PTX_O_REG;
        o->reg = r;
        return;
    }
    int ok;
    enum ptx_sreg sr = sreg_of(&p->tok, &ok);
    if (ok) {
        o->kind = PTX_O_SREG;
        o->sreg = sr;
        next(p);
        if (p->tok.kind == TK_DOTWORD && p->tok.attached) {
            if (is_word(&p->tok, TK_DOTWORD, ".x"))
                o->comp = 0;
            else if (is_word(&p->tok, TK_DOTWORD, ".y"))
                o->comp = 1;
            else if (is_word(&p->tok, TK_DOTWORD, ".z"))
                o->comp = 2;
            else
                fail(p, "special register component '%s' (allowed: .x .y .z)", tok_show(p));
            next(p);
        }
        return;
    }
    if (p->tok.text[0] == '%' && p->tok.len > 1 && !lookup(p->fb->table, p->tok.text, p->tok.len))
        fail(p, "'%s' is neither a declared register nor a supported special register",
             tok_show(p));
    o->kind = PTX_O_SYM;
    o->sym = tok_str(p, &p->tok);
    next(p);
    if (is_punct(&p->tok, '+'))
        o->imm = signed_int(p, "a symbol offset");
}

static enum ptx_opcode opcode_of(struct parser *p)
{
    for (int i = 0; i < PTX_OP_COUNT; i++) {
        const char *n = ptx_opcode_name((enum ptx_opcode)i);
        if (strlen(n) == p->tok.len && memcmp(n, p->tok.text, p->tok.len) == 0)
            return (enum ptx_opcode)i;
    }
    fail(p, "unknown or unsupported instruction '%s' (docs/ptx.md lists the accepted ones)",
         tok_show(p));
}

static void parse_instruction(struct parser *p)
{
    struct fbuild *fb = p->fb;
    struct ptx_function *fn = fb->fn;
    struct ptx_insn in;
    memset(&in, 0, sizeof in);
    in.line = p->tok.line;
    in.guard = -1;
    in.vec = 1;
    if (is_punct(&p->tok, '@')) {
        next(p);
        if (is_punct(&p->tok, '!')) {
            in.guard_neg = 1;
            next(p);
        }
        in.guard = expect_reg(p, "a guard predicate after '@'");
        if (in.guard < 0 || fn->regs[in.guard].type != PTX_T_PRED)
            fail(p, "the guard of an instruction must be a .pred register");
    }
    if (p->tok.kind != TK_IDENT)
        fail(p, "expected an instruction, found '%s'", tok_show(p));
    in.line = p->tok.line;
    in.op = opcode_of(p);
    next(p);
    while (p->tok.kind == TK_DOTWORD && p->tok.attached) {
        int id = ptx_modifier_find(p->tok.text, p->tok.len);
        if (id < 0)
            fail(p, "unsupported modifier '%s' on '%s'", tok_show(p), ptx_opcode_name(in.op));
        if (in.nmods == PTX_MAX_MODS)
            fail(p, "more than %d modifiers on one instruction", PTX_MAX_MODS);
        in.mods[in.nmods++] = (int16_t)id;
        enum ptx_type t = type_of(&p->tok);
        enum ptx_space s = space_of(&p->tok);
        if (t != PTX_T_NONE) {
            if (in.type == PTX_T_NONE)
                in.type = t;
            else if (in.type2 == PTX_T_NONE)
                in.type2 = t;
        } else if (s != PTX_S_NONE) {
            in.space = s;
        } else if (is_word(&p->tok, TK_DOTWORD, ".v2")) {
            in.vec = 2;
        } else if (is_word(&p->tok, TK_DOTWORD, ".v4")) {
            in.vec = 4;
        }
        next(p);
    }
    if (in.op == PTX_OP_CALL)
        fail(p, "'call' is not supported: kernels must be fully inlined");
    while (!is_punct(&p->tok, ';')) {
        if (in.nopnds == PTX_MAX_OPNDS)
            fail(p, "more than %d operands", PTX_MAX_OPNDS);
        parse_operand(p, &in.opnd[in.nopnds++]);
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, ';'))
            fail(p, "expected ',' or ';' after an operand, found '%s'", tok_show(p));
    }
    next(p);
    if (in.op == PTX_OP_BRA && (in.nopnds != 1 || in.opnd[0].kind != PTX_O_SYM))
        fail(p, "'bra' takes exactly one label operand");
    fn->insns = grow_array(p, fn->insns, &fb->cap_insns, fn->ninsns, sizeof *fn->insns);
    fn->insns[fn->ninsns++] = in;
}

/* .pragma "..."[, "..."]; */
static void skip_pragma(struct parser *p)
{
    next(p);
    while (p->tok.kind == TK_STRING || is_punct(&p->tok, ','))
        next(p);
    expect_punct(p, ';', "after .pragma");
}

/* Skips the rest of a line-oriented directive (.loc, .file inside bodies). */
static void skip_line(struct parser *p)
{
    int line = p->tok.line;
    next(p);
    while (p->tok.kind != TK_EOF && p->tok.line == line && !is_punct(&p->tok, '}'))
        next(p);
}

static void parse_body_statement(struct parser *p)
{
    struct fbuild *fb = p->fb;
    struct ptx_function *fn = fb->fn;
    if (is_punct(&p->tok, '{')) {
        if (fb->depth >= MAX_NESTING)
            fail(p, "blocks nested deeper than %d", MAX_NESTING);
        fb->depth++;
        next(p);
        return;
    }
    if (p->tok.kind == TK_DOTWORD) {
        enum ptx_space s = space_of(&p->tok);
        if (s == PTX_S_REG) {
            parse_reg_decl(p);
            return;
        }
        if (s == PTX_S_LOCAL || s == PTX_S_SHARED || s == PTX_S_CONST || s == PTX_S_PARAM ||
            s == PTX_S_GLOBAL) {
            next(p);
            int old = fn->nvars;
            parse_var_decl(p, s, &fn->vars, &fn->nvars, &fb->cap_vars, s != PTX_S_PARAM);
            for (int i = old; i < fn->nvars; i++)
                declare(p, fb->table, fn->vars[i].name, NS_VAR, i, fb->depth);
            expect_punct(p, ';', "after a variable declaration");
            return;
        }
        if (is_word(&p->tok, TK_DOTWORD, ".loc") || is_word(&p->tok, TK_DOTWORD, ".file")) {
            skip_line(p);
            return;
        }
        if (is_word(&p->tok, TK_DOTWORD, ".pragma")) {
            skip_pragma(p);
            return;
        }
        fail(p, "directive '%s' is not supported inside a function body", tok_show(p));
    }
    if (p->tok.kind == TK_IDENT && is_punct(peek(p), ':')) {
        struct ptx_token name = p->tok;
        next(p);
        next(p);
        add_label(p, &name);
        return;
    }
    parse_instruction(p);
}

/* Resolves labels and names once the whole body is known. */
static void resolve_symbols(struct parser *p)
{
    struct ptx_function *fn = p->fb->fn;
    for (int i = 0; i < fn->ninsns; i++) {
        struct ptx_insn *in = &fn->insns[i];
        for (int k = 0; k < in->nopnds; k++) {
            struct ptx_operand *o = &in->opnd[k];
            const char *name = o->kind == PTX_O_SYM || o->kind == PTX_O_ADDR ||
                                       o->kind == PTX_O_TEXADDR ? o->sym : NULL;
            if (!name)
                continue;
            size_t n = strlen(name);
            struct sym *s = lookup(p->fb->table, name, n);
            if (!s)
                s = lookup(p->globals, name, n);
            if (!s) {
                p->tok.line = in->line;
                fail(p, "'%s' is not a declared label, variable, parameter or function", name);
            }
            if (s->kind == NS_REG) {
                p->tok.line = in->line;
                fail(p, "register '%s' used where a symbol is expected", name);
            }
            if (s->kind == NS_LABEL) {
                if (o->kind != PTX_O_SYM) {
                    p->tok.line = in->line;
                    fail(p, "label '%s' used as an address", name);
                }
                o->sym_kind = PTX_SYM_LABEL;
                o->target = fn->labels[s->index].insn;
            } else {
                o->sym_kind = s->kind == NS_FUNC ? PTX_SYM_FUNC
                              : s->kind == NS_PARAM ? PTX_SYM_PARAM : PTX_SYM_VAR;
            }
        }
        if (in->op == PTX_OP_BRA && in->opnd[0].sym_kind != PTX_SYM_LABEL) {
            p->tok.line = in->line;
            fail(p, "'bra' to '%s', which is not a label", in->opnd[0].sym);
        }
    }
}

static void parse_params(struct parser *p, struct ptx_var **vars, int *n)
{
    int cap = 0;
    expect_punct(p, '(', "to open a parameter list");
    while (!is_punct(&p->tok, ')')) {
        enum ptx_space s = space_of(&p->tok);
        if (s != PTX_S_PARAM && s != PTX_S_REG)
            fail(p, "expected .param in a parameter list, found '%s'", tok_show(p));
        next(p);
        parse_var_decl(p, PTX_S_PARAM, vars, n, &cap, 0);
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, ')'))
            fail(p, "expected ',' or ')' in a parameter list, found '%s'", tok_show(p));
    }
    next(p);
}

static void parse_dims(struct parser *p, uint32_t d[3])
{
    next(p);
    for (int i = 0; i < 3; i++) {
        d[i] = (uint32_t)expect_uint(p, "a dimension", 1u << 31);
        if (!is_punct(&p->tok, ','))
            break;
        next(p);
    }
}

static void parse_function(struct parser *p, int is_entry)
{
    struct ptx_module *m = p->mod;
    m->funcs = grow_array(p, m->funcs, &p->cap_funcs, m->nfuncs, sizeof *m->funcs);
    struct ptx_function *fn = &m->funcs[m->nfuncs];
    memset(fn, 0, sizeof *fn);
    fn->is_entry = is_entry;
    fn->line = p->tok.line;
    next(p);   /* .entry / .func */
    if (!is_entry && is_punct(&p->tok, '('))
        parse_params(p, &fn->rets, &fn->nrets);
    if (p->tok.kind != TK_IDENT)
        fail(p, "expected a function name, found '%s'", tok_show(p));
    fn->name = tok_str(p, &p->tok);
    next(p);
    if (is_punct(&p->tok, '('))
        parse_params(p, &fn->params, &fn->nparams);
    struct fbuild *fb = calloc(1, sizeof *fb);
    if (!fb)
        fail(p, "out of memory");
    p->fb = fb;
    fb->fn = fn;
    for (int i = 0; i < fn->nparams; i++)
        declare(p, fb->table, fn->params[i].name, NS_PARAM, i, 0);
    for (int i = 0; i < fn->nrets; i++)
        declare(p, fb->table, fn->rets[i].name, NS_PARAM, i, 0);
    while (p->tok.kind == TK_DOTWORD) {
        if (is_word(&p->tok, TK_DOTWORD, ".maxntid"))
            parse_dims(p, fn->maxntid);
        else if (is_word(&p->tok, TK_DOTWORD, ".reqntid"))
            parse_dims(p, fn->reqntid);
        else if (is_word(&p->tok, TK_DOTWORD, ".minnctapersm") ||
                 is_word(&p->tok, TK_DOTWORD, ".maxnctapersm")) {
            next(p);
            fn->minnctapersm = (uint32_t)expect_uint(p, "a CTA count", 1u << 20);
        } else if (is_word(&p->tok, TK_DOTWORD, ".maxnreg")) {
            next(p);
            fn->maxnreg = (uint32_t)expect_uint(p, "a register count", 1u << 16);
        } else if (is_word(&p->tok, TK_DOTWORD, ".noreturn")) {
            next(p);
        } else if (is_word(&p->tok, TK_DOTWORD, ".pragma")) {
            skip_pragma(p);
        } else {
            fail(p, "directive '%s' is not supported before a function body", tok_show(p));
        }
    }
    /* a prototype (.extern .func f;) may precede the definition */
    struct sym *prev = lookup(p->globals, fn->name, strlen(fn->name));
    if (prev && prev->kind == NS_FUNC && !m->funcs[prev->index].has_body)
        prev->index = m->nfuncs;
    else
        declare(p, p->globals, fn->name, NS_FUNC, m->nfuncs, 0);
    m->nfuncs++;
    if (is_punct(&p->tok, ';')) {      /* declaration only */
        next(p);
        free(fb);
        p->fb = NULL;
        return;
    }
    if (!is_punct(&p->tok, '{'))
        fail(p, "expected '{' to open the body of '%s', found '%s'", fn->name, tok_show(p));
    next(p);
    fn->has_body = 1;
    for (;;) {
        if (p->tok.kind == TK_EOF)
            fail(p, "end of file inside the body of '%s'", fn->name);
        if (is_punct(&p->tok, '}')) {
            if (fb->depth == 0)
                break;
            pop_scope(fb);
            next(p);
            continue;
        }
        parse_body_statement(p);
    }
    next(p);
    resolve_symbols(p);
    free(fb);
    p->fb = NULL;
}

/* `.section name { ... }` debug sections: skipped, braces balanced. */
static void skip_section(struct parser *p)
{
    next(p);
    while (!is_punct(&p->tok, '{')) {
        if (p->tok.kind == TK_EOF || is_punct(&p->tok, ';'))
            fail(p, "malformed .section directive");
        next(p);
    }
    int depth = 0;
    do {
        if (p->tok.kind == TK_EOF)
            fail(p, "end of file inside a .section");
        if (is_punct(&p->tok, '{'))
            depth++;
        else if (is_punct(&p->tok, '}'))
            depth--;
        next(p);
    } while (depth > 0);
}

static void parse_version(struct parser *p)
{
    next(p);
    if (p->tok.kind != TK_FLOAT && p->tok.kind != TK_INT)
        fail(p, "expected a version number such as 7.5 after .version");
    const char *s = p->tok.text;
    int major = 0, minor = 0;
    size_t i = 0;
    while (i < p->tok.len && s[i] >= '0' && s[i] <= '9' && major < 1000)
        major = major * 10 + (s[i++] - '0');
    if (i < p->tok.len && s[i] == '.')
        i++;
    while (i < p->tok.len && s[i] >= '0' && s[i] <= '9' && minor < 1000)
        minor = minor * 10 + (s[i++] - '0');
    if (major < 1 || major > 9)
        fail(p, "PTX ISA version %d.%d is not supported (1.0 .. 9.x)", major, minor);
    p->mod->version_major = major;
    p->mod->version_minor = minor;
    next(p);
}

static void parse_target(struct parser *p)
{
    struct ptx_module *m = p->mod;
    next(p);
    size_t used = 0;
    for (;;) {
        if (p->tok.kind != TK_IDENT)
            fail(p, "expected a target name such as sm_75 after .target");
        size_t n = p->tok.len;
        if (used + n + 2 < sizeof m->target) {
            if (used)
                m->target[used++] = ',';
            memcpy(m->target + used, p->tok.text, n);
            used += n;
            m->target[used] = 0;
        }
        next(p);
        if (!is_punct(&p->tok, ','))
            break;
        next(p);
    }
}

static void parse_module(struct parser *p)
{
    next(p);
    while (p->tok.kind != TK_EOF) {
        if (p->tok.kind != TK_DOTWORD)
            fail(p, "expected a directive at module level, found '%s'", tok_show(p));
        if (is_word(&p->tok, TK_DOTWORD, ".version")) {
            parse_version(p);
        } else if (is_word(&p->tok, TK_DOTWORD, ".target")) {
            parse_target(p);
        } else if (is_word(&p->tok, TK_DOTWORD, ".address_size")) {
            next(p);
            uint64_t a = expect_uint(p, "an address size", 64);
            if (a != 32 && a != 64)
                fail(p, ".address_size must be 32 or 64");
            p->mod->address_size = (int)a;
        } else if (is_word(&p->tok, TK_DOTWORD, ".file") ||
                   is_word(&p->tok, TK_DOTWORD, ".loc")) {
            skip_line(p);
        } else if (is_word(&p->tok, TK_DOTWORD, ".section")) {
            skip_section(p);
        } else if (is_word(&p->tok, TK_DOTWORD, ".visible") ||
                   is_word(&p->tok, TK_DOTWORD, ".extern") ||
                   is_word(&p->tok, TK_DOTWORD, ".weak") ||
                   is_word(&p->tok, TK_DOTWORD, ".common")) {
            next(p);   /* linkage: informational */
        } else if (is_word(&p->tok, TK_DOTWORD, ".entry")) {
            parse_function(p, 1);
        } else if (is_word(&p->tok, TK_DOTWORD, ".func")) {
            parse_function(p, 0);
        } else if (is_word(&p->tok, TK_DOTWORD, ".pragma")) {
            skip_pragma(p);
        } else {
            enum ptx_space s = space_of(&p->tok);
            if (s != PTX_S_GLOBAL && s != PTX_S_CONST && s != PTX_S_SHARED && s != PTX_S_TEX)
                fail(p, "directive '%s' is not supported at module level", tok_show(p));
            next(p);
            int old = p->mod->nvars;
            parse_var_decl(p, s, &p->mod->vars, &p->mod->nvars, &p->cap_vars, 1);
            for (int i = old; i < p->mod->nvars; i++)
                declare(p, p->globals, p->mod->vars[i].name, NS_VAR, i, 0);
            expect_punct(p, ';', "after a variable declaration");
        }
    }
    if (p->mod->version_major == 0) {
        p->tok.line = 1;
        fail(p, "missing .version directive (not a PTX file?)");
    }
}

int ptx_parse(const char *file, const char *text, size_t len, struct ptx_module **out,
              struct kc_diag *err)
{
    struct parser *p = calloc(1, sizeof *p);
    struct kc_arena *arena = kc_arena_new();
    *out = NULL;
    if (!p || !arena) {
        free(p);
        kc_arena_free(arena);
        kc_diag_set(err, file, 0, "out of memory");
        return -1;
    }
    p->file = file;
    p->err = err;
    p->arena = arena;
    ptx_lex_init(&p->lx, text, len);
    if (setjmp(p->fail)) {
        free(p->fb);
        free(p);
        kc_arena_free(arena);
        return -1;
    }
    p->mod = alloc(p, sizeof *p->mod);
    p->mod->arena = arena;
    p->mod->file = tok_str(p, &(struct ptx_token){.text = file, .len = strlen(file)});
    p->mod->address_size = 64;
    parse_module(p);
    *out = p->mod;
    free(p);
    return 0;
}

int ptx_parse_file(const char *path, struct ptx_module **out, struct kc_diag *err)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        kc_diag_set(err, path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            kc_diag_set(err, path, 0, "out of memory");
            return -1;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (len < cap)
            break;
        if (cap >= (256u << 20)) {
            free(buf);
            fclose(f);
            kc_diag_set(err, path, 0, "file larger than 256 MB");
            return -1;
        }
        char *nb = realloc(buf, cap * 2);
        if (!nb)
            free(buf);
        buf = nb;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        kc_diag_set(err, path, 0, "read error");
        return -1;
    }
    int rc = ptx_parse(path, buf, len, out, err);
    free(buf);
    return rc;
}

void ptx_module_free(struct ptx_module *m)
{
    if (m)
        kc_arena_free(m->arena);
}

const struct ptx_function *ptx_find_function(const struct ptx_module *m, const char *name)
{
    for (int i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, name) == 0)
            return &m->funcs[i];
    return NULL;
}

const struct ptx_var *ptx_find_var(const struct ptx_module *m, const struct ptx_function *f,
                                   const char *name)
{
    if (f) {
        for (int i = 0; i < f->nvars; i++)
            if (strcmp(f->vars[i].name, name) == 0)
                return &f->vars[i];
        for (int i = 0; i < f->nparams; i++)
            if (strcmp(f->params[i].name, name) == 0)
                return &f->params[i];
    }
    for (int i = 0; i < m->nvars; i++)
        if (strcmp(m->vars[i].name, name) == 0)
            return &m->vars[i];
    return NULL;
}
