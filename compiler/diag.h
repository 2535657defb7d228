/*
 * diag.h: the one error record the compiler fills in and the command-line
 * tools report.  Library code never prints; it stores the first error here
 * and returns failure.  The message names the construct and what is allowed.
 */
#ifndef GPURF_DIAG_H
#define GPURF_DIAG_H

struct kc_diag {
    char file[256];
    int line;              /* 0 when the error is not tied to a line */
    char msg[512];
};

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void kc_diag_set(struct kc_diag *d, const char *file, int line, const char *fmt, ...);

/* "file:line: message" (or "file: message") on one line, no newline. */
const char *kc_diag_text(const struct kc_diag *d, char *buf, unsigned size);

#endif
