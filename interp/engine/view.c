/* view.c — hiding what a seat cannot see, and sampling it back. */
#include "engine/engine.h"

#include <string.h>

#include "engine/phase.h"
#include "engine/place.h"

/* The cards a seat knows another holds: those of the melds the other
 * declared (a meld withheld stays hidden), and those the seat passed to
 * it in any pass of the deal, as long as they stay there (a card passed
 * on has a new passer; one laid back has none). */
static cardset known_in(const state *s, int seat, int other)
{
	cardset out = cset_and(s->hand[other], s->melded[other]);
	CSET_FOREACH(c, s->hand[other])
		if (s->passed_by[c] == seat + 1)
			cset_add(&out, c);
	return out;
}

/* The cards of `in` in place k in the order of their positions, pile by
 * pile from the bottom up, not in the order of the cards: that order
 * would tell hidden cards apart; how many. */
static int in_position_order(const state *s, int k, cardset in,
			     card_id *out)
{
	const place_def *pl = &s->g->place[k];
	int n = 0;
	for (int i = 0; i < pl->npiles; i++) {
		card_id pile[CARD_MAX];
		int h = pile_in_order(s, pl->first_pile + i, pile);
		for (int d = 0; d < h; d++)
			if (cset_has(in, pile[d]))
				out[n++] = pile[d];
	}
	return n;
}

/* Cards of face-down places leave the view, but for the seat that laid
 * them there, and so do cards lying face down in a face-up place (a
 * Klondike tableau); their positions stay.  A card that has lain face up
 * in a solitaire (state.seen) stays known wherever it went. */
static void hide_places(const state *s, int seat, view *v)
{
	v->hidden_slots = 0;
	v->slot_down = cset_empty();
	for (int k = 0; k < s->g->nplaces; k++) {
		if (s->place_known[k] == seat)
			continue;
		cardset in = place_cards(s, k);
		if (s->g->place[k].face_up)
			in = cset_and(in, s->down);
		in = cset_minus(in, s->seen);
		v->unknown = cset_or(v->unknown, in);
		card_id slot[CARD_MAX];
		int n = in_position_order(s, k, in, slot);
		for (int j = 0; j < n; j++) {
			card_id c = slot[j];
			/* which card lies face down there is hidden too: the
			 * sample marks the card it puts there */
			if (cset_has(s->down, c))
				cset_add(&v->slot_down, (card_id)v->hidden_slots);
			cset_del(&v->s.down, c);
			v->slot_by[v->hidden_slots] = s->place_known[k];
			v->slot_pile[v->hidden_slots] = (uint8_t)(s->pile_of[c] - 1);
			v->slot_depth[v->hidden_slots++] = s->depth[c];
			pile_lift(&v->s, c);
			v->s.depth[c] = 0;
		}
	}
}

/* Of what others were dealt, the view keeps the cards whose first holder
 * the seat can tell: not those it cannot locate, nor those that moved
 * face down or lie in a hand that got cards face down; but cards shown
 * to all keep where they came from, wherever they went. */
static void keep_dealt(const state *s, int seat, view *v)
{
	bool looked = state_sees_hand(s, seat);
	cardset pinned = cset_empty();
	for (int q = 0; q < s->players; q++)
		pinned = cset_or(pinned, s->pinned[q]);
	cardset mine = looked ? s->dealt[seat] : cset_empty();
	v->untraced = cset_minus(cset_or(v->unknown, s->untraced),
				 cset_or(mine, pinned));
	v->s.untraced = v->untraced;
	for (int q = 0; q < s->players; q++) {
		v->pinned[q] = q == seat ? cset_empty()
			: cset_and(s->pinned[q], v->unknown);
		if (q == seat && looked) {
			v->untold[q] = 0;
			continue;
		}
		v->s.dealt[q] = cset_minus(s->dealt[q], v->untraced);
		v->untold[q] = (uint8_t)(cset_count(s->dealt[q]) -
					 cset_count(v->s.dealt[q]));
	}
}

/* The cards q has chosen in secret so far (face down, in `passing`), as
 * the phase in progress counts them: pass_chosen outlives its round. */
