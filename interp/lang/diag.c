/* diag.c — collecting diagnostics, sorting them, printing them GNU style. */
#include "lang/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

typedef struct entry {
	diag_entry e;           /* first, so diag_get can hand it out */
	char *path;             /* owned copy that e.path points to */
	int file_rank;          /* order in which its file first appeared */
	int seq;                /* order of reporting, to keep sorting stable */
} entry;

#define ADOPT_MAX 32

struct diag {
	src_file *adopted[ADOPT_MAX];   /* sources freed with the diag */
	int nadopted;
	int n;                  /* entries kept */
	int total;              /* entries reported, kept or not */
	int warnings;           /* of which warnings */
	bool sorted;
	entry entry[DIAG_MAX];
};

diag *diag_new(void)
{
	return cr_calloc(1, sizeof(diag));
}

void diag_clear(diag *d)
{
	for (int i = 0; i < d->n; i++) {
		free(d->entry[i].e.message);
		free(d->entry[i].path);
	}
	d->n = 0;
	d->total = 0;
	d->warnings = 0;
	d->sorted = true;
}

void diag_free(diag *d)
{
	if (!d)
		return;
	diag_clear(d);
	for (int i = 0; i < d->nadopted; i++)
		src_free(d->adopted[i]);
	free(d);
}

static bool referenced(const diag *d, const src_file *f)
{
	for (int i = 0; i < d->n; i++)
		if (d->entry[i].e.file == f)
			return true;
	return false;
}

void diag_adopt(diag *d, src_file *f)
{
	if (!f)
		return;
	if (d->nadopted < ADOPT_MAX)
		d->adopted[d->nadopted++] = f;
	else if (!referenced(d, f))
		src_free(f);
	/* else: kept alive for the errors that quote it; cannot happen with
	 * fewer than ADOPT_MAX files per run */
}

int diag_count(const diag *d)
{
	return d->total - d->warnings;
}

int diag_entries(const diag *d)
{
	return d->n;
}

/* ---- Recording --------------------------------------------------------- */

static bool same_file(const diag_entry *a, const diag_entry *b)
{
	if (a->file || b->file)
		return a->file == b->file;
	if (a->path && b->path)
		return strcmp(a->path, b->path) == 0;
	return a->path == b->path;
}

/* Rank of e's file: that of an earlier entry of the same file, else new.
 * Entries are at most DIAG_MAX, so a linear search is enough. */
static int file_rank(const diag *d, const diag_entry *e)
{
	int rank = 0;
	for (int i = 0; i < d->n; i++) {
		if (same_file(&d->entry[i].e, e))
			return d->entry[i].file_rank;
		if (d->entry[i].file_rank >= rank)
			rank = d->entry[i].file_rank + 1;
	}
	return rank;
}

/* A malloc'd message, or NULL when memory runs out. */
static char *format(const char *fmt, va_list ap)
	__attribute__((format(printf, 1, 0)));

