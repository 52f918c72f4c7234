/*
 * schema.h — the keys of the rule-file format, in one place.
 *
 * The tables in schema.c are the single source of truth for the format:
 * schema_check() validates a YAML tree against them (unknown and missing
 * keys, node kinds, enumerations, ranges), and schema_write_json() turns
 * them into the JSON Schema shipped in schemas/ for editors.  What the
 * values mean (expressions, references to cards, hooks) is checked when
 * the tree is compiled into a game (game_build.c), which reads the same
 * tables for defaults.
 */
#ifndef CARDRULES_SCHEMA_H
#define CARDRULES_SCHEMA_H

#include <stdbool.h>
#include <stdio.h>

#include "lang/diag.h"
#include "lang/expr.h"
#include "lang/node.h"

typedef enum schema_kind {
	SK_MAP,         /* fixed keys (fields) */
	SK_DICT,        /* keys named by the author (key_pattern), values `item` */
	SK_LIST,        /* a sequence of `item` */
	SK_INT,         /* an integer literal within [min, max] */
	SK_BOOL,
	SK_STRING,
	SK_ENUM,        /* one of `choices` */
	SK_EXPR,        /* an expression (a string, integer or boolean scalar) */
	SK_COUNT,       /* an integer expression of the table's set-up, or a
			   mapping from player counts to integers */
	SK_CARDSPEC,    /* a card, suit or rank code: QS, H, 10 */
	SK_VARIANT,     /* a mapping with exactly one key among `fields` */
	SK_EITHER,      /* the first of `alternatives` whose node kind fits */
	SK_HOOK,        /* {hook: NAME, params...} checked against the hooks
			   handed over by schema_set_hooks */
} schema_kind;

typedef struct schema schema;

typedef struct schema_field {
	const char *key;
	const schema *type;
	bool required;
	const char *doc;
} schema_field;

struct schema {
	schema_kind kind;
	const char *title;              /* $defs name in the JSON Schema */
	const char *doc;
	const schema_field *fields;     /* SK_MAP, SK_VARIANT */
	const schema *item;             /* SK_DICT, SK_LIST */
	const char *key_pattern;        /* SK_DICT: PCRE2 pattern of keys */
	const char *key_doc;            /* SK_DICT: what a key is, for errors */
	const char *key_name;           /* SK_DICT: its placeholder in the docs */
	const char *const *choices;     /* SK_ENUM, NULL-terminated */
	long min, max;                  /* SK_INT */
	expr_type etype;                /* SK_EXPR */
	const schema *const *alternatives; /* SK_EITHER, NULL-terminated */
	const char *hook_slot;          /* SK_HOOK: which hooks fit here */
};

/* A hook as validation sees it.  The hooks themselves are C code of the
 * engine, a layer above: it hands their names, slots and parameters over
 * with schema_set_hooks before any rule file is checked. */
typedef struct schema_hook_param {
	const char *name;
	const schema *type;             /* SK_BOOL, SK_INT or SK_ENUM */
	const char *fallback;           /* default as YAML text; NULL: required */
	const char *doc;
	/* For an enumeration: a sentence per choice, to explain a game's
	 * rules in words; NULL */
	const char *const *choice_words;
} schema_hook_param;

typedef struct schema_hook {
	const char *name;
	const char *slot;               /* where it fits: an SK_HOOK's hook_slot */
	const char *doc;
	const schema_hook_param *params;
	int nparams;
} schema_hook;

/* The i-th hook (from 0); NULL past the last. */
typedef const schema_hook *(*schema_hook_lookup)(int i);

/* Tells the schema which hooks exist: the checker, the JSON Schema and
 * the key reference read them through `lookup`.  Until then no hook is
 * known (and every {hook: ...} is reported unknown). */
void schema_set_hooks(schema_hook_lookup lookup);

/* The i-th hook handed over; NULL past the last. */
const schema_hook *schema_hook_at(int i);

/* The hook named `name` that fits `slot`, or NULL. */
const schema_hook *schema_hook_find(const char *slot, const char *name);

/* The whole rule file. */
extern const schema schema_rule_file;

/* Checks the tree of a rule file against the tables and reports every
 * problem.  Returns the number of problems found. */
int schema_check(const schema *sc, const node *root, diag *d);

/* The same for another kind of document, named `what` in messages
 * ("the transcript"). */
int schema_check_document(const schema *sc, const node *root,
			  const char *what, diag *d);

/* The field of map schema `sc` named `key`, or NULL. */
const schema_field *schema_field_of(const schema *sc, const char *key);

/* Writes the JSON Schema (draft 2020-12) of the format. */
void schema_write_json(FILE *out);

/* Writes the Markdown reference of every key (docs/format-keys.md). */
void schema_write_markdown(FILE *out);

/* Closest of `candidates` (NULL-terminated) to `word` within edit
 * distance 2, for "did you mean" hints; NULL when none is close. */
const char *schema_suggest(const char *word, const char *const *candidates);

void schema_cleanup(void);

#endif
