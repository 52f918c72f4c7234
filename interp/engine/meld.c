/* meld.c — melds declared by choice at the first trick. */
#include "engine/meld.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The hook's groups, a meld each, by holder. */
static void melds_by_seat(const hook_result *h, meld_result *r)
{
	memset(r, 0, sizeof *r);
	r->best = h->pick;
	memcpy(r->points, h->score, sizeof r->points);
	for (int k = 0; k < h->ngroups; k++) {
		const hook_group *g = &h->group[k];
		if (g->seat < 0 || r->nmelds[g->seat] == MELDS_MAX)
			continue;
		meld *m = &r->meld[g->seat][r->nmelds[g->seat]++];
		memcpy(m->card, g->card, sizeof m->card);
		m->n = g->n;
		m->points = g->points;
	}
}

void meld_run_hook(const state *s, const cardset *hands, int seat,
		   meld_result *r)
{
	hook_input in = {.hands = hands};
	hook_result h;
	hook_call(&s->g->melds, s, seat, in, &h);
	melds_by_seat(&h, r);
}

/* The hands as dealt, with all the hook reads, and every seat's melds
 * in them: each seat's melds are counted as it comes to play to the
 * first trick, then asked again as it declares them.  A seat's melds are
 * the same asked alone or with every seat's (hook.h), so one call of the
 * hook serves the whole trick. */
typedef struct meld_asked {
	const game *g;
	uint64_t serial;
	hook_args args;
	cardset hands[SEAT_MAX], trumps;
	int8_t players, first;
	int n[SEAT_MAX];
	meld m[SEAT_MAX][MELDS_MAX];
} meld_asked;

static bool asked_before(const meld_asked *k, const state *s)
{
	if (k->g != s->g || k->serial != s->g->serial ||
	    k->players != s->players || k->first != s->first_leader ||
	    !cset_eq(k->trumps, s->trumps) ||
	    memcmp(&k->args, &s->g->melds.args, sizeof k->args) != 0)
		return false;
	for (int p = 0; p < s->players; p++)
		if (!cset_eq(k->hands[p], s->dealt[p]))
			return false;
	return true;
}

/* The hook's groups, each to its holder's melds in order. */
static void melds_of_seats(const hook_result *h, meld_asked *k)
{
	memset(k->n, 0, sizeof k->n);
	memset(k->m, 0, sizeof k->m[0] * (size_t)k->players);
	for (int i = 0; i < h->ngroups; i++) {
		const hook_group *g = &h->group[i];
		if (g->seat < 0 || g->seat >= k->players ||
		    k->n[g->seat] == MELDS_MAX)
			continue;
		meld *m = &k->m[g->seat][k->n[g->seat]++];
		memcpy(m->card, g->card, sizeof m->card);
		m->n = g->n;
		m->points = g->points;
	}
}

static const meld_asked *ask(const state *s)
{
	static _Thread_local meld_asked last;
	if (!asked_before(&last, s)) {
		hook_input in = {.hands = s->dealt};
		hook_result h;
		hook_call(&s->g->melds, s, -1, in, &h);
		last.g = s->g;
		last.serial = s->g->serial;
		last.args = s->g->melds.args;
		memcpy(last.hands, s->dealt, sizeof last.hands);
		last.trumps = s->trumps;
		last.players = s->players;
		last.first = s->first_leader;
		melds_of_seats(&h, &last);
	}
	return &last;
}

int meld_find(const state *s, int seat, meld *out)
{
	if (!s->g->melds.hook)
		return 0;
	const meld_asked *k = ask(s);
	memcpy(out, k->m[seat], sizeof k->m[seat]);
	return k->n[seat];
}

int meld_count(const state *s, int seat)
{
	return s->g->melds.hook ? ask(s)->n[seat] : 0;
}

int meld_legal(const state *s, action *out)
{
	int n = 1 << s->meld_due;
	for (int i = 0; i < n; i++)
		out[i] = action_of(ACT_MELDS, i);
	return n;
}

action meld_all(const state *s)
{
	meld m[MELDS_MAX];
	return action_of(ACT_MELDS, (1 << meld_find(s, s->current, m)) - 1);
}

/* The cards of the melds chosen by bits. */
static cardset chosen_cards(const meld *m, int n, int bits)
{
	cardset cards = cset_empty();
	for (int k = 0; k < n; k++)
		for (int i = 0; bits >> k & 1 && i < m[k].n; i++)
			cset_add(&cards, m[k].card[i]);
	return cards;
}

void meld_apply(state *s, const action *a)
{
	meld m[MELDS_MAX];
	int n = meld_find(s, s->current, m);
	cardset shown = chosen_cards(m, n, a->number);
	s->melded[s->current] = shown;
	/* declared, the cards are seen by all in the declarer's hand */
	s->shown[s->current] = cset_or(s->shown[s->current],
				       cset_and(shown, s->hand[s->current]));
	s->meld_due = 0;
	s->event = EV_ACTION;
}

