/*
 * node.c — a composer over libyaml's event parser.
 *
 * libyaml reports events (scalar, sequence start, ..., alias); we build the
 * tree ourselves so that every node keeps its mark and so that we can
 * enforce the limits before an alias bomb has cost anything.  Children of
 * the open collections wait on one stack; a collection gets its arena
 * array when it ends.
 */
#include "lang/node.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "util/alloc.h"

const node_limits node_default_limits = {64, 100000};

/* Longest text (in characters) quoted in a message. */
enum { KEY_QUOTE = 40, DESCRIBE_QUOTE = 20 };

/* ---- Anchors: name -> node, an open-addressing hash table -------------- */

typedef struct anchor {
	char *name;             /* NULL for a free slot */
	node *node;
	size_t size;            /* nodes under it, its aliases expanded */
} anchor;

typedef struct anchors {
	anchor *slot;
	size_t cap, n;          /* cap is 0 or a power of two */
} anchors;

/* FNV-1a */
static size_t hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The slot holding name, or the free slot where it would go. */
static anchor *anchor_slot(const anchors *t, const char *name)
{
	size_t i = hash(name) & (t->cap - 1);
	while (t->slot[i].name && strcmp(t->slot[i].name, name) != 0)
		i = (i + 1) & (t->cap - 1);
	return &t->slot[i];
}

static const anchor *anchor_find(const anchors *t, const char *name)
{
	if (t->cap == 0)
		return NULL;
	const anchor *a = anchor_slot(t, name);
	return a->name ? a : NULL;
}

static bool anchor_grow(anchors *t)
{
	size_t cap = t->cap ? t->cap * 2 : 16;
	anchors bigger = {cr_calloc(cap, sizeof(anchor)), cap, t->n};
	if (!bigger.slot)
		return false;
	for (size_t i = 0; i < t->cap; i++)
		if (t->slot[i].name)
			*anchor_slot(&bigger, t->slot[i].name) = t->slot[i];
	free(t->slot);
	*t = bigger;
	return true;
}

/* Takes name (malloc'd).  A later definition replaces an earlier one. */
static bool anchor_put(anchors *t, char *name, node *n, size_t size)
{
	if (t->n + 1 > t->cap / 2 && !anchor_grow(t)) {
		free(name);
		return false;
	}
	anchor *a = anchor_slot(t, name);
	if (a->name) {
		free(name);
	} else {
		a->name = name;
		t->n++;
	}
	a->node = n;
	a->size = size;
	return true;
}

static void anchors_free(anchors *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->slot[i].name);
	free(t->slot);
}

/* ---- Quoting text in messages ------------------------------------------ */

/* Bytes of the character at s[0..left): a lead byte and its 10xxxxxx. */
static size_t char_len(const char *s, size_t left)
{
	size_t n = 1;
	while (n < left && ((unsigned char)s[n] & 0xC0) == 0x80)
		n++;
	return n;
}

/* s[0..len) for a message: at most max characters, never cutting a UTF-8
 * sequence, control characters escaped, "..." when shortened. */
