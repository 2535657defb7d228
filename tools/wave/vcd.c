/* vcd.c: the streamed VCD reader (see vcd.h). */
#include "vcd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define VCD_MAX_FIELDS 16

int vcd_open(struct vcd *v, const char *file, const char *name, struct gpurf_err *err)
{
	int is_stdin = strcmp(file, "-") == 0;

	memset(v, 0, sizeof *v);
	v->name = name ? name : is_stdin ? "stdin" : file;
	v->f = is_stdin ? stdin : fopen(file, "r");
	if (!v->f)
		return gpurf_fail(err, GPURF_ERR_INPUT, "cannot open %s: %s", file, strerror(errno));
	return 0;
}

void vcd_close(struct vcd *v)
{
	if (v->f && v->f != stdin)
		fclose(v->f);
	free(v->buf);
	free(v->work);
	free(v->path);
	memset(v, 0, sizeof *v);
}

/* The message for the line just read: "NAME:LINE: WHAT: 'the line'". */
static int bad_line(struct vcd *v, struct gpurf_err *err, const char *what)
{
	return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%lu: %s: '%.80s%s'", v->name, v->line, what, v->buf,
			  strlen(v->buf) > 80 ? "..." : "");
}

static int ensure(char **p, size_t *cap, size_t need, struct gpurf_err *err)
{
	char *n;

	if (need <= *cap)
		return 0;
	if (!(n = realloc(*p, need * 2)))
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	*p = n;
	*cap = need * 2;
	return 0;
}

/* Splits v->work (a copy of the line) at blanks; returns the field count. */
static int fields(struct vcd *v, char **f, struct gpurf_err *err)
{
	size_t len = strlen(v->buf);
	char *save = NULL, *w;
	int n = 0;

	if (ensure(&v->work, &v->workcap, len + 1, err))
		return -1;
	memcpy(v->work, v->buf, len + 1);
	for (w = strtok_r(v->work, " \t", &save); w && n < VCD_MAX_FIELDS; w = strtok_r(NULL, " \t", &save))
		f[n++] = w;
	return n;
}

static int header_line(struct vcd *v, struct gpurf_err *err)
{
	char *f[VCD_MAX_FIELDS], *end;
	int n = fields(v, f, err);

	if (n < 0)
		return -1;
	if (n > 0 && strcmp(f[0], "$scope") == 0) {
		size_t len = strlen(n >= 3 ? f[2] : "");

		if (n < 3)
			return bad_line(v, err, "a $scope without a name");
		if (ensure(&v->path, &v->pathcap, v->pathlen + len + 2, err))
			return -1;
		if (v->pathlen)
			v->path[v->pathlen++] = '.';
		memcpy(v->path + v->pathlen, f[2], len + 1);
		v->pathlen += len;
		return VCD_SCOPE;
	}
	if (n > 0 && strcmp(f[0], "$upscope") == 0) {
		char *dot;

		if (!v->pathlen)
			return bad_line(v, err, "$upscope without an open $scope");
		dot = strrchr(v->path, '.');
		v->pathlen = dot ? (size_t)(dot - v->path) : 0;
		v->path[v->pathlen] = '\0';
		return VCD_UPSCOPE;
	}
	if (n > 0 && strcmp(f[0], "$var") == 0) {
		if (n < 6)
			return bad_line(v, err, "a $var needs TYPE WIDTH ID NAME [RANGE] $end");
		if (!v->pathlen)
			return bad_line(v, err, "a $var outside any $scope");
		errno = 0;
		v->var.width = strtoul(f[2], &end, 10);
		if (errno || end == f[2] || *end)
			return bad_line(v, err, "a $var's width is not a number");
		v->var.type = f[1];
		v->var.id = f[3];
		v->var.name = f[4];
		v->var.range = f[5][0] == '[' ? f[5] : "";
		return VCD_VAR;
	}
	if (n > 0 && strcmp(f[0], "$enddefinitions") == 0) {
		v->in_dump = 1;
		return VCD_ENDDEFS;
	}
	return VCD_HEADER;
}

static int dump_line(struct vcd *v, struct gpurf_err *err)
{
	char *f[VCD_MAX_FIELDS], *end, c = v->buf[0];
	int n;

	switch (c) {
	case '#':
		errno = 0;
		v->t = strtoull(v->buf + 1, &end, 10);
		if (errno || end == v->buf + 1 || *end || v->buf[1] == '-' || v->buf[1] == '+')
			return bad_line(v, err, "a time that is not a number");
		v->time = v->buf + 1;
		return VCD_TIME;
	case '$':
		return VCD_COMMAND;
	case '0': case '1': case 'x': case 'X': case 'z': case 'Z':
		if (!v->buf[1] || strchr(v->buf + 1, ' ') || strchr(v->buf + 1, '\t'))
			return bad_line(v, err, "a scalar change needs its id right after the value");
		if (ensure(&v->work, &v->workcap, 2, err))
			return -1;
		v->work[0] = c;
		v->work[1] = '\0';
		v->value = v->work;
		v->id = v->buf + 1;
		return VCD_CHANGE;
	case 'b': case 'B': case 'r': case 'R':
		if ((n = fields(v, f, err)) < 0)
			return -1;
		if (n != 2 || !f[0][1])
			return bad_line(v, err, "a vector change needs VALUE ID");
		if ((c == 'b' || c == 'B') && f[0][1 + strspn(f[0] + 1, "01xXzZ")])
			return bad_line(v, err, "a vector value of other digits than 0 1 x z");
		v->value = f[0];
		v->id = f[1];
		return VCD_CHANGE;
	default:
		return bad_line(v, err, "not a time, a value change or a command");
	}
}

int vcd_next(struct vcd *v, struct gpurf_err *err)
{
	for (;;) {
		ssize_t len = getline(&v->buf, &v->bufcap, v->f);

		if (len < 0) {
			if (ferror(v->f))
				return gpurf_fail(err, GPURF_ERR_IO, "%s: read error: %s", v->name, strerror(errno));
			return VCD_EOF;
		}
		v->line++;
		while (len > 0 && (v->buf[len - 1] == '\n' || v->buf[len - 1] == '\r'))
			v->buf[--len] = '\0';
		if (!v->in_dump)
			return header_line(v, err);
		if (len > 0)
			return dump_line(v, err);
	}
}

int vcd_save_name(const struct vcd *v, char *out, size_t cap)
{
	const char *range = strcmp(v->var.range, "[0:0]") ? v->var.range : "";
	int n = snprintf(out, cap, "%s.%s%s", v->path, v->var.name, range);

	return n < 0 || (size_t)n >= cap ? -1 : 0;
}

int vcd_next_def(struct vcd *v, struct gpurf_err *err)
{
	int k = vcd_next(v, err);

	if (k == VCD_EOF)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%lu: no $enddefinitions", v->name, v->line);
	return k;
}

int vcd_keep(char **dst, size_t *cap, const char *src, struct gpurf_err *err)
{
	size_t n = strlen(src) + 1;

	if (n > *cap) {
		char *p = realloc(*dst, n * 2);

		if (!p)
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		*dst = p;
		*cap = n * 2;
	}
	memcpy(*dst, src, n);
	return 0;
}

int vcd_nonzero(const char *value)
{
	if (strcmp(value, "1") == 0)
		return 1;
	if (value[0] != 'b')
		return 0;
	for (const char *p = value + 1; *p == '0' || *p == '1'; p++)
		if (*p == '1')
			return 1;
	return 0;
}
