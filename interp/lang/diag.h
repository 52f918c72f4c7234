/*
 * diag.h — collecting and printing diagnostics.
 *
 * Checks report every problem they find and go on, so that one run shows
 * all mistakes in a file (jq's practice).  The collection is printed in GNU
 * style, sorted by file and position:
 *
 *     games/x.yaml:12:9: error: unknown key 'folow' (did you mean 'follow'?)
 *        12 |     folow: suit
 *           |     ^
 *
 * A diag object does not own the src_files its entries point to, unless
 * they are handed over with diag_adopt(): they must outlive the printing.
 */
#ifndef CARDRULES_DIAG_H
#define CARDRULES_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "lang/src.h"

#define DIAG_MAX 200            /* errors kept; more are only counted */

typedef struct diag diag;

typedef struct diag_entry {
	const src_file *file;   /* NULL for problems not tied to a file */
	const char *path;       /* file name when there is no src_file */
	int line, col;          /* 1-based; 0 when unknown */
	char *message;
	bool warning;           /* a warning: printed, but no failure */
} diag_entry;

diag *diag_new(void);
void diag_free(diag *d);

/* Records an error at line:col of file.  Out of memory degrades to
 * counting the error without its text; it never fails. */
void diag_error(diag *d, const src_file *file, int line, int col,
		const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* An error naming a file that could not be read (no source to show). */
void diag_error_path(diag *d, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A warning: something legal that is almost surely a mistake (an option
 * nothing uses).  It is printed like an error and does not count as one. */
void diag_warning(diag *d, const src_file *file, int line, int col,
		  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The errors reported (warnings are not counted). */
int diag_count(const diag *d);

/* The entries kept, errors and warnings, for diag_get(). */
int diag_entries(const diag *d);

/* The i-th recorded entry in sorted order, for tests and JSON output. */
const diag_entry *diag_get(diag *d, int i);

/* Prints every entry with its source line and caret (when with_source). */
void diag_print(diag *d, FILE *out, bool with_source);

/* The first lines only ("FILE:LINE:COL: error: MESSAGE\n" each), in a
 * malloc'd string: what the bad-rule-file tests compare. */
char *diag_render(diag *d);

void diag_clear(diag *d);

/* Hands the ownership of f to d, for a source that must outlive the code
 * that read it because errors point into it (a rule file that failed to
 * load).  It is freed with d. */
void diag_adopt(diag *d, src_file *f);

#endif