static const char *quote(char *buf, size_t size, const char *s, size_t len,
			 size_t max)
{
	size_t o = 0, i = 0;
	for (size_t chars = 0; i < len && chars < max; chars++) {
		unsigned char ch = (unsigned char)s[i];
		char esc[8];
		const char *piece = s + i;
		size_t n = 1;
		if (ch < 0x20 || ch == 0x7F) {
			if (ch == '\n')
				strcpy(esc, "\\n");
			else if (ch == '\t')
				strcpy(esc, "\\t");
			else
				snprintf(esc, sizeof esc, "\\x%02X", ch);
			piece = esc;
		} else {
			n = char_len(s + i, len - i);
		}
		size_t plen = piece == esc ? strlen(esc) : n;
		if (o + plen + 4 > size)
			break;
		memcpy(buf + o, piece, plen);
		o += plen;
		i += n;
	}
	if (i < len && o + 4 <= size) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

const char *node_via(const node *n, char *buf, size_t size)
{
	if (!n || !n->via_line)
		return "";
	snprintf(buf, size, " (used through the alias at %d:%d)", n->via_line,
		 n->via_col);
	return buf;
}

void node_error(diag *d, const node *n, const char *fmt, ...)
{
	char msg[512], via[64];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error(d, n->file, n->line, n->col, "%s%s", msg,
		   node_via(n, via, sizeof via));
}

/* ---- The composer ------------------------------------------------------ */

/* A finished node waiting for its collection to end, and where it was
 * used: an alias's own mark, where the node's is the anchor's. */
typedef struct child {
	node *n;
	int line, col;
} child;

typedef struct frame {
	node *n;
	char *anchor;           /* malloc'd, recorded when the node ends */
	size_t first;           /* its first child on the child stack */
	size_t total0;          /* nodes counted before this one */
} frame;

typedef struct composer {
	const src_file *f;
	arena *a;
	const node_limits *lim;
	diag *d;
	yaml_parser_t parser;
	frame *frame;
	size_t nframe, frame_cap;
	child *child;
	size_t nchild, child_cap;
	anchors anchors;
	size_t total;           /* nodes so far, aliases expanded */
	int docs;
	node *root;
	bool stop;              /* a fatal error was reported */
	bool oom;
} composer;

/* libyaml's 0-based mark to our 1-based line or column. */
static int pos(size_t v)
{
	return v < INT_MAX ? (int)v + 1 : INT_MAX;
}

static void out_of_memory(composer *c)
{
	if (!c->oom)
		diag_error(c->d, c->f, 0, 0,
			   "out of memory while loading YAML");
	c->oom = c->stop = true;
}

/* p with room for one more element of elem bytes; NULL when memory runs
 * out (p is then still valid). */
static void *grow(void *p, size_t n, size_t *cap, size_t elem)
{
	if (n < *cap)
		return p;
	size_t want = *cap ? *cap * 2 : 16;
	void *q = cr_realloc(p, want * elem);
	if (q)
		*cap = want;
	return q;
}

/* Counts size more nodes; false (and stops) past the limit. */
static bool count(composer *c, size_t size, int line, int col)
{
	if (size > c->lim->max_nodes - c->total) {
		diag_error(c->d, c->f, line, col,
			   "the document expands to more than %zu nodes "
			   "(aliases count in full)", c->lim->max_nodes);
		c->stop = true;
		return false;
	}
	c->total += size;
	return true;
}

/* libyaml resolves "!!str" to "tag:yaml.org,2002:str"; give it back in
 * the short form people write. */
static const char *tag_as_written(composer *c, const yaml_char_t *tag)
{
	static const char yaml_prefix[] = "tag:yaml.org,2002:";
	const char *t = (const char *)tag;
	size_t plen = sizeof yaml_prefix - 1;
	if (strncmp(t, yaml_prefix, plen) != 0)
		return arena_strndup(c->a, t, strlen(t));
	size_t len = strlen(t + plen);
	char *s = arena_alloc(c->a, len + 3);
	if (s) {
		memcpy(s, "!!", 2);
		memcpy(s + 2, t + plen, len + 1);
	}
	return s;
}

static node *new_node(composer *c, node_kind kind, node_style style,
		      const yaml_mark_t *m, const yaml_char_t *tag)
{
	node *n = arena_alloc(c->a, sizeof *n);
	if (n && tag && !(n->tag = tag_as_written(c, tag)))
		n = NULL;
	if (!n) {
		out_of_memory(c);
		return NULL;
	}
	n->kind = kind;
	n->style = style;
	n->file = c->f;
	n->line = pos(m->line);
	n->col = pos(m->column);
	return n;
}

/* Hands a finished node to the open collection, or makes it the root. */
static void attach(composer *c, node *n, int line, int col)
{
	if (c->nframe == 0) {
		c->root = n;
		return;
	}
	child *ch = grow(c->child, c->nchild, &c->child_cap, sizeof *ch);
	if (!ch) {
		out_of_memory(c);
		return;
	}
	c->child = ch;
	c->child[c->nchild++] = (child){n, line, col};
}

/* A node is finished: record its anchor (taking the name), attach it. */
static void finish(composer *c, node *n, char *name, size_t size)
{
	if (name && !anchor_put(&c->anchors, name, n, size)) {
		out_of_memory(c);
		return;
	}
	attach(c, n, n->line, n->col);
}

/* A malloc'd copy of a libyaml anchor name (NULL: none or no memory). */
static char *anchor_copy(composer *c, const yaml_char_t *name)
{
	if (!name)
		return NULL;
	char *s = cr_strdup((const char *)name);
	if (!s)
		out_of_memory(c);
	return s;
}

/* ---- Duplicate keys ---------------------------------------------------- */

static int cmp_key(const void *pa, const void *pb)
{
	const child *a = *(const child *const *)pa;
	const child *b = *(const child *const *)pb;
	size_t n = a->n->len < b->n->len ? a->n->len : b->n->len;
	int c = memcmp(a->n->text, b->n->text, n);
	if (!c)
		c = (a->n->len > b->n->len) - (a->n->len < b->n->len);
	/* Children sit on the stack in document order. */
	return c ? c : (a > b) - (a < b);
}

/* Keys are the even children ch[0], ch[2], ...; scalar keys are compared
 * by text, after sorting, so that a big mapping costs n log n. */
static void check_keys(composer *c, const child *ch, size_t k)
{
	if (k < 3)
		return;
	const child **key = cr_malloc((k + 1) / 2 * sizeof *key);
	if (!key) {
		out_of_memory(c);
		return;
	}
	size_t nkeys = 0;
	for (size_t i = 0; i < k; i += 2)
		if (ch[i].n->kind == NODE_SCALAR)
			key[nkeys++] = &ch[i];
	qsort(key, nkeys, sizeof *key, cmp_key);
	for (size_t i = 1, first = 0; i < nkeys; i++) {
		const node *a = key[first]->n, *b = key[i]->n;
		if (a->len != b->len || memcmp(a->text, b->text, a->len) != 0) {
			first = i;
			continue;
		}
		char q[4 * KEY_QUOTE + 8];
		diag_error(c->d, c->f, key[i]->line, key[i]->col,
			   "duplicate key '%s' (first at line %d)",
			   quote(q, sizeof q, b->text, b->len, KEY_QUOTE),
			   key[first]->line);
	}
	free(key);
}

/* After a fatal error: the keys read so far still deserve their check. */
static void check_open_mappings(composer *c)
{
	for (size_t i = 0; i < c->nframe && !c->oom; i++) {
		const frame *fr = &c->frame[i];
		size_t end = i + 1 < c->nframe ? fr[1].first : c->nchild;
		if (fr->n->kind == NODE_MAP && end > fr->first)
			check_keys(c, c->child + fr->first, end - fr->first);
	}
}

/* ---- Events ------------------------------------------------------------ */

static node_style scalar_style(yaml_scalar_style_t s)
{
	switch (s) {
	case YAML_SINGLE_QUOTED_SCALAR_STYLE:
		return NODE_SINGLE_QUOTED;
	case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
		return NODE_DOUBLE_QUOTED;
	case YAML_LITERAL_SCALAR_STYLE:
		return NODE_LITERAL;
	case YAML_FOLDED_SCALAR_STYLE:
		return NODE_FOLDED;
	default:
		return NODE_PLAIN;
	}
}

static void on_scalar(composer *c, const yaml_event_t *ev)
{
	const yaml_mark_t *m = &ev->start_mark;
	if (!count(c, 1, pos(m->line), pos(m->column)))
		return;
	node *n = new_node(c, NODE_SCALAR, scalar_style(ev->data.scalar.style),
			   m, ev->data.scalar.tag);
	if (!n)
		return;
	n->len = ev->data.scalar.length;
	n->text = arena_strndup(c->a, (const char *)ev->data.scalar.value,
				n->len);
	if (!n->text) {
		out_of_memory(c);
		return;
	}
	char *name = anchor_copy(c, ev->data.scalar.anchor);
	if (!c->stop)
		finish(c, n, name, 1);
}

/* sequence-start | mapping-start: open a collection */
static void on_start(composer *c, const yaml_event_t *ev, node_kind kind)
{
	const yaml_mark_t *m = &ev->start_mark;
	if (c->nframe >= c->lim->max_depth) {
		diag_error(c->d, c->f, pos(m->line), pos(m->column),
			   "nesting is deeper than %zu levels",
			   c->lim->max_depth);
		c->stop = true;
		return;
	}
	size_t total0 = c->total;
	if (!count(c, 1, pos(m->line), pos(m->column)))
		return;
	bool map = kind == NODE_MAP;
	bool flow = map
		? ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
		: ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
	node *n = new_node(c, kind, flow ? NODE_FLOW : NODE_BLOCK, m,
			   map ? ev->data.mapping_start.tag
			       : ev->data.sequence_start.tag);
	if (!n)
		return;
	frame *fr = grow(c->frame, c->nframe, &c->frame_cap, sizeof *fr);
	if (!fr) {
		out_of_memory(c);
		return;
	}
	c->frame = fr;
	fr += c->nframe;
	*fr = (frame){n, NULL, c->nchild, total0};
	fr->anchor = anchor_copy(c, map ? ev->data.mapping_start.anchor
				       : ev->data.sequence_start.anchor);
	c->nframe++;
}

/* ---- Merge keys ------------------------------------------------------ */

/* A `<<` key (plain, or tagged !!merge): its value's pairs merge in. */
static bool is_merge_key(const node *k)
{
	return k->kind == NODE_SCALAR && k->len == 2 &&
	       memcmp(k->text, "<<", 2) == 0 &&
	       (k->style == NODE_PLAIN || (k->tag && strcmp(k->tag, "!!merge") == 0));
}

static bool has_key(const node_pair *pair, size_t n, const node *k)
{
	for (size_t i = 0; i < n; i++)
		if (pair[i].key->kind == NODE_SCALAR && k->kind == NODE_SCALAR &&
		    pair[i].key->len == k->len &&
		    memcmp(pair[i].key->text, k->text, k->len) == 0)
			return true;
	return false;
}

/* YAML's merge keys (`<<: *base`, or a list of such mappings, the first
 * winning): the `<<` pair gives way to the merged mappings' pairs, in
 * place, but for keys the mapping gives itself or an earlier merge gave. */
static void merge_keys(composer *c, node *n)
{
	size_t merges = 0, extra = 0;
	for (size_t i = 0; i < n->n; i++) {
		const node *v = n->pair[i].value;
		if (!is_merge_key(n->pair[i].key))
			continue;
		merges++;
		if (v->kind == NODE_MAP)
			extra += v->n;
		for (size_t j = 0; v->kind == NODE_SEQ && j < v->n; j++)
			if (v->item[j]->kind == NODE_MAP)
				extra += v->item[j]->n;
			else
				diag_error(c->d, c->f, v->item[j]->line,
					   v->item[j]->col, "a merge key ('<<') "
					   "merges mappings: this is not one");
		if (v->kind == NODE_SCALAR)
			diag_error(c->d, c->f, v->line, v->col, "a merge key ('<<') "
				   "takes a mapping or a list of mappings");
	}
	if (!merges)
		return;
	node_pair *out = arena_alloc(c->a, (n->n + extra) * sizeof *out);
	if (!out) {
		out_of_memory(c);
		return;
	}
	size_t m = 0;
	for (size_t i = 0; i < n->n; i++) {
		if (!is_merge_key(n->pair[i].key)) {
			out[m++] = n->pair[i];
			continue;
		}
		const node *v = n->pair[i].value;
		size_t parts = v->kind == NODE_SEQ ? v->n : 1;
		for (size_t j = 0; j < parts; j++) {
			const node *from = v->kind == NODE_SEQ ? v->item[j] : v;
			for (size_t k = 0; from->kind == NODE_MAP && k < from->n; k++) {
				const node *key = from->pair[k].key;
				if (!has_key(n->pair, n->n, key) &&
				    !has_key(out, m, key))
					out[m++] = from->pair[k];
			}
		}
	}
	n->pair = out;
	n->n = m;
}

/* sequence-end | mapping-end: the children become the node's array */
static void on_end(composer *c)
{
	frame *fr = &c->frame[c->nframe - 1];
	node *n = fr->n;
	size_t k = c->nchild - fr->first;
	const child *ch = k ? c->child + fr->first : NULL;  /* none yet: NULL */
	if (n->kind == NODE_SEQ) {
		n->item = k ? arena_alloc(c->a, k * sizeof *n->item) : NULL;
		for (size_t i = 0; n->item && i < k; i++)
			n->item[i] = ch[i].n;
		n->n = k;
	} else {
		n->pair = k ? arena_alloc(c->a, k / 2 * sizeof *n->pair) : NULL;
		for (size_t i = 0; n->pair && i + 1 < k; i += 2)
			n->pair[i / 2] = (node_pair){ch[i].n, ch[i + 1].n};
		n->n = k / 2;
		check_keys(c, ch, k);
		merge_keys(c, n);
	}
	if (k && !n->item && !n->pair) {
		out_of_memory(c);
		return;
	}
	char *name = fr->anchor;
	c->nchild = fr->first;
	c->nframe--;
	finish(c, n, name, c->total - fr->total0);
}

/* Is the anchor `name` on a collection still open (an alias to itself)? */
static bool anchor_open(const composer *c, const char *name)
{
	for (size_t i = 0; i < c->nframe; i++)
		if (c->frame[i].anchor && strcmp(c->frame[i].anchor, name) == 0)
			return true;
	return false;
}

/* A copy of the tree under n that remembers the alias at line:col, so
 * that an error in it can name where it was used as well as where it was
 * written.  The alias limit has already counted these nodes. */
static node *copy_via(composer *c, const node *n, int line, int col)
{
	node *k = arena_alloc(c->a, sizeof *k);
	if (!k) {
		out_of_memory(c);
		return NULL;
	}
	*k = *n;
	if (!k->via_line) {
		k->via_line = line;
		k->via_col = col;
	}
	if (n->kind == NODE_SEQ && n->n) {
		k->item = arena_alloc(c->a, n->n * sizeof *k->item);
		for (size_t i = 0; k->item && i < n->n; i++)
			if (!(k->item[i] = copy_via(c, n->item[i], line, col)))
				return NULL;
	} else if (n->kind == NODE_MAP && n->n) {
		k->pair = arena_alloc(c->a, n->n * sizeof *k->pair);
		for (size_t i = 0; k->pair && i < n->n; i++)
			if (!(k->pair[i].key = copy_via(c, n->pair[i].key, line, col)) ||
			    !(k->pair[i].value = copy_via(c, n->pair[i].value,
							  line, col)))
				return NULL;
	}
	if ((n->kind == NODE_SEQ && n->n && !k->item) ||
	    (n->kind == NODE_MAP && n->n && !k->pair)) {
		out_of_memory(c);
		return NULL;
	}
	return k;
}

static void on_alias(composer *c, const yaml_event_t *ev)
{
	const char *name = (const char *)ev->data.alias.anchor;
	int line = pos(ev->start_mark.line), col = pos(ev->start_mark.column);
	const anchor *a = anchor_find(&c->anchors, name);
	if (a && !anchor_open(c, name)) {
		node *k;
		if (count(c, a->size, line, col) &&
		    (k = copy_via(c, a->node, line, col)))
			attach(c, k, line, col);
		return;
	}
	char q[4 * KEY_QUOTE + 8];
	quote(q, sizeof q, name, strlen(name), KEY_QUOTE);
	if (anchor_open(c, name))
		diag_error(c->d, c->f, line, col,
			   "alias '*%s' refers to a node that contains it", q);
	else
		diag_error(c->d, c->f, line, col, "unknown alias '*%s'", q);
	/* Go on with a null in its place, to find more problems. */
	if (!count(c, 1, line, col))
		return;
	node *n = new_node(c, NODE_SCALAR, NODE_PLAIN, &ev->start_mark, NULL);
	if (n) {
		n->text = "";
		attach(c, n, line, col);
	}
}

static void on_event(composer *c, const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (++c->docs > 1) {
			diag_error(c->d, c->f, pos(ev->start_mark.line),
				   pos(ev->start_mark.column),
				   "a rule file holds one YAML document; "
				   "a second one starts here");
			c->stop = true;
		}
		break;
	case YAML_SCALAR_EVENT:
		on_scalar(c, ev);
		break;
	case YAML_SEQUENCE_START_EVENT:
		on_start(c, ev, NODE_SEQ);
		break;
	case YAML_MAPPING_START_EVENT:
		on_start(c, ev, NODE_MAP);
		break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		on_end(c);
		break;
	case YAML_ALIAS_EVENT:
		on_alias(c, ev);
		break;
	default:
		break;
	}
}

