/* schema_json.c — the format's tables written as a JSON Schema. */
#include <string.h>

#include "util/json.h"
#include "lang/schema.h"

/* Schemas with a title are written once under $defs and referenced.
 *
 * A file that extends another is merged into it key by key, so each of
 * its mappings may give just the keys it changes: for such a file the
 * mappings reached through mappings are written "partial", without their
 * required keys (as title_partial in $defs); lists of mappings may be
 * patched by a mapping from their entries' names.  Other lists are replaced whole,
 * not merged: what is inside a list is always complete. */
enum { DEFS_MAX = 64 };

typedef struct defs {
	const schema *list[DEFS_MAX];
	int n;
} defs;

static void collect(defs *d, const schema *sc)
{
	if (sc->title) {
		for (int i = 0; i < d->n; i++)
			if (d->list[i] == sc)
				return;
		if (d->n < DEFS_MAX)
			d->list[d->n++] = sc;
	}
	for (const schema_field *f = sc->fields; f && f->key; f++)
		collect(d, f->type);
	if (sc->item)
		collect(d, sc->item);
	for (size_t i = 0; sc->alternatives && sc->alternatives[i]; i++)
		collect(d, sc->alternatives[i]);
	const schema_hook *h;
	for (int i = 0; sc->kind == SK_HOOK && (h = schema_hook_at(i)); i++)
		for (int j = 0; j < h->nparams; j++)
			collect(d, h->params[j].type);
}

/* Whether sc, or a mapping merged into it, has required keys. */
static bool needs_partial(const schema *sc)
{
	switch (sc->kind) {
	case SK_MAP:
		for (const schema_field *f = sc->fields; f->key; f++)
			if (f->required || needs_partial(f->type))
				return true;
		return false;
	case SK_DICT:
		return needs_partial(sc->item);
	case SK_LIST:           /* patched by name in a variant */
		return sc->item->kind == SK_MAP || sc->item->kind == SK_VARIANT;
	case SK_EITHER:
		for (size_t i = 0; sc->alternatives[i]; i++)
			if (needs_partial(sc->alternatives[i]))
				return true;
		return false;
	default:
		return false;
	}
}

/* The titled schemas that a variant file reaches through mappings. */
static void collect_partial(defs *d, const schema *sc)
{
	if (!needs_partial(sc))
		return;
	if (sc->title) {
		for (int i = 0; i < d->n; i++)
			if (d->list[i] == sc)
				return;
		if (d->n < DEFS_MAX)
			d->list[d->n++] = sc;
	}
	if (sc->kind == SK_MAP)
		for (const schema_field *f = sc->fields; f->key; f++)
			collect_partial(d, f->type);
	else if (sc->kind == SK_DICT)
		collect_partial(d, sc->item);
	else if (sc->kind == SK_EITHER)
		for (size_t i = 0; sc->alternatives[i]; i++)
			collect_partial(d, sc->alternatives[i]);
}

static void write_schema(json *j, const schema *sc, bool inline_it,
			 bool partial);

static void write_ref_or_inline(json *j, const schema *sc, bool partial)
{
	write_schema(j, sc, false, partial);
}

static void describe(json *j, const char *doc)
{
	if (doc) {
		json_key(j, "description");
		json_string(j, doc);
	}
}

static void type_list(json *j, const char *a, const char *b)
{
	json_key(j, "type");
	if (!b) {
		json_string(j, a);
		return;
	}
	json_array(j);
	json_string(j, a);
	json_string(j, b);
	json_end_array(j);
}

/* An optional value may also be null: a variant file deletes it so. */
static void nullable(json *j, const schema *sc, bool partial)
{
	json_object(j);
	json_key(j, "anyOf");
	json_array(j);
	write_ref_or_inline(j, sc, partial);
	json_object(j);
	type_list(j, "null", NULL);
	json_end_object(j);
	json_end_array(j);
	json_end_object(j);
}

/* nulls: whether an optional key may be null (a variant deletes it so);
 * the one key of a variant (a phase kind) never is: a phase is removed
 * by patching the list of phases, not by a null inside it. */
static void write_fields(json *j, const schema_field *fields, bool required,
			 bool nulls, bool partial)
{
	json_key(j, "properties");
	json_object(j);
	for (const schema_field *f = fields; f->key; f++) {
		json_key(j, f->key);
		if (f->required || !nulls)
			write_ref_or_inline(j, f->type, partial);
		else
			nullable(j, f->type, partial);
	}
	json_end_object(j);
	if (required) {
		json_key(j, "required");
		json_array(j);
		for (const schema_field *f = fields; f->key; f++)
			if (f->required)
				json_string(j, f->key);
		json_end_array(j);
	}
	json_key(j, "additionalProperties");
	json_bool(j, false);
}

