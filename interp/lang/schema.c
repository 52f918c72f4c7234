/* schema.c — the tables of the rule-file format, checking and JSON Schema. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "lang/schema.h"

#include <pcre2.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/suggest.h"

/* ======================================================================
 * Scalar kinds
 * ====================================================================== */

#define NAME_PATTERN "^[a-z_][a-z0-9_]*$"
#define PLAYERS_PATTERN "^[1-9][0-9]*$"
#define CARDSPEC_PATTERN "^((10|[2-9JQKA])[SHDCXL]?|[SHDCXL]|JK[12]?)$"

static const schema s_string = {.kind = SK_STRING};
static const schema s_bool = {.kind = SK_BOOL};
static const schema s_version = {
	.kind = SK_INT, .min = 1, .max = 1,
	.doc = "version of the rule-file format; this program reads version 1",
};
static const schema s_seat_count = {
	.kind = SK_INT, .min = 1, .max = SEAT_MAX,
	.doc = "a number of players",
};
static const schema s_nonneg = {.kind = SK_INT, .min = 0, .max = 1000000};
static const schema s_copies = {.kind = SK_INT, .min = 1, .max = 8};
static const schema s_any_int = {
	.kind = SK_INT, .min = -1000000000, .max = 1000000000,
};
static const schema s_count = {
	.kind = SK_COUNT, .title = "count",
	.doc = "an integer, an expression of `players` and the options, or a "
	       "mapping from each player count to an integer",
};
static const schema s_cardspec = {
	.kind = SK_CARDSPEC, .title = "cardspec",
	.doc = "a card (QS, 10H, JK), a suit (H) or a rank (Q, 10)",
};

#define EXPR(name, t, d) \
	static const schema name = {.kind = SK_EXPR, .etype = t, .doc = d}
EXPR(s_expr_int, TY_INT, "an integer expression");
EXPR(s_expr_bool, TY_BOOL, "a boolean expression");
EXPR(s_expr_seat, TY_SEAT, "a seat expression");
EXPR(s_expr_cards, TY_CARDS, "a card-set expression");
EXPR(s_expr_any, TY_NONE, "an expression");

/* A formula that `explain` shows may come with its words: {is, says};
 * a named value also with `show`, where the table shows it. */
static const schema_field said_value_fields[] = {
	{"is", &s_expr_any, true, "the formula"},
	{"says", &s_string, false,
	 "the formula in words, which explain gives instead of the formula"},
	{"show", &s_expr_bool, false,
	 "where the table shows the value at the end of a deal: false hides it "
	 "(it stays in --json), a condition on the seat shows it only for the "
	 "seats where it holds (default: true)"},
	{0},
};
static const schema s_said_value_map = {
	.kind = SK_MAP, .title = "said_value", .fields = said_value_fields,
	.doc = "a named value with its words and where it is shown",
};
static const schema *const said_value_alts[] = {&s_expr_any, &s_said_value_map,
						NULL};
static const schema s_said_value = {
	.kind = SK_EITHER, .alternatives = said_value_alts, .title = "named_value",
	.doc = "an expression, or {is: EXPRESSION, says: WORDS, show: CONDITION}",
};
#define SAID(name, expr_schema, what)                                        \
	static const schema_field name##_fields[] = {                        \
		{"is", &expr_schema, true, "the formula"},                   \
		{"says", &s_string, false, "the formula in words, which "    \
		 "explain gives instead of the formula"},                    \
		{0},                                                         \
	};                                                                   \
	static const schema name##_map = {                                   \
		.kind = SK_MAP, .title = #name, .fields = name##_fields,     \
		.doc = what " with its words",                               \
	};                                                                   \
	static const schema *const name##_alts[] = {&expr_schema,            \
						    &name##_map, NULL};      \
	static const schema name = {                                         \
		.kind = SK_EITHER, .alternatives = name##_alts,              \
		.doc = what ", or {is: EXPRESSION, says: WORDS}",            \
	}
SAID(s_said_int, s_expr_int, "an integer expression");
SAID(s_said_bool, s_expr_bool, "a boolean expression");
SAID(s_said_seat, s_expr_seat, "a seat expression");
SAID(s_said_cards, s_expr_cards, "a card-set expression");

/* ======================================================================
 * players, options, deck, values, deal
 * ====================================================================== */

static const schema_field players_fields[] = {
	{"min", &s_seat_count, true, "fewest players"},
	{"max", &s_seat_count, true, "most players"},
	{"default", &s_seat_count, false,
	 "players when the command line does not say (default: min)"},
	{0},
};
static const schema s_players_map = {
	.kind = SK_MAP, .title = "players", .fields = players_fields,
	.doc = "the range of player counts",
};
static const schema *const players_alts[] = {&s_seat_count, &s_players_map, NULL};
static const schema s_players = {
	.kind = SK_EITHER, .alternatives = players_alts,
	.doc = "a fixed number of players, or {min, max, default}",
};

static const char *const direction_choices[] = {
	"clockwise", "counter-clockwise", NULL,
};
static const schema s_direction = {
	.kind = SK_ENUM, .choices = direction_choices, .title = "direction",
	.doc = "the direction of play, dealing and turns",
};

static const schema s_seat_number = {
	.kind = SK_INT, .min = 0, .max = SEAT_MAX - 1, .doc = "a seat number",
};
static const schema s_team = {
	.kind = SK_LIST, .item = &s_seat_number, .doc = "the seats of one team",
};
static const schema s_teams = {
	.kind = SK_LIST, .item = &s_team, .title = "teams",
	.doc = "fixed partnerships: each seat in exactly one team, such as "
	       "[[0, 2], [1, 3]]",
};

static const schema_field option_fields[] = {
	{"default", &s_any_int, true, "the value when the command line does not set it"},
	{"min", &s_any_int, false, "the smallest value allowed"},
	{"max", &s_any_int, false, "the largest value allowed"},
	{"help", &s_string, false, "one line for --help and the docs"},
	{0},
};
static const schema s_option = {
	.kind = SK_MAP, .title = "option", .fields = option_fields,
	.doc = "an integer the players agree on before the game, set with --set NAME=N",
};
static const schema s_options = {
	.kind = SK_DICT, .item = &s_option, .key_pattern = NAME_PATTERN,
	.key_doc = "an option name (lower case letters, digits, _)",
	.key_name = "OPTION",
	.doc = "agreed settings, usable in expressions by name",
};

static const schema s_suit_code = {
	.kind = SK_CARDSPEC, .title = "suit", .doc = "a suit code: S H D C X L",
};
static const schema s_rank_code = {
	.kind = SK_CARDSPEC, .title = "rank", .doc = "a rank code: 2..10 J Q K A",
};
static const schema s_suit_list = {.kind = SK_LIST, .item = &s_suit_code};
static const schema s_rank_list = {.kind = SK_LIST, .item = &s_rank_code};
static const schema s_cardspec_list = {.kind = SK_LIST, .item = &s_cardspec};

static const schema s_partners = {
	.kind = SK_DICT, .item = &s_suit_code, .key_pattern = "^[SHDCXL]$",
	.key_doc = "a suit code", .key_name = "SUIT",
	.doc = "pairs of partner suits, each pair given once ({S: H, C: D}); "
	       "partner(suit) in expressions",
};

static const schema s_suit_names = {
	.kind = SK_DICT, .item = &s_string, .key_pattern = "^[SHDCXL]$",
	.key_doc = "a suit code", .key_name = "SUIT",
	.doc = "the suits' names in the game's language ({C: Kreuz, S: Pik})",
};

static const schema_field deck_fields[] = {
	{"suits", &s_suit_list, true, "the suits, in the order hands are sorted"},
	{"ranks", &s_rank_list, true, "the ranks of every suit, lowest first"},
	{"copies", &s_copies, false, "how many such decks are shuffled together (default 1)"},
	{"suit-sets", &s_count, false,
	 "how many suit-sets (the ranks of one suit of one copy) are used, "
	 "taken in order; default: all"},
	{"jokers", &s_nonneg, false, "jokers added to the deck (default 0)"},
	{"partners", &s_partners, false,
	 "suits paired with each other, such as the suits of a colour"},
	{"suit-names", &s_suit_names, false,
	 "what players call the suits, for the rules in words and the table"},
	{0},
};
static const schema s_deck = {
	.kind = SK_MAP, .title = "deck", .fields = deck_fields,
	.doc = "what the deck is made of",
};

static const schema s_value_table = {
	.kind = SK_DICT, .item = &s_any_int, .key_pattern = CARDSPEC_PATTERN,
	.key_doc = "a card, a suit or a rank",
	.key_name = "CARD",
	.title = "value_table",
	.doc = "card values: the first entry that matches a card gives its "
	       "value (a card before its suit or rank); other cards are worth 0",
};
static const schema s_values = {
	.kind = SK_DICT, .item = &s_value_table, .key_pattern = NAME_PATTERN,
	.key_doc = "a table name (lower case letters, digits, _)",
	.key_name = "TABLE",
	.doc = "named card-value tables, used in expressions as name(cards)",
};