/* ---- Syntax errors ----------------------------------------------------- */

/* Line and column of byte offset off (reader errors carry no mark). */
static void offset_pos(const src_file *f, size_t off, int *line, int *col)
{
	int lo = 0, hi = f->nlines - 1;
	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		if (f->line_start[mid] <= off)
			lo = mid;
		else
			hi = mid - 1;
	}
	*line = lo + 1;
	*col = 1;
	for (size_t i = f->line_start[lo]; i < off && i < f->len; i++)
		if (((unsigned char)f->text[i] & 0xC0) != 0x80)
			++*col;
}

/* A hint after libyaml's words, for the mistakes rule-file authors make:
 * tabs, an unquoted ': ' in a value, an unclosed bracket or quote. */
static void explain(const composer *c, int line, int col, char *hint,
		    size_t size)
{
	const yaml_parser_t *p = &c->parser;
	const char *problem = p->problem ? p->problem : "";
	size_t len;
	const char *text = src_line(c->f, line, &len);
	size_t at = text ? src_col_to_byte(c->f, line, col) : 0;
	hint[0] = '\0';
	if (text && at < len && text[at] == '\t' &&
	    strstr(problem, "cannot start any token"))
		snprintf(hint, size, " (a tab: YAML indents with spaces only)");
	else if (strstr(problem, "mapping values are not allowed"))
		snprintf(hint, size, " (a value that contains ': ' must be "
			 "quoted)");
	else if (p->context && (strstr(problem, "did not find expected ','") ||
				strstr(problem, "unexpected end of stream")) &&
		 p->context_mark.line != p->problem_mark.line)
		snprintf(hint, size, " (it opens at line %d, column %d)",
			 pos(p->context_mark.line), pos(p->context_mark.column));
}