/* {"type": "integer", "minimum": 0} */
static void write_natural(json *j)
{
	json_object(j);
	type_list(j, "integer", NULL);
	json_key(j, "minimum");
	json_int(j, 0);
	json_end_object(j);
}

static void write_count(json *j)
{
	json_key(j, "anyOf");
	json_array(j);
	write_natural(j);
	json_object(j);
	type_list(j, "string", NULL);
	json_end_object(j);
	json_object(j);
	type_list(j, "object", NULL);
	json_key(j, "propertyNames");
	json_object(j);
	json_key(j, "pattern");
	json_string(j, "^[1-9][0-9]*$");
	json_end_object(j);
	json_key(j, "additionalProperties");
	write_natural(j);
	json_end_object(j);
	json_end_array(j);
}

static void write_cardspec(json *j)
{
	json_key(j, "anyOf");
	json_array(j);
	json_object(j);
	type_list(j, "string", NULL);
	json_key(j, "pattern");
	json_string(j, "^((10|[2-9JQKA])[SHDCXL]?|[SHDCXL]|JK[12]?)$");
	json_end_object(j);
	json_object(j);
	type_list(j, "integer", NULL);
	json_key(j, "minimum");
	json_int(j, 2);
	json_key(j, "maximum");
	json_int(j, 10);
	json_end_object(j);
	json_end_array(j);
}

static void write_hook_alternatives(json *j, const char *slot)
{
	json_key(j, "anyOf");
	json_array(j);
	const schema_hook *h;
	for (int i = 0; (h = schema_hook_at(i)); i++) {
		if (strcmp(h->slot, slot) != 0)
			continue;
		json_object(j);
		type_list(j, "object", NULL);
		describe(j, h->doc);
		json_key(j, "properties");
		json_object(j);
		json_key(j, "hook");
		json_object(j);
		json_key(j, "const");
		json_string(j, h->name);
		json_end_object(j);
		for (int k = 0; k < h->nparams; k++) {
			json_key(j, h->params[k].name);
			write_ref_or_inline(j, h->params[k].type, false);
		}
		json_end_object(j);
		json_key(j, "required");
		json_array(j);
		json_string(j, "hook");
		for (int k = 0; k < h->nparams; k++)
			if (!h->params[k].fallback)
				json_string(j, h->params[k].name);
		json_end_array(j);
		json_key(j, "additionalProperties");
		json_bool(j, false);
		json_end_object(j);
	}
	json_end_array(j);
}

/* In a variant, a list of mappings is given whole, or patched by a
 * mapping from its entries' names ("2", "pass", "pass 2", "after
 * tricks") to what changes in them (null removes one). */
static void write_patchable_list(json *j, const schema *sc)
{
	json_key(j, "anyOf");
	json_array(j);
	json_object(j);
	type_list(j, "array", NULL);
	json_key(j, "items");
	write_ref_or_inline(j, sc->item, false);
	json_end_object(j);
	json_object(j);
	type_list(j, "object", NULL);
	json_key(j, "propertyNames");
	json_object(j);
	json_key(j, "pattern");
	json_string(j, "^((after|before) )?([1-9][0-9]*|[a-z][a-z-]*( [1-9][0-9]*)?)$");
	json_end_object(j);
	json_key(j, "additionalProperties");
	json_object(j);
	type_list(j, "object", "null");
	json_end_object(j);
	json_end_object(j);
	json_end_array(j);
}

