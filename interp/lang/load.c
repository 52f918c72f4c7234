/* load.c — rule files, `extends` chains and the deep merge. */
#include "lang/load.h"

#include <ctype.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lang/schema.h"
#include "util/suggest.h"


void load_release(loaded *l)
{
	for (int i = 0; i < l->nfiles; i++)
		src_free(l->file[i]);
	l->nfiles = 0;
	arena_free(&l->arena);
	l->root = NULL;
}

static bool same_key(const node *a, const node *b)
{
	return a->kind == NODE_SCALAR && b->kind == NODE_SCALAR &&
	       a->len == b->len && memcmp(a->text, b->text, a->len) == 0;
}

static node *lookup(const node *map, const node *key)
{
	for (size_t i = 0; i < map->n; i++)
		if (same_key(map->pair[i].key, key))
			return map->pair[i].value;
	return NULL;
}

/* "key: null" in a variant deletes an inherited key; deleting one the
 * base lacks is a mistake (a misspelt key), named with the closest key. */
static void deleted_nothing(diag *d, const node *base, const node *k)
{
	suggest sg;
	suggest_start(&sg, k->text, k->len);
	for (size_t i = 0; i < base->n; i++)
		if (base->pair[i].key->kind == NODE_SCALAR)
			suggest_consider(&sg, base->pair[i].key->text);
	if (sg.best)
		diag_error(d, k->file, k->line, k->col, "'%s: null' deletes nothing: "
			   "the base has no key '%s' here (did you mean '%.*s'?)",
			   k->text, k->text, (int)sg.best_len, sg.best);
	else
		diag_error(d, k->file, k->line, k->col, "'%s: null' deletes nothing: "
			   "the base has no key '%s' here", k->text, k->text);
}

typedef struct merge {
	arena *a;
	diag *d;                        /* NULL: no reports */
	loaded *l;                      /* NULL: deletions not recorded */
} merge;

static node *merge_maps(const merge *mg, node *base, node *over);

/* ---- Patching a list of one-key items (the phases) by name -------------- */

/* The kind of a list item such as `- pass: {...}`: its single key. */
static const char *item_kind(const node *item)
{
	if (item->kind != NODE_MAP || item->n != 1 ||
	    item->pair[0].key->kind != NODE_SCALAR)
		return NULL;
	return item->pair[0].key->text;
}

static void name_items(const node *list, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < list->n && used < size; i++) {
		const char *kind = item_kind(list->item[i]);
		int nth = 0, of = 0;
		for (size_t j = 0; j < list->n; j++) {
			const char *other = item_kind(list->item[j]);
			if (kind && other && strcmp(kind, other) == 0) {
				of++;
				if (j <= i)
					nth++;
			}
		}
		if (!kind)
			used += (size_t)snprintf(buf + used, size - used, "%s%zu",
						 i ? ", " : "", i + 1);
		else if (of > 1)
			used += (size_t)snprintf(buf + used, size - used, "%s'%s %d'",
						 i ? ", " : "", kind, nth);
		else
			used += (size_t)snprintf(buf + used, size - used, "%s'%s'",
						 i ? ", " : "", kind);
	}
}

/* The index of the item a patch key names ("2", "pass", "pass 2"), or
 * -1 (reported). */
static int find_item(const merge *mg, const node *list, const node *k,
		     const char *name)
{
	char *end;
	long n = strtol(name, &end, 10);
	if (end != name && *end == '\0') {
		if (n >= 1 && (size_t)n <= list->n)
			return (int)n - 1;
	} else {
		char kind[64];
		long nth = 0;
		if (sscanf(name, "%63[a-z-] %ld", kind, &nth) < 1)
			kind[0] = '\0';
		int found = -1, count = 0;
		for (size_t i = 0; i < list->n; i++) {
			const char *ik = item_kind(list->item[i]);
			if (!ik || strcmp(ik, kind) != 0)
				continue;
			count++;
			if ((nth == 0 && found < 0) || count == nth)
				found = (int)i;
		}
		if (found >= 0 && (nth > 0 || count == 1))
			return found;
		if (count > 1 && nth == 0) {
			if (mg->d)
				diag_error(mg->d, k->file, k->line, k->col, "the base "
					   "has %d '%s' phases: name one as '%s 1' to "
					   "'%s %d'", count, kind, kind, kind, count);
			return -1;
		}
	}
	char names[400];
	name_items(list, names, sizeof names);
	if (mg->d)
		diag_error(mg->d, k->file, k->line, k->col, "the base has no entry "
			   "'%s' in this list; its entries are %s", name, names);
	return -1;
}

