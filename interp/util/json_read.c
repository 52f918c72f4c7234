/* json_read.c — the strict JSON reader. */
#include "util/json_read.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct reader {
	arena *a;
	const unsigned char *text, *at, *end;
	char *err;
	size_t size;
	bool failed;
} reader;

static jv *fail(reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Records the first mistake, with the column where it is. */
static jv *fail(reader *r, const char *fmt, ...)
{
	if (r->failed)
		return NULL;
	r->failed = true;
	char what[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(r->err, r->size, "not JSON: %s at column %zu", what,
		 (size_t)(r->at - r->text) + 1);
	return NULL;
}

/* What stands at r->at, for messages: 'x', byte 0x07, or the end. */
static const char *here(const reader *r, char *buf, size_t size)
{
	if (r->at >= r->end)
		snprintf(buf, size, "the end of the message");
	else if (*r->at >= 0x20 && *r->at < 0x7f)
		snprintf(buf, size, "'%c'", *r->at);
	else
		snprintf(buf, size, "byte 0x%02x", *r->at);
	return buf;
}

static jv *unexpected(reader *r, const char *wanted)
{
	char buf[40];
	return fail(r, "%s where %s was expected", here(r, buf, sizeof buf),
		    wanted);
}

static void blanks(reader *r)
{
	while (r->at < r->end && (*r->at == ' ' || *r->at == '\t' ||
				  *r->at == '\n' || *r->at == '\r'))
		r->at++;
}

static jv *node(reader *r, jv_kind kind)
{
	jv *v = arena_alloc(r->a, sizeof *v);
	if (!v)
		return fail(r, "out of memory");
	v->kind = kind;
	return v;
}

/* ---- strings ---- */

size_t utf8_length(const unsigned char *p, size_t n)
{
	unsigned c = p[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	unsigned value = c & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		value = value << 6 | (p[i] & 0x3f);
	}
	if (value < min || value > 0x10ffff ||
	    (value >= 0xd800 && value <= 0xdfff))
		return 0;
	return len;
}

static int hex_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Four hex digits after "\u"; -1 when they are not. */
static long hex4(const reader *r, const unsigned char *p)
{
	if (r->end - p < 4)
		return -1;
	long v = 0;
	for (int i = 0; i < 4; i++) {
		int d = hex_digit(p[i]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

static size_t put_utf8(unsigned char *out, unsigned long c)
{
	if (c < 0x80) {
		out[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (unsigned char)(0xc0 | c >> 6);
		out[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (unsigned char)(0xe0 | c >> 12);
		out[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | c >> 18);
	out[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

/* One escape after its backslash, decoded into out; its length. */
static size_t escape(reader *r, unsigned char *out)
{
	static const char plain[] = "\"\\/bfnrt", meant[] = "\"\\/\b\f\n\r\t";
	const char *k = r->at < r->end && *r->at ? strchr(plain, *r->at) : NULL;
	if (k) {
		r->at++;
		out[0] = (unsigned char)meant[k - plain];
		return 1;
	}
	if (r->at >= r->end || *r->at != 'u') {
		fail(r, "a backslash must start an escape such as \\n or \\u00e9");
		return 0;
	}
	long c = hex4(r, r->at + 1);
	if (c < 0) {
		fail(r, "\\u must be followed by four hex digits");
		return 0;
	}
	r->at += 5;
	if (c >= 0xdc00 && c <= 0xdfff) {
		fail(r, "a low surrogate (\\u%04lx) without a high one", c);
		return 0;
	}
	if (c >= 0xd800 && c <= 0xdbff) {
		long low = r->end - r->at >= 2 && r->at[0] == '\\' &&
			   r->at[1] == 'u' ? hex4(r, r->at + 2) : -1;
		if (low < 0xdc00 || low > 0xdfff) {
			fail(r, "a high surrogate (\\u%04lx) without a low one", c);
			return 0;
		}
		r->at += 6;
		c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
	}
	if (c == 0) {
		fail(r, "\\u0000 is not allowed in a string");
		return 0;
	}
	return put_utf8(out, (unsigned long)c);
}

/* A string at r->at (its opening quote), decoded. */
static const char *string(reader *r, size_t *len)
{
	r->at++;
	/* decoded text is never longer than the source */
	const unsigned char *close = r->at;
	while (close < r->end && *close != '"')
		close += *close == '\\' && close + 1 < r->end ? 2 : 1;
	unsigned char *out = arena_alloc(r->a, (size_t)(close - r->at) + 1);
	if (!out)
		return fail(r, "out of memory"), NULL;
	size_t n = 0;
	for (;;) {
		if (r->at >= r->end)
			return fail(r, "a string is not closed"), NULL;
		unsigned char c = *r->at;
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(r, "a control character (0x%02x) in a string; "
				    "write it as an escape", c), NULL;
		if (c == '\\') {
			r->at++;
			size_t k = escape(r, out + n);
			if (!k)
				return NULL;
			n += k;
			continue;
		}
		size_t k = utf8_length(r->at, (size_t)(r->end - r->at));
		if (!k)
			return fail(r, "a string that is not UTF-8"), NULL;
		memcpy(out + n, r->at, k);
		n += k;
		r->at += k;
	}
	r->at++;
	out[n] = '\0';
	*len = n;
	return (const char *)out;
}

/* ---- numbers ---- */

static bool is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static jv *number(reader *r)
{
	jv *v = node(r, JV_NUMBER);
	if (!v)
		return NULL;
	if (r->at < r->end && *r->at == '-') {
		v->negative = true;
		r->at++;
	}
	if (r->at >= r->end || !is_digit(*r->at))
		return unexpected(r, "a digit");
	bool fits = true;
	if (*r->at == '0') {
		r->at++;
		if (r->at < r->end && is_digit(*r->at))
			return fail(r, "a number may not start with 0");
	} else {
		while (r->at < r->end && is_digit(*r->at)) {
			unsigned d = (unsigned)(*r->at++ - '0');
			if (v->magnitude > (UINT64_MAX - d) / 10)
				fits = false;
			else
				v->magnitude = v->magnitude * 10 + d;
		}
	}
	bool whole = true;
	if (r->at < r->end && *r->at == '.') {
		r->at++;
		if (r->at >= r->end || !is_digit(*r->at))
			return unexpected(r, "a digit after the point");
		while (r->at < r->end && is_digit(*r->at))
			r->at++;
		whole = false;
	}
	if (r->at < r->end && (*r->at == 'e' || *r->at == 'E')) {
		r->at++;
		if (r->at < r->end && (*r->at == '+' || *r->at == '-'))
			r->at++;
		if (r->at >= r->end || !is_digit(*r->at))
			return unexpected(r, "a digit of the exponent");
		while (r->at < r->end && is_digit(*r->at))
			r->at++;
		whole = false;
	}
	v->whole = whole && fits;
	if (!v->whole)
		v->magnitude = 0;
	return v;
}

/* ---- values ---- */

static jv *value(reader *r, int depth);

static bool word(reader *r, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(r->end - r->at) < n || memcmp(r->at, w, n) != 0)
		return false;
	r->at += n;
	return true;
}

/* Items or members until the closing bracket, grown in doubling lists. */
static jv *nested(reader *r, int depth)
{
	bool object = *r->at == '{';
	char close = object ? '}' : ']';
	if (depth >= JSON_READ_DEPTH)
		return fail(r, "nested more than %d deep", JSON_READ_DEPTH);
	jv *v = node(r, object ? JV_OBJECT : JV_ARRAY);
	if (!v)
		return NULL;
	r->at++;
	blanks(r);
	if (r->at < r->end && *r->at == close) {
		r->at++;
		return v;
	}
	size_t cap = 0;
	for (;;) {
		const char *key = NULL;
		if (object) {
			if (r->at >= r->end || *r->at != '"')
				return unexpected(r, "a key (a string)");
			size_t len;
			const unsigned char *start = r->at;
			if (!(key = string(r, &len)))
				return NULL;
			for (size_t i = 0; i < v->n; i++)
				if (strcmp(v->key[i], key) == 0) {
					r->at = start;
					return fail(r, "the key \"%.40s\" is given twice",
						    key);
				}
			blanks(r);
			if (r->at >= r->end || *r->at != ':')
				return unexpected(r, "':'");
			r->at++;
		}
		jv *item = value(r, depth + 1);
		if (!item)
			return NULL;
		if (v->n == cap) {
			size_t more = cap ? 2 * cap : 8;
			jv **items = arena_alloc(r->a, more * sizeof *items);
			const char **keys = object
				? arena_alloc(r->a, more * sizeof *keys) : NULL;
			if (!items || (object && !keys))
				return fail(r, "out of memory");
			if (v->n) {
				memcpy(items, v->item, v->n * sizeof *items);
				if (object)
					memcpy(keys, v->key, v->n * sizeof *keys);
			}
			v->item = items;
			v->key = keys;
			cap = more;
		}
		if (object)
			v->key[v->n] = key;
		v->item[v->n++] = item;
		blanks(r);
		if (r->at < r->end && *r->at == close) {
			r->at++;
			return v;
		}
		if (r->at >= r->end || *r->at != ',')
			return unexpected(r, object ? "',' or '}'" : "',' or ']'");
		r->at++;
		blanks(r);
	}
}

static jv *value(reader *r, int depth)
{
	blanks(r);
	if (r->at >= r->end)
		return unexpected(r, "a value");
	jv *v;
	switch (*r->at) {
	case '{':
	case '[':
		return nested(r, depth);
	case '"':
		if (!(v = node(r, JV_STRING)))
			return NULL;
		v->string = string(r, &v->len);
		return v->string ? v : NULL;
	case 't':
	case 'f':
	{
		bool yes = word(r, "true");
		if (!yes && !word(r, "false"))
			return unexpected(r, "a value");
		if (!(v = node(r, JV_BOOL)))
			return NULL;
		v->boolean = yes;
		return v;
	}
	case 'n':
		if (!word(r, "null"))
			return unexpected(r, "a value");
		return node(r, JV_NULL);
	default:
		if (*r->at == '-' || is_digit(*r->at))
			return number(r);
		return unexpected(r, "a value");
	}
}

jv *json_read(arena *a, const char *text, size_t len, char *err,
	      size_t size)
{
	reader r = {.a = a, .text = (const unsigned char *)text,
		    .at = (const unsigned char *)text,
		    .end = (const unsigned char *)text + len,
		    .err = err, .size = size};
	jv *v = value(&r, 0);
	if (!v)
		return NULL;
	blanks(&r);
	if (r.at < r.end)
		return unexpected(&r, "nothing more");
	return v;
}

const jv *jv_member(const jv *object, const char *key)
{
	if (!object || object->kind != JV_OBJECT)
		return NULL;
	for (size_t i = 0; i < object->n; i++)
		if (strcmp(object->key[i], key) == 0)
			return object->item[i];
	return NULL;
}

bool jv_int(const jv *v, int64_t min, int64_t max, int64_t *out)
{
	if (!v || v->kind != JV_NUMBER || !v->whole)
		return false;
	if (v->negative ? v->magnitude > (uint64_t)INT64_MAX + 1
			: v->magnitude > (uint64_t)INT64_MAX)
		return false;
	int64_t x = !v->negative ? (int64_t)v->magnitude
		: v->magnitude > (uint64_t)INT64_MAX ? INT64_MIN
		: -(int64_t)v->magnitude;
	if (x < min || x > max)
		return false;
	*out = x;
	return true;
}

bool jv_uint64(const jv *v, uint64_t *out)
{
	if (!v || v->kind != JV_NUMBER || !v->whole ||
	    (v->negative && v->magnitude))
		return false;
	*out = v->magnitude;
	return true;
}

const char *jv_kind_name(jv_kind kind)
{
	static const char *const names[] = {
		"null", "true or false", "a number", "a string", "a list",
		"an object",
	};
	return names[kind];
}