static void syntax_error(composer *c)
{
	const yaml_parser_t *p = &c->parser;
	const char *problem = p->problem ? p->problem : "unknown problem";
	int line = pos(p->problem_mark.line), col = pos(p->problem_mark.column);
	c->stop = true;
	if (p->error == YAML_MEMORY_ERROR) {
		out_of_memory(c);
	} else if (p->error == YAML_READER_ERROR) {
		size_t off = p->problem_offset;
		/* a bad continuation byte: point at the sequence's first byte */
		for (int k = 0; strstr(problem, "trailing") && k < 3 && off > 0 &&
		     off <= c->f->len &&
		     ((unsigned char)c->f->text[off] & 0xC0) != 0xC0; k++)
			off--;
		offset_pos(c->f, off, &line, &col);
		if (strstr(problem, "UTF-8") && off < c->f->len)
			diag_error(c->d, c->f, line, col, "the file is not valid "
				   "UTF-8 here (byte 0x%02X): save it as UTF-8",
				   (unsigned char)c->f->text[off]);
		else if (p->problem_value >= 0)
			diag_error(c->d, c->f, line, col, "%s (#x%X)", problem,
				   (unsigned)p->problem_value);
		else
			diag_error(c->d, c->f, line, col, "%s", problem);
	} else {
		char hint[200];
		explain(c, line, col, hint, sizeof hint);
		if (p->context)
			diag_error(c->d, c->f, line, col, "%s: %s%s", p->context,
				   problem, hint);
		else
			diag_error(c->d, c->f, line, col, "%s%s", problem, hint);
	}
}

