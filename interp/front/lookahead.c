/* lookahead.c — calls made by playing the deal on (see lookahead.h). */
#include "front/lookahead.h"

/* Calls a playout looks ahead at, at most: each costs a playout per
 * candidate, and the first calls of an auction matter most.  Once a
 * card is played or laid it looks ahead no more: a later auction (Ribs
 * bids before every double trick) is far from the decision searched,
 * and would slow every playout of the play of the cards. */
#define LOOKED_AHEAD_MAX 6
/* Bids without denominations tried at one call, at most. */
#define SPREAD_BIDS 6

bool lookahead_is_call(const action *moves, int n)
{
	for (int i = 0; i < n; i++)
		switch ((action_kind)moves[i].kind) {
		case ACT_BID:
		case ACT_PASS:
		case ACT_DOUBLE:
		case ACT_REDOUBLE:
		case ACT_CHOICE:
			break;
		default:
			return false;
		}
	return n > 0;
}

/* Whether any bid before moves[i] names its denomination. */
static bool denom_met(const action *moves, int i)
{
	for (int j = 0; j < i; j++)
		if (moves[j].kind == ACT_BID && moves[j].denom == moves[i].denom)
			return true;
	return false;
}

int lookahead_candidates(const action *moves, int n, const action *keep,
			 action *out)
{
	int bids = 0, denoms = 0, k = 0;
	for (int i = 0; i < n; i++)
		if (moves[i].kind == ACT_BID) {
			bids++;
			denoms += !denom_met(moves, i);
		}
	int seen = 0;
	for (int i = 0; i < n; i++) {
		if (moves[i].kind != ACT_BID) {
			out[k++] = moves[i];
			continue;
		}
		bool keep_bid;
		if (bids <= SPREAD_BIDS)
			keep_bid = true;
		else if (denoms > 1)
			keep_bid = !denom_met(moves, i);
		else            /* the lowest, then evenly to the highest */
			keep_bid = seen == 0 ||
			       seen * (SPREAD_BIDS - 1) / (bids - 1) !=
			       (seen - 1) * (SPREAD_BIDS - 1) / (bids - 1);
		seen++;
		if (keep_bid || (keep && action_eq(keep, &moves[i])))
			out[k++] = moves[i];
	}
	return k;
}

/* The end, into *end, of call a of the seat to move in s, the deal
 * played on by the rules of thumb on the random stream `stream`. */
static void line_after(const state *s, const thumb_style *style, action a,
		       uint64_t stream, lookahead_line *end)
{
	state t = *s;
	rng same;
	rng_seed(&same, stream, 1);
	state_apply_listed(&t, a);
	thumb_play_deal(&t, style, MIX_THUMB, &same);
	end->known = true;
	for (int p = 0; p < s->players; p++)
		end->worth[p] = t.fault ? 0 : state_deal_worth(&t, p);
}

/* The rules of thumb's call (a pass, no double, no declaration; the
 * lowest bid to open) stands unless another is worth more: among
 * calls worth the same, the bid listed first would otherwise win, and
 * every tie would raise.  The candidates keep the call the rules of
 * thumb make among all the calls, so that their line goes on here. */
action lookahead_call(const state *s, const thumb_style *style,
		      const action *moves, int n, lookahead_line *line,
		      rng *r)
{
	action cand[ACTIONS_MAX];
	action plain = thumb_choose(s, style, moves, n), best = plain;
	int k = lookahead_candidates(moves, n, &plain, cand);
	uint64_t stream = rng_next(r);
	lookahead_line best_end, end;
	if (line && line->known)
		best_end = *line;
	else
		line_after(s, style, plain, stream, &best_end);
	int me = s->current;
	for (int i = 0; i < k; i++) {
		if (action_eq(&cand[i], &plain))
			continue;
		line_after(s, style, cand[i], stream, &end);
		if (end.worth[me] > best_end.worth[me]) {
			best = cand[i];
			best_end = end;
		}
	}
	if (line)
		*line = best_end;
	return best;
}

void lookahead_play_deal(state *s, const thumb_style *style,
			 lookahead_line *line, rng *r)
{
	lookahead_line none = {.known = false};
	if (!line)
		line = &none;
	if (state_current(s) == SEAT_CHANCE) {
		state_deal(s);
		line->known = false;
	}
	int deal = s->deal_no, looked = 0;
	action moves[ACTIONS_MAX];
	while (s->current >= 0 && s->deal_no == deal) {
		/* once it looks ahead no more, the cards are not listed
		 * twice a step: thumb_step lists them */
		if (looked < LOOKED_AHEAD_MAX &&
		    !cset_is_empty(state_legal_cards(s))) {
			looked = LOOKED_AHEAD_MAX;
		} else if (looked < LOOKED_AHEAD_MAX) {
			int n = state_legal(s, moves);
			if (!lookahead_is_call(moves, n)) {
				looked = LOOKED_AHEAD_MAX;      /* cards laid */
			} else if (n > 1) {
				looked++;
				state_apply_listed(s, lookahead_call(s, style,
								     moves, n,
								     line, r));
				continue;
			}
		}
		if (!thumb_play_on(s, style, MIX_CALLS_BY_THUMB, r))
			break;
	}
}