static int chosen_in_secret(const state *s, int q)
{
	if (s->current < 0 || s->phase < 0 || s->phase >= s->g->nphases)
		return 0;
	const phase_kind_def *def = phase_def(s->g->phase[s->phase].kind);
	return def->chosen ? def->chosen(s, q) : 0;
}

void state_view(const state *s, int seat, view *v)
{
	v->s = *s;
	v->s.seed = 0;          /* with the seed, the shuffle could be redone */
	/* the rule file's checks guard the game itself: the deals a bot
	 * plays out from a view need not work them out after each deal */
	v->s.checks = false;
	/* and with the deal's order, a stock's */
	memset(v->s.dealt_place, 0, sizeof v->s.dealt_place);
	memset(v->s.deal_pos, 0, sizeof v->s.deal_pos);
	/* and who passed which card, but for the seat's own passes */
	for (int c = 0; c < CARD_MAX; c++)
		if (v->s.passed_by[c] != seat + 1)
			v->s.passed_by[c] = 0;
	v->seat = (int8_t)seat;
	v->unknown = cset_empty();
	memset(v->hidden, 0, sizeof v->hidden);
	memset(v->chosen, 0, sizeof v->chosen);
	bool looked = state_sees_hand(s, seat);
	for (int q = 0; q < s->players; q++) {
		if (q == seat && looked)
			continue;
		cardset known = cset_or(known_in(s, seat, q),
					cset_and(s->shown[q], s->hand[q]));
		cardset secret = cset_minus(s->hand[q], known);
		v->unknown = cset_or(v->unknown, secret);
		v->hidden[q] = (uint8_t)cset_count(secret);
		v->chosen[q] = (uint8_t)chosen_in_secret(s, q);
		v->s.hand[q] = known;
		v->s.gave[q] = cset_empty();
	}
	if (s->current >= 0 && s->phase >= 0) {
		const phase *p = &s->g->phase[s->phase];
		const phase_kind_def *def = phase_def(p->kind);
		if (def->hide)
			def->hide(s, p, seat, &v->s);
	}
	cardset down = cset_minus(s->leftover, s->leftover_up);
	v->unknown = cset_or(v->unknown, down);
	v->hidden_leftover = (uint8_t)cset_count(down);
	v->s.leftover = s->leftover_up;
	hide_places(s, seat, v);
	keep_dealt(s, seat, v);
}

static int suit_bit(const state *s, card_id c)
{
	return cset_has(s->trumps, c) ? DECK_JOKER + 1 : s->g->deck.suit_of[c];
}

/* Puts each pinned card in its seat's hand (not against a void) or a
 * slot that seat laid, at random; the slots taken are marked in `used`. */
static void deal_pinned(const view *v, rng *r, uint8_t *need, bool *used,
			bool respect_voids, state *out)
{
	for (int q = 0; q < v->s.players; q++) {
		CSET_FOREACH(c, v->pinned[q]) {
			int free[CARD_MAX], n = 0;
			for (int i = 0; i < v->hidden_slots; i++)
				if (!used[i] && v->slot_by[i] == q)
					free[n++] = i;
			bool lacks = respect_voids &&
				     v->s.void_suits[q] >> suit_bit(&v->s, c) & 1;
			int hand = n && lacks ? 0 : need[q];
			if (n + hand == 0)
				continue;       /* never: its hand and slots
						   hold all its pinned cards */
			int k = (int)rng_below(r, (uint32_t)(n + hand));
			if (k >= n) {
				cset_add(&out->hand[q], c);
				need[q]--;
				continue;
			}
			int i = free[k];
			used[i] = true;
			pile_put(out, v->slot_pile[i], v->slot_depth[i], c);
			if (cset_has(v->slot_down, (card_id)i))
				cset_add(&out->down, c);
		}
	}
}

/* Puts card c in a hand that may hold it (no void in its suit) or among
 * the face-down leftovers: one with room, or one that hands a card dealt
 * to it here (`movable`) on to another the same way; false when no such
 * chain exists.  `seen`: the seats tried, as bits (the leftovers: bit
 * `players`); need[players] is the leftovers' room. */
