/* src.c — source texts and their line index. */
#include "lang/src.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/alloc.h"

/* ---- Line breaks ------------------------------------------------------ */

/*
 * Positions come from libyaml, so lines break where libyaml breaks them:
 * LF, CR LF, a lone CR, and the Unicode breaks NEL, LS and PS.  Returns the
 * length of the break starting at p (0 when there is none).
 */
static size_t break_len(const char *p, const char *end)
{
	const unsigned char *u = (const unsigned char *)p;
	size_t left = (size_t)(end - p);
	if (u[0] == '\n')
		return 1;
	if (u[0] == '\r')
		return left >= 2 && u[1] == '\n' ? 2 : 1;
	if (u[0] == 0xC2 && left >= 2 && u[1] == 0x85)
		return 2;
	if (u[0] == 0xE2 && left >= 3 && u[1] == 0x80
	    && (u[2] == 0xA8 || u[2] == 0xA9))
		return 3;
	return 0;
}

/* A text of n breaks has n + 1 lines; the last may be empty, so that a
 * mark at the very end of the input still names a line. */
static size_t *index_lines(const char *text, size_t len, int *nlines)
{
	const char *end = text + len;
	size_t n = 1;
	for (const char *p = text; p < end; ) {
		size_t b = break_len(p, end);
		n += b != 0;
		p += b ? b : 1;
	}
	if (n > INT_MAX)
		return NULL;
	size_t *start = cr_malloc(n * sizeof *start);
	if (!start)
		return NULL;
	size_t i = 0;
	start[i++] = 0;
	for (const char *p = text; p < end; ) {
		size_t b = break_len(p, end);
		p += b ? b : 1;
		if (b)
			start[i++] = (size_t)(p - text);
	}
	*nlines = (int)n;
	return start;
}

/* ---- Making and freeing ------------------------------------------------ */

/* Takes ownership of text (len bytes, NUL-terminated).  A UTF-8 byte order
 * mark is dropped: it is not content, and libyaml, told that the input is
 * UTF-8, would take it for some. */
static src_file *make(const char *name, char *text, size_t len)
{
	src_file *f = cr_calloc(1, sizeof *f);
	if (!f) {
		free(text);
		return NULL;
	}
	f->text = text;
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
		len -= 3;
		memmove(text, text + 3, len + 1);
	}
	f->len = len;
	f->name = cr_strdup(name);
	f->line_start = index_lines(text, len, &f->nlines);
	if (!f->name || !f->line_start) {
		src_free(f);
		return NULL;
	}
	return f;
}

src_file *src_from_text(const char *name, const char *text, size_t len)
{
	char *copy = cr_malloc(len + 1);
	if (!copy)
		return NULL;
	memcpy(copy, text, len);
	copy[len] = '\0';
	return make(name, copy, len);
}

void src_free(src_file *f)
{
	if (!f)
		return;
	free(f->name);
	free(f->text);
	free(f->line_start);
	free(f);
}

/* ---- Reading files ----------------------------------------------------- */

/* Reads at most limit bytes of fd; *len > limit - 1 means "too large". */
static char *read_fd(int fd, size_t hint, size_t limit, size_t *len,
		     const char **why)
{
	size_t cap = hint < limit ? hint + 1 : limit, n = 0;
	char *buf = cr_malloc(cap + 1);
	for (;;) {
		if (!buf) {
			*why = "out of memory";
			return NULL;
		}
		if (n == cap) {
			if (cap == limit)
				break;
			cap = cap > limit / 2 ? limit : cap * 2;
			char *bigger = cr_realloc(buf, cap + 1);
			if (!bigger)
				free(buf);
			buf = bigger;
			continue;
		}
		ssize_t got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			*why = strerror(errno);
			free(buf);
			return NULL;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

static const char *too_large(size_t max_bytes)
{
	static char why[64];
	snprintf(why, sizeof why, "file is larger than %zu bytes", max_bytes);
	return why;
}

src_file *src_read(const char *path, size_t max_bytes, const char **why)
{
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		*why = strerror(errno);
		close(fd);
		return NULL;
	}
	if (S_ISDIR(st.st_mode) || !S_ISREG(st.st_mode)) {
		/* a device or a FIFO could block or never end */
		*why = S_ISDIR(st.st_mode) ? "is a directory"
					    : "is not a regular file";
		close(fd);
		return NULL;
	}
	size_t hint = (size_t)st.st_size;
	if ((uintmax_t)st.st_size > max_bytes) {
		*why = too_large(max_bytes);
		close(fd);
		return NULL;
	}
	/* One byte more than allowed: a file may grow while it is read. */
	size_t limit = max_bytes < SIZE_MAX - 1 ? max_bytes + 1 : SIZE_MAX - 1;
	size_t len;
	char *text = read_fd(fd, hint, limit, &len, why);
	close(fd);
	if (!text)
		return NULL;
	if (len > max_bytes) {
		free(text);
		*why = too_large(max_bytes);
		return NULL;
	}
	src_file *f = make(path, text, len);
	if (!f)
		*why = "out of memory";
	return f;
}

/* ---- Lines and columns ------------------------------------------------- */

const char *src_line(const src_file *f, int line, size_t *len)
{
	if (!f || line < 1 || line > f->nlines)
		return NULL;
	const char *text = f->text;
	size_t start = f->line_start[line - 1];
	size_t end = line < f->nlines ? f->line_start[line] : f->len;
	/* The line stops at its first break: the index was cut there. */
	size_t i = start;
	while (i < end && !break_len(text + i, text + end))
		i++;
	end = i;
	if (len)
		*len = end - start;
	return text + start;
}

/* A UTF-8 sequence is a lead byte and its continuation bytes (10xxxxxx). */
size_t src_col_to_byte(const src_file *f, int line, int col)
{
	size_t len;
	const char *s = src_line(f, line, &len);
	if (!s)
		return 0;
	size_t i = 0;
	for (int c = 1; c < col && i < len; c++) {
		i++;
		while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
	}
	return i;
}
