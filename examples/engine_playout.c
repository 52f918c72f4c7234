/*
 * engine_playout.c — cardrules' engine in a C program of one's own.
 *
 * Loads a rule file, sets up a match at the game's table, and plays it
 * with uniformly random legal actions: after each deal, its scores; at
 * the end, the totals and the places.  Before every decision it checks
 * that the view of the seat to move shows none of the others' hidden
 * cards.  Built against the installed library:
 *
 *     cc engine_playout.c $(pkg-config --cflags --libs cardrules) \
 *         -o engine_playout
 *     ./engine_playout "$(pkg-config --variable=gamesdir cardrules)/hearts.yaml" 7
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <cardrules.h>

/* "scores: +4 -2 ..." (with signs), or "places: 1 3 ..." */
static void print_seats(const char *what, const int64_t *v, int players,
			bool sign)
{
	printf("%s", what);
	for (int p = 0; p < players; p++)
		printf(sign ? " %+" PRId64 : " %" PRId64, v[p]);
	putchar('\n');
}

/* The view of the seat to move holds of every other hand no more cards
 * than it has. */
static int view_hides(const state *s)
{
	static view v;
	int seat = state_current(s);
	state_view(s, seat, &v);
	for (int q = 0; q < s->players; q++)
		if (q != seat && cset_count(v.s.hand[q]) + v.hidden[q] !=
		    cset_count(s->hand[q]))
			return 0;
	return cset_eq(v.s.hand[seat], s->hand[seat]);
}

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s RULE-FILE [SEED]\n", argv[0]);
		return 2;
	}
	uint64_t seed = argc == 3 ? strtoull(argv[2], NULL, 10) : 1;
	diag *d = diag_new();
	game *g = d ? game_load(argv[1], d) : NULL;
	if (d)
		diag_print(d, stderr, true);    /* every mistake, FILE:LINE:COL */
	diag_free(d);
	if (!g)
		return 1;
	static state s;
	char why[300];
	if (!state_setup(&s, g, g->default_players, 0, NULL, seed, why,
			 sizeof why)) {
		fprintf(stderr, "%s\n", why);
		game_free(g);
		return 1;
	}
	printf("%s, %d player%s, seed %" PRIu64 "\n", g->name, s.players,
	       s.players == 1 ? "" : "s", seed);
	rng r;
	rng_seed(&r, seed, 1);
	long decisions = 0;
	int status = 0;
	while (!state_over(&s)) {
		if (state_current(&s) == SEAT_CHANCE) {
			state_deal(&s);
			continue;
		}
		if (state_stuck(&s)) {
			fprintf(stderr, "the match stopped: %s\n", state_fault_text(&s));
			status = 1;
			break;
		}
		if (!view_hides(&s)) {
			fprintf(stderr, "a view shows hidden cards\n");
			status = 1;
			break;
		}
		state_apply_random(&s, &r);
		decisions++;
		if (state_current(&s) < 0) {
			printf("deal %d:", s.deal_no);
			print_seats(" scores", s.deal_score, s.players, true);
		}
	}
	if (state_over(&s) && !status) {
		print_seats("totals:", s.total, s.players, true);
		int64_t places[SEAT_MAX];
		for (int p = 0; p < s.players; p++)
			places[p] = s.place[p];
		print_seats("places:", places, s.players, false);
		printf("%ld decisions\n", decisions);
	}
	game_free(g);
	return status;
}
