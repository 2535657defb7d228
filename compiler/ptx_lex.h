/*
 * ptx_lex.h: tokens of PTX text (internal to the front end).
 *
 * Dot-words (".reg", ".f32", ".L1::no_allocate") are single tokens; whether
 * a token touches the previous one (no blank between them) is recorded,
 * because `ld.global.f32` and `%tid.x` are spelled as a word followed by
 * attached dot-words.
 */
#ifndef GPURF_PTX_LEX_H
#define GPURF_PTX_LEX_H

#include <stddef.h>
#include <stdint.h>

enum ptx_tok {
    TK_EOF, TK_IDENT, TK_DOTWORD, TK_INT, TK_FLOAT, TK_STRING, TK_PUNCT, TK_BAD
};

struct ptx_token {
    enum ptx_tok kind;
    const char *text;      /* into the source buffer */
    size_t len;
    int line;
    int attached;          /* no white space or comment before it */
    uint64_t ival;         /* TK_INT: value (two's complement bits) */
    uint64_t fbits;        /* TK_FLOAT: IEEE bits */
    int fwide;             /* TK_FLOAT: 1 = f64 bits, 0 = f32 bits */
    int overflow;          /* TK_INT: literal does not fit 64 bits */
};

struct ptx_lexer {
    const char *src, *end, *pos;
    int line;
};

void ptx_lex_init(struct ptx_lexer *lx, const char *src, size_t len);
/* Never fails: malformed text yields TK_BAD with the offending text. */
void ptx_lex_next(struct ptx_lexer *lx, struct ptx_token *t);

#endif