static char *format(const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return NULL;
	char *s = cr_malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

/* Consumes path (malloc'd or NULL). */
static void add(diag *d, const src_file *file, char *path, int line, int col,
		bool warning, const char *fmt, va_list ap)
	__attribute__((format(printf, 7, 0)));

static void add(diag *d, const src_file *file, char *path, int line, int col,
		bool warning, const char *fmt, va_list ap)
{
	d->total++;
	d->warnings += warning;
	if (d->n == DIAG_MAX) {
		free(path);
		return;
	}
	entry *en = &d->entry[d->n];
	en->e.file = file;
	en->path = path;
	en->e.path = path;
	en->e.line = line > 0 ? line : 0;
	en->e.col = line > 0 && col > 0 ? col : 0;
	en->e.message = format(fmt, ap);
	en->e.warning = warning;
	en->file_rank = file_rank(d, &en->e);
	en->seq = d->total;
	d->n++;
	d->sorted = false;
}

void diag_error(diag *d, const src_file *file, int line, int col,
		const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add(d, file, NULL, line, col, false, fmt, ap);
	va_end(ap);
}

void diag_warning(diag *d, const src_file *file, int line, int col,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add(d, file, NULL, line, col, true, fmt, ap);
	va_end(ap);
}

void diag_error_path(diag *d, const char *path, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	add(d, NULL, path ? cr_strdup(path) : NULL, 0, 0, false, fmt, ap);
	va_end(ap);
}

/* ---- Sorting ----------------------------------------------------------- */

static int cmp_int(int a, int b)
{
	return (a > b) - (a < b);
}

static int cmp_entry(const void *pa, const void *pb)
{
	const entry *a = pa, *b = pb;
	int c = cmp_int(a->file_rank, b->file_rank);
	if (!c)
		c = cmp_int(a->e.line, b->e.line);
	if (!c)
		c = cmp_int(a->e.col, b->e.col);
	return c ? c : cmp_int(a->seq, b->seq);
}

static void sort(diag *d)
{
	if (!d->sorted)
		qsort(d->entry, (size_t)d->n, sizeof *d->entry, cmp_entry);
	d->sorted = true;
}

const diag_entry *diag_get(diag *d, int i)
{
	sort(d);
	return i >= 0 && i < d->n ? &d->entry[i].e : NULL;
}

/* ---- Printing ---------------------------------------------------------- */

/* Where output goes: a stream, or a growing string for diag_render. */
typedef struct sink {
	FILE *out;
	char *buf;
	size_t len, cap;
	bool failed;
} sink;

static void put_bytes(sink *s, const char *p, size_t n)
{
	if (s->out) {
		fwrite(p, 1, n, s->out);
		return;
	}
	if (s->failed)
		return;
	if (s->len + n + 1 > s->cap) {
		size_t cap = (s->len + n + 1) * 2;
		char *bigger = cr_realloc(s->buf, cap);
		if (!bigger) {
			s->failed = true;
			return;
		}
		s->buf = bigger;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

static void put(sink *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(sink *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (s->out) {
		/* Printing needs no memory, so it works when memory is out. */
		vfprintf(s->out, fmt, ap);
	} else {
		char *m = format(fmt, ap);
		if (m)
			put_bytes(s, m, strlen(m));
		else
			s->failed = true;
		free(m);
	}
	va_end(ap);
}

/* "FILE:LINE:COL: error: MESSAGE", leaving out what is unknown. */
static void put_head(sink *s, const diag_entry *e)
{
	const char *name = e->file ? e->file->name : e->path;
	const char *msg = e->message ? e->message : "out of memory";
	const char *kind = e->warning ? "warning" : "error";
	if (!name)
		put(s, "cardrules: %s: %s\n", kind, msg);
	else if (e->line == 0)
		put(s, "%s: %s: %s\n", name, kind, msg);
	else if (e->col == 0)
		put(s, "%s:%d: %s: %s\n", name, e->line, kind, msg);
	else
		put(s, "%s:%d:%d: %s: %s\n", name, e->line, e->col, kind, msg);
}

/* Lines longer than this are shown as a window around the caret. */
#define SOURCE_SHOWN 160
#define SOURCE_AROUND 70

/* The start of the character holding byte i. */
static size_t char_start(const char *line, size_t i)
{
	while (i > 0 && ((unsigned char)line[i] & 0xC0) == 0x80)
		i--;
	return i;
}

/* Appends byte c of a source line to out and the same width of blanks to
 * under: control characters (a NUL, an escape) are written as \xNN so that
 * echoing a file cannot drive the terminal; tabs are kept in both lines so
 * that the caret lines up however wide the terminal's tabs. */
static void show_byte(sink *out, sink *under, unsigned char c)
{
	if (c == '\t') {
		put_bytes(out, "\t", 1);
		put_bytes(under, "\t", 1);
	} else if (c < 0x20 || c == 0x7f) {
		char esc[8];
		snprintf(esc, sizeof esc, "\\x%02x", c);
		put_bytes(out, esc, 4);
		put_bytes(under, "    ", 4);
	} else {
		put_bytes(out, (const char *)&c, 1);
		if ((c & 0xC0) != 0x80)
			put_bytes(under, " ", 1);
	}
}

/* The source line, then a caret under column col; both built in memory and
 * written at once. */
static void put_source(sink *s, const diag_entry *e)
{
	size_t len;
	const char *line = src_line(e->file, e->line, &len);
	if (!line)
		return;
	size_t caret = e->col ? src_col_to_byte(e->file, e->line, e->col) : 0;
	size_t from = 0, to = len;
	if (len > SOURCE_SHOWN) {
		from = caret > SOURCE_AROUND ? char_start(line, caret - SOURCE_AROUND) : 0;
		to = caret + SOURCE_AROUND < len
			? char_start(line, caret + SOURCE_AROUND) : len;
	}
	sink out = {0}, under = {0}, nowhere = {.failed = true};
	if (from > 0) {
		put_bytes(&out, "...", 3);
		put_bytes(&under, "   ", 3);
	}
	for (size_t i = from; i < to; i++)
		show_byte(&out, i < caret ? &under : &nowhere,
			  (unsigned char)line[i]);
	if (to < len)
		put_bytes(&out, "...", 3);
	if (!out.failed && !under.failed) {
		put(s, "%5d | %s\n", e->line, out.buf ? out.buf : "");
		if (e->col)
			put(s, "%5s | %s^\n", "", under.buf ? under.buf : "");
	}
	free(out.buf);
	free(under.buf);
}

static void put_all(diag *d, sink *s, bool with_source)
{
	sort(d);
	for (int i = 0; i < d->n; i++) {
		put_head(s, &d->entry[i].e);
		if (with_source && d->entry[i].e.file && d->entry[i].e.line)
			put_source(s, &d->entry[i].e);
	}
	if (d->total > d->n)
		put(s, "cardrules: error: %d more errors not shown\n",
		    d->total - d->n);
}

void diag_print(diag *d, FILE *out, bool with_source)
{
	sink s = {.out = out};
	put_all(d, &s, with_source);
}

char *diag_render(diag *d)
{
	sink s = {0};
	put_bytes(&s, "", 0);
	put_all(d, &s, false);
	if (s.failed) {
		free(s.buf);
		return NULL;
	}
	return s.buf;
}
