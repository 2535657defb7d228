/* vmod_print.c: the one printer of the module model (vmod.h): naming,
 * indentation, the flop groups' always blocks, instance layout and line
 * breaking to VMOD_COLUMNS. */
#include "vmod_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vwriter.h"

/* Where a trailing `  // comment` of a code line starts, or NULL. */
static const char *trailing_comment(const char *s)
{
	const char *c = strstr(s, "  // ");

	return c && c != s ? c : NULL;
}

/* The last space in s[1 .. room] (not inside a [] select when
 * outside_select), or 0. */
static size_t last_space(const char *s, size_t room, int outside_select)
{
	size_t best = 0;
	int sel = 0;

	for (size_t k = 0; k <= room && s[k]; k++) {
		if (s[k] == '[')
			sel++;
		else if (s[k] == ']' && sel > 0)
			sel--;
		else if (s[k] == ' ' && k > 0 && (!outside_select || sel == 0))
			best = k;
	}
	return best;
}

/* Where to break code: after a comma or before an operator, outside any
 * [] select, if there is such a space within room; else any space
 * outside a select; else any space; 0 when none. */
static size_t best_break(const char *s, size_t room)
{
	size_t best = 0;
	int sel = 0;

	for (size_t k = 0; k <= room && s[k]; k++) {
		if (s[k] == '[')
			sel++;
		else if (s[k] == ']' && sel > 0)
			sel--;
		else if (s[k] == ' ' && k > 0 && sel == 0 &&
			 (s[k - 1] == ',' || strchr("|&?:+=", s[k + 1])))
			best = k;
	}
	if (!best)
		best = last_space(s, room, 1);
	return best ? best : last_space(s, room, 0);
}

/* The text s (one logical line) at indentation `indent`, broken at spaces
 * so no line passes VMOD_COLUMNS (a single token longer than that cannot
 * be broken and stays whole).  Continuations of code are indented two
 * levels deeper; of a comment, they are comments again. */
static void put_wrapped(struct sbuf *out, int indent, const char *s, size_t len)
{
	int comment = len >= 2 && s[0] == '/' && s[1] == '/';
	size_t col = (size_t)indent * 2, room;
	const char *prefix = "";
	int continued = 0;

	for (;;) {
		size_t cut = len, skip = 0;

		room = VMOD_COLUMNS > col + strlen(prefix) ? VMOD_COLUMNS - col - strlen(prefix) : 1;
		if (len > room) {
			size_t k = comment ? last_space(s, room, 0) : best_break(s, room);

			if (k == 0)	/* one long token */
				for (k = room; k < len && s[k] != ' '; k++)
					;
			cut = k;
			skip = cut < len ? 1 : 0;
		}
		while (cut > 0 && s[cut - 1] == ' ')	/* no trailing blanks */
			cut--;
		sbuf_printf(out, "%*s%s%.*s\n", (int)col, "", prefix, (int)cut, s);
		if (cut + skip >= len)
			break;
		s += cut + skip;
		len -= cut + skip;
		while (len > 0 && *s == ' ')
			s++, len--;
		if (len == 0)
			break;
		if (comment)
			prefix = "// ";
		else if (!continued)
			col += 4;
		continued = 1;
	}
}

/* One logical line; a trailing comment that does not fit goes above. */
static void put(struct sbuf *out, int indent, const char *fmt, ...) GPURF_PRINTF(3, 4);

