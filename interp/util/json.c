/* json.c — the streaming JSON writer. */
#include "util/json.h"

#include <math.h>
#include <string.h>

void json_init(json *j, FILE *out, bool pretty)
{
	j->out = out;
	j->pretty = pretty;
	j->depth = 0;
	j->first[0] = true;
	j->after_key = false;
}

static void indent(json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->out);
}

/* Separates a value from the previous one, unless it follows its key. */
static void before_value(json *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (!j->first[j->depth])
		fputc(',', j->out);
	j->first[j->depth] = false;
	if (j->depth > 0)
		indent(j);
}

static void open(json *j, char c)
{
	before_value(j);
	fputc(c, j->out);
	if (j->depth < JSON_DEPTH - 1)
		j->depth++;
	j->first[j->depth] = true;
}

static void close(json *j, char c)
{
	bool empty = j->first[j->depth];
	if (j->depth > 0)
		j->depth--;
	if (!empty)
		indent(j);
	fputc(c, j->out);
}

void json_object(json *j)
{
	open(j, '{');
}

void json_end_object(json *j)
{
	close(j, '}');
}

void json_array(json *j)
{
	open(j, '[');
}

void json_end_array(json *j)
{
	close(j, ']');
}

static void write_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

void json_key(json *j, const char *key)
{
	before_value(j);
	write_string(j->out, key);
	fputs(j->pretty ? ": " : ":", j->out);
	j->after_key = true;
}

void json_string(json *j, const char *s)
{
	before_value(j);
	write_string(j->out, s);
}

void json_raw(json *j, const char *text)
{
	before_value(j);
	fputs(text, j->out);
}

void json_int(json *j, int64_t v)
{
	before_value(j);
	fprintf(j->out, "%lld", (long long)v);
}

void json_double(json *j, double v)
{
	before_value(j);
	if (isfinite(v))
		fprintf(j->out, "%.6g", v);
	else
		fputs("null", j->out);
}

void json_bool(json *j, bool v)
{
	before_value(j);
	fputs(v ? "true" : "false", j->out);
}

void json_null(json *j)
{
	before_value(j);
	fputs("null", j->out);
}

void json_finish(json *j)
{
	fputc('\n', j->out);
}

/* ---- checking ------------------------------------------------------- */

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static const char *blanks(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/* Each function below returns the end of what starts at s, or NULL. */

static const char *string_end(const char *s)
{
	for (s++; *s != '"'; s++) {
		if ((unsigned char)*s < 0x20)   /* the end of the text too */
			return NULL;
		if (*s != '\\')
			continue;
		s++;
		if (*s == 'u') {
			for (int i = 1; i <= 4; i++)
				if (!s[i] || !strchr("0123456789abcdefABCDEF", s[i]))
					return NULL;
			s += 4;
		} else if (!*s || !strchr("\"\\/bfnrt", *s)) {
			return NULL;
		}
	}
	return s + 1;
}

static const char *digits_end(const char *s)
{
	if (!digit(*s))
		return NULL;
	while (digit(*s))
		s++;
	return s;
}

static const char *number_end(const char *s)
{
	s += *s == '-';
	s = *s == '0' ? s + 1 : digits_end(s);
	if (s && *s == '.')
		s = digits_end(s + 1);
	if (s && (*s == 'e' || *s == 'E'))
		s = digits_end(s + 1 + (s[1] == '+' || s[1] == '-'));
	return s;
}

static const char *word_end(const char *s, const char *word)
{
	size_t n = strlen(word);
	return strncmp(s, word, n) == 0 ? s + n : NULL;
}

static const char *value_end(const char *s, int depth);

/* An object or an array: its members, a key before each in an object. */
static const char *nested_end(const char *s, int depth)
{
	char close = *s == '{' ? '}' : ']';
	if (depth >= JSON_DEPTH)
		return NULL;
	s = blanks(s + 1);
	if (*s == close)
		return s + 1;
	for (;;) {
		if (close == '}') {
			if (*s != '"' || !(s = string_end(s)))
				return NULL;
			s = blanks(s);
			if (*s++ != ':')
				return NULL;
		}
		if (!(s = value_end(s, depth + 1)))
			return NULL;
		s = blanks(s);
		if (*s == close)
			return s + 1;
		if (*s++ != ',')
			return NULL;
		s = blanks(s);
	}
}

static const char *value_end(const char *s, int depth)
{
	s = blanks(s);
	switch (*s) {
	case '{':
	case '[':
		return nested_end(s, depth);
	case '"':
		return string_end(s);
	case 't':
		return word_end(s, "true");
	case 'f':
		return word_end(s, "false");
	case 'n':
		return word_end(s, "null");
	default:
		return number_end(s);
	}
}

bool json_valid(const char *text)
{
	const char *end = value_end(text, 0);
	return end && *blanks(end) == '\0';
}