static const schema s_packet_size = {.kind = SK_INT, .min = 1, .max = 100};
static const schema s_place_packet = {
	.kind = SK_DICT, .item = &s_packet_size, .key_pattern = NAME_PATTERN,
	.key_doc = "a place name", .key_name = "PLACE",
	.doc = "so many cards to a place ({skat: 2})",
};
static const schema *const packet_alts[] = {&s_packet_size, &s_place_packet, NULL};
static const schema s_packet = {
	.kind = SK_EITHER, .alternatives = packet_alts, .title = "packet",
	.doc = "so many cards to each hand in turn, or {PLACE: n}",
};
static const schema s_packets = {
	.kind = SK_LIST, .item = &s_packet,
	.doc = "the deal in packets, in order: [3, {skat: 2}, 4, 3]",
};

static const char *const turn_up_choices[] = {"none", "last", NULL};
static const schema s_turn_up = {
	.kind = SK_ENUM, .choices = turn_up_choices,
	.doc = "none (default) or last",
};

static const schema_field deal_fields[] = {
	{"hand", &s_count, true,
	 "cards dealt to each player; it may read `deal`, the deal's number, "
	 "and is then worked out as each deal starts"},
	{"face-up", &s_count, false,
	 "how many of the undealt cards lie face up (the first ones; all of "
	 "them in a deal that leaves fewer); default 0; it may read `deal`"},
	{"from", &s_said_seat, false,
	 "the seat dealt to first (default: the dealer's next seat)"},
	{"packets", &s_packets, false,
	 "deal in packets rather than one card at a time (default)"},
	{"turn-up", &s_turn_up, false,
	 "last: the last card dealt to a player (the dealer's, dealing one "
	 "at a time) is turned up for all to see, and read as `turned_up`; "
	 "it stays in that hand"},
	{0},
};
static const schema s_deal = {
	.kind = SK_MAP, .title = "deal", .fields = deal_fields,
	.doc = "how the cards are dealt; the undealt rest are the leftovers",
};

/* ======================================================================
 * places
 * ====================================================================== */

static const schema s_piles = {.kind = SK_INT, .min = 1, .max = 32};
static const char *const face_choices[] = {"down", "up", NULL};
static const schema s_face = {
	.kind = SK_ENUM, .choices = face_choices,
	.doc = "down (default): nobody sees its cards; up: everybody does",
};
static const schema s_grid_side = {.kind = SK_INT, .min = 1, .max = 8};
static const schema s_grid_shape = {
	.kind = SK_LIST, .item = &s_grid_side,
	.doc = "[rows, columns], each 1 to 8",
};
static const schema s_pyramid_rows = {.kind = SK_INT, .min = 1, .max = 7};
static const schema s_pile_word = {
	.kind = SK_STRING,
	.doc = "a pile's word: letters, digits and commas, at most 8",
};
static const schema s_pile_words = {
	.kind = SK_LIST, .item = &s_pile_word,
	.doc = "each pile's word in the text loop and transcripts",
};
static const schema s_around_place = {
	.kind = SK_STRING, .title = "place_name",
	.doc = "the name of a grid place declared before this one",
};
static const schema_field place_fields[] = {
	{"piles", &s_piles, false, "how many piles it has (default 1)"},
	{"grid", &s_grid_shape, false,
	 "the piles form a grid of [rows, columns] (words r,c from 0,0 at the "
	 "top left)"},
	{"around", &s_around_place, false,
	 "its piles are the slots around a grid: N0.. above, E0.. right, S0.. "
	 "below, W0.. left, each beside one edge pile"},
	{"pyramid", &s_pyramid_rows, false,
	 "the piles form a pyramid of so many rows (words r,c from 0,0 at the "
	 "apex); a pile is covered, and gives no card, while either of the two "
	 "piles of the next row that overlap it has cards"},
	{"names", &s_pile_words, false,
	 "each pile's word (default: the place's name and a number)"},
	{"face", &s_face, false, "whether its cards lie face up"},
	{"deal", &s_count, false,
	 "cards dealt to it after the hands, one to each pile in turn (default 0)"},
	{0},
};
static const schema s_place = {
	.kind = SK_MAP, .title = "place", .fields = place_fields,
	.doc = "a named place of piles of ordered cards",
};
static const schema s_places = {
	.kind = SK_DICT, .item = &s_place, .key_pattern = NAME_PATTERN,
	.key_doc = "a place name (lower case letters, digits, _)",
	.key_name = "PLACE",
	.doc = "named places holding piles of ordered cards (a skat, a stock, "
	       "a grid of stacks); each name is the place's cards in expressions",
};

static const schema s_place_name = {
	.kind = SK_STRING, .title = "place_name",
	.doc = "the name of a place declared under 'places'",
};

/* ======================================================================
 * counters
 * ====================================================================== */

static const schema s_string_list_early = {.kind = SK_LIST, .item = &s_string};
static const schema_field counter_fields[] = {
	{"initial", &s_expr_int, false,
	 "its value when a deal starts: an expression, which may read the "
	 "values kept from the last deal (default 0)"},
	{"per-seat", &s_bool, false, "one for each seat (default: one for the table)"},
	{"says", &s_string, false,
	 "what it counts, in words, for explain (the number of pushes of the skat)"},
	{"names", &s_string_list_early, false,
	 "words for its values 0, 1, 2, ..., shown at the table instead of the "
	 "number ([spades, hearts, diamonds, clubs])"},
	{"show", &s_said_bool, false,
	 "the table shows it only when this holds (default: always; false: never)"},
	{0},
};
static const schema s_counter_map = {
	.kind = SK_MAP, .title = "counter", .fields = counter_fields,
	.doc = "a counter with an expression for its start, or one per seat",
};
static const schema *const counter_alts[] = {&s_any_int, &s_counter_map, NULL};
static const schema s_counter = {
	.kind = SK_EITHER, .alternatives = counter_alts, .title = "counter_start",
	.doc = "its value when a deal starts, or {initial, per-seat}",
};
static const schema s_counters = {
	.kind = SK_DICT, .item = &s_counter, .key_pattern = NAME_PATTERN,
	.key_doc = "a counter name (lower case letters, digits, _)",
	.key_name = "COUNTER",
	.doc = "integers of the deal, set back to these values when a deal "
	       "starts and raised by choices; usable in expressions by name",
};
static const schema s_counter_adds = {
	.kind = SK_DICT, .item = &s_said_int, .key_pattern = NAME_PATTERN,
	.key_doc = "a counter name", .key_name = "COUNTER",
	.doc = "counters and what to add to each",
};

/* ======================================================================
 * phases
 * ====================================================================== */