/* Lists of mappings are patched: by position, and by kind where the
 * items have one key each (phases). */
static bool patchable(const node *list)
{
	for (size_t i = 0; i < list->n; i++)
		if (list->item[i]->kind != NODE_MAP)
			return false;
	return list->n > 0;
}

/* A base list patched by a mapping: `NAME: {keys}` merges keys into the
 * named item's body, `NAME: null` removes the item, and `after NAME` or
 * `before NAME` inserts an item.  NAME is a position from 1, a kind, or a
 * kind and its number among items of that kind ("pass 2"). */
static node *patch_list(const merge *mg, node *base, node *over)
{
	size_t cap = base->n + over->n;
	node **items = arena_alloc(mg->a, (cap ? cap : 1) * sizeof *items);
	node **patched = arena_alloc(mg->a, (base->n ? base->n : 1) * sizeof *patched);
	node **before = arena_alloc(mg->a, (base->n ? base->n : 1) * sizeof *before);
	node **after = arena_alloc(mg->a, (base->n ? base->n : 1) * sizeof *after);
	node *m = arena_alloc(mg->a, sizeof *m);
	if (!items || !patched || !before || !after || !m)
		return NULL;
	for (size_t i = 0; i < base->n; i++) {
		patched[i] = base->item[i];
		before[i] = after[i] = NULL;
	}
	for (size_t i = 0; i < over->n; i++) {
		node *k = over->pair[i].key, *v = over->pair[i].value;
		if (k->kind != NODE_SCALAR)
			continue;
		const char *name = k->text;
		node **slot = NULL;
		if (strncmp(name, "after ", 6) == 0)
			slot = after, name += 6;
		else if (strncmp(name, "before ", 7) == 0)
			slot = before, name += 7;
		int at = find_item(mg, base, k, name);
		if (at < 0)
			continue;
		if (slot) {
			slot[at] = v;
		} else if (node_is_null(v)) {
			patched[at] = NULL;
		} else {
			node *item = patched[at];
			const char *kind = item_kind(item);
			node *body = kind ? item->pair[0].value : item;
			node *merged = merge_maps(mg, body, v);
			if (!merged)
				return NULL;
			if (kind) {
				node *copy = arena_alloc(mg->a, sizeof *copy);
				node_pair *pair = arena_alloc(mg->a, sizeof *pair);
				if (!copy || !pair)
					return NULL;
				*copy = *item;
				pair->key = item->pair[0].key;
				pair->value = merged;
				copy->pair = pair;
				merged = copy;
			}
			patched[at] = merged;
		}
	}
	size_t n = 0;
	for (size_t i = 0; i < base->n; i++) {
		if (before[i])
			items[n++] = before[i];
		if (patched[i])
			items[n++] = patched[i];
		if (after[i])
			items[n++] = after[i];
	}
	*m = *base;
	m->item = items;
	m->n = n;
	return m;
}

