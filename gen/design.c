/* design.c: the generated file set and its all-or-nothing write. */
#include "design.h"

#include <errno.h>
#include <dirent.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sbuf *design_file(struct design *d, const char *path, int *fresh)
{
	struct gen_file *f;

	for (unsigned i = 0; i < d->nfiles; i++)
		if (strcmp(d->files[i].path, path) == 0) {
			*fresh = 0;
			return &d->files[i].text;
		}
	if (d->nfiles == DESIGN_MAX_FILES)
		return NULL;
	f = &d->files[d->nfiles++];
	memset(f, 0, sizeof *f);
	snprintf(f->path, sizeof f->path, "%s", path);
	*fresh = 1;
	return &f->text;
}

struct sbuf *design_module_file(struct design *d, const char *module, int *fresh)
{
	char path[sizeof d->files[0].path];

	snprintf(path, sizeof path, "rtl/%s.v", module);
	return design_file(d, path, fresh);
}

int design_has_module(const struct design *d, const char *module)
{
	char path[sizeof d->files[0].path];

	snprintf(path, sizeof path, "rtl/%s.v", module);
	for (unsigned i = 0; i < d->nfiles; i++)
		if (strcmp(d->files[i].path, path) == 0)
			return 1;
	return 0;
}

void design_free(struct design *d)
{
	for (unsigned i = 0; i < d->nfiles; i++)
		sbuf_free(&d->files[i].text);
	d->nfiles = 0;
}

/* mkdir -p of the directory part of path. */
static int make_parents(const char *path, struct gpurf_err *err)
{
	char dir[4096];

	snprintf(dir, sizeof dir, "%s", path);
	for (char *s = dir + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(dir, 0777) != 0 && errno != EEXIST)
			return gpurf_fail(err, GPURF_ERR_IO, "%s: cannot create directory: %s", dir,
					  strerror(errno));
		*s = '/';
	}
	return 0;
}

static int write_whole(const char *path, const struct sbuf *text, struct gpurf_err *err)
{
	char tmp[4200];
	FILE *fp;
	int ok;

	snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
	fp = fopen(tmp, "w");
	if (!fp)
		return gpurf_fail(err, GPURF_ERR_IO, "%s: cannot write: %s", tmp, strerror(errno));
	ok = fwrite(text->s ? text->s : "", 1, text->len, fp) == text->len;
	ok &= fclose(fp) == 0;
	if (!ok || rename(tmp, path) != 0) {
		remove(tmp);
		return gpurf_fail(err, GPURF_ERR_IO, "%s: cannot write: %s", path, strerror(errno));
	}
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	return remove(path);
}

/* rm -rf; a missing path is fine. */
static int remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	return nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Whether out_dir/path already holds exactly this text. */
static int file_same(const char *out_dir, const char *path, const struct sbuf *text)
{
	char full[1600];
	FILE *fp;
	int same = 1;
	size_t at = 0;
	char buf[8192];

	snprintf(full, sizeof full, "%s/%s", out_dir, path);
	fp = fopen(full, "rb");
	if (!fp)
		return 0;
	for (size_t n; (n = fread(buf, 1, sizeof buf, fp)) > 0 && same; at += n)
		same = at + n <= text->len && memcmp(buf, text->s + at, n) == 0;
	fclose(fp);
	return same && at == text->len;
}

/* Entries directly inside a directory; -1 if it is not one. */
static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) != NULL)
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	closedir(d);
	return n;
}

/* Whether top-level entry `top` (n characters) of the design is already in
 * out_dir byte for byte, with no other files: then it is left alone, so
 * timestamps do not change and Verilator and make rebuild nothing. */
static int top_unchanged(const struct design *d, const char *out_dir, const char *top, size_t n)
{
	char dir[1600];
	int files = 0, is_dir = 0;

	for (unsigned i = 0; i < d->nfiles; i++) {
		const char *p = d->files[i].path;

		if (strncmp(p, top, n) != 0 || (p[n] != '/' && p[n] != '\0'))
			continue;
		is_dir |= p[n] == '/';
		files++;
		if (!file_same(out_dir, p, &d->files[i].text))
			return 0;
	}
	if (!is_dir)
		return 1;
	snprintf(dir, sizeof dir, "%s/%.*s", out_dir, (int)n, top);
	return count_entries(dir) == files;
}

/* Stages every file under out_dir/.gen-tmp-PID, then swaps each top-level
 * entry (rtl/, glue/, manifest.json, ...) into place whole, so stale files
 * of an earlier run never survive next to new ones. */
int design_write(const struct design *d, const char *out_dir, struct gpurf_err *err)
{
	char stage[1024], path[1600], dst[1600], top[256];

	for (unsigned i = 0; i < d->nfiles; i++)
		if (d->files[i].text.oom)
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory building %s",
					  d->files[i].path);
	snprintf(stage, sizeof stage, "%s/.gen-tmp-%ld", out_dir, (long)getpid());
	for (unsigned i = 0; i < d->nfiles; i++) {
		snprintf(path, sizeof path, "%s/%s", stage, d->files[i].path);
		if (make_parents(path, err) || write_whole(path, &d->files[i].text, err)) {
			remove_tree(stage);
			return -1;
		}
	}
	for (unsigned i = 0; i < d->nfiles; i++) {
		size_t n = strcspn(d->files[i].path, "/");
		int seen = 0;

		snprintf(top, sizeof top, "%.*s", (int)n, d->files[i].path);
		for (unsigned j = 0; j < i; j++)
			seen |= strncmp(d->files[j].path, top, n) == 0 &&
				(d->files[j].path[n] == '/' || d->files[j].path[n] == '\0');
		if (seen || top_unchanged(d, out_dir, top, n))
			continue;
		snprintf(path, sizeof path, "%s/%s", stage, top);
		snprintf(dst, sizeof dst, "%s/%s", out_dir, top);
		if (remove_tree(dst) != 0 || rename(path, dst) != 0) {
			gpurf_fail(err, GPURF_ERR_IO, "%s: cannot replace: %s", dst, strerror(errno));
			remove_tree(stage);
			return -1;
		}
	}
	remove_tree(stage);
	return 0;
}