/* ---- Loading ----------------------------------------------------------- */

static void compose(composer *c)
{
	for (bool end = false; !end && !c->stop; ) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&c->parser, &ev)) {
			syntax_error(c);
			break;
		}
		end = ev.type == YAML_STREAM_END_EVENT;
		on_event(c, &ev);
		yaml_event_delete(&ev);
	}
	if (c->stop)
		check_open_mappings(c);
}

bool node_parse(const src_file *f, arena *a, const node_limits *lim,
		diag *d, node **root)
{
	composer c = {.f = f, .a = a, .d = d,
		      .lim = lim ? lim : &node_default_limits};
	int before = diag_count(d);
	*root = NULL;
	if (!yaml_parser_initialize(&c.parser)) {
		out_of_memory(&c);
		return false;
	}
	yaml_parser_set_encoding(&c.parser, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&c.parser, (const unsigned char *)f->text,
				     f->len);
	compose(&c);
	yaml_parser_delete(&c.parser);
	for (size_t i = 0; i < c.nframe; i++)
		free(c.frame[i].anchor);
	free(c.frame);
	free(c.child);
	anchors_free(&c.anchors);
	if (diag_count(d) != before)
		return false;
	*root = c.root;
	return true;
}

/* ---- Reading the tree -------------------------------------------------- */

