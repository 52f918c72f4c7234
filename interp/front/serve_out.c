/* serve_out.c — writing the server's messages, a line each. */
#include "front/serve_out.h"

#include "util/json_read.h"

#include <stdarg.h>
#include <string.h>

void serve_out_init(serve_out *o, FILE *f)
{
	o->f = f;
	o->sent = 0;
	o->has_id = false;
	o->request = NULL;
	o->beside = NULL;
	json_init(&o->j, f, false);
}

json *serve_notice(serve_out *o, const char *type)
{
	json_init(&o->j, o->f, false);
	json_object(&o->j);
	json_key(&o->j, "type");
	json_string(&o->j, type);
	return &o->j;
}

json *serve_reply(serve_out *o, const char *type)
{
	json *j = serve_notice(o, type);
	if (o->has_id) {
		json_key(j, "re");
		if (o->id_is_text)
			json_string(j, o->id_text);
		else
			json_int(j, o->id_number);
	}
	return j;
}

void serve_end(serve_out *o)
{
	if (o->beside)
		o->beside(o->beside_ctx, o->sent);
	json_end_object(&o->j);
	json_finish(&o->j);
	fflush(o->f);
	o->sent++;
}

void serve_whole_utf8(char *text)
{
	size_t n = strlen(text);
	for (size_t i = 0; i < n;) {
		size_t k = utf8_length((const unsigned char *)text + i, n - i);
		if (k == 0) {
			text[i++] = '?';
			continue;
		}
		i += k;
	}
}

static json *error_open(serve_out *o, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static json *error_open(serve_out *o, const char *fmt, va_list ap)
{
	char message[4096];
	vsnprintf(message, sizeof message, fmt, ap);
	serve_whole_utf8(message);
	json *j = serve_reply(o, "error");
	if (o->request) {
		json_key(j, "request");
		json_string(j, o->request);
	}
	json_key(j, "message");
	json_string(j, message);
	return j;
}

json *serve_error_open(serve_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	json *j = error_open(o, fmt, ap);
	va_end(ap);
	return j;
}

void serve_error(serve_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_open(o, fmt, ap);
	va_end(ap);
	serve_end(o);
}
