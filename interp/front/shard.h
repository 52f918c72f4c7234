/*
 * shard.h — one slice of a simulation, and the slices merged.
 *
 * `simulate --shard K/N` plays the matches K, K+N, K+2N ... of the run
 * (each from its own seed, as every run plays them) a margin past its
 * share of the deals, and writes them to a result file; `merge` reads the
 * files of all the slices and counts the matches in order up to the deals
 * asked for, exactly as one run counts them: the merged result is the
 * single run's, byte for byte.  A slice that stopped too short is named.
 *
 * A result file is untrusted input: every line is checked against the
 * file's header, the header against the game and the other files, and a
 * mistake is reported as FILE:LINE: error: ... before anything is printed.
 * Reads are bounded: a line by SHARD_LINE_MAX, a file by twice its deals.
 */
#ifndef CARDRULES_SHARD_H
#define CARDRULES_SHARD_H

#include "front/sim.h"

#define SHARD_MAX 100000                /* N of --shard K/N at most */
#define SHARD_LINE_MAX (1 << 20)        /* bytes of a line (a deal's JSON) */

/* Plays slice o->shard of o->shards into the file `path`; 0 on success. */
int shard_run(const game *g, const sim_opts *o, const char *path);

/* The game named by the result file `path`, into name[size]; false
 * (reported) when the file is not a result file. */
bool shard_game(const char *path, char *name, size_t size);

/* Merges the result files path[0..n) of a run of g (the game that
 * shard_game names) into out, as sim_run prints the run: 0, or 1 when a
 * file is refused (or a check of the rule file failed in the run), 2 when
 * a slice the run needs is missing. */
int shard_merge(const game *g, const char *const *path, int n, FILE *out);

#endif