const node_pair *node_get_pair(const node *m, const char *key)
{
	if (!m || m->kind != NODE_MAP)
		return NULL;
	size_t len = strlen(key);
	for (size_t i = 0; i < m->n; i++) {
		const node *k = m->pair[i].key;
		if (k->kind == NODE_SCALAR && k->len == len
		    && memcmp(k->text, key, len) == 0)
			return &m->pair[i];
	}
	return NULL;
}

node *node_get(const node *m, const char *key)
{
	const node_pair *p = node_get_pair(m, key);
	return p ? p->value : NULL;
}

/* Is n an untagged plain scalar equal to one of the words? */
static bool plain_is(const node *n, const char *const *words)
{
	if (!n || n->kind != NODE_SCALAR || n->style != NODE_PLAIN || n->tag)
		return false;
	for (; *words; words++)
		if (strlen(*words) == n->len
		    && memcmp(*words, n->text, n->len) == 0)
			return true;
	return false;
}

bool node_is_null(const node *n)
{
	static const char *const null[] = {
		"", "~", "null", "Null", "NULL", NULL,
	};
	return plain_is(n, null);
}

/* [-+]?[0-9]+, the integers of YAML's core schema in decimal */
static bool looks_int(const node *n)
{
	if (!n || n->kind != NODE_SCALAR || n->style != NODE_PLAIN || n->tag)
		return false;
	size_t i = n->len > 0 && (n->text[0] == '-' || n->text[0] == '+');
	if (i == n->len)
		return false;
	for (; i < n->len; i++)
		if (n->text[i] < '0' || n->text[i] > '9')
			return false;
	return true;
}

