/*
 * arena.h: a bump allocator.  A parsed module and a compiled kernel each own
 * one arena, so error paths (which bail out of deep recursion) leak nothing:
 * everything is released together.
 */
#ifndef GPURF_ARENA_H
#define GPURF_ARENA_H

#include <stddef.h>

struct kc_arena;

struct kc_arena *kc_arena_new(void);
void kc_arena_free(struct kc_arena *a);
/* Zeroed memory, aligned for any type; NULL when out of memory. */
void *kc_arena_alloc(struct kc_arena *a, size_t size);
char *kc_arena_strndup(struct kc_arena *a, const char *s, size_t n);
/* Grows an arena array: returns a copy of `old` (old_n elements) with room
 * for new_n; the old block is simply abandoned. */
void *kc_arena_grow(struct kc_arena *a, void *old, size_t elem, size_t old_n, size_t new_n);

#endif