static void put(struct sbuf *out, int indent, const char *fmt, ...)
{
	char buf[1024], *s = buf;
	const char *c;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof buf) {
		if (!(s = malloc((size_t)n + 1))) {
			out->oom = 1;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	c = trailing_comment(s);
	if (c && (size_t)indent * 2 + (size_t)n > VMOD_COLUMNS) {
		put_wrapped(out, indent, c + 2, strlen(c + 2));
		put_wrapped(out, indent, s, (size_t)(c - s));
	} else {
		put_wrapped(out, indent, s, (size_t)n);
	}
	if (s != buf)
		free(s);
}

/* "[w-1:0] " for a width expression, "" for one bit. */
static const char *range(char *buf, size_t n, const char *width)
{
	char *end;
	unsigned long w;

	if (!width || strcmp(width, "1") == 0)
		return "";
	w = strtoul(width, &end, 10);
	if (*end == '\0')
		snprintf(buf, n, "[%lu:0] ", w - 1);
	else
		snprintf(buf, n, "[%s-1:0] ", width);
	return buf;
}

static void print_header(const struct vmod *v, struct sbuf *out)
{
	const struct module_desc *m = v->m;
	unsigned left = m->nports + (v->clocked ? 1u : 0u) + (v->reset ? 1u : 0u);
	struct vw w = {out, 0};

	vw_banner(&w, v->cfg, v->what ? v->what : m->title);
	put(out, 0, "// %s", m->title);
	put(out, 0, "module %s (", m->name);
	if (v->clocked)
		put(out, 1, "input  wire clk_i%s", --left ? "," : "");
	if (v->reset)
		put(out, 1, "input  wire rst_ni%s  // asynchronous, active low", --left ? "," : "");
	for (unsigned i = 0; i < m->nports; i++) {
		const struct port_desc *p = &m->ports[i];

		/* Always a range, even [0:0], so any element can be bit-selected. */
		put(out, 1, "%s wire [%u:0] %s%s  // %s", p->dir == PORT_IN ? "input " : "output",
		    port_width(p) - 1, p->name, --left ? "," : "", p->doc);
	}
	put(out, 0, ");");
	sbuf_printf(out, "\n");
	if (m->nparams)
		put(out, 1, "// Parameters:");
	for (unsigned i = 0; i < m->nparams; i++)
		put(out, 1, "//   %-18s = %-6lu %s", m->params[i].name, m->params[i].value,
		    m->params[i].doc);
	if (m->nparams)
		sbuf_printf(out, "\n");
}

/* .key (val) lines of an instance, keys padded to one column. */
static void print_kvs(struct sbuf *out, int indent, const struct vkv *kv, unsigned n)
{
	size_t wide = 0;

	for (unsigned k = 0; k < n; k++)
		if (strlen(kv[k].key) > wide)
			wide = strlen(kv[k].key);
	for (unsigned k = 0; k < n; k++)
		put(out, indent, ".%-*s (%s)%s", (int)wide, kv[k].key, kv[k].val ? kv[k].val : "",
		    k + 1 < n ? "," : "");
}

static void print_inst(const struct vinst *i, struct sbuf *out, int indent)
{
	if (i->nparams) {
		put(out, indent, "%s #(", i->module);
		print_kvs(out, indent + 1, i->params, i->nparams);
		put(out, indent, ") u_%s (", i->name);
	} else {
		put(out, indent, "%s u_%s (", i->module, i->name);
	}
	print_kvs(out, indent + 1, i->conns, i->nconns);
	put(out, indent, ");");
}

static void print_flops(const struct vmod *v, struct sbuf *out, unsigned g)
{
	const struct vgroup *gr = &v->groups[g];
	int in = gr->reset ? 3 : 2;

	if (gr->doc)
		put(out, 1, "// %s", gr->doc);
	if (gr->reset) {
		put(out, 1, "always @(posedge clk_i or negedge rst_ni) begin");
		put(out, 2, "if (!rst_ni) begin");
		for (unsigned k = 0; k < v->nflops; k++)
			if (v->flops[k].group == g)
				put(out, 3, "%s_q <= %s;", v->flops[k].name, v->flops[k].reset);
		put(out, 2, "end else begin");
	} else {
		put(out, 1, "always @(posedge clk_i) begin");
	}
	for (unsigned k = 0; k < v->nflops; k++)
		if (v->flops[k].group == g)
			put(out, in, "%s_q <= %s_d;", v->flops[k].name, v->flops[k].name);
	if (gr->reset)
		put(out, 2, "end");
	put(out, 1, "end");
}

static void print_all_flops(const struct vmod *v, struct sbuf *out, unsigned *from)
{
	for (; *from < v->ngroups; (*from)++)
		print_flops(v, out, *from);
}

int vmod_print(const struct vmod *v, struct sbuf *out)
{
	char r[64];
	int depth = 1;
	unsigned groups_done = 0;

	if (v->bad || v->depth)
		return -1;
	print_header(v, out);
	if (v->ngenvars) {
		struct sbuf line = {0};

		for (unsigned k = 0; k < v->ngenvars; k++)
			sbuf_printf(&line, "%s%s", k ? ", " : "", v->genvars[k]);
		put(out, 1, "genvar %s;", line.s ? line.s : "");
		if (line.oom)
			out->oom = 1;
		sbuf_free(&line);
	}
	for (unsigned k = 0; k < v->nitems; k++) {
		const struct vitem *it = &v->items[k];

		switch (it->kind) {
		case VI_COMMENT:
			put(out, depth, "// %s", it->a);
			break;
		case VI_BLANK:
			sbuf_printf(out, "\n");
			break;
		case VI_PARAM:
			put(out, depth, "localparam integer %s = %s;%s%s", it->a, it->b, it->c ? "  // " : "",
			    it->c ? it->c : "");
			break;
		case VI_WIRE:
		case VI_REG:
			put(out, depth, "%s %s%s%s%s;", it->kind == VI_REG ? "reg " : "wire",
			    range(r, sizeof r, it->b), it->a, it->c ? " = " : "", it->c ? it->c : "");
			break;
		case VI_ASSIGN:
			put(out, depth, "assign %s = %s;", it->a, it->b);
			break;
		case VI_FLOPS_HERE:
			print_all_flops(v, out, &groups_done);
			break;
		case VI_INST:
			print_inst(it->inst, out, depth);
			break;
		case VI_FOR:
			if (depth == 1)
				put(out, depth, "generate");
			put(out, depth, "for (%s = 0; %s < %s; %s = %s + 1) begin : g_%s", it->a, it->a, it->b,
			    it->a, it->a, it->c);
			depth++;
			break;
		case VI_IF:
			if (depth == 1)
				put(out, depth, "generate");
			put(out, depth, "if (%s) begin : g_%s", it->a, it->c);
			depth++;
			break;
		case VI_END:
			depth--;
			put(out, depth, "end");
			if (depth == 1)
				put(out, depth, "endgenerate");
			break;
		}
	}
	print_all_flops(v, out, &groups_done);
	sbuf_printf(out, "endmodule\n\n");
	return out->oom ? -1 : 0;
}
