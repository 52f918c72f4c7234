/*
 * load.h — reading a rule file and the files it extends.
 *
 * A variant names its base with `extends:`; the two trees are merged by
 * key (load_merge): a mapping merges into a mapping, anything else
 * replaces, and null deletes the inherited key.  Every node keeps the file
 * it came from, so an error in either file names the right one.
 */
#ifndef CARDRULES_LOAD_H
#define CARDRULES_LOAD_H

#include <stdbool.h>

#include "util/arena.h"
#include "lang/diag.h"
#include "lang/node.h"
#include "lang/src.h"

#define LOAD_MAX_BYTES (1024 * 1024)    /* the largest rule file read */
#define LOAD_MAX_CHAIN 8                /* files in an extends chain */
#define LOAD_PATH_MAX 1024
#define LOAD_DELETIONS_MAX 32
#define LOAD_REPLACED_MAX 64

typedef struct loaded {
	arena arena;                    /* every node of every file */
	src_file *file[LOAD_MAX_CHAIN];
	int nfiles;
	node *root;                     /* merged; NULL after errors */
	const node *deleted[LOAD_DELETIONS_MAX]; /* keys a variant set to null */
	int ndeleted;
	/* values of a base a variant replaced by others: [0] the base's,
	 * [1] the variant's (for the check of an inherited description) */
	const node *replaced[LOAD_REPLACED_MAX][2];
	int nreplaced;
} loaded;

/* Reads `path` and its bases.  Errors go to d; returns false after any.
 * The caller releases `out` with load_release() either way. */
bool load_rule_file(const char *path, loaded *out, diag *d);

void load_release(loaded *l);

/* Finds a game named on the command line: a path, or a name looked up in
 * ./games, each directory of $CARDRULES_PATH, the games/ directory next to
 * the program (or ../share/cardrules/games), and the installed games.  Writes the path into buf; false
 * when nothing is found. */
bool load_find_game(const char *name, char *buf, size_t size);

/* The directories searched for games, in order (at most max). */
int load_game_dirs(char dirs[][LOAD_PATH_MAX], int max);

/* The deep merge of `over` onto `base`, new nodes from arena a.  A key of
 * `over` set to null that `base` lacks deletes nothing: reported to d
 * (when not NULL) as the mistake it is. */
node *load_merge(arena *a, node *base, node *over, diag *d);

#endif
