/*
 * arena.c: bump allocation in chunks; large requests get their own chunk.
 */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK (64 * 1024)

struct chunk {
    struct chunk *next;
    size_t used, size;
    max_align_t data[];
};

struct kc_arena {
    struct chunk *head;
};

struct kc_arena *kc_arena_new(void)
{
    return calloc(1, sizeof(struct kc_arena));
}

void kc_arena_free(struct kc_arena *a)
{
    if (!a)
        return;
    for (struct chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    free(a);
}

void *kc_arena_alloc(struct kc_arena *a, size_t size)
{
    const size_t align = sizeof(max_align_t);
    size = (size + align - 1) / align * align;
    if (size == 0)
        size = align;
    struct chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cap = size > CHUNK ? size : CHUNK;
        c = malloc(sizeof *c + cap);
        if (!c)
            return NULL;
        c->used = 0;
        c->size = cap;
        /* a big private chunk goes behind the current one so the current
         * chunk's free space stays usable */
        if (a->head && size > CHUNK) {
            c->next = a->head->next;
            a->head->next = c;
        } else {
            c->next = a->head;
            a->head = c;
        }
    }
    void *p = (char *)c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *kc_arena_strndup(struct kc_arena *a, const char *s, size_t n)
{
    char *p = kc_arena_alloc(a, n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = 0;
    }
    return p;
}

void *kc_arena_grow(struct kc_arena *a, void *old, size_t elem, size_t old_n, size_t new_n)
{
    if (new_n > SIZE_MAX / elem)
        return NULL;
    void *p = kc_arena_alloc(a, elem * new_n);
    if (p && old && old_n)
        memcpy(p, old, elem * (old_n < new_n ? old_n : new_n));
    return p;
}