/* One meld's cards: "10S JS QS". */
static size_t meld_cards(const deck *d, const meld *m, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < m->n && used < size; i++) {
		char name[8];
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i ? " " : "",
					 deck_card_name(d, m->card[i], true, name));
	}
	return used;
}

void meld_words(const state *s, const action *a, char *buf, size_t size)
{
	meld m[MELDS_MAX];
	int n = meld_find(s, s->current, m);
	buf[0] = '\0';
	if (a->number == 0 || a->number == (1 << n) - 1) {
		snprintf(buf, size, "%s", a->number ? "all" : "none");
		return;
	}
	size_t used = 0;
	for (int k = 0; k < n && used < size; k++) {
		if (!(a->number >> k & 1))
			continue;
		if (used)
			used += (size_t)snprintf(buf + used, size - used, " ");
		if (used < size)
			used += meld_cards(&s->g->deck, &m[k], buf + used,
					   size - used);
	}
}

/* "10S JS QS (20); 6C 7C 8C (20)". */
static void melds_text(const deck *d, const meld *m, int n, char *buf,
		       size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int k = 0; k < n && used < size; k++) {
		char cards[80];
		meld_cards(d, &m[k], cards, sizeof cards);
		used += (size_t)snprintf(buf + used, size - used, "%s%s (%d)",
					 k ? "; " : "", cards, m[k].points);
	}
}

/* The card a word names among the seat's cards as dealt; false with the
 * reason. */
static bool parse_card(const state *s, const char *w, card_id *out,
		       char *err, size_t size)
{
	const deck *d = &s->g->deck;
	card_face face;
	int copy;
	enum deck_parse_result r = deck_parse_face(d, w, strlen(w), &face,
						   &copy);
	if (r == DECK_PARSE_SYNTAX) {
		snprintf(err, size, "'%s' is not a card: declare all, none, or "
			 "the cards of the melds you declare", w);
		return false;
	}
	if (r != DECK_PARSE_OK) {
		snprintf(err, size, "this game has no card '%s'", w);
		return false;
	}
	*out = deck_find(d, s->dealt[s->current], face, copy);
	if (*out == CARD_NONE) {
		char name[8];
		snprintf(err, size, "you were not dealt %s",
			 deck_face_name(d, face, name));
		return false;
	}
	return true;
}

bool meld_parse(const state *s, char *const *word, int nword, action *out,
		char *err, size_t size)
{
	const deck *d = &s->g->deck;
	meld m[MELDS_MAX];
	int n = meld_find(s, s->current, m);
	char yours[400];
	melds_text(d, m, n, yours, sizeof yours);
	if (nword == 1 && (strcasecmp(word[0], "all") == 0 ||
			   strcasecmp(word[0], "none") == 0)) {
		*out = action_of(ACT_MELDS, strcasecmp(word[0], "all") == 0
				 ? (1 << n) - 1 : 0);
		return true;
	}
	if (nword == 0) {
		snprintf(err, size, "declare all, none, or the cards of the melds "
			 "you declare; your melds: %s", yours);
		return false;
	}
	cardset named = cset_empty();
	for (int i = 0; i < nword; i++) {
		card_id c;
		if (strcasecmp(word[i], "all") == 0 ||
		    strcasecmp(word[i], "none") == 0) {
			snprintf(err, size, "'%s' stands alone: declare all, none, "
				 "or the cards of the melds you declare", word[i]);
			return false;
		}
		if (!parse_card(s, word[i], &c, err, size))
			return false;
		if (!cset_has(chosen_cards(m, n, (1 << n) - 1), c)) {
			char name[8];
			snprintf(err, size, "%s is in none of your melds; your "
				 "melds: %s", deck_card_name(d, c, true, name),
				 yours);
			return false;
		}
		cset_add(&named, c);
	}
	int bits = 0;
	for (int k = 0; k < n; k++) {
		cardset cards = chosen_cards(m, n, 1 << k);
		if (!cset_meets(named, cards))
			continue;
		if (!cset_subset(cards, named)) {
			char whole[80];
			meld_cards(d, &m[k], whole, sizeof whole);
			snprintf(err, size, "a meld is declared whole: name all of "
				 "%s, or none of it", whole);
			return false;
		}
		bits |= 1 << k;
	}
	*out = action_of(ACT_MELDS, bits);
	return true;
}

int64_t meld_side_points(const state *s, int seat, const action *a)
{
	meld m[MELDS_MAX];
	int n = meld_find(s, seat, m);
	cardset hands[SEAT_MAX];
	memcpy(hands, s->melded, sizeof hands);
	hands[seat] = chosen_cards(m, n, a->number);
	meld_result r;
	meld_run_hook(s, hands, -1, &r);
	int64_t side = 0;
	for (int q = 0; q < s->players; q++)
		if (s->g->team_of[q] == s->g->team_of[seat])
			side += r.points[q];
	return side;
}