static node *merge_maps(const merge *mg, node *base, node *over)
{
	arena *a = mg->a;
	if (base->kind == NODE_SEQ && over->kind == NODE_MAP && patchable(base))
		return patch_list(mg, base, over);
	if (base->kind != NODE_MAP || over->kind != NODE_MAP) {
		if (mg->l && mg->l->nreplaced < LOAD_REPLACED_MAX &&
		    base->kind == NODE_SCALAR && over->kind == NODE_SCALAR &&
		    strcmp(base->text, over->text) != 0) {
			mg->l->replaced[mg->l->nreplaced][0] = base;
			mg->l->replaced[mg->l->nreplaced++][1] = over;
		}
		return over;
	}
	node *m = arena_alloc(a, sizeof *m);
	node_pair *pairs = arena_alloc(a, (base->n + over->n) * sizeof *pairs);
	if (!m || !pairs)
		return NULL;
	*m = *over;
	m->pair = pairs;
	m->n = 0;
	for (size_t i = 0; i < base->n; i++) {
		node *k = base->pair[i].key;
		node *o = lookup(over, k);
		node *v = base->pair[i].value;
		if (o && node_is_null(o)) {
			if (mg->l && mg->l->ndeleted < LOAD_DELETIONS_MAX)
				mg->l->deleted[mg->l->ndeleted++] =
					node_get_pair(over, k->text)->key;
			continue;
		}
		if (o && !(v = merge_maps(mg, v, o)))
			return NULL;
		pairs[m->n].key = k;
		pairs[m->n++].value = v;
	}
	for (size_t i = 0; i < over->n; i++) {
		const node *k = over->pair[i].key;
		if (lookup(base, k))
			continue;
		if (!node_is_null(over->pair[i].value))
			pairs[m->n++] = over->pair[i];
		else if (mg->d && k->kind == NODE_SCALAR)
			deleted_nothing(mg->d, base, k);
	}
	return m;
}

node *load_merge(arena *a, node *base, node *over, diag *d)
{
	merge mg = {a, d, NULL};
	return merge_maps(&mg, base, over);
}

/* A copy of map without its `extends` key. */
static node *without_extends(arena *a, const node *map)
{
	node *m = arena_alloc(a, sizeof *m);
	node_pair *pairs = arena_alloc(a, map->n * sizeof *pairs);
	if (!m || !pairs)
		return NULL;
	*m = *map;
	m->pair = pairs;
	m->n = 0;
	for (size_t i = 0; i < map->n; i++) {
		const node *k = map->pair[i].key;
		if (k->kind == NODE_SCALAR && strcmp(k->text, "extends") == 0)
			continue;
		pairs[m->n++] = map->pair[i];
	}
	return m;
}

/* The base named by `name` in a file at `from`: next to that file first,
 * then among the known games. */
static bool resolve_base(const char *from, const char *name, char *buf,
			 size_t size)
{
	if (name[0] != '/') {
		const char *slash = strrchr(from, '/');
		int dir = slash ? (int)(slash - from + 1) : 0;
		snprintf(buf, size, "%.*s%s", dir, from, name);
		if (access(buf, R_OK) == 0)
			return true;
	}
	return load_find_game(name, buf, size);
}

/* Does some line of the text start with a key of the rule-file format?
 * A file with none (a password file, an environment, another program's
 * YAML) is not a rule file, and is refused without echoing its lines.  A
 * file of comments and blank lines gets its own message later. */
static bool looks_like_rule_file(const src_file *f)
{
	bool content = false;
	for (int i = 1; i <= f->nlines; i++) {
		size_t len;
		const char *line = src_line(f, i, &len);
		size_t blank = 0;
		while (blank < len && isspace((unsigned char)line[blank]))
			blank++;
		if (blank < len && line[blank] != '#')
			content = true;
		/* 'cardrules:' anywhere (even in a list written by mistake),
		 * another key of the format at the start of a line */
		size_t at = blank;
		while (at + 1 < len && line[at] == '-' && line[at + 1] == ' ')
			for (at += 2; at < len && line[at] == ' '; at++)
				;
		if (len - at >= 10 && memcmp(line + at, "cardrules:", 10) == 0)
			return true;
		size_t k = 0;
		while (k < len && (isalnum((unsigned char)line[k]) || line[k] == '-'))
			k++;
		if (k == 0 || k >= len || line[k] != ':')
			continue;
		for (const schema_field *fl = schema_rule_file.fields; fl->key; fl++)
			if (strlen(fl->key) == k && memcmp(fl->key, line, k) == 0)
				return true;
	}
	return !content;
}

