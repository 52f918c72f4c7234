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

/* "counters": each counter of the deal by name, as the deal left it (a
 * per-seat one as a list). */
static void deal_counters(json *j, const state *s)
{
	const game *g = s->g;
	json_key(j, "counters");
	json_object(j);
	for (int k = 0; k < g->ncounters; k++) {
		const char *name = g->counter_name[k];
		int64_t v[SEAT_MAX];
		int seats = g->counter_per_seat[k] ? s->players : 1;
		for (int p = 0; p < seats; p++)
			state_counter(s, name, p, &v[p]);
		if (g->counter_per_seat[k]) {
			seat_ints(j, name, v, seats);
			continue;
		}
		json_key(j, name);
		json_int(j, v[0]);
	}
	json_end_object(j);
}

/* "contract": who declared (null: nobody), the bid and whether it was
 * doubled, as the deal's last auction left them. */
static void deal_contract(json *j, const state *s)
{
	json_key(j, "contract");
	json_object(j);
	json_key(j, "declarer");
	if (s->declarer >= 0)
		json_int(j, s->declarer);
	else
		json_null(j);
	json_key(j, "bid");
	json_int(j, s->bid);
	json_key(j, "doubled");
	json_bool(j, s->doubled != 0);
	json_end_object(j);
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
	if (game_has_auction(g))
		deal_contract(j, s);
	if (g->ncounters > 0)
		deal_counters(j, s);
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

static void json_value(json *j, const deck *d, expr_type t, value v)
{
	char name[8];
	switch (t) {
	case TY_BOOL:
		json_bool(j, v.i != 0);
		break;
	case TY_CARD:
		if (v.i >= 0 && v.i <= FACE_JOKER)
			json_string(j, deck_face_name(d, (card_face)v.i, name));
		else
			json_null(j);
		break;
	case TY_CARDS:
		json_array(j);
		CSET_FOREACH(c, v.s)
			json_string(j, deck_card_name(d, c, true, name));
		json_end_array(j);
		break;
	case TY_SUIT:
		if (v.i >= 0 && v.i < SUIT_MAX) {
			char suit[2] = {deck_suit_codes[v.i], '\0'};
			json_string(j, suit);
		} else {
			json_null(j);
		}
		break;
	default:
		json_int(j, v.i);
		break;
	}
}

void report_deal_values(json *j, const state *s, const state *during)
{
	const game *g = s->g;
	static _Thread_local value slots[VARS_SLOTS_MAX];   /* big; one per job */
	state_scored_values(s, during, slots);
	json_key(j, "values");
	json_object(j);
	for (int i = 0; i < g->nlets; i++) {
		const let_def *l = &g->let[i];
		expr_type t = expr_result_type(l->e);
		json_key(j, l->name);
		if (!l->per_seat) {
			json_value(j, &g->deck, t, slots[l->slot]);
			continue;
		}
		json_array(j);
		for (int p = 0; p < s->players; p++)
			json_value(j, &g->deck, t, slots[l->slot + p]);
		json_end_array(j);
	}
	json_end_object(j);
}
