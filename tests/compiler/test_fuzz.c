/*
 * test_fuzz.c: malformed PTX never crashes the front end or the compiler.
 * Each input file is mutated deterministically (truncation, byte flips,
 * deleted and duplicated ranges, inserted punctuation and numbers); every
 * mutant must either compile or fail with a message, never crash, hang or
 * report a line outside the file.
 *
 * usage: test_fuzz [-n MUTANTS_PER_FILE] [-s SEED] FILE.ptx...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc.h"

static uint64_t rng = 88172645463325252ull;

static uint32_t next_u32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static size_t mutate(const char *src, size_t len, char *dst, size_t cap)
{
    static const char *const junk[] = {"{", "}", ";", ",", "[", "]", "%r1", "@", "!", "<",
                                       ">", "-", "0x", "99999999999999999999", ".reg", ".v4",
                                       "bra", "$L__BB0_1", "|", "\"", "/*", "0f", "%tid.",
                                       ".entry x(", "\n", "\0"};
    size_t n = len < cap ? len : cap;
    memcpy(dst, src, n);
    int kind = (int)(next_u32() % 5);
    size_t at = len ? next_u32() % len : 0;
    switch (kind) {
    case 0:                                   /* truncate */
        return at;
    case 1:                                   /* flip a few bytes */
        for (int i = 0; i < 1 + (int)(next_u32() % 4); i++)
            dst[next_u32() % (n ? n : 1)] ^= (char)(1u << (next_u32() % 8));
        return n;
    case 2: {                                 /* delete a range */
        size_t del = 1 + next_u32() % 64;
        if (at + del > n)
            del = n - at;
        memmove(dst + at, dst + at + del, n - at - del);
        return n - del;
    }
    case 3: {                                 /* duplicate a range */
        size_t dup = 1 + next_u32() % 200;
        if (at + dup > n)
            dup = n - at;
        if (n + dup > cap)
            return n;
        memmove(dst + at + dup, dst + at, n - at);
        return n + dup;
    }
    default: {                                /* insert junk */
        const char *j = junk[next_u32() % (sizeof junk / sizeof junk[0])];
        size_t jl = strlen(j) ? strlen(j) : 1;
        if (n + jl > cap)
            return n;
        memmove(dst + at + jl, dst + at, n - at);
        memcpy(dst + at, j, jl);
        return n + jl;
    }
    }
}

int main(int argc, char **argv)
{
    int per_file = 200, bad = 0, ok = 0, rejected = 0;
    int a = 1;
    for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
        if (strcmp(argv[a], "-n") == 0)
            per_file = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "-s") == 0)
            rng = strtoull(argv[a + 1], NULL, 10) | 1;
    }
    for (; a < argc; a++) {
        size_t len;
        char *src = read_file(argv[a], &len);
        if (!src) {
            fprintf(stderr, "cannot read %s\n", argv[a]);
            return 1;
        }
        int lines = 1;
        for (size_t i = 0; i < len; i++)
            lines += src[i] == '\n';
        size_t cap = len + 4096;
        char *buf = malloc(cap);
        for (int t = 0; t < per_file; t++) {
            size_t n = mutate(src, len, buf, cap);
            struct ptx_module *m;
            struct kc_diag err;
            memset(&err, 0, sizeof err);
            if (ptx_parse(argv[a], buf, n, &m, &err) != 0) {
                rejected++;
                if (!err.msg[0] || err.line < 0 || err.line > lines + 64) {
                    fprintf(stderr, "%s mutant %d: bad diagnostic (line %d, '%s')\n", argv[a],
                            t, err.line, err.msg);
                    bad++;
                }
                continue;
            }
            for (int f = 0; f < m->nfuncs; f++) {
                if (!m->funcs[f].is_entry || !m->funcs[f].has_body)
                    continue;
                struct kc_kernel *k;
                if (kc_compile(m, &m->funcs[f], NULL, &k, &err) == 0) {
                    kc_kernel_free(k);
                    ok++;
                } else {
                    rejected++;
                }
            }
            ptx_module_free(m);
        }
        free(buf);
        free(src);
    }
    printf("%d kernels compiled, %d mutants rejected with a message, %d bad diagnostics\n", ok,
           rejected, bad);
    return bad ? 1 : 0;
}
