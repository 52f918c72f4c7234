/* schema_json.c — the format's tables written as a JSON Schema. */
#include <string.h>

#include "hook.h"
#include "json.h"
#include "schema.h"

/* Schemas with a title are written once under $defs and referenced. */
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
	if (sc->kind == SK_HOOK)
		for (int i = 0; i < hook_count; i++)
			for (int j = 0; j < hook_table[i].nparams; j++)
				collect(d, hook_table[i].params[j].type);
}

static void write_schema(json *j, const schema *sc, bool inline_it);

static void write_ref_or_inline(json *j, const schema *sc)
{
	write_schema(j, sc, false);
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
static void nullable(json *j, const schema *sc)
{
	json_object(j);
	json_key(j, "anyOf");
	json_array(j);
	write_ref_or_inline(j, sc);
	json_object(j);
	type_list(j, "null", NULL);
	json_end_object(j);
	json_end_array(j);
	json_end_object(j);
}

static void write_fields(json *j, const schema_field *fields, bool required)
{
	json_key(j, "properties");
	json_object(j);
	for (const schema_field *f = fields; f->key; f++) {
		json_key(j, f->key);
		if (f->required)
			write_ref_or_inline(j, f->type);
		else
			nullable(j, f->type);
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

static void write_count(json *j)
{
	json_key(j, "anyOf");
	json_array(j);
	json_object(j);
	type_list(j, "integer", NULL);
	json_key(j, "minimum");
	json_int(j, 0);
	json_end_object(j);
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
	json_object(j);
	type_list(j, "integer", NULL);
	json_key(j, "minimum");
	json_int(j, 0);
	json_end_object(j);
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
	for (int i = 0; i < hook_count; i++) {
		const hook *h = &hook_table[i];
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
			write_ref_or_inline(j, h->params[k].type);
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

static void write_body(json *j, const schema *sc)
{
	describe(j, sc->doc);
	switch (sc->kind) {
	case SK_MAP:
		type_list(j, "object", NULL);
		write_fields(j, sc->fields, true);
		break;
	case SK_DICT:
		type_list(j, "object", NULL);
		json_key(j, "propertyNames");
		json_object(j);
		json_key(j, "pattern");
		json_string(j, sc->key_pattern);
		json_end_object(j);
		json_key(j, "additionalProperties");
		nullable(j, sc->item);
		break;
	case SK_LIST:
		type_list(j, "array", NULL);
		json_key(j, "items");
		write_ref_or_inline(j, sc->item);
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
		type_list(j, "string", sc->etype == TY_INT ? "integer"
			  : sc->etype == TY_BOOL ? "boolean" : NULL);
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
		write_fields(j, sc->fields, false);
		break;
	case SK_EITHER:
		json_key(j, "anyOf");
		json_array(j);
		for (size_t i = 0; sc->alternatives[i]; i++)
			write_ref_or_inline(j, sc->alternatives[i]);
		json_end_array(j);
		break;
	case SK_HOOK:
		write_hook_alternatives(j, sc->hook_slot);
		break;
	}
}

static void write_schema(json *j, const schema *sc, bool inline_it)
{
	json_object(j);
	if (sc->title && !inline_it) {
		char ref[128];
		snprintf(ref, sizeof ref, "#/$defs/%s", sc->title);
		json_key(j, "$ref");
		json_string(j, ref);
	} else {
		write_body(j, sc);
	}
	json_end_object(j);
}

/* The top level asks for its required keys only in a complete file: a file
 * that extends another may name just what it changes. */
static void write_top(json *j, const schema *sc)
{
	describe(j, sc->doc);
	type_list(j, "object", NULL);
	write_fields(j, sc->fields, false);
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
	json_key(j, "required");
	json_array(j);
	for (const schema_field *f = sc->fields; f->key; f++)
		if (f->required)
			json_string(j, f->key);
	json_end_array(j);
	json_end_object(j);
}

void schema_write_json(FILE *out)
{
	defs d = {.n = 0};
	collect(&d, &schema_rule_file);
	json j;
	json_init(&j, out, true);
	json_object(&j);
	json_key(&j, "$schema");
	json_string(&j, "https://json-schema.org/draft/2020-12/schema");
	json_key(&j, "$id");
	json_string(&j, "cardrules.schema.json");
	json_key(&j, "title");
	json_string(&j, "cardrules rule file, format version 1");
	write_top(&j, &schema_rule_file);
	json_key(&j, "$defs");
	json_object(&j);
	for (int i = 0; i < d.n; i++) {
		if (d.list[i] == &schema_rule_file)
			continue;
		json_key(&j, d.list[i]->title);
		write_schema(&j, d.list[i], true);
	}
	json_end_object(&j);
	json_end_object(&j);
	json_finish(&j);
}
