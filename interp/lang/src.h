/*
 * src.h — source files and positions.
 *
 * A src_file is the text of one input (a rule file, a transcript, a string
 * given to a test) with an index of line starts, so that a diagnostic can
 * print the line it points at.  Lines and columns are 1-based; a column
 * counts characters (UTF-8 sequences count once), as libyaml's marks do.
 */
#ifndef CARDRULES_SRC_H
#define CARDRULES_SRC_H

#include <stddef.h>

typedef struct src_file {
	char *name;             /* as the user named it */
	char *text;             /* the contents, NUL-terminated */
	size_t len;             /* bytes, without the terminating NUL */
	size_t *line_start;     /* byte offset of line i+1 */
	int nlines;
} src_file;

/* Reads a whole regular file of at most max_bytes.  On failure returns
 * NULL and sets *why to a static English reason ("No such file or
 * directory", "is not a regular file", "file is larger than 1048576
 * bytes", ...).  A FIFO or a device is refused without waiting on it. */
src_file *src_read(const char *path, size_t max_bytes, const char **why);

/* A source made from a string (tests, expressions typed at the prompt).
 * Returns NULL when memory runs out. */
src_file *src_from_text(const char *name, const char *text, size_t len);

void src_free(src_file *f);

/* Line `line` (1-based) without its line break, and its length in bytes;
 * NULL when there is no such line. */
const char *src_line(const src_file *f, int line, size_t *len);

/* Byte offset within line `line` of character column `col` (1-based);
 * clamps to the line's end. */
size_t src_col_to_byte(const src_file *f, int line, int col);

#endif
