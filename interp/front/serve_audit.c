/* serve_audit.c — the whole truth beside each message sent. */
#include "front/serve_audit.h"

#include "front/serve_view.h"
#include "util/json.h"

/* Cards that lie face down and were never turned for all to see: in
 * face-down places, face down in face-up ones, and the face-down
 * leftovers. */
static cardset lying_down(const state *s)
{
	const game *g = s->g;
	cardset down = cset_minus(s->leftover, s->leftover_up);
	for (int k = 0; k < g->nplaces; k++) {
		cardset in = place_cards(s, k);
		if (g->place[k].face_up)
			in = cset_and(in, s->down);
		down = cset_or(down, cset_minus(in, s->seen));
	}
	return down;
}

void audit_write(FILE *f, long message, const state *s)
{
	const game *g = s->g;
	json j;
	json_init(&j, f, false);
	json_object(&j);
	json_key(&j, "message");
	json_int(&j, message);
	json_key(&j, "deal");
	json_int(&j, s->deal_no);
	json_key(&j, "hands");
	json_array(&j);
	for (int p = 0; p < s->players; p++)
		serve_write_cards(&j, &g->deck, s->hand[p]);
	json_end_array(&j);
	json_key(&j, "piles");
	json_array(&j);
	for (int p = 0; p < g->npiles; p++) {
		card_id cards[CARD_MAX];
		int n = pile_in_order(s, p, cards);
		json_array(&j);
		for (int i = 0; i < n; i++) {
			char name[16];
			json_string(&j, deck_card_name(&g->deck, cards[i], true, name));
		}
		json_end_array(&j);
	}
	json_end_array(&j);
	json_key(&j, "leftover");
	serve_write_cards(&j, &g->deck, s->leftover);
	json_key(&j, "down");
	serve_write_cards(&j, &g->deck, lying_down(s));
	/* cards in hands that every seat has seen go there (a dummy laid
	 * down, melds declared) */
	cardset shown = cset_empty();
	for (int p = 0; p < s->players; p++)
		shown = cset_or(shown, cset_and(s->hand[p], s->shown[p]));
	json_key(&j, "shown");
	serve_write_cards(&j, &g->deck, shown);
	json_key(&j, "unseen");         /* seats yet to look at their hands */
	json_array(&j);
	for (int p = 0; p < s->players; p++)
		if (!state_sees_hand(s, p))
			json_int(&j, p);
	json_end_array(&j);
	json_end_object(&j);
	json_finish(&j);
	fflush(f);
}
