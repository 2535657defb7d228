/* sm_tsrc.c: plain, gzip or xz trace files as lines (see sm_tsrc.h).
 *
 * One 64 KB buffer of decompressed bytes is refilled from the file as the
 * lines are consumed; a line may be longer than the buffer (getline grows
 * the caller's line).  The decompressors report a stream that ends early or
 * fails its check; that is an error, not a silent end of the trace. */
#include "sm_tsrc.h"

#include <lzma.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

enum { BUF = 1 << 16 };

struct sm_tsrc {
	FILE *f;
	enum sm_tsrc_kind kind;
	unsigned char in[BUF], out[BUF];
	size_t pos, len;	/* unread decompressed bytes out[pos..len) */
	int eof;		/* no more decompressed bytes will come */
	const char *err;
	z_stream z;
	lzma_stream x;
};

struct sm_tsrc *sm_tsrc_open(const char *path)
{
	struct sm_tsrc *s = calloc(1, sizeof *s);
	unsigned char magic[6] = {0};
	size_t got;

	if (!s)
		return NULL;
	s->f = fopen(path, "rb");
	if (!s->f) {
		free(s);
		return NULL;
	}
	got = fread(magic, 1, sizeof magic, s->f);
	rewind(s->f);
	if (got >= 2 && magic[0] == 0x1f && magic[1] == 0x8b) {
		s->kind = SM_TSRC_GZIP;
		/* 15 + 32: a gzip or zlib header, detected */
		if (inflateInit2(&s->z, 15 + 32) != Z_OK)
			goto fail;
	} else if (got == 6 && !memcmp(magic, "\xfd" "7zXZ\0", 6)) {
		lzma_stream init = LZMA_STREAM_INIT;

		s->kind = SM_TSRC_XZ;
		s->x = init;
		if (lzma_stream_decoder(&s->x, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
			goto fail;
	}
	return s;
fail:
	fclose(s->f);
	free(s);
	return NULL;
}

enum sm_tsrc_kind sm_tsrc_kind(const struct sm_tsrc *s)
{
	return s->kind;
}

const char *sm_tsrc_error(const struct sm_tsrc *s)
{
	return s->err;
}

/* Refills out[]; sets eof (and err) when nothing more comes. */
static void refill(struct sm_tsrc *s)
{
	s->pos = s->len = 0;
	if (s->kind == SM_TSRC_PLAIN) {
		s->len = fread(s->out, 1, BUF, s->f);
		if (!s->len) {
			s->eof = 1;
			if (ferror(s->f))
				s->err = "read error";
		}
		return;
	}
	while (!s->len && !s->eof) {
		if (s->kind == SM_TSRC_GZIP) {
			int rc;

			if (!s->z.avail_in) {
				s->z.next_in = s->in;
				s->z.avail_in = (uInt)fread(s->in, 1, BUF, s->f);
			}
			s->z.next_out = s->out;
			s->z.avail_out = BUF;
			rc = inflate(&s->z, Z_NO_FLUSH);
			s->len = BUF - s->z.avail_out;
			if (rc == Z_STREAM_END) {
				/* another gzip member may follow (concatenated files) */
				if (s->z.avail_in || !feof(s->f)) {
					if (inflateReset(&s->z) != Z_OK)
						s->err = "corrupt gzip data", s->eof = 1;
				} else {
					s->eof = 1;
				}
			} else if (rc != Z_OK && !(rc == Z_BUF_ERROR && s->len)) {
				s->err = rc == Z_BUF_ERROR ? "the gzip data ends early (truncated file)"
							   : "corrupt gzip data";
				s->eof = 1;
			} else if (!s->len && !s->z.avail_in && feof(s->f)) {
				s->err = "the gzip data ends early (truncated file)";
				s->eof = 1;
			}
		} else {
			lzma_ret rc;
			lzma_action act = LZMA_RUN;

			if (!s->x.avail_in && !feof(s->f)) {
				s->x.next_in = s->in;
				s->x.avail_in = fread(s->in, 1, BUF, s->f);
			}
			if (!s->x.avail_in && feof(s->f))
				act = LZMA_FINISH;
			s->x.next_out = s->out;
			s->x.avail_out = BUF;
			rc = lzma_code(&s->x, act);
			s->len = BUF - s->x.avail_out;
			if (rc == LZMA_STREAM_END) {
				s->eof = 1;
			} else if (rc != LZMA_OK) {
				s->err = rc == LZMA_BUF_ERROR ? "the xz data ends early (truncated file)"
							      : "corrupt xz data";
				s->eof = 1;
			}
		}
	}
}

ssize_t sm_tsrc_getline(struct sm_tsrc *s, char **line, size_t *cap)
{
	size_t n = 0;

	for (;;) {
		unsigned char *nl;
		size_t take;

		if (s->pos == s->len) {
			if (s->eof)
				break;
			refill(s);
			if (s->pos == s->len)
				break;
		}
		nl = memchr(s->out + s->pos, '\n', s->len - s->pos);
		take = nl ? (size_t)(nl - (s->out + s->pos)) + 1 : s->len - s->pos;
		if (n + take + 1 > *cap) {
			size_t c = *cap ? *cap : 256;
			char *g;

			while (c < n + take + 1)
				c *= 2;
			g = realloc(*line, c);
			if (!g) {
				s->err = "out of memory";
				return -1;
			}
			*line = g, *cap = c;
		}
		memcpy(*line + n, s->out + s->pos, take);
		n += take;
		s->pos += take;
		if (nl)
			break;
	}
	if (!n)
		return -1;
	(*line)[n] = '\0';
	return (ssize_t)n;
}

void sm_tsrc_close(struct sm_tsrc *s)
{
	if (!s)
		return;
	if (s->kind == SM_TSRC_GZIP)
		inflateEnd(&s->z);
	else if (s->kind == SM_TSRC_XZ)
		lzma_end(&s->x);
	fclose(s->f);
	free(s);
}