static bool place_by_moving(const view *v, state *out, uint8_t *need,
			    cardset *movable, card_id c, uint32_t *seen);

/* Card c takes the face-down position of a card put there here, which
 * goes on into a hand or the leftovers (place_by_moving). */
static bool take_position(const view *v, state *out, uint8_t *need,
			  cardset *movable, card_id c, uint32_t *seen)
{
	CSET_FOREACH(x, *movable) {
		if (!out->pile_of[x])
			continue;
		int pile = out->pile_of[x] - 1, depth = out->depth[x];
		bool down = cset_has(out->down, x);
		pile_lift(out, x);
		cset_del(&out->down, x);
		if (!place_by_moving(v, out, need, movable, x, seen)) {
			pile_put(out, pile, depth, x);
			if (down)
				cset_add(&out->down, x);
			continue;
		}
		pile_put(out, pile, depth, c);
		if (down)
			cset_add(&out->down, c);
		cset_add(movable, c);
		return true;
	}
	return false;
}

static bool place_by_moving(const view *v, state *out, uint8_t *need,
			    cardset *movable, card_id c, uint32_t *seen)
{
	int bit = suit_bit(&v->s, c);
	int left = v->s.players;
	if (v->hidden_leftover && !(*seen >> left & 1)) {
		*seen |= 1u << left;
		if (need[left]) {
			need[left]--;
			cset_add(&out->leftover, c);
			cset_add(movable, c);
			return true;
		}
		CSET_FOREACH(x, cset_and(out->leftover, *movable)) {
			if (place_by_moving(v, out, need, movable, x, seen)) {
				cset_del(&out->leftover, x);
				cset_add(&out->leftover, c);
				return true;
			}
		}
	}
	for (int q = 0; q < v->s.players; q++) {
		if (*seen >> q & 1 || v->s.void_suits[q] >> bit & 1 ||
		    (!need[q] && !v->hidden[q]))
			continue;
		*seen |= 1u << q;
		if (need[q]) {
			need[q]--;
			cset_add(&out->hand[q], c);
			cset_add(movable, c);
			return true;
		}
		CSET_FOREACH(x, cset_and(out->hand[q], *movable)) {
			if (place_by_moving(v, out, need, movable, x, seen)) {
				cset_del(&out->hand[q], x);
				cset_add(&out->hand[q], c);
				cset_add(movable, c);
				return true;
			}
		}
	}
	return false;
}

/* Deals pool[] (the unknown cards but the pinned) to the hidden places;
 * false when the voids could not be respected this time.  With `repair`,
 * a card no hand may take takes the place of one dealt earlier instead
 * (place_by_moving, take_position). */
static bool try_deal(const view *v, rng *r, const card_id *pool, int n,
		     bool respect_voids, bool repair, state *out)
{
	uint8_t need[SEAT_MAX + 1];
	bool used[CARD_MAX] = {false};
	cardset movable = cset_empty();         /* dealt below */
	memcpy(need, v->hidden, SEAT_MAX);
	int need_left = v->hidden_leftover;
	if (n < cset_count(v->unknown))
		deal_pinned(v, r, need, used, respect_voids, out);
	/* the face-down places take the first of the shuffled pool */
	for (int i = 0; i < v->hidden_slots; i++) {
		if (used[i])
			continue;
		pile_put(out, v->slot_pile[i], v->slot_depth[i], *pool);
		if (cset_has(v->slot_down, (card_id)i))
			cset_add(&out->down, *pool);
		cset_add(&movable, *pool);
		pool++;
		n--;
	}
	for (int i = 0; i < n; i++) {
		card_id c = pool[i];
		int bit = suit_bit(&v->s, c);
		int choices[SEAT_MAX + 1], k = 0;
		for (int q = 0; q < v->s.players; q++)
			if (need[q] && (!respect_voids ||
					!(v->s.void_suits[q] >> bit & 1)))
				choices[k++] = q;
		if (need_left)
			choices[k++] = -1;
		uint32_t seen = 0;
		need[v->s.players] = (uint8_t)need_left;
		if (k == 0 && repair &&
		    (place_by_moving(v, out, need, &movable, c, &seen) ||
		     take_position(v, out, need, &movable, c, &seen))) {
			need_left = need[v->s.players];
			continue;
		}
		if (k == 0)
			return false;
		int q = choices[rng_below(r, (uint32_t)k)];
		if (q < 0) {
			cset_add(&out->leftover, c);
			cset_add(&movable, c);
			need_left--;
		} else {
			cset_add(&out->hand[q], c);
			cset_add(&movable, c);
			need[q]--;
		}
	}
	return true;
}

