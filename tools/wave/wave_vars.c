/* wave_vars.c: `gpurf-wave vars`, the trace's variables by their
 * save-file names (see wave_cmds.h). */
#include "wave_cmds.h"

#include <stdlib.h>
#include <string.h>

/* The names, kept until the definitions are read whole: bad input writes
 * nothing. */
static int names(struct vcd *v, char **list, size_t *len, struct gpurf_err *err)
{
	char name[4096];
	size_t cap = 0;
	int k;

	while ((k = vcd_next_def(v, err)) != VCD_ENDDEFS) {
		size_t n;

		if (k < 0)
			return -1;
		if (k != VCD_VAR || strcmp(v->var.type, "parameter") == 0)
			continue;
		if (vcd_save_name(v, name, sizeof name))
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%lu: a variable name longer than %zu bytes",
					  v->name, v->line, sizeof name);
		n = strlen(name);
		if (*len + n + 1 > cap) {
			char *p = realloc(*list, cap = (*len + n + 1) * 2);

			if (!p)
				return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			*list = p;
		}
		memcpy(*list + *len, name, n);
		(*list)[*len + n] = '\n';
		*len += n + 1;
	}
	return 0;
}

int wave_vars(struct vcd *v, FILE *out, struct gpurf_err *err)
{
	char *list = NULL;
	size_t len = 0;
	int rc = names(v, &list, &len, err);

	if (!rc && len)
		fwrite(list, 1, len, out);
	free(list);
	return rc;
}
