/*
 * shard.h — one slice of a simulation, and the slices merged.
 *
 * `simulate --shard K/N` plays the matches K, K+N, K+2N ... of the run
 * (each from its own seed, as every run plays them) a margin past its
 * share of the deals, and writes them to a result file; `merge` reads the
 * files of all the slices and counts the matches in order up to the deals
 * asked for, exactly as one run counts them: the merged result is the
 * single run's, byte for byte.  A slice that stopped too short is named.
 */
#ifndef CARDRULES_SHARD_H
#define CARDRULES_SHARD_H

#include "front/sim.h"

/* Plays slice o->shard of o->shards into the file `path`; 0 on success. */
int shard_run(const game *g, const sim_opts *o, const char *path);

/* A result file read back: the run's settings and its matches. */
typedef struct shard_file {
	char game[1024];
	sim_opts o;
	char bots[200];
	sim_match **match;              /* by match index; NULL: not in it */
	int nmatch;
} shard_file;

/* Reads `path` into f, adding its matches; false (reported) on errors. */
bool shard_read(const char *path, shard_file *f);

void shard_free(shard_file *f);

#endif
