/*
 * ptx_lex.c: the PTX tokenizer.  Comments (// and block comments) are
 * skipped; NUL bytes and other stray characters become TK_BAD tokens, which
 * the parser reports with their line.
 */
#include "ptx_lex.h"

#include <string.h>

void ptx_lex_init(struct ptx_lexer *lx, const char *src, size_t len)
{
    lx->src = lx->pos = src;
    lx->end = src + len;
    lx->line = 1;
}

static int is_ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}

static int is_ident_char(int c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Skips blanks and comments; returns 1 if anything was skipped. */
static int skip_space(struct ptx_lexer *lx)
{
    const char *start = lx->pos;
    while (lx->pos < lx->end) {
        char c = *lx->pos;
        if (c == '\n') {
            lx->line++;
            lx->pos++;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            lx->pos++;
        } else if (c == '/' && lx->pos + 1 < lx->end && lx->pos[1] == '/') {
            while (lx->pos < lx->end && *lx->pos != '\n')
                lx->pos++;
        } else if (c == '/' && lx->pos + 1 < lx->end && lx->pos[1] == '*') {
            lx->pos += 2;
            while (lx->pos < lx->end && !(*lx->pos == '*' && lx->pos + 1 < lx->end &&
                                          lx->pos[1] == '/')) {
                if (*lx->pos == '\n')
                    lx->line++;
                lx->pos++;
            }
            lx->pos = lx->pos + 2 <= lx->end ? lx->pos + 2 : lx->end;
        } else {
            break;
        }
    }
    return lx->pos != start;
}

/* Decimal floating literal such as 1.5 or 2e-3, converted without libc
 * locale dependence: good to within an ulp, which is all PTX text needs. */
static void lex_decimal_float(struct ptx_lexer *lx, struct ptx_token *t)
{
    const char *p = lx->pos;
    double v = 0, scale = 1;
    int exp = 0, eneg = 0;
    while (p < lx->end && *p >= '0' && *p <= '9')
        v = v * 10 + (*p++ - '0');
    if (p < lx->end && *p == '.') {
        p++;
        while (p < lx->end && *p >= '0' && *p <= '9') {
            scale /= 10;
            v += (*p++ - '0') * scale;
        }
    }
    if (p < lx->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < lx->end && (*p == '+' || *p == '-'))
            eneg = *p++ == '-';
        while (p < lx->end && *p >= '0' && *p <= '9') {
            if (exp < 10000)
                exp = exp * 10 + (*p - '0');
            p++;
        }
    }
    for (int i = 0; i < exp && v != 0; i++)
        v = eneg ? v / 10 : v * 10;
    memcpy(&t->fbits, &v, sizeof v);
    t->fwide = 1;
    t->kind = TK_FLOAT;
    lx->pos = p;
}

static void lex_number(struct ptx_lexer *lx, struct ptx_token *t)
{
    const char *p = lx->pos;
    uint64_t v = 0;
    t->kind = TK_INT;
    if (p + 1 < lx->end && p[0] == '0' && (p[1] == 'f' || p[1] == 'F' || p[1] == 'd' ||
                                           p[1] == 'D')) {
        int digits = (p[1] == 'f' || p[1] == 'F') ? 8 : 16;
        const char *q = p + 2;
        int n = 0;
        while (q < lx->end && hexval(*q) >= 0 && n < digits) {
            v = v << 4 | (uint64_t)hexval(*q++);
            n++;
        }
        if (n == digits) {
            t->kind = TK_FLOAT;
            t->fbits = v;
            t->fwide = digits == 16;
            lx->pos = q;
            return;
        }
    }
    if (p + 1 < lx->end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        p += 2;
        if (p >= lx->end || hexval(*p) < 0) {
            t->kind = TK_BAD;
            lx->pos = p;
            return;
        }
        while (p < lx->end && hexval(*p) >= 0) {
            if (v >> 60)
                t->overflow = 1;
            v = v << 4 | (uint64_t)hexval(*p++);
        }
    } else if (p + 1 < lx->end && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        p += 2;
        while (p < lx->end && (*p == '0' || *p == '1')) {
            if (v >> 63)
                t->overflow = 1;
            v = v << 1 | (uint64_t)(*p++ - '0');
        }
    } else {
        const char *q = p;
        while (q < lx->end && *q >= '0' && *q <= '9')
            q++;
        if (q < lx->end && (*q == '.' || *q == 'e' || *q == 'E')) {
            lex_decimal_float(lx, t);
            return;
        }
        int octal = p[0] == '0' && q - p > 1;
        while (p < q) {
            uint64_t d = (uint64_t)(*p++ - '0');
            if (octal && d > 7)
                t->overflow = 1;
            uint64_t base = octal ? 8 : 10;
            if (v > (UINT64_MAX - d) / base)
                t->overflow = 1;
            v = v * base + d;
        }
    }
    if (p < lx->end && (*p == 'U' || *p == 'u'))
        p++;
    t->ival = v;
    lx->pos = p;
}

void ptx_lex_next(struct ptx_lexer *lx, struct ptx_token *t)
{
    int skipped = skip_space(lx);
    memset(t, 0, sizeof *t);
    t->attached = !skipped && lx->pos != lx->src;
    t->line = lx->line;
    t->text = lx->pos;
    if (lx->pos >= lx->end) {
        t->kind = TK_EOF;
        return;
    }
    unsigned char c = (unsigned char)*lx->pos;
    if (is_ident_start(c)) {
        while (lx->pos < lx->end && is_ident_char((unsigned char)*lx->pos))
            lx->pos++;
        t->kind = TK_IDENT;
    } else if (c == '.' && lx->pos + 1 < lx->end && is_ident_start((unsigned char)lx->pos[1])) {
        lx->pos++;
        for (;;) {
            while (lx->pos < lx->end && is_ident_char((unsigned char)*lx->pos))
                lx->pos++;
            /* qualifiers such as .L1::evict_last or .shared::cta */
            if (lx->pos + 2 < lx->end && lx->pos[0] == ':' && lx->pos[1] == ':' &&
                is_ident_char((unsigned char)lx->pos[2]))
                lx->pos += 2;
            else
                break;
        }
        t->kind = TK_DOTWORD;
    } else if (c >= '0' && c <= '9') {
        lex_number(lx, t);
    } else if (c == '"') {
        lx->pos++;
        while (lx->pos < lx->end && *lx->pos != '"' && *lx->pos != '\n')
            lx->pos++;
        if (lx->pos < lx->end && *lx->pos == '"') {
            lx->pos++;
            t->kind = TK_STRING;
        } else {
            t->kind = TK_BAD;
        }
    } else if (strchr("{}[](),;:@!|+-<>=*", c) && c != 0) {
        lx->pos++;
        t->kind = TK_PUNCT;
    } else {
        lx->pos++;
        t->kind = TK_BAD;
    }
    t->len = (size_t)(lx->pos - t->text);
}