static const schema_field pass_fields[] = {
	{"cards", &s_count, true, "how many cards each player passes"},
	{"to", &s_expr_int, true,
	 "to whom, as a seat offset: left, right, across, keep (no pass), or "
	 "an integer expression such as choose((deal - 1) % 4, left, right, across, keep)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_pass = {
	.kind = SK_MAP, .title = "pass", .fields = pass_fields,
	.doc = "every player chooses cards and gives them to another player; "
	       "nobody sees what they receive before choosing",
};

static const schema_field restrict_fields[] = {
	{"when", &s_said_bool, false, "the rule applies only when this holds"},
	{"only", &s_said_cards, false,
	 "play one of these cards if any of them is allowed"},
	{"avoid", &s_said_cards, false,
	 "do not play these cards while another is allowed"},
	{"why", &s_string, false,
	 "the reason, shown to a player whose card the rule refuses"},
	{0},
};
static const schema s_restrict = {
	.kind = SK_MAP, .title = "restriction", .fields = restrict_fields,
	.doc = "a limit on the cards a player may play, never leaving them "
	       "without a card; give exactly one of only and avoid",
};
static const schema s_restrict_list = {.kind = SK_LIST, .item = &s_restrict};

static const char *const follow_choices[] = {"suit", "any", "suit-or-trump", NULL};
static const schema s_follow = {
	.kind = SK_ENUM, .choices = follow_choices,
	.doc = "suit: a player who holds a card of the led suit must play one "
	       "(trumps form their own suit); any: no obligation; "
	       "suit-or-trump: follow suit or play a trump",
};
static const char *const undertrump_choices[] = {"allowed", "forbidden", NULL};
static const schema s_undertrump = {
	.kind = SK_ENUM, .choices = undertrump_choices,
	.doc = "allowed (default) or forbidden: when a plain suit is led and a "
	       "trump played, no lower trump unless the hand holds only trumps",
};
static const char *const winner_choices[] = {"highest", NULL};
static const schema s_winner_name = {
	.kind = SK_ENUM, .choices = winner_choices,
	.doc = "highest: the highest trump, or else the highest card of the led suit",
};
static const schema s_winner_hook = {
	.kind = SK_HOOK, .hook_slot = "trick-winner",
	.doc = "a trick-winner hook with its parameters",
};
static const schema *const winner_alts[] = {&s_winner_name, &s_winner_hook, NULL};
static const schema s_winner = {
	.kind = SK_EITHER, .alternatives = winner_alts, .title = "trick_winner",
	.doc = "who wins a trick",
};
static const char *const leftover_choices[] = {
	"last-trick-winner", "nobody", NULL,
};
static const schema s_leftover_to = {
	.kind = SK_ENUM, .choices = leftover_choices,
	.doc = "who takes the leftover cards after the last trick (default: nobody)",
};
static const char *const declare_melds_choices[] = {"all", "chosen", NULL};
static const schema s_declare_melds = {
	.kind = SK_ENUM, .choices = declare_melds_choices,
	.doc = "all (default): every meld the scoring's melds hook finds in "
	       "a hand as dealt counts; chosen: as they play to the first "
	       "trick, the players who hold melds declare all, none or some "
	       "of them, and only those declared count",
};

static const schema s_said_cards_list = {
	.kind = SK_LIST, .item = &s_said_cards,
	.doc = "a list of card-set expressions, each with its words if need be",
};
static const schema_field rank_order_fields[] = {
	{"when", &s_said_bool, true,
	 "the order ranks these tricks when this holds as they start (the "
	 "first of the list that holds)"},
	{"ranks", &s_cardspec_list, true,
	 "every rank of the deck once, from the lowest to the highest"},
	{0},
};
static const schema s_rank_order = {
	.kind = SK_MAP, .title = "rank_order", .fields = rank_order_fields,
	.doc = "an order of the ranks chosen by the contract (Skat's Null: 7 8 "
	       "9 10 J Q K A)",
};
static const schema s_rank_orders = {
	.kind = SK_LIST, .item = &s_rank_order,
	.doc = "rank orders the contract may choose, in order; the deck's "
	       "order when none holds",
};
static const schema_field card_show_fields[] = {
	{"cards", &s_said_cards, true,
	 "the cards that may be shown (seat is who shows them)"},
	{"count", &s_expr_int, false,
	 "how many of those it holds are shown (default: all)"},
	{0},
};
static const schema s_card_show = {
	.kind = SK_MAP, .title = "card_show", .fields = card_show_fields,
	.doc = "cards shown in the hand of who makes it: known to every seat "
	       "there until played",
};
static const schema_field trick_call_fields[] = {
	{"when", &s_said_bool, false,
	 "it may be called only when this holds (seat is the caller, at its "
	 "turn to play)"},
	{"why", &s_string, false,
	 "the rule of 'when' in words, shown to a player refused the call"},
	{"add", &s_counter_adds, false,
	 "counters to raise when it is called (seat is the caller)"},
	{"says", &s_string, false, "what the call means, in words"},
	{"shows", &s_card_show, false,
	 "cards the call shows in the caller's hand (a call of Re, one queen "
	 "of clubs)"},
	{0},
};
static const schema s_trick_call = {
	.kind = SK_MAP, .title = "trick_call", .fields = trick_call_fields,
	.doc = "what making the call means",
};
static const schema s_trick_calls = {
	.kind = SK_DICT, .item = &s_trick_call, .key_pattern = NAME_PATTERN,
	.key_doc = "a word a player may call (lower case letters, digits, _)",
	.key_name = "WORD",
	.doc = "calls a player may make at their turn, before their card, "
	       "each once a deal (Doppelkopf's re and kontra)",
};
static const schema_field tricks_fields[] = {
	{"leader", &s_said_seat, true, "who leads the first trick"},
	{"follow", &s_follow, false, "the follow rule (default: suit)"},
	{"follow-unless", &s_said_bool, false,
	 "a condition on the seat: when it holds, the seat need not follow "
	 "(the Jass trump jack)"},
	{"undertrump", &s_undertrump, false, "whether under-trumping is allowed"},
	{"lowest-wins", &s_said_bool, false,
	 "when this holds (evaluated as the tricks start), the lowest card of "
	 "the suit led wins (Undenufe)"},
	{"restrict", &s_restrict_list, false,
	 "further limits, applied in order after the follow rule"},
	{"trumps", &s_said_cards, false, "the cards that are trumps (default: none)"},
	{"trump-order", &s_cardspec_list, false,
	 "the trumps from lowest to highest, as cards or ranks (default: rank order)"},
	{"winner", &s_winner, false, "who wins a trick (default: highest)"},
	{"tricks", &s_count, false, "how many tricks (default: until the hands "
	 "are empty); it may read `deal`"},
	{"leftover-to", &s_leftover_to, false, "who takes the leftovers at the end"},
	{"declare-melds", &s_declare_melds, false,
	 "whether melds are declared by choice at the first trick (default: all)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{"top-trumps", &s_said_cards_list, false,
	 "card-set expressions, highest first, worked out as the tricks start: "
	 "the card of each ranks above every other trump (Euchre's right and "
	 "left bowers)"},
	{"dummy", &s_said_seat, false,
	 "a hand laid face up for all to see after the first card of these "
	 "tricks (at once when it leads), and played by dummy-by"},
	{"dummy-by", &s_said_seat, false,
	 "who plays the dummy's cards, deciding with what it sees"},
	{"sits-out", &s_said_bool, false,
	 "a condition on the seat, worked out as the tricks start: a seat for "
	 "which it holds plays no card to these tricks (a partner of a player "
	 "going alone)"},
	{"ends-when", &s_said_bool, false,
	 "after each trick: when this holds, the tricks end at once, the "
	 "cards left unplayed (a Null lost at the declarer's first trick)"},
	{"open-hand", &s_said_bool, false,
	 "a condition on the seat, worked out as the tricks start: a seat for "
	 "which it holds plays with its hand face up for all (Skat's Ouvert)"},
	{"rank-orders", &s_rank_orders, false,
	 "orders of the ranks in the plain suits (not among trumps) "
	 "that the contract chooses as the tricks start"},
	{"calls", &s_trick_calls, false,
	 "calls a player may make at their turn, before their card, each once "
	 "a deal while its condition holds: they raise counters and are told "
	 "at the table"},
	{0},
};
static const schema s_tricks = {
	.kind = SK_MAP, .title = "tricks", .fields = tricks_fields,
	.doc = "trick play: the winner of each trick leads the next",
};

static const schema s_lay_face = {
	.kind = SK_ENUM, .choices = face_choices,
	.doc = "down (default): only the chooser knows them, even in a face-up "
	       "place; up: everybody sees them",
};
static const schema_field effect_fields[] = {
	{"add", &s_counter_adds, false,
	 "counters to raise, each by an integer expression (seat is the chooser)"},
	{"declare", &s_bool, false,
	 "the chooser becomes the declarer of the deal"},
	{"ends", &s_bool, false,
	 "the round ends at once: nobody after the chooser chooses"},
	{"take", &s_place_name, false,
	 "the chooser takes this place's cards into the hand and lays as many "
	 "back there, face down unless 'lay: up'"},
	{"keep", &s_expr_cards, false,
	 "cards the chooser may not lay back after 'take' (as long as others are left)"},
	{"why", &s_string, false,
	 "the rule of 'keep' in words, shown to a player who would lay such a card back"},
	{"says", &s_string, false,
	 "what the choice does, in words, shown where it is offered"},
	{"lay", &s_lay_face, false,
	 "how the cards laid back after 'take' lie in the place: down "
	 "(default; only the chooser knows them, even in a face-up place) or up"},
	{"shows", &s_card_show, false,
	 "cards the choice shows in the chooser's hand (a marriage, both queens "
	 "of clubs)"},
	{"when", &s_said_bool, false,
	 "it may be chosen only when this holds (seat is the chooser); it "
	 "can read the deal so far"},
	{0},
};
static const schema s_effect = {
	.kind = SK_MAP, .title = "choice_effects", .fields = effect_fields,
	.doc = "what choosing it does",
};
static const schema s_choices = {
	.kind = SK_DICT, .item = &s_effect, .key_pattern = NAME_PATTERN,
	.key_doc = "a choice's word (lower case letters, digits, _)",
	.key_name = "CHOICE",
	.doc = "the choices, in the order they are offered, each with what it does "
	       "({} for nothing but being chosen)",
};
static const schema_field choose_fields[] = {
	{"who", &s_expr_bool, false,
	 "a condition on the seat: who chooses (default: every seat)"},
	{"from", &s_said_seat, false,
	 "the first seat to choose; then the others in the direction of play "
	 "(default: the dealer's next seat)"},
	{"choices", &s_choices, true, "the choices each seat has"},
	{"says", &s_string, false,
	 "what the round decides, in words, shown before each choice"},
	{"verb", &s_string, false,
	 "the verb the table tells a choice with, as said of another player "
	 "(`declares`: \"Seat 2 declares grand: ...\"; default: `chooses`)"},
	{"unseen", &s_expr_bool, false,
	 "a condition on the seat: it chooses before looking at its hand, "
	 "which stays hidden from it (and its bot) until it has chosen "
	 "(blind nil)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_choose = {
	.kind = SK_MAP, .title = "choose", .fields = choose_fields,
	.doc = "a round of decisions: each seat in turn picks one of the named "
	       "choices, which can raise counters, make the chooser declarer, or "
	       "end the round",
};

static const schema_field bid_range_fields[] = {
	{"from", &s_count, true, "the lowest number"},
	{"to", &s_count, true, "the highest number"},
	{"step", &s_count, false, "the distance between numbers (default 1)"},
	{0},
};
static const schema s_bid_range = {
	.kind = SK_MAP, .title = "bid_range", .fields = bid_range_fields,
	.doc = "the numbers from `from` to `to`, `step` apart",
};
static const schema s_bid_number = {.kind = SK_INT, .min = 1, .max = 30000};
static const schema s_bid_list = {
	.kind = SK_LIST, .item = &s_bid_number,
	.doc = "the numbers, in rising order",
};
static const schema *const bids_alts[] = {&s_bid_list, &s_bid_range, NULL};
static const schema s_bids = {
	.kind = SK_EITHER, .alternatives = bids_alts, .title = "bids",
	.doc = "the numbers that may be bid: a list, or {from, to, step}",
};
static const char *const raise_choices[] = {"higher", "next", NULL};
static const schema s_raise = {
	.kind = SK_ENUM, .choices = raise_choices,
	.doc = "higher: any higher number (default); next: exactly the next one",
};
static const schema s_denomination = {
	.kind = SK_STRING,
	.doc = "a suit of the deck (a trump suit) or a name such as obenabe",
};
static const schema s_denominations = {
	.kind = SK_LIST, .item = &s_denomination,
	.doc = "what each bid names with its number; the names become "
	       "booleans in expressions, true for the contract's",
};
static const char *const after_pass_choices[] = {"stays", "out", NULL};
static const schema s_after_pass = {
	.kind = SK_ENUM, .choices = after_pass_choices,
	.doc = "stays: a player who passed may call again (default); out: a "
	       "pass leaves this auction",
};
static const char *const double_choices[] = {"nobody", "opponents", NULL};
static const schema s_double = {
	.kind = SK_ENUM, .choices = double_choices,
	.doc = "who may double the standing bid: nobody (default), or a "
	       "player of another team than the bidder's; a double ends the "
	       "auction unless double-ends is false",
};
static const char *const declarer_choices[] = {"last-bidder", "first-to-name",
					      NULL};
static const schema s_declarer_rule = {
	.kind = SK_ENUM, .choices = declarer_choices,
	.doc = "who declares the contract: the last bidder (default), or the "
	       "first player of the last bidder's team to have bid its "
	       "denomination (bridge)",
};
static const char *const no_bid_choices[] = {"redeal", "play-on", NULL};
static const schema s_no_bid = {
	.kind = SK_ENUM, .choices = no_bid_choices,
	.doc = "when everybody passes without a bid: redeal (the same dealer "
	       "deals again; default) or play-on without a contract",
};
static const schema_field auction_fields[] = {
	{"from", &s_said_seat, false,
	 "the first to call; then the others in the direction of play "
	 "(default: the dealer's next seat)"},
	{"bids", &s_bids, true, "the numbers that may be bid"},
	{"raise", &s_raise, false, "how far a bid raises the standing bid"},
	{"opening", &s_count, false, "the first call must be a bid of this number"},
	{"denominations", &s_denominations, false,
	 "what a bid names besides its number (default: nothing)"},
	{"after-pass", &s_after_pass, false, "whether a pass is final"},
	{"double", &s_double, false, "who may double"},
	{"redouble", &s_bool, false,
	 "the side doubled may redouble (default false); a new bid clears both"},
	{"double-ends", &s_bool, false,
	 "a double ends the auction (default true); false: the auction goes on "
	 "until all the players but one pass in a row after the last call"},
	{"denominations-rank", &s_bool, false,
	 "within a number, a bid of a denomination later in the list is "
	 "higher (default false: only the number ranks bids)"},
	{"declarer", &s_declarer_rule, false, "who declares the contract"},
	{"top-ends", &s_bool, false,
	 "a bid of the highest number ends the auction at once"},
	{"no-bid", &s_no_bid, false, "what happens when nobody bids"},
	{"raise-adds", &s_counter_adds, false,
	 "counters raised at each bid but a forced opening one (seat is the "
	 "bidder; a per-seat counter is the bidder's)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_auction = {
	.kind = SK_MAP, .title = "auction", .fields = auction_fields,
	.doc = "calls in turn (pass, bid, double) until a bid stands; the last "
	       "bidder is the declarer and the bid the contract: `bid`, "
	       "`doubled`, `contract_trumps` and the denominations' names",
};

static const schema s_seat_name = {.kind = SK_STRING};
static const schema s_seat_names = {
	.kind = SK_LIST, .item = &s_seat_name,
	.doc = "the seats' names, from the first listener on in the direction "
	       "of play (Forehand, Middlehand, Rearhand)",
};
static const schema_field hold_fields[] = {
	{"from", &s_said_seat, false,
	 "the first to listen; the others bid to the one still in, in the "
	 "direction of play (default: the dealer's next seat)"},
	{"bids", &s_bid_list, true, "the numbers that may be bid"},
	{"seat-names", &s_seat_names, false,
	 "names for the seats in the table's words, one a seat"},
	{"no-bid", &s_no_bid, false, "what happens when nobody bids"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_hold = {
	.kind = SK_MAP, .title = "hold-auction", .fields = hold_fields,
	.doc = "bids made to one seat at a time, who holds or passes; the one "
	       "left in is the declarer and the number standing the contract "
	       "(`bid`)",
};

static const schema_field call_numbers_fields[] = {
	{"from", &s_expr_int, true,
	 "the lowest number (an expression of the deal, for the caller)"},
	{"to", &s_expr_int, true,
	 "the highest number: to: count(dealt) is 0 to the hand's size"},
	{0},
};
static const schema s_call_numbers = {
	.kind = SK_MAP, .title = "call_numbers", .fields = call_numbers_fields,
	.doc = "the numbers that may be called",
};
static const schema_field call_word_fields[] = {
	{"value", &s_expr_int, false, "the number it counts as (default 0)"},
	{"when", &s_said_bool, false,
	 "it may be called only when this holds (seat is the caller)"},
	{"why", &s_string, false,
	 "the rule of 'when' in words, shown to a player refused the word"},
	{"add", &s_counter_adds, false,
	 "counters to raise when it is called (seat is the caller)"},
	{0},
};
static const schema s_call_word = {
	.kind = SK_MAP, .title = "call_word", .fields = call_word_fields,
	.doc = "what calling the word means",
};
static const schema s_call_words = {
	.kind = SK_DICT, .item = &s_call_word, .key_pattern = NAME_PATTERN,
	.key_doc = "a word that may be called (lower case letters, digits, _)",
	.key_name = "WORD",
	.doc = "words called instead of a number, each worth a number: nil",
};
static const schema_field call_rule_fields[] = {
	{"when", &s_said_bool, true,
	 "the call weighed (`call`) is refused when this holds; it reads the "
	 "calls so far through the `into` counter"},
	{"why", &s_string, false, "the reason, shown to a player refused"},
	{0},
};
static const schema s_call_rule = {
	.kind = SK_MAP, .title = "call_rule", .fields = call_rule_fields,
	.doc = "a call that may not be made",
};
static const schema s_call_rules = {.kind = SK_LIST, .item = &s_call_rule};
static const schema s_counter_ref = {
	.kind = SK_STRING,
	.doc = "a counter of the file's counters, with per-seat: true",
};
static const schema_field calls_fields[] = {
	{"who", &s_expr_bool, false,
	 "a condition on the seat: who calls (default: every seat)"},
	{"from", &s_said_seat, false,
	 "the first to call; then the others in the direction of play "
	 "(default: the dealer's next seat)"},
	{"numbers", &s_call_numbers, false, "the numbers that may be called"},
	{"words", &s_call_words, false, "words that may be called"},
	{"into", &s_counter_ref, false,
	 "the per-seat counter each call's number goes into"},
	{"forbid", &s_call_rules, false,
	 "calls refused, in order: Oh Hell's dealer may not make the bids add "
	 "up to the tricks"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_calls = {
	.kind = SK_MAP, .title = "calls", .fields = calls_fields,
	.doc = "each seat in turn calls a number or a word once, kept for the "
	       "deal in a per-seat counter; `call` is the call a rule weighs",
};

static const char *const turn_choices[] = {"clockwise", "counter-clockwise", NULL};
static const schema s_turn = {
	.kind = SK_ENUM, .choices = turn_choices,
	.doc = "clockwise or counter-clockwise",
};
static const char *const tie_choices[] = {"ranks", "order", NULL};
static const schema s_tie_break = {
	.kind = SK_ENUM, .choices = tie_choices,
	.doc = "ranks: the tied suits' ranks, highest first, compared card by "
	       "card; order: the suit of the first card turned up",
};
static const schema s_tie_breaks = {
	.kind = SK_LIST, .item = &s_tie_break,
	.doc = "how a tie for the most cards is broken, in order; ties left "
	       "go by order",
};
static const schema s_elects = {
	.kind = SK_STRING,
	.doc = "a name (lower case letters, digits, _) for the elected suit",
};
static const schema_field vote_fields[] = {
	{"cards", &s_count, false, "cards each player lays face down (default 1)"},
	{"from", &s_said_seat, false,
	 "whose cards are turned up first (default: the dealer's next seat)"},
	{"order", &s_turn, false,
	 "which way round the cards are turned up (default: the direction of play)"},
	{"with", &s_place_name, false,
	 "a place whose cards are turned up too, after the players' cards"},
	{"to", &s_place_name, true,
	 "the place of one pile where all the cards turned up lie, in order"},
	{"elects", &s_elects, false,
	 "the suit with the most cards turned up is elected, a suit under this "
	 "name in expressions"},
	{"tie", &s_tie_breaks, false, "how a tie of the election is broken"},
	{"says", &s_string, false,
	 "what the vote decides, in words, shown before each player lays"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_vote = {
	.kind = SK_MAP, .title = "vote", .fields = vote_fields,
	.doc = "every player lays cards face down at once; then all are turned "
	       "up together, leave the hands for good, and may elect a suit",
};

static const char *const up_down_choices[] = {"down", "up", NULL};
static const schema s_ribs_face = {
	.kind = SK_ENUM, .choices = up_down_choices,
	.doc = "down (default) or up",
};
static const char *const others_choices[] = {"up-or-down", "up", NULL};
static const schema s_others_face = {
	.kind = SK_ENUM, .choices = others_choices,
	.doc = "up-or-down (default): both face up or both face down, face "
	       "down dropping out; up: face up only",
};
static const schema s_table_name = {
	.kind = SK_STRING, .title = "table_name",
	.doc = "the name of a table of card values declared under 'values'",
};
static const schema s_double_hook = {
	.kind = SK_HOOK, .hook_slot = "double-trick",
	.doc = "a double-trick hook with its parameters",
};
static const schema_field double_fields[] = {
	{"leader", &s_said_seat, true, "who lays the first two cards (the ribs)"},
	{"ribs", &s_ribs_face, false, "how the leader's two cards are laid"},
	{"others", &s_others_face, false, "how the other players' cards are laid"},
	{"resolve", &s_double_hook, true, "the hook that says where the cards go"},
	{"values", &s_table_name, true, "the card values of the bid check"},
	{"discard", &s_place_name, true, "the place of the discarded cards"},
	{"then-adds", &s_counter_adds, false,
	 "counters raised after the resolution (seat is the leader; `bid_made` "
	 "says whether the bid was made)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_double_phase = {
	.kind = SK_MAP, .title = "double_trick", .fields = double_fields,
	.doc = "every player lays two cards, the leader first; a hook resolves "
	       "who takes which; the bid check uses the last auction's bid",
};

static const char *const group_choices[] = {"top", "run", "all", NULL};
static const schema s_group = {
	.kind = SK_ENUM, .choices = group_choices,
	.doc = "top (default): the top card, or `count` of them; run: a "
	       "face-up card and the cards on it; all: the whole pile",
};
static const char *const at_choices[] = {"top", "bottom", NULL};
static const schema s_at = {
	.kind = SK_ENUM, .choices = at_choices,
	.doc = "top (default): the cards land on the pile; bottom: under it",
};
static const schema s_place_list = {.kind = SK_LIST, .item = &s_place_name};
static const schema *const place_or_list_alts[] = {
	&s_place_name, &s_place_list, NULL,
};
static const schema s_place_or_list = {
	.kind = SK_EITHER, .alternatives = place_or_list_alts,
	.doc = "a place, or a list of places",
};
static const schema s_bool_list = {.kind = SK_LIST, .item = &s_said_bool};
static const schema s_move_name = {
	.kind = SK_STRING, .title = "move_name",
	.doc = "the name of a move listed before this one",
};
static const schema s_move_names = {.kind = SK_LIST, .item = &s_move_name};
static const char *const then_choices[] = {"attack", "refill", NULL};
static const schema s_then_step = {
	.kind = SK_ENUM, .choices = then_choices,
	.doc = "attack: the phase's attack from the pile moved onto; refill: "
	       "the source pile is filled again as at setup",
};
static const schema s_then = {.kind = SK_LIST, .item = &s_then_step};
static const schema_field uses_fields[] = {
	{"cards", &s_said_cards, true, "the cards that may be used up"},
	{"from", &s_place_name, true, "where they lie"},
	{"to", &s_place_name, true, "where a used one goes"},
	{0},
};
static const schema s_uses = {
	.kind = SK_MAP, .title = "uses", .fields = uses_fields,
	.doc = "the move spends a card (a ploy): legal only while one is there",
};
static const schema_field move_fields[] = {
	{"name", &s_string, false, "the word a player types (default: the key)"},
	{"from", &s_place_or_list, true, "where the cards come from"},
	{"to", &s_place_name, true, "where they go"},
	{"cards", &s_group, false, "which cards of the source pile move"},
	{"count", &s_count, false, "with cards: top, up to so many (default 1)"},
	{"at", &s_at, false, "whether they land on or under the pile"},
	{"flip", &s_bool, false, "the cards are turned over as one packet "
	 "(their order reversed)"},
	{"each", &s_bool, false, "one top card onto every pile of `to` in "
	 "turn, the first pile first"},
	{"pair", &s_bool, false, "the top cards of two piles of `from` move "
	 "together (card and other), onto the first pile of `to`"},
	{"when", &s_expr_bool, false, "the move is legal where this holds "
	 "(card, target, pile, beside, moving, source, other)"},
	{"sequence", &s_said_bool, false, "with cards: run, each card of the "
	 "run and the card it lies on: card, target"},
	{"capacity", &s_said_int, false, "with cards: run, at most so many "
	 "cards move at once (pile: the destination's cards)"},
	{"why", &s_string, false,
	 "the rule of `when` in words, shown to a player whose move it refuses"},
	{"prefer", &s_bool_list, false, "tiers of targets: the first tier "
	 "that has any is kept"},
	{"highest", &s_said_int, false, "only the targets where this is the "
	 "highest (ties: the player chooses)"},
	{"lowest", &s_said_int, false, "only the targets where this is the lowest"},
	{"unless", &s_move_names, false, "legal only when these moves are not"},
	{"uses", &s_uses, false, "a card spent by the move"},
	{"add", &s_counter_adds, false, "counters raised by the move"},
	{"then", &s_then, false, "what follows the move"},
	{"loses", &s_said_bool, false, "after the move, over its destination "
	 "(card, target, pile): the game is lost"},
	{"safe", &s_said_bool, false, "where it holds over a legal move "
	 "(the variables of `when`), the move can never hurt: solvers make "
	 "it at once, without trying others"},
	{"last-resort", &s_bool, false, "solvers try it after every other "
	 "move (a deal onto every pile, which buries what lies there)"},
	{"auto", &s_bool, false, "made at once when legal, without asking"},
	{"opening", &s_bool, false, "only before the first card is drawn, "
	 "once; `start` declines"},
	{0},
};
static const schema s_move = {
	.kind = SK_MAP, .title = "move", .fields = move_fields,
	.doc = "a kind of move between places",
};
static const schema s_moves = {
	.kind = SK_DICT, .item = &s_move, .key_pattern = "^[a-z][a-z0-9-]*$",
	.key_doc = "a move's name (lower case letters, digits, -)",
	.key_name = "MOVE",
	.doc = "the kinds of move, in the order `unless` reads them",
};
static const schema s_layout_int = {.kind = SK_INT, .min = 0, .max = 100000};
static const schema s_layout_limit = {.kind = SK_INT, .min = 1, .max = 100000};
static const schema s_pile_count = {.kind = SK_INT, .min = 0, .max = CARD_MAX};
static const schema s_pile_counts = {
	.kind = SK_LIST, .item = &s_pile_count, .title = "pile_counts",
	.doc = "a number for each pile of the place, in order",
};
static const schema *const pile_counts_alts[] = {
	&s_pile_count, &s_pile_counts, NULL,
};
static const schema s_pile_counts_or_one = {
	.kind = SK_EITHER, .alternatives = pile_counts_alts,
	.doc = "one number for every pile, or a list of one for each pile",
};
static const schema_field layout_deal_fields[] = {
	{"to", &s_place_name, true, "the place dealt to"},
	{"first", &s_layout_int, false, "cards of its first pile (default 1); "
	 "each next pile gets one more"},
	{"counts", &s_pile_counts_or_one, false, "the cards of each pile "
	 "(instead of `first`)"},
	{"down", &s_pile_counts_or_one, false, "how many of each pile's cards, "
	 "from the bottom, lie face down (default: all; `reveal` turns the "
	 "tops up)"},
	{0},
};
static const schema s_layout_deal = {
	.kind = SK_MAP, .title = "layout_deal", .fields = layout_deal_fields,
	.doc = "setup: cards dealt to the piles of a place a round at a time, "
	       "a triangle by default (the top cards are turned up by `reveal`)",
};
static const schema_field fill_fields[] = {
	{"place", &s_place_name, true, "the place whose piles are filled"},
	{"with", &s_said_cards, true, "the cards a pile may take"},
	{"aside", &s_place_name, true, "where the other cards go, the first "
	 "on top"},
	{0},
};
static const schema s_fill = {
	.kind = SK_MAP, .title = "fill", .fields = fill_fields,
	.doc = "setup: each pile gets one card of `with` from the stock",
};
static const schema_field draw_fields[] = {
	{"from", &s_place_list, true, "the places drawn from, in order"},
	{"to", &s_place_name, true, "where the card drawn lies until it moves"},
	{0},
};
static const schema s_draw = {
	.kind = SK_MAP, .title = "draw", .fields = draw_fields,
	.doc = "a card is drawn whenever `to` is empty",
};
static const schema_field attack_fields[] = {
	{"grid", &s_place_name, true, "the grid (a place with `grid`)"},
	{"slots", &s_place_name, true, "the slots around it"},
	{"kills", &s_said_bool, true, "whether the slot's top card (royal) is "
	 "turned face down (between, pile)"},
	{0},
};
static const schema s_attack = {
	.kind = SK_MAP, .title = "attack", .fields = attack_fields,
	.doc = "after a move onto one end of a row or column, the card beyond "
	       "the other end may be turned face down",
};
static const schema_field layout_fields[] = {
	{"stock", &s_place_name, true, "the place the cards start in, face "
	 "down; drawn from its top"},
	{"deal", &s_layout_deal, false, "setup: a triangle of piles"},
	{"fill", &s_fill, false, "setup: one card of a kind on each pile"},
	{"draw", &s_draw, false, "a card drawn whenever its place is empty"},
	{"reveal", &s_place_name, false, "the top card of each of its piles "
	 "turns face up"},
	{"moves", &s_moves, true, "the kinds of move"},
	{"attack", &s_attack, false, "what a move onto the grid fires"},
	{"won", &s_said_bool, false, "the game is won when this holds"},
	{"lost", &s_said_bool, false, "the game is lost when this holds"},
	{"limit", &s_layout_limit, false, "moves after which the game ends "
	 "(default: 10000)"},
	{"progress", &s_expr_int, false, "how far a game has got, which search "
	 "bots raise short of a win (default: the score)"},
	{"stall", &s_layout_limit, false, "the game ends after so many moves in "
	 "a row that turn no new card face up and raise `progress` to no new "
	 "height (going round in circles)"},
	{"when", &s_said_bool, false, "the phase is skipped when this is false"},
	{0},
};
static const schema s_layout = {
	.kind = SK_MAP, .title = "layout", .fields = layout_fields,
	.doc = "a solitaire: places, moves between them as conditions, an "
	       "attack across a grid; ends when won, lost or stuck",
};

static const schema_field phase_kinds[] = {
	{"pass", &s_pass, false, "pass cards"},
	{"tricks", &s_tricks, false, "play tricks"},
	{"choose", &s_choose, false, "each seat makes a named choice"},
	{"auction", &s_auction, false, "the players call until a bid stands"},
	{"vote", &s_vote, false, "everyone lays cards face down at once, then all are shown"},
	{"double-trick", &s_double_phase, false, "everyone lays two cards, face up or down"},
	{"layout", &s_layout, false, "a solitaire: moves between places"},
	{"calls", &s_calls, false, "each seat calls a number or a word once"},
	{"hold-auction", &s_hold, false, "bids to one seat at a time, held or passed"},
	{0},
};
static const schema s_phase = {
	.kind = SK_VARIANT, .title = "phase", .fields = phase_kinds,
	.doc = "one step of a deal, named by its kind",
};
static const schema s_phases = {
	.kind = SK_LIST, .item = &s_phase,
	.doc = "the steps of a deal after the cards are dealt, in order",
};

/* ======================================================================
 * scoring and match
 * ====================================================================== */


static const schema s_lets = {
	.kind = SK_DICT, .item = &s_said_value, .key_pattern = NAME_PATTERN,
	.key_doc = "a name (lower case letters, digits, _)",
	.doc = "named values computed in order at the end of a deal; a value "
	       "that depends on the seat is computed for every seat",
};
static const schema_field keep_fields[] = {
	{"initial", &s_expr_any, true, "the value before the first deal"},
	{"next", &s_expr_any, true, "the value after a deal, from that deal's scoring"},
	{"says", &s_string, false,
	 "how it changes from deal to deal, in words, which explain gives "
	 "instead of its formulas"},
	{"show", &s_bool, false,
	 "false: the table does not show it (it stays in --json)"},
	{"per-seat", &s_bool, false, "one value per seat (default: one for the table)"},
	{0},
};
static const schema s_kept = {
	.kind = SK_MAP, .title = "kept_value", .fields = keep_fields,
	.doc = "a value carried from deal to deal",
};
static const schema s_keep = {
	.kind = SK_DICT, .item = &s_kept, .key_pattern = NAME_PATTERN,
	.key_doc = "a name (lower case letters, digits, _)",
	.doc = "values carried between deals (at most 8)",
};
static const schema s_checks = {
	.kind = SK_LIST, .item = &s_expr_bool,
	.doc = "invariants that must hold after every deal's scoring; "
	       "simulate --check and the tests verify them",
};
static const schema s_option_checks = {
	.kind = SK_LIST, .item = &s_expr_bool,
	.doc = "conditions the options must meet together, over the options "
	       "and players; a table whose options break one is refused "
	       "before its match starts",
};
static const schema s_melds_hook = {
	.kind = SK_HOOK, .hook_slot = "melds",
	.doc = "a melds hook with its parameters; `melds` is then each seat's "
	       "meld points",
};
static const schema_field scoring_fields[] = {
	{"melds", &s_melds_hook, false,
	 "how melds in the hands as dealt are found and compared"},
	{"let", &s_lets, false, "named intermediate values"},
	{"score", &s_said_int, true, "each seat's score for the deal"},
	{"keep", &s_keep, false, "values carried to the next deal"},
	{"check", &s_checks, false, "invariants"},
	{0},
};
static const schema s_scoring = {
	.kind = SK_MAP, .title = "scoring", .fields = scoring_fields,
	.doc = "how a deal is scored",
};

static const schema_field rank_key_kinds[] = {
	{"highest", &s_expr_int, false, "the higher value ranks first"},
	{"lowest", &s_expr_int, false, "the lower value ranks first"},
	{0},
};
static const schema s_rank_key = {
	.kind = SK_VARIANT, .fields = rank_key_kinds, .title = "rank_key",
	.doc = "a per-seat value that orders the players",
};
static const schema s_rank = {
	.kind = SK_LIST, .item = &s_rank_key,
	.doc = "how players are ranked at the end: by the first key, ties by "
	       "the next (default: highest total)",
};
static const schema_field match_fields[] = {
	{"deals", &s_count, false, "the number of deals"},
	{"end", &s_said_bool, false, "checked after every deal: the match ends when true"},
	{"rank", &s_rank, false, "the final ranking"},
	{"next-dealer", &s_said_seat, false,
	 "the dealer of the next deal (default: the next seat in the direction of play)"},
	{0},
};
static const schema s_match = {
	.kind = SK_MAP, .title = "match", .fields = match_fields,
	.doc = "how deals make a match; give deals, end, or both",
};

/* ======================================================================
 * the rule file
 * ====================================================================== */

static const schema s_string_list = {.kind = SK_LIST, .item = &s_string};
static const schema *const extends_alts[] = {&s_string, &s_string_list, NULL};
static const schema s_extends = {
	.kind = SK_EITHER, .alternatives = extends_alts, .title = "extends",
	.doc = "a rule file, or a list: the first with its bases, then each "
	       "other's own keys in turn",
};

static const schema s_defines = {
	.kind = SK_DICT, .item = &s_said_value, .key_pattern = NAME_PATTERN,
	.key_doc = "a name (lower case letters, digits, _)",
	.doc = "named expressions every later expression of the file may read "
	       "(the phases' and the scoring's), worked out afresh wherever "
	       "they are read; each may read the names defined before it",
};

static const schema_field rule_fields[] = {
	{"cardrules", &s_version, true, "the format version: 1"},
	{"name", &s_string, true, "the game's name"},
	{"description", &s_string, false, "a few sentences for players"},
	{"extends", &s_extends, false,
	 "another rule file whose keys this one overrides (a deep merge; null "
	 "deletes a key), or a list of variants of one base to combine"},
	{"players", &s_players, true, "how many play"},
	{"direction", &s_direction, false, "clockwise (default) or counter-clockwise"},
	{"teams", &s_teams, false, "fixed partnerships (default: each for themselves)"},
	{"options", &s_options, false, "agreed settings"},
	{"option-checks", &s_option_checks, false, "what the options must meet "
	 "together (first + second <= 100)"},
	{"deck", &s_deck, true, "the cards"},
	{"values", &s_values, false, "card-value tables"},
	{"deal", &s_deal, true, "the deal"},
	{"places", &s_places, false, "piles of cards besides the hands (a skat, a grid)"},
	{"counters", &s_counters, false, "numbers each deal keeps (choices raise them)"},
	{"define", &s_defines, false,
	 "named expressions of the deal, read by the phases and the scoring "
	 "(the seats of a side: re: QC in dealt)"},
	{"phases", &s_phases, true, "the steps of a deal"},
	{"scoring", &s_scoring, true, "scoring"},
	{"match", &s_match, true, "the match"},
	{0},
};
const schema schema_rule_file = {
	.kind = SK_MAP, .title = "rule_file", .fields = rule_fields,
	.doc = "a cardrules rule file",
};

/* ======================================================================
 * Checking
 * ====================================================================== */

typedef struct checker {
	diag *d;
	int errors;
	const char *root;               /* "the rule file", "the transcript" */
	char path[256];         /* "phases[2].tricks" for messages */
	const node *key;        /* the key whose value is checked, or NULL */
} checker;

static void check_node(checker *ck, const schema *sc, const node *n);

static void report(checker *ck, const node *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report(checker *ck, const node *at, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	node_error(ck->d, at, "%s", msg);
	ck->errors++;
}

/* The dotted place being checked, for messages: "'deal.hand'". */
static const char *where(const checker *ck)
{
	return ck->path[0] ? ck->path : ck->root;
}

static size_t push_key(checker *ck, const char *key)
{
	size_t old = strlen(ck->path);
	snprintf(ck->path + old, sizeof ck->path - old, "%s%s",
		 old ? "." : "", key);
	return old;
}

static size_t push_index(checker *ck, size_t i)
{
	size_t old = strlen(ck->path);
	snprintf(ck->path + old, sizeof ck->path - old, "[%zu]", i);
	return old;
}

static void pop(checker *ck, size_t old)
{
	ck->path[old] = '\0';
}

/* Checks the value of key k (NULL: a list item or the whole file). */
static void check_value(checker *ck, const schema *sc, const node *k,
			const node *v)
{
	const node *outer = ck->key;
	ck->key = k;
	check_node(ck, sc, v);
	ck->key = outer;
}

static bool is_plain(const node *n)
{
	return n->kind == NODE_SCALAR && n->style == NODE_PLAIN;
}

static bool parse_long(const node *n, long *out)
{
	if (!is_plain(n) || n->len == 0 || n->len > 18)
		return false;
	char *end;
	long v = strtol(n->text, &end, 10);
	if (*end != '\0' || end == n->text)
		return false;
	*out = v;
	return true;
}

/* ---- PCRE2 patterns of dictionary keys, compiled once ---- */

enum { PATTERN_CACHE = 8 };
static struct {
	const char *source;
	pcre2_code *code;
	pcre2_match_data *md;
} patterns[PATTERN_CACHE];

static bool matches(const char *pattern, const char *text, size_t len)
{
	int i;
	for (i = 0; i < PATTERN_CACHE && patterns[i].source; i++)
		if (patterns[i].source == pattern)
			break;
	if (i == PATTERN_CACHE)
		return true;            /* cannot happen: few patterns exist */
	if (!patterns[i].source) {
		int err;
		PCRE2_SIZE off;
		patterns[i].code = pcre2_compile((PCRE2_SPTR)pattern,
						 PCRE2_ZERO_TERMINATED, 0,
						 &err, &off, NULL);
		if (!patterns[i].code)
			return true;
		patterns[i].md = pcre2_match_data_create_from_pattern(
			patterns[i].code, NULL);
		if (!patterns[i].md) {
			pcre2_code_free(patterns[i].code);
			return true;
		}
		patterns[i].source = pattern;
	}
	return pcre2_match(patterns[i].code, (PCRE2_SPTR)text, len, 0, 0,
			   patterns[i].md, NULL) >= 0;
}

void schema_cleanup(void)
{
	for (int i = 0; i < PATTERN_CACHE; i++) {
		pcre2_match_data_free(patterns[i].md);
		pcre2_code_free(patterns[i].code);
		patterns[i].source = NULL;
		patterns[i].md = NULL;
		patterns[i].code = NULL;
	}
}

/* ---- hooks ---- */

static schema_hook_lookup hook_lookup;

void schema_set_hooks(schema_hook_lookup lookup)
{
	hook_lookup = lookup;
}

const schema_hook *schema_hook_at(int i)
{
	return hook_lookup && i >= 0 ? hook_lookup(i) : NULL;
}

const schema_hook *schema_hook_find(const char *slot, const char *name)
{
	const schema_hook *h;
	for (int i = 0; (h = schema_hook_at(i)); i++)
		if (strcmp(h->slot, slot) == 0 && strcmp(h->name, name) == 0)
			return h;
	return NULL;
}

/* ---- suggestions ---- */

const char *schema_suggest(const char *word, const char *const *candidates)
{
	suggest g;
	suggest_start(&g, word, strlen(word));
	for (size_t i = 0; candidates[i]; i++)
		suggest_consider(&g, candidates[i]);
	return g.best;
}

static const char *suggest_field(const char *word, const schema_field *f)
{
	const char *names[64];
	size_t n = 0;
	for (; f->key && n < 63; f++)
		names[n++] = f->key;
	names[n] = NULL;
	return schema_suggest(word, names);
}

static void list_fields(const schema_field *f, char *buf, size_t size)
{
	buf[0] = '\0';
	for (; f->key; f++) {
		size_t used = strlen(buf);
		snprintf(buf + used, size - used, "%s%s", used ? ", " : "", f->key);
	}
}

const schema_field *schema_field_of(const schema *sc, const char *key)
{
	for (const schema_field *f = sc->fields; f && f->key; f++)
		if (strcmp(f->key, key) == 0)
			return f;
	return NULL;
}

/* ---- kind checks ---- */

static const char *kind_name(const schema *sc)
{
	switch (sc->kind) {
	case SK_MAP:
	case SK_DICT:
	case SK_VARIANT:
	case SK_HOOK:
		return "a mapping";
	case SK_LIST:
		return "a sequence";
	case SK_INT:
		return "an integer";
	case SK_BOOL:
		return "true or false";
	case SK_STRING:
		return "a string";
	case SK_ENUM:
		return "one of the words listed";
	case SK_EXPR:
		return "an expression";
	case SK_COUNT:
		return "an integer, an expression or a mapping from player counts";
	case SK_CARDSPEC:
		return "a card, suit or rank code";
	case SK_EITHER:
		return "a value of another kind";
	}
	return "something else";
}

/* Is n a plain number with a fraction (4.5, 8.0)? */
static bool is_fraction(const node *n)
{
	if (n->kind != NODE_SCALAR || n->style != NODE_PLAIN)
		return false;
	size_t i = n->text[0] == '-' || n->text[0] == '+';
	size_t digits = 0, dots = 0;
	for (; i < n->len; i++) {
		if (n->text[i] == '.')
			dots++;
		else if (n->text[i] >= '0' && n->text[i] <= '9')
			digits++;
		else
			return false;
	}
	return dots == 1 && digits > 0;
}

static void wrong_kind(checker *ck, const schema *sc, const node *n)
{
	char buf[64];
	if (sc->kind == SK_INT && is_fraction(n)) {
		report(ck, n, "'%s' must be a whole number, not %.*s", where(ck),
		       (int)n->len, n->text);
		return;
	}
	report(ck, n, "'%s' must be %s, not %s", where(ck), kind_name(sc),
	       node_describe(n, buf, sizeof buf));
}

static void check_fields(checker *ck, const schema *sc, const node *n,
			 const char *owner)
{
	const char *hinted[8];          /* missing keys already suggested */
	size_t nhinted = 0;
	for (size_t i = 0; i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (k->kind != NODE_SCALAR) {
			report(ck, k, "keys in '%s' must be plain words", where(ck));
			continue;
		}
		const schema_field *f = schema_field_of(sc, k->text);
		if (!f) {
			const char *hint = suggest_field(k->text, sc->fields);
			char known[512];
			if (hint) {
				report(ck, k, "unknown key '%s' in %s (did you mean '%s'?)",
				       k->text, owner, hint);
				if (nhinted < 8)
					hinted[nhinted++] = hint;
			} else {
				list_fields(sc->fields, known, sizeof known);
				report(ck, k, "unknown key '%s' in %s; the keys are: %s",
				       k->text, owner, known);
			}
			continue;
		}
		size_t old = push_key(ck, k->text);
		check_value(ck, f->type, k, n->pair[i].value);
		pop(ck, old);
	}
	/* A missing key is reported at the key that owns the mapping: the
	 * mapping's own mark is its first key, which is not at fault.  Many
	 * missing keys make one message. */
	const schema_field *missing[32];
	size_t nmissing = 0;
	for (const schema_field *f = sc->fields; f->key && nmissing < 32; f++) {
		bool hinted_at = false;
		for (size_t i = 0; i < nhinted; i++)
			hinted_at |= hinted[i] == f->key;
		if (f->required && !hinted_at && !node_get(n, f->key))
			missing[nmissing++] = f;
	}
	const node *at = ck->key ? ck->key : n;
	if (nmissing >= 3) {
		char keys[400] = "";
		for (size_t i = 0; i < nmissing; i++) {
			size_t used = strlen(keys);
			snprintf(keys + used, sizeof keys - used, "%s'%s'",
				 i == 0 ? "" : i + 1 == nmissing ? " and " : ", ",
				 missing[i]->key);
		}
		report(ck, at, "%s needs the keys %s (see docs/format-keys.md)",
		       owner, keys);
		return;
	}
	for (size_t i = 0; i < nmissing; i++)
		report(ck, at, "%s needs the key '%s' (%s)", owner,
		       missing[i]->key, missing[i]->doc);
}

static void owner_name(const checker *ck, char *buf, size_t size)
{
	if (ck->path[0])
		snprintf(buf, size, "'%s'", ck->path);
	else
		snprintf(buf, size, "%s", ck->root);
}

static void check_map(checker *ck, const schema *sc, const node *n)
{
	char owner[300];
	if (n->kind != NODE_MAP) {
		wrong_kind(ck, sc, n);
		return;
	}
	owner_name(ck, owner, sizeof owner);
	check_fields(ck, sc, n, owner);
}

/* " (the ten is written 10: 10H)" for a card code with T; "" otherwise. */
static const char *ten_hint(const node *n, char *buf, size_t size)
{
	if (n->kind != NODE_SCALAR || n->len < 1 || n->len > 2 ||
	    (n->text[0] != 'T' && n->text[0] != 't') ||
	    !matches("^[Tt][SHDCXL]?$", n->text, n->len))
		return "";
	snprintf(buf, size, " (the ten is written 10: '10%s')", n->text + 1);
	return buf;
}

static void check_dict(checker *ck, const schema *sc, const node *n)
{
	if (n->kind != NODE_MAP) {
		wrong_kind(ck, sc, n);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (k->kind != NODE_SCALAR ||
		    !matches(sc->key_pattern, k->text, k->len)) {
			char buf[64], hint[40];
			report(ck, k, "in '%s', %s is not %s%s", where(ck),
			       node_describe(k, buf, sizeof buf), sc->key_doc,
			       ten_hint(k, hint, sizeof hint));
			continue;
		}
		/* null removes an inherited entry: extends has already done it */
		size_t old = push_key(ck, k->text);
		check_value(ck, sc->item, k, n->pair[i].value);
		pop(ck, old);
	}
}

static void check_list(checker *ck, const schema *sc, const node *n)
{
	if (n->kind != NODE_SEQ) {
		wrong_kind(ck, sc, n);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		size_t old = push_index(ck, i);
		check_value(ck, sc->item, NULL, n->item[i]);
		pop(ck, old);
	}
}

static void check_int(checker *ck, const schema *sc, const node *n)
{
	long v;
	if (!parse_long(n, &v)) {
		wrong_kind(ck, sc, n);
		return;
	}
	if (v < sc->min || v > sc->max) {
		if (sc->min == sc->max)
			report(ck, n, "'%s' must be %ld, not %ld", where(ck), sc->min,
			       v);
		else
			report(ck, n, "'%s' must be between %ld and %ld, not %ld",
			       where(ck), sc->min, sc->max, v);
	}
}

static void check_enum(checker *ck, const schema *sc, const node *n)
{
	if (n->kind == NODE_SCALAR)
		for (size_t i = 0; sc->choices[i]; i++)
			if (strcmp(n->text, sc->choices[i]) == 0)
				return;
	char known[256] = "";
	for (size_t i = 0; sc->choices[i]; i++) {
		size_t used = strlen(known);
		snprintf(known + used, sizeof known - used, "%s%s",
			 used ? ", " : "", sc->choices[i]);
	}
	char buf[64];
	const char *hint = n->kind == NODE_SCALAR
		? schema_suggest(n->text, sc->choices) : NULL;
	if (hint)
		report(ck, n, "'%s' cannot be %s (did you mean '%s'?)", where(ck),
		       node_describe(n, buf, sizeof buf), hint);
	else
		report(ck, n, "'%s' must be one of: %s; not %s", where(ck), known,
		       node_describe(n, buf, sizeof buf));
}

static void check_count(checker *ck, const schema *sc, const node *n)
{
	if (n->kind == NODE_SCALAR)
		return;                 /* an expression: compiled later */
	if (n->kind != NODE_MAP) {
		wrong_kind(ck, sc, n);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		const node *k = n->pair[i].key;
		long v;
		if (!parse_long(k, &v) || v < 1 || v > SEAT_MAX) {
			char buf[64];
			report(ck, k, "in '%s', %s is not a player count (1 to %d)",
			       where(ck), node_describe(k, buf, sizeof buf),
			       SEAT_MAX);
			continue;
		}
		size_t old = push_key(ck, k->text);
		check_int(ck, &s_nonneg, n->pair[i].value);
		pop(ck, old);
	}
}

static void check_cardspec(checker *ck, const schema *sc, const node *n)
{
	/* YAML reads 10 as a number: it is still a rank code. */
	if (n->kind != NODE_SCALAR || !matches(CARDSPEC_PATTERN, n->text, n->len)) {
		char buf[64], hint[40];
		report(ck, n, "'%s' must be %s, not %s%s", where(ck),
		       sc->doc ? sc->doc : kind_name(sc),
		       node_describe(n, buf, sizeof buf),
		       ten_hint(n, hint, sizeof hint));
	}
}

static void check_variant(checker *ck, const schema *sc, const node *n)
{
	char known[256];
	list_fields(sc->fields, known, sizeof known);
	if (n->kind == NODE_MAP && n->n > 1 &&
	    n->pair[1].key->kind == NODE_SCALAR) {
		/* most often a forgotten '- ' before the second key */
		const node *k = n->pair[1].key;
		report(ck, k, "'%s' has a second key '%s': each item is a "
		       "mapping with one key, one of: %s (is a '- ' missing "
		       "before '%s'?)", where(ck), k->text, known, k->text);
		return;
	}
	if (n->kind != NODE_MAP || n->n != 1 ||
	    n->pair[0].key->kind != NODE_SCALAR) {
		report(ck, n, "'%s' must be a mapping with one key, one of: %s",
		       where(ck), known);
		return;
	}
	const node *k = n->pair[0].key;
	const schema_field *f = schema_field_of(sc, k->text);
	if (!f) {
		const char *hint = suggest_field(k->text, sc->fields);
		if (hint)
			report(ck, k, "unknown kind '%s' in '%s' (did you mean '%s'?)",
			       k->text, where(ck), hint);
		else
			report(ck, k, "unknown kind '%s' in '%s'; the kinds are: %s",
			       k->text, where(ck), known);
		return;
	}
	size_t old = push_key(ck, k->text);
	check_value(ck, f->type, k, n->pair[0].value);
	pop(ck, old);
}

static bool kind_fits(const schema *sc, const node *n)
{
	switch (sc->kind) {
	case SK_MAP:
	case SK_DICT:
	case SK_VARIANT:
	case SK_HOOK:
		return n->kind == NODE_MAP;
	case SK_LIST:
		return n->kind == NODE_SEQ;
	case SK_COUNT:
		return n->kind != NODE_SEQ;
	default:
		return n->kind == NODE_SCALAR;
	}
}

static void check_either(checker *ck, const schema *sc, const node *n)
{
	for (size_t i = 0; n->kind == NODE_SCALAR && sc->alternatives[i]; i++) {
		const schema *alt = sc->alternatives[i];
		if (alt->kind == SK_HOOK &&
		    schema_hook_find(alt->hook_slot, n->text)) {
			report(ck, n, "'%s' names a %s hook: write {hook: %s}",
			       where(ck), alt->hook_slot, n->text);
			return;
		}
	}
	for (size_t i = 0; sc->alternatives[i]; i++)
		if (kind_fits(sc->alternatives[i], n)) {
			check_node(ck, sc->alternatives[i], n);
			return;
		}
	char buf[64];
	report(ck, n, "'%s' cannot be %s: it must be %s", where(ck),
	       node_describe(n, buf, sizeof buf), sc->doc);
}

/* "unknown trick-winner hook 'x'", with the closest name of the slot's
 * hooks as a hint. */
static void report_unknown_hook(checker *ck, const char *slot,
				const node *name)
{
	const char *names[32];
	int k = 0;
	const schema_hook *h;
	for (int i = 0; (h = schema_hook_at(i)) && k < 31; i++)
		if (strcmp(h->slot, slot) == 0)
			names[k++] = h->name;
	names[k] = NULL;
	const char *hint = schema_suggest(name->text, names);
	if (hint)
		report(ck, name, "unknown %s hook '%s' (did you mean '%s'?)",
		       slot, name->text, hint);
	else
		report(ck, name, "unknown %s hook '%s'", slot, name->text);
}

static void check_hook(checker *ck, const schema *sc, const node *n)
{
	if (n->kind != NODE_MAP) {
		wrong_kind(ck, sc, n);
		return;
	}
	const node *name = node_get(n, "hook");
	if (!name || name->kind != NODE_SCALAR) {
		report(ck, ck->key ? ck->key : n, "'%s' needs the key 'hook' "
		       "naming a %s hook", where(ck), sc->hook_slot);
		return;
	}
	const schema_hook *h = schema_hook_find(sc->hook_slot, name->text);
	if (!h) {
		report_unknown_hook(ck, sc->hook_slot, name);
		return;
	}
	for (size_t i = 0; i < n->n; i++) {
		const node *k = n->pair[i].key;
		if (k->kind == NODE_SCALAR && strcmp(k->text, "hook") == 0)
			continue;
		const schema_hook_param *p = NULL;
		for (int j = 0; j < h->nparams; j++)
			if (k->kind == NODE_SCALAR &&
			    strcmp(h->params[j].name, k->text) == 0)
				p = &h->params[j];
		if (!p) {
			report(ck, k, "the hook '%s' has no parameter '%s'%s",
			       h->name, k->kind == NODE_SCALAR ? k->text : "?",
			       h->nparams ? "" : " (it takes none)");
			continue;
		}
		size_t old = push_key(ck, k->text);
		check_value(ck, p->type, k, n->pair[i].value);
		pop(ck, old);
	}
	for (int j = 0; j < h->nparams; j++)
		if (!h->params[j].fallback && !node_get(n, h->params[j].name))
			report(ck, ck->key ? ck->key : n,
			       "the hook '%s' needs the parameter '%s' (%s)",
			       h->name, h->params[j].name, h->params[j].doc);
}

static void check_node(checker *ck, const schema *sc, const node *n)
{
	switch (sc->kind) {
	case SK_MAP:
		check_map(ck, sc, n);
		break;
	case SK_DICT:
		check_dict(ck, sc, n);
		break;
	case SK_LIST:
		check_list(ck, sc, n);
		break;
	case SK_INT:
		check_int(ck, sc, n);
		break;
	case SK_BOOL:
		if (!is_plain(n) ||
		    (strcmp(n->text, "true") != 0 && strcmp(n->text, "false") != 0))
			wrong_kind(ck, sc, n);
		break;
	case SK_STRING:
		if (n->kind != NODE_SCALAR)
			wrong_kind(ck, sc, n);
		break;
	case SK_ENUM:
		check_enum(ck, sc, n);
		break;
	case SK_EXPR:
		if (n->kind != NODE_SCALAR)
			wrong_kind(ck, sc, n);
		break;
	case SK_COUNT:
		check_count(ck, sc, n);
		break;
	case SK_CARDSPEC:
		check_cardspec(ck, sc, n);
		break;
	case SK_VARIANT:
		check_variant(ck, sc, n);
		break;
	case SK_EITHER:
		check_either(ck, sc, n);
		break;
	case SK_HOOK:
		check_hook(ck, sc, n);
		break;
	}
}

int schema_check_document(const schema *sc, const node *root,
			  const char *what, diag *d)
{
	checker ck = {.d = d, .root = what};
	check_node(&ck, sc, root);
	return ck.errors;
}

int schema_check(const schema *sc, const node *root, diag *d)
{
	return schema_check_document(sc, root, "the rule file", d);
}
