/*
 * node.h — YAML documents as trees that remember where each node came from.
 *
 * libyaml's event parser feeds a small composer that builds scalars,
 * sequences and mappings, each marked with its file, line and column.  The
 * loader enforces limits so that no input can exhaust memory or time:
 * input size, nesting depth and the number of nodes, counting what every
 * alias would expand to (so a "billion laughs" file is refused early).
 * Aliases share the anchored node; nothing is copied.
 *
 * Problems are YAML-level only: syntax errors (libyaml's message and mark),
 * duplicate mapping keys, a second document, exceeded limits, undefined
 * aliases.  What the keys mean is checked later (schema.h).
 */
#ifndef CARDRULES_NODE_H
#define CARDRULES_NODE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/arena.h"
#include "lang/diag.h"
#include "lang/src.h"

typedef enum node_kind {
	NODE_SCALAR,
	NODE_SEQ,
	NODE_MAP,
} node_kind;

typedef enum node_style {
	NODE_PLAIN,             /* unquoted: may be a number, bool or null */
	NODE_SINGLE_QUOTED,
	NODE_DOUBLE_QUOTED,
	NODE_LITERAL,           /* | block */
	NODE_FOLDED,            /* > block */
	NODE_BLOCK,             /* a block collection */
	NODE_FLOW,              /* a [ ] or { } collection */
} node_style;

typedef struct node node;

typedef struct node_pair {
	node *key;
	node *value;
} node_pair;

struct node {
	node_kind kind;
	node_style style;
	const src_file *file;
	int line, col;          /* start, 1-based */
	int via_line, via_col;  /* the alias it was reached through; 0: none */
	const char *tag;        /* explicit tag as written ("!!str"), or NULL */
	/* NODE_SCALAR: the value after YAML unescaping and folding */
	const char *text;
	size_t len;
	/* NODE_SEQ: n items; NODE_MAP: n pairs in document order */
	size_t n;
	node **item;
	node_pair *pair;
};

typedef struct node_limits {
	size_t max_depth;       /* nested collections */
	size_t max_nodes;       /* nodes, with every alias counted expanded */
} node_limits;

/* 64 levels, 100000 expanded nodes: far beyond any rule file. */
extern const node_limits node_default_limits;

/* Parses the single YAML document of f into nodes allocated from a.
 * Returns true and sets *root (NULL for a stream with no document) when f
 * is well-formed; otherwise reports every problem found to d (libyaml
 * stops at its first syntax error) and returns false. */
bool node_parse(const src_file *f, arena *a, const node_limits *lim,
		diag *d, node **root);

/* " (used through the alias at 12:7)" for a node reached through an
 * alias, to end an error message with; "" otherwise. */
const char *node_via(const node *n, char *buf, size_t size);

/* An error at node n, naming the alias it was reached through if any. */
void node_error(diag *d, const node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The value of key `key` in mapping m (plain comparison of scalar keys),
 * or NULL when m is not a mapping or lacks the key. */
node *node_get(const node *m, const char *key);

/* The pair holding key `key`, to point at the key itself in errors. */
const node_pair *node_get_pair(const node *m, const char *key);

/* True for a plain scalar that YAML reads as null: "", "~", "null". */
bool node_is_null(const node *n);

/* A short English name of what n is, for messages: "a mapping",
 * "a sequence", "the string 'abc'", "the number 12", "null". */
const char *node_describe(const node *n, char *buf, size_t size);

/* text as a YAML scalar that reads back as exactly text, for files the
 * program writes: plain when that is safe, quoted otherwise (libyaml's
 * emitter decides).  False when it does not fit in size bytes. */
bool node_write_scalar(const char *text, char *buf, size_t size);

#endif