/* before + the quoted text + after, shortened to fit in size bytes */
static const char *describe_text(const node *n, const char *before,
				 const char *after, char *buf, size_t size)
{
	size_t b = strlen(before), e = strlen(after);
	if (size < b + e + 4) {
		snprintf(buf, size, "%s",
			 looks_int(n) ? "a number" : "a string");
		return buf;
	}
	memcpy(buf, before, b);
	quote(buf + b, size - b - e, n->text, n->len, DESCRIBE_QUOTE);
	strcat(buf, after);
	return buf;
}

const char *node_describe(const node *n, char *buf, size_t size)
{
	static const char *const yes[] = {"true", "True", "TRUE", NULL};
	static const char *const no[] = {"false", "False", "FALSE", NULL};
	if (!n)
		snprintf(buf, size, "nothing");
	else if (n->kind == NODE_MAP)
		snprintf(buf, size, "a mapping");
	else if (n->kind == NODE_SEQ)
		snprintf(buf, size, "a sequence");
	else if (node_is_null(n))
		snprintf(buf, size, "null");
	else if (plain_is(n, yes) || plain_is(n, no))
		snprintf(buf, size, "%s", plain_is(n, yes) ? "true" : "false");
	else if (looks_int(n))
		describe_text(n, "the number ", "", buf, size);
	else
		describe_text(n, "the string '", "'", buf, size);
	return buf;
}