/* Others who already chose their pass chose something: guess it. */
static void guess_passes(const view *v, rng *r, state *out)
{
	for (int q = 0; q < out->players; q++) {
		for (int k = 0; k < v->chosen[q]; k++) {
			cardset left = cset_minus(out->hand[q], out->passing[q]);
			int n = cset_count(left);
			if (n == 0)
				break;
			cset_add(&out->passing[q],
				 cset_nth(left, (int)rng_below(r, (uint32_t)n)));
		}
	}
}

/* k cards of `from` at random. */
static cardset some_of(cardset from, int k, rng *r)
{
	int n = cset_count(from);
	if (k >= n)
		return from;
	cardset out = cset_empty();
	for (; k > 0; k--, n--) {
		card_id c = cset_nth(from, (int)rng_below(r, (uint32_t)n));
		cset_add(&out, c);
		cset_del(&from, c);
	}
	return out;
}

/* What each other seat was dealt in the sampled world: the cards the
 * seat could tell, then untraced cards the sample put in its hand, then
 * any others left untraced (those it passed or laid away, and played
 * after they changed hands). */
static void complete_dealt(const view *v, rng *r, state *out)
{
	cardset free = v->untraced;
	int short_of[SEAT_MAX] = {0};
	for (int q = 0; q < out->players; q++) {
		if (!v->untold[q])
			continue;
		cardset mine = some_of(cset_and(out->hand[q], free), v->untold[q], r);
		out->dealt[q] = cset_or(v->s.dealt[q], mine);
		free = cset_minus(free, mine);
		short_of[q] = v->untold[q] - cset_count(mine);
	}
	for (int q = 0; q < out->players; q++) {
		if (!short_of[q])
			continue;
		cardset more = some_of(free, short_of[q], r);
		out->dealt[q] = cset_or(out->dealt[q], more);
		free = cset_minus(free, more);
	}
}

/* How many hidden hands may hold a card of c's suit (by the voids). */
static int holders_of(const view *v, card_id c)
{
	int bit = suit_bit(&v->s, c), n = 0;
	for (int q = 0; q < v->s.players; q++)
		n += v->hidden[q] && !(v->s.void_suits[q] >> bit & 1);
	return n;
}

/* The cards that fewest hands may hold go first (their order among
 * equals stays shuffled), so that a deal that respects the voids is
 * rarely missed; the face-down places still take the first ones. */
static void constrained_first(const view *v, card_id *pool, int n, int from)
{
	for (int i = from + 1; i < n; i++) {
		card_id c = pool[i];
		int k = holders_of(v, c), j = i;
		for (; j > from && holders_of(v, pool[j - 1]) > k; j--)
			pool[j] = pool[j - 1];
		pool[j] = c;
	}
}

void view_sample(const view *v, rng *r, state *out)
{
	card_id pool[CARD_MAX];
	int n = 0;
	cardset pinned = cset_empty();
	for (int q = 0; q < v->s.players; q++)
		pinned = cset_or(pinned, v->pinned[q]);
	CSET_FOREACH(c, cset_minus(v->unknown, pinned))
		pool[n++] = c;
	/* random deals first; the last that keeps to the voids repairs
	 * where it runs into them; the very last ignores them */
	for (int attempt = 0; attempt < 32; attempt++) {
		*out = v->s;
		rng_shuffle(r, pool, n);
		if (attempt > 0)
			constrained_first(v, pool, n, v->hidden_slots < n ?
					  v->hidden_slots : n);
		if (try_deal(v, r, pool, n, attempt < 31, attempt == 30, out))
			break;
	}
	complete_dealt(v, r, out);
	guess_passes(v, r, out);
}
