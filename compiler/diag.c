/*
 * diag.c: filling and formatting struct kc_diag.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void kc_diag_set(struct kc_diag *d, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    if (!d)
        return;
    snprintf(d->file, sizeof d->file, "%s", file ? file : "<input>");
    d->line = line;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
}

const char *kc_diag_text(const struct kc_diag *d, char *buf, unsigned size)
{
    if (d->line > 0)
        snprintf(buf, size, "%s:%d: %s", d->file, d->line, d->msg);
    else
        snprintf(buf, size, "%s: %s", d->file, d->msg);
    return buf;
}
