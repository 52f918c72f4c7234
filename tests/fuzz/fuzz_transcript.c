/*
 * fuzz_transcript.c — libFuzzer harness: any bytes as a transcript.
 *
 * Replaying must never crash, hang or leak, and a refused transcript must
 * come with at least one error.  The same bytes are then resumed as
 * `play --resume` does: a file that is refused must be left byte for byte
 * as it was.  Build and run: make fuzz.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "front/transcript.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The games a transcript names resolve from the source tree. */
static void find_games(void)
{
	static int done;
	if (!done && chdir(TOP_SRCDIR) == 0)
		done = 1;
}

static char *contents(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = malloc(*len + 1);
	size_t n = buf ? fread(buf, 1, *len + 1, f) : 0;
	fclose(f);
	*len = n;
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	find_games();
	char path[] = FUZZ_PATH_TEMPLATE;
	if (!fuzz_write_file(data, size, path))
		return 0;
	transcript_replay *r = calloc(1, sizeof *r);
	diag *d = diag_new();
	if (!r || !d)
		abort();
	if (!transcript_replay_file(path, r, d, NULL, NULL) && diag_count(d) == 0)
		abort();                /* refused without a word */
	game_free(r->g);
	diag_free(d);

	d = diag_new();
	memset(r, 0, sizeof *r);
	bool ok = transcript_replay_resumable(path, r, d);
	size_t len = size;
	char *after = contents(path, &len);
	if (!ok && (len != size || (size && memcmp(after, data, size) != 0)))
		abort();                /* refused, yet changed */
	free(after);
	game_free(r->g);
	diag_free(d);
	free(r);
	unlink(path);
	return 0;
}