static node *read_tree(loaded *l, const char *path, diag *d,
		       const node *named_at)
{
	const char *why;
	src_file *f = src_read(path, LOAD_MAX_BYTES, &why);
	if (!f) {
		if (named_at)
			diag_error(d, named_at->file, named_at->line,
				   named_at->col, "cannot read '%s': %s", path, why);
		else
			diag_error_path(d, path, "cannot read the file: %s", why);
		return NULL;
	}
	l->file[l->nfiles++] = f;
	if (f->len && !looks_like_rule_file(f)) {
		if (named_at)
			diag_error(d, named_at->file, named_at->line, named_at->col,
				   "'%s' is not a cardrules rule file: no line of it "
				   "starts with 'cardrules: 1' or another key of the "
				   "format", path);
		else
			diag_error_path(d, path, "not a cardrules rule file: no line "
					"of it starts with 'cardrules: 1' or another "
					"key of the format");
		return NULL;
	}
	node *root;
	if (!node_parse(f, &l->arena, &node_default_limits, d, &root))
		return NULL;
	if (!root) {
		diag_error(d, f, 1, 1, "the file %s: a rule file is a mapping "
			   "that starts with 'cardrules: 1'", f->len
			   ? "holds only comments and blank lines" : "is empty");
		return NULL;
	}
	if (root->kind != NODE_MAP) {
		char buf[64];
		diag_error(d, f, root->line, root->col,
			   "a rule file is a mapping of keys, not %s",
			   node_describe(root, buf, sizeof buf));
		return NULL;
	}
	/* Every file of an extends chain says which format it is in; the
	 * schema checks the value, and the key of a lone file. */
	bool in_chain = named_at || node_get(root, "extends");
	if (in_chain && !node_get(root, "cardrules"))
		diag_error(d, f, root->line, root->col,
			   "a rule file starts with 'cardrules: 1' (the format "
			   "version); this one lacks it");
	return root;
}

