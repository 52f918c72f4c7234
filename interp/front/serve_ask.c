/* serve_ask.c — reading the members of a request. */
#include "front/serve_ask.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* What a value is, for a refusal: "a string", "the number 1.5". */
static const char *what(const jv *v, char *buf, size_t size)
{
	if (v->kind == JV_STRING)
		snprintf(buf, size, "the string \"%.40s\"%s", v->string,
			 v->len > 40 ? "..." : "");
	else if (v->kind == JV_NUMBER && v->whole)
		snprintf(buf, size, "%s%" PRIu64, v->negative ? "-" : "",
			 v->magnitude);
	else if (v->kind == JV_NUMBER)
		snprintf(buf, size, "a number that is not whole or is too large");
	else if (v->kind == JV_BOOL)
		snprintf(buf, size, "%s", v->boolean ? "true" : "false");
	else
		snprintf(buf, size, "%s", jv_kind_name(v->kind));
	return buf;
}

bool ask_int(const jv *v, const char *name, int64_t min, int64_t max,
	     int64_t fallback, int64_t *out, char *err, size_t size)
{
	if (!v) {
		*out = fallback;
		return true;
	}
	if (jv_int(v, min, max, out))
		return true;
	char buf[80];
	snprintf(err, size, "'%s' is a whole number from %" PRId64 " to %"
		 PRId64 ", not %s", name, min, max, what(v, buf, sizeof buf));
	return false;
}

bool ask_text(const jv *v, const char *name, bool needed, const char **out,
	      char *err, size_t size)
{
	*out = NULL;
	if (!v && !needed)
		return true;
	if (v && v->kind == JV_STRING && v->len > 0) {
		*out = v->string;
		return true;
	}
	char buf[80];
	if (!v)
		snprintf(err, size, "'%s' is missing", name);
	else
		snprintf(err, size, "'%s' is a string that is not empty, not %s",
			 name, what(v, buf, sizeof buf));
	return false;
}

bool ask_seed(const jv *v, uint64_t *out, char *err, size_t size)
{
	if (jv_uint64(v, out))
		return true;
	char buf[80];
	snprintf(err, size, "'seed' is a whole number from 0 to 2^64-1, not %s",
		 what(v, buf, sizeof buf));
	return false;
}

bool ask_seats(const jv *v, int players, unsigned *out, char *err,
	       size_t size)
{
	*out = 0;
	if (!v) {
		*out = 1;       /* seat 0, as in play */
		return true;
	}
	char buf[80];
	if (v->kind != JV_ARRAY) {
		snprintf(err, size, "'seats' is a list of the seats you play, "
			 "not %s", what(v, buf, sizeof buf));
		return false;
	}
	for (size_t i = 0; i < v->n; i++) {
		int64_t seat;
		if (!jv_int(v->item[i], 0, players - 1, &seat)) {
			snprintf(err, size, "'seats': %s is not a seat of this "
				 "table (0 to %d)", what(v->item[i], buf,
							 sizeof buf), players - 1);
			return false;
		}
		if (*out >> seat & 1) {
			snprintf(err, size, "'seats' names seat %" PRId64 " twice",
				 seat);
			return false;
		}
		*out |= 1u << seat;
	}
	return true;
}

bool ask_bots(const jv *v, unsigned mine, bot_spec *spec, char *err,
	      size_t size)
{
	if (!v)
		return true;
	char text[1024], buf[80];
	if (v->kind == JV_STRING) {
		snprintf(text, sizeof text, "%s", v->string);
	} else if (v->kind == JV_OBJECT) {
		/* {"1": "mc:500"} is 1=mc:500 */
		size_t used = 0;
		text[0] = '\0';
		for (size_t i = 0; i < v->n; i++) {
			const jv *named = v->item[i];
			if (named->kind != JV_STRING || strchr(named->string, ',') ||
			    strchr(named->string, '=')) {
				snprintf(err, size, "'bots': seat %.20s's bot is a "
					 "text such as \"mc:500\", not %s", v->key[i],
					 what(named, buf, sizeof buf));
				return false;
			}
			used += (size_t)snprintf(text + used, sizeof text - used,
						 "%s%s=%s", i ? "," : "", v->key[i],
						 named->string);
			if (used >= sizeof text) {
				snprintf(err, size, "'bots' is too long");
				return false;
			}
		}
	} else {
		snprintf(err, size, "'bots' is a text such as \"low,1=mc:500\", or "
			 "an object such as {\"1\": \"mc:500\"}, not %s",
			 what(v, buf, sizeof buf));
		return false;
	}
	bot_spec parsed = *spec;
	if (!bot_spec_parse(&parsed, text, err, size))
		return false;
	/* a seat named for a bot is not the client's */
	for (const char *p = text; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
		int seat;
		if (sscanf(p, "%d=", &seat) == 1 && seat >= 0 && seat < SEAT_MAX &&
		    (mine >> seat & 1)) {
			snprintf(err, size, "'bots' names seat %d, which you play",
				 seat);
			return false;
		}
	}
	*spec = parsed;
	return true;
}

bool ask_options(const jv *v, const game *g, int64_t *options, char *err,
		 size_t size)
{
	for (int i = 0; i < g->noptions; i++)
		options[i] = g->option[i].fallback;
	if (!v)
		return true;
	char buf[80];
	if (v->kind != JV_OBJECT) {
		snprintf(err, size, "'set' maps the game's options to numbers, as "
			 "in {\"rounds\": 2}, not %s", what(v, buf, sizeof buf));
		return false;
	}
	for (size_t i = 0; i < v->n; i++) {
		int o = game_option_index(g, v->key[i]);
		if (o < 0) {
			size_t used = (size_t)snprintf(err, size, "%s has no option "
						       "'%.60s'", g->name, v->key[i]);
			for (int k = 0; k < g->noptions && used < size; k++)
				used += (size_t)snprintf(err + used, size - used, "%s%s",
							 k ? ", " : "; its options: ",
							 g->option[k].name);
			return false;
		}
		if (!jv_int(v->item[i], INT64_MIN, INT64_MAX, &options[o])) {
			snprintf(err, size, "'set': %s takes a whole number, not %s",
				 g->option[o].name, what(v->item[i], buf, sizeof buf));
			return false;
		}
	}
	return true;
}

int ask_ids(const jv *v, const char *name, int n, int *ids, int max,
	    char *err, size_t size)
{
	char buf[80];
	const jv *const *items = &v;
	size_t count = 1;
	if (v->kind == JV_ARRAY) {
		items = (const jv *const *)v->item;
		count = v->n;
		if (count == 0) {
			snprintf(err, size, "'%s' lists no id", name);
			return -1;
		}
	}
	if (count > (size_t)max) {
		snprintf(err, size, "'%s' lists %zu ids: no decision takes so many",
			 name, count);
		return -1;
	}
	for (size_t i = 0; i < count; i++) {
		int64_t id;
		if (!jv_int(items[i], 0, INT64_MAX, &id) || id >= n) {
			snprintf(err, size, "no action %s in the legal list (its ids "
				 "are 0 to %d)", what(items[i], buf, sizeof buf), n - 1);
			return -1;
		}
		ids[i] = (int)id;
	}
	return (int)count;
}