/* ---- Writing a scalar ---------------------------------------------------- */

typedef struct out_buf {
	char *buf;
	size_t size, len;
	bool full;
} out_buf;

static int write_out(void *data, unsigned char *bytes, size_t n)
{
	out_buf *o = data;
	if (o->len + n >= o->size) {
		o->full = true;
		return 1;
	}
	memcpy(o->buf + o->len, bytes, n);
	o->len += n;
	return 1;
}

/* One document holding one scalar, implicit start and end, on one line:
 * what the emitter writes is the scalar as YAML needs it written. */
bool node_write_scalar(const char *text, char *buf, size_t size)
{
	if (size == 0)
		return false;
	out_buf o = {buf, size, 0, false};
	char *copy = cr_strdup(text);       /* libyaml takes a non-const value */
	if (!copy)
		return false;
	yaml_emitter_t em;
	yaml_event_t ev;
	if (!yaml_emitter_initialize(&em)) {
		free(copy);
		return false;
	}
	yaml_emitter_set_output(&em, write_out, &o);
	yaml_emitter_set_width(&em, -1);
	yaml_emitter_set_unicode(&em, 1);
	bool ok = yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) &&
		  yaml_emitter_emit(&em, &ev) &&
		  yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) &&
		  yaml_emitter_emit(&em, &ev) &&
		  yaml_scalar_event_initialize(&ev, NULL, NULL,
					       (yaml_char_t *)copy, (int)strlen(copy),
					       1, 1, YAML_ANY_SCALAR_STYLE) &&
		  yaml_emitter_emit(&em, &ev) &&
		  yaml_document_end_event_initialize(&ev, 1) &&
		  yaml_emitter_emit(&em, &ev) &&
		  yaml_stream_end_event_initialize(&ev) &&
		  yaml_emitter_emit(&em, &ev) &&
		  yaml_emitter_flush(&em);
	yaml_emitter_delete(&em);
	free(copy);
	if (!ok || o.full)
		return false;
	/* the scalar's line: drop the line break and any end marker after it */
	size_t end = 0;
	while (end < o.len && buf[end] != '\n')
		end++;
	buf[end] = '\0';
	return true;
}