static void write_body(json *j, const schema *sc, bool partial)
{
	describe(j, sc->doc);
	switch (sc->kind) {
	case SK_MAP:
		type_list(j, "object", NULL);
		write_fields(j, sc->fields, !partial, true, partial);
		break;
	case SK_DICT:
		type_list(j, "object", NULL);
		json_key(j, "propertyNames");
		json_object(j);
		json_key(j, "pattern");
		json_string(j, sc->key_pattern);
		json_end_object(j);
		json_key(j, "additionalProperties");
		nullable(j, sc->item, partial);
		break;
	case SK_LIST:
		if (partial && (sc->item->kind == SK_MAP ||
				sc->item->kind == SK_VARIANT)) {
			write_patchable_list(j, sc);
			break;
		}
		type_list(j, "array", NULL);
		json_key(j, "items");
		write_ref_or_inline(j, sc->item, false);
		break;
	case SK_INT:
		type_list(j, "integer", NULL);
		json_key(j, "minimum");
		json_int(j, sc->min);
		json_key(j, "maximum");
		json_int(j, sc->max);
		break;
	case SK_BOOL:
		type_list(j, "boolean", NULL);
		break;
	case SK_STRING:
		type_list(j, "string", NULL);
		break;
	case SK_ENUM:
		json_key(j, "enum");
		json_array(j);
		for (size_t i = 0; sc->choices[i]; i++)
			json_string(j, sc->choices[i]);
		json_end_array(j);
		break;
	case SK_EXPR:
		/* YAML reads `0` and `true` as a number and a boolean: they
		 * are expressions too, of those types */
		if (sc->etype == TY_NONE) {
			json_key(j, "type");
			json_array(j);
			json_string(j, "string");
			json_string(j, "integer");
			json_string(j, "boolean");
			json_end_array(j);
		} else {
			type_list(j, "string", sc->etype == TY_INT ? "integer"
				  : sc->etype == TY_BOOL ? "boolean" : NULL);
		}
		break;
	case SK_COUNT:
		write_count(j);
		break;
	case SK_CARDSPEC:
		write_cardspec(j);
		break;
	case SK_VARIANT:
		type_list(j, "object", NULL);
		json_key(j, "minProperties");
		json_int(j, 1);
		json_key(j, "maxProperties");
		json_int(j, 1);
		write_fields(j, sc->fields, false, false, false);
		break;
	case SK_EITHER:
		json_key(j, "anyOf");
		json_array(j);
		for (size_t i = 0; sc->alternatives[i]; i++)
			write_ref_or_inline(j, sc->alternatives[i], partial);
		json_end_array(j);
		break;
	case SK_HOOK:
		write_hook_alternatives(j, sc->hook_slot);
		break;
	}
}

static void write_schema(json *j, const schema *sc, bool inline_it,
			 bool partial)
{
	partial = partial && needs_partial(sc);
	json_object(j);
	if (sc->title && !inline_it) {
		char ref[128];
		snprintf(ref, sizeof ref, "#/$defs/%s%s", sc->title,
			 partial ? "_partial" : "");
		json_key(j, "$ref");
		json_string(j, ref);
	} else {
		write_body(j, sc, partial);
	}
	json_end_object(j);
}

/* The top level describes a variant, which may name just what it changes
 * (editors complete its keys); a complete file, without `extends`, must
 * also match the whole rule file. */
static void write_top(json *j, const schema *sc)
{
	describe(j, sc->doc);
	type_list(j, "object", NULL);
	write_fields(j, sc->fields, false, true, true);
	json_key(j, "if");
	json_object(j);
	json_key(j, "required");
	json_array(j);
	json_string(j, "extends");
	json_end_array(j);
	json_end_object(j);
	json_key(j, "then");
	json_object(j);
	json_key(j, "required");
	json_array(j);
	json_string(j, "cardrules");
	json_end_array(j);
	json_end_object(j);
	json_key(j, "else");
	json_object(j);
	json_key(j, "$ref");
	json_string(j, "#/$defs/rule_file");
	json_end_object(j);
}

void schema_write_json(FILE *out)
{
	defs d = {.n = 0}, p = {.n = 0};
	collect(&d, &schema_rule_file);
	collect_partial(&p, &schema_rule_file);
	json j;
	json_init(&j, out, true);
	json_object(&j);
	json_key(&j, "$schema");
	json_string(&j, "https://json-schema.org/draft/2020-12/schema");
	/* the same base as the protocol's schemas: an absolute $id, so that
	 * editors and validators that cache schemas by id keep this one apart */
	json_key(&j, "$id");
	json_string(&j, "https://cardrules.invalid/schemas/cardrules.schema.json");
	json_key(&j, "title");
	json_string(&j, "cardrules rule file, format version 1");
	write_top(&j, &schema_rule_file);
	json_key(&j, "$defs");
	json_object(&j);
	for (int i = 0; i < d.n; i++) {
		json_key(&j, d.list[i]->title);
		write_schema(&j, d.list[i], true, false);
	}
	for (int i = 0; i < p.n; i++) {
		char name[128];
		if (p.list[i] == &schema_rule_file)
			continue;       /* the top level itself */
		snprintf(name, sizeof name, "%s_partial", p.list[i]->title);
		json_key(&j, name);
		write_schema(&j, p.list[i], true, true);
	}
	json_end_object(&j);
	json_end_object(&j);
	json_finish(&j);
}