static bool same_path(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

static bool seen_before(const loaded *l, const char *path)
{
	char real[PATH_MAX];
	if (!realpath(path, real))
		return false;
	for (int i = 0; i < l->nfiles; i++) {
		char other[PATH_MAX];
		if (realpath(l->file[i]->name, other) && strcmp(real, other) == 0)
			return true;
	}
	return false;
}

static node *load_chain(loaded *l, const char *path, diag *d,
			const node *named_at);

/* The path of the base named by item of `extends` in the file at path;
 * false, reported, when it cannot be extended. */
static bool base_of(loaded *l, const char *path, const node *item, diag *d,
		    char *base_path, size_t size)
{
	if (item->kind != NODE_SCALAR || item->len == 0) {
		char buf[64];
		diag_error(d, item->file, item->line, item->col,
			   "'extends' names a rule file, or a list of them, not %s",
			   node_describe(item, buf, sizeof buf));
		return false;
	}
	if (!resolve_base(path, item->text, base_path, size)) {
		diag_error(d, item->file, item->line, item->col,
			   "cannot find the rule file '%s' to extend, next to this "
			   "file or among the games (see cardrules list)",
			   item->text);
		return false;
	}
	if (same_path(base_path, path)) {
		diag_error(d, item->file, item->line, item->col,
			   "a rule file cannot extend itself");
		return false;
	}
	if (seen_before(l, base_path)) {
		diag_error(d, item->file, item->line, item->col,
			   "cannot extend '%s': it extends this file, directly "
			   "or through others (a cycle), or is named twice",
			   item->text);
		return false;
	}
	if (l->nfiles >= LOAD_MAX_CHAIN) {
		diag_error(d, item->file, item->line, item->col,
			   "more than %d files extend one another", LOAD_MAX_CHAIN);
		return false;
	}
	return true;
}

/* A variant combined after the first of a list: its own keys only, on top
 * of what is combined so far, which must hold the file it extends. */
static node *combine(loaded *l, node *so_far, const char *path,
		     const node *item, diag *d)
{
	char base_path[PATH_MAX];
	if (!base_of(l, path, item, d, base_path, sizeof base_path))
		return NULL;
	node *root = read_tree(l, base_path, d, item);
	if (!root)
		return NULL;
	const node *ext = node_get(root, "extends");
	char its_base[PATH_MAX];
	if (!ext || ext->kind != NODE_SCALAR ||
	    !resolve_base(base_path, ext->text, its_base, sizeof its_base) ||
	    !seen_before(l, its_base)) {
		diag_error(d, item->file, item->line, item->col,
			   "'%s' cannot be combined here: after the first file of "
			   "the list, each must extend a file already in the "
			   "list (or in what the first extends)", item->text);
		return NULL;
	}
	node *own = without_extends(&l->arena, root);
	if (!own)
		return NULL;
	merge mg = {&l->arena, d, l};
	return merge_maps(&mg, so_far, own);
}

static node *load_chain(loaded *l, const char *path, diag *d,
			const node *named_at)
{
	node *root = read_tree(l, path, d, named_at);
	if (!root)
		return NULL;
	const node *ext = node_get(root, "extends");
	if (!ext)
		return root;
	bool list = ext->kind == NODE_SEQ;
	if (list && ext->n == 0) {
		diag_error(d, ext->file, ext->line, ext->col,
			   "'extends' lists no rule file");
		return NULL;
	}
	const node *first = list ? ext->item[0] : ext;
	char base_path[PATH_MAX];
	if (!base_of(l, path, first, d, base_path, sizeof base_path))
		return NULL;
	node *base = load_chain(l, base_path, d, first);
	for (size_t i = 1; list && base && i < ext->n; i++)
		base = combine(l, base, path, ext->item[i], d);
	node *own = base ? without_extends(&l->arena, root) : NULL;
	if (!base || !own)
		return NULL;
	merge mg = {&l->arena, d, l};
	return merge_maps(&mg, base, own);
}

bool load_rule_file(const char *path, loaded *out, diag *d)
{
	memset(out, 0, sizeof *out);
	int before = diag_count(d);
	out->root = load_chain(out, path, d, NULL);
	if (!out->root && diag_count(d) == before)
		diag_error_path(d, path, "out of memory while reading the file");
	return out->root != NULL;
}

/* Without opening it: opening a FIFO would wait for a writer.  A folder
 * is no rule file ("games", or "games/" for an empty name). */
static bool readable(const char *path)
{
	struct stat st;
	return access(path, R_OK) == 0 && stat(path, &st) == 0 &&
	       !S_ISDIR(st.st_mode);
}

/* NAME or NAME.yaml inside dir. */
static bool find_in(const char *dir, size_t dirlen, const char *name,
		    char *buf, size_t size)
{
	static const char *const suffixes[] = {"", ".yaml"};
	for (int i = 0; i < 2; i++) {
		int n = snprintf(buf, size, "%.*s/%s%s", (int)dirlen, dir, name,
				 suffixes[i]);
		if (n > 0 && (size_t)n < size && readable(buf))
			return true;
	}
	return false;
}

/* Appends dir (of len bytes) to the list when there is room. */
static void add_dir(char dirs[][LOAD_PATH_MAX], int *n, int max,
		    const char *dir, size_t len)
{
	if (*n < max && len > 0 && len < LOAD_PATH_MAX)
		snprintf(dirs[(*n)++], LOAD_PATH_MAX, "%.*s", (int)len, dir);
}

int load_game_dirs(char dirs[][LOAD_PATH_MAX], int max)
{
	int n = 0;
	add_dir(dirs, &n, max, "games", 5);
	const char *path = getenv("CARDRULES_PATH");
	while (path && *path) {
		size_t len = strcspn(path, ":");
		add_dir(dirs, &n, max, path, len);
		path += len + (path[len] == ':');
	}
	/* next to the program: a build tree, or an installation moved
	 * elsewhere (bin/ and share/cardrules/games/ side by side) */
	char exe[LOAD_PATH_MAX];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 40);
	if (len > 0)
		exe[len] = '\0';
	char *slash = len > 0 ? strrchr(exe, '/') : NULL;
	if (slash) {
		strcpy(slash, "/games");
		add_dir(dirs, &n, max, exe, strlen(exe));
		strcpy(slash, "/../share/cardrules/games");
		add_dir(dirs, &n, max, exe, strlen(exe));
	}
#ifdef CARDRULES_GAMES_DIR
	add_dir(dirs, &n, max, CARDRULES_GAMES_DIR, strlen(CARDRULES_GAMES_DIR));
#endif
	return n;
}

bool load_find_game(const char *name, char *buf, size_t size)
{
	if (strchr(name, '/') || readable(name)) {
		snprintf(buf, size, "%s", name);
		return readable(name);
	}
	char dirs[16][LOAD_PATH_MAX];
	int n = load_game_dirs(dirs, 16);
	for (int i = 0; i < n; i++)
		if (find_in(dirs[i], strlen(dirs[i]), name, buf, size))
			return true;
	return false;
}
