/* stub */
#include <stdlib.h>
#include "stim.h"
static const char *const scenarios[] = {"random", NULL};
static void *cr(const struct gpurf_cfg *c, const struct module_desc *m, uint64_t s, const char *x) { (void)c; (void)m; (void)s; (void)x; return calloc(1, 1); }
static void dr(void *s, uint64_t c, uint32_t *in) { (void)s; (void)c; (void)in; }
static int ob(void *s, uint64_t c, const uint32_t *in, const uint32_t *out, char *m, size_t n) { (void)s; (void)c; (void)in; (void)out; (void)m; (void)n; return 0; }
const struct stim_ops rename_table_stim = {"rename_table", scenarios, cr, dr, ob, free};
