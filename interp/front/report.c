/* report.c — deal and match results as JSON fields. */
#include "front/report.h"

static void seat_ints(json *j, const char *key, const int64_t *v, int n)
{
	json_key(j, key);
	json_array(j);
	for (int p = 0; p < n; p++)
		json_int(j, v[p]);
	json_end_array(j);
}

void report_deal_fields(json *j, const state *s)
{
	const game *g = s->g;
	json_key(j, "deal");
	json_int(j, s->deal_no);
	json_key(j, "dealer");
	json_int(j, s->dealer);
	seat_ints(j, "scores", s->deal_score, s->players);
	seat_ints(j, "totals", s->total, s->players);
	if (s->over) {          /* the match ended with this deal */
		int64_t place[SEAT_MAX];
		for (int p = 0; p < s->players; p++)
			place[p] = s->place[p];
		seat_ints(j, "places", place, s->players);
	}
	if (g->nkept == 0)
		return;
	json_key(j, "kept");
	json_object(j);
	for (int k = 0; k < g->nkept; k++) {
		if (g->kept[k].per_seat) {
			seat_ints(j, g->kept[k].name, s->kept[k], s->players);
			continue;
		}
		json_key(j, g->kept[k].name);
		if (g->kept[k].type == TY_BOOL)
			json_bool(j, s->kept[k][0] != 0);
		else
			json_int(j, s->kept[k][0]);
	}
	json_end_object(j);
}

void report_result_fields(json *j, const state *s)
{
	json_key(j, "over");
	json_bool(j, s->over);
	seat_ints(j, "totals", s->total, s->players);
	if (!s->over)
		return;
	int64_t place[SEAT_MAX];
	for (int p = 0; p < s->players; p++)
		place[p] = s->place[p];
	seat_ints(j, "places", place, s->players);
}
