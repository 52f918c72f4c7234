/*
 * wording.c — formulas in words, where they have a common reading.
 *
 * `explain` says who deals, who leads, when a phase is played and when
 * the match ends.  The rule file gives these as expressions; the common
 * ones read as words ("the player on the dealer's left", "nobody has
 * declared"), worked out here from the expression's text, split at its
 * top level.  A formula with no such reading gets none (NULL), and the
 * caller quotes it, unless the rule file gave it words of its own
 * (`says`, expr_says).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine/wording.h"

/* A piece of an expression's text. */
typedef struct span {
	const char *p;
	size_t n;
} span;

static span trimmed(span s)
{
	while (s.n && isspace((unsigned char)s.p[0]))
		s.p++, s.n--;
	while (s.n && isspace((unsigned char)s.p[s.n - 1]))
		s.n--;
	return s;
}

/* The text without the parentheses around all of it. */
static span bare(span s)
{
	s = trimmed(s);
	while (s.n >= 2 && s.p[0] == '(' && s.p[s.n - 1] == ')') {
		int depth = 0;
		size_t i = 0;
		for (; i < s.n; i++) {
			depth += s.p[i] == '(' ? 1 : s.p[i] == ')' ? -1 : 0;
			if (depth == 0)
				break;
		}
		if (i != s.n - 1)
			break;
		s.p++;
		s.n -= 2;
		s = trimmed(s);
	}
	return s;
}

static bool is(span s, const char *word)
{
	return s.n == strlen(word) && strncmp(s.p, word, s.n) == 0;
}

/* Where `word` (" and ", " then ", "==") first stands outside every
 * parenthesis and every if ... else; -1 when it does not. */
static long top_level(span s, const char *word)
{
	size_t len = strlen(word);
	int depth = 0, ifs = 0;
	for (size_t i = 0; i + len <= s.n; i++) {
		depth += s.p[i] == '(' ? 1 : s.p[i] == ')' ? -1 : 0;
		bool starts = i == 0 || !isalnum((unsigned char)s.p[i - 1]);
		if (depth == 0 && starts && s.n - i >= 3 &&
		    strncmp(s.p + i, "if ", 3) == 0 && strcmp(word, "if ") != 0)
			ifs++;
		if (depth == 0 && ifs && strncmp(s.p + i, " else ", 6) == 0 &&
		    strcmp(word, " else ") != 0) {
			ifs--;
			continue;
		}
		if (depth == 0 && !ifs && strncmp(s.p + i, word, len) == 0)
			return (long)i;
	}
	return -1;
}

static span before(span s, long at)
{
	return trimmed((span){s.p, (size_t)at});
}

static span after(span s, long at, const char *word)
{
	size_t skip = (size_t)at + strlen(word);
	return trimmed((span){s.p + skip, s.n - skip});
}

/* A call f(x) of the one-argument function `f`: its argument. */
static bool call_of(span s, const char *f, span *arg)
{
	size_t len = strlen(f);
	if (s.n < len + 2 || strncmp(s.p, f, len) != 0 || s.p[len] != '(' ||
	    s.p[s.n - 1] != ')')
		return false;
	span inside = {s.p + len + 1, s.n - len - 2};
	if (top_level(inside, ",") >= 0)
		return false;   /* f(a, b) */
	int depth = 0;
	for (size_t i = len; i < s.n - 1; i++) {
		depth += s.p[i] == '(' ? 1 : s.p[i] == ')' ? -1 : 0;
		if (depth == 0)
			return false;   /* f(a) + g(b) */
	}
	*arg = trimmed(inside);
	return true;
}

static const struct {
	const char *name, *words, *whose;
} seat_names[] = {
	{"dealer", "the dealer", "the dealer's"},
	{"declarer", "the declarer", "the declarer's"},
	{"last_winner", "the winner of the last trick", "the last trick's winner's"},
	{"seat", "the player", "the player's"},
};

static int named_seat(span s)
{
	for (size_t i = 0; i < sizeof seat_names / sizeof *seat_names; i++)
		if (is(s, seat_names[i].name))
			return (int)i;
	return -1;
}

static bool seat_words(span s, char *buf, size_t size);
static bool condition_words(span s, char *buf, size_t size);

/* left(left(dealer)): so many seats to one side of a named seat. */
static bool side_words(span s, char *buf, size_t size)
{
	static const char *const sides[] = {"left", "right"};
	for (int side = 0; side < 2; side++) {
		span arg;
		int steps = 0;
		span at = s;
		while (call_of(at, sides[side], &arg)) {
			steps++;
			at = bare(arg);
		}
		int k = steps ? named_seat(at) : -1;
		if (k < 0)
			continue;
		if (steps == 1)
			snprintf(buf, size, "the player on %s %s", seat_names[k].whose,
				 sides[side]);
		else
			snprintf(buf, size, "the player %d seats to %s %s", steps,
				 seat_names[k].whose, sides[side]);
		return true;
	}
	return false;
}

/* if C then A else B: "A if C, else B". */
static bool choice_words(span s, char *buf, size_t size)
{
	if (s.n < 3 || strncmp(s.p, "if ", 3) != 0)
		return false;
	span rest = trimmed((span){s.p + 3, s.n - 3});
	long then = top_level(rest, " then ");
	if (then < 0)
		return false;
	span cond = before(rest, then), branches = after(rest, then, " then ");
	long other = top_level(branches, " else ");
	if (other < 0)
		return false;
	char c[200], a[200], b[300];
	if (!condition_words(bare(cond), c, sizeof c) ||
	    !seat_words(bare(before(branches, other)), a, sizeof a) ||
	    !seat_words(bare(after(branches, other, " else ")), b, sizeof b))
		return false;
	snprintf(buf, size, "%s if %s, else %s", a, c, b);
	return true;
}

static bool seat_words(span s, char *buf, size_t size)
{
	s = bare(s);
	span arg;
	int k = named_seat(s);
	if (k >= 0) {
		snprintf(buf, size, "%s", seat_names[k].words);
		return true;
	}
	if (call_of(s, "across", &arg) && named_seat(bare(arg)) >= 0) {
		snprintf(buf, size, "the player across from %s",
			 seat_names[named_seat(bare(arg))].words);
		return true;
	}
	if (call_of(s, "holder", &arg)) {
		snprintf(buf, size, "whoever holds %.*s", (int)arg.n, arg.p);
		return true;
	}
	return side_words(s, buf, size) || choice_words(s, buf, size);
}

/* A number, a name, or a sum or product of them, said as written. */
static bool simple_term(span s)
{
	if (!s.n)
		return false;
	for (size_t i = 0; i < s.n; i++)
		if (!isalnum((unsigned char)s.p[i]) && !strchr("_ *+-", s.p[i]))
			return false;
	return true;
}

static const struct {
	const char *op, *words;
} comparisons[] = {
	{" == ", "is"}, {" != ", "is not"}, {" >= ", "is at least"},
	{" <= ", "is at most"}, {" > ", "is more than"}, {" < ", "is less than"},
};

/* The player compared with a seat, a total reaching a number, a named
 * number compared with a number. */
static bool comparison_words(span s, char *buf, size_t size)
{
	for (size_t i = 0; i < sizeof comparisons / sizeof *comparisons; i++) {
		long at = top_level(s, comparisons[i].op);
		if (at < 0)
			continue;
		span left = bare(before(s, at)), right = bare(after(s, at,
							comparisons[i].op));
		char seat[200];
		if (is(left, "seat") && seat_words(right, seat, sizeof seat)) {
			snprintf(buf, size, "the player %s %s", comparisons[i].words,
				 seat);
			return true;
		}
		if (is(left, "max(total)") && strcmp(comparisons[i].op, " >= ") == 0 &&
		    simple_term(right)) {
			snprintf(buf, size, "a player's total reaches %.*s",
				 (int)right.n, right.p);
			return true;
		}
		if (is(left, "min(total)") && strcmp(comparisons[i].op, " <= ") == 0 &&
		    simple_term(right)) {
			snprintf(buf, size, "a player's total falls to %.*s",
				 (int)right.n, right.p);
			return true;
		}
		bool name = left.n && simple_term(left) &&
			    !isdigit((unsigned char)left.p[0]);
		for (size_t j = 0; name && j < left.n; j++)
			name = !strchr(" *+-", left.p[j]);
		if (name && simple_term(right)) {
			snprintf(buf, size, "%.*s %s %.*s", (int)left.n, left.p,
				 comparisons[i].words, (int)right.n, right.p);
			return true;
		}
		return false;
	}
	return false;
}

static bool condition_words(span s, char *buf, size_t size)
{
	s = bare(s);
	static const char *const joins[] = {" or ", " and "};
	for (int j = 0; j < 2; j++) {
		long at = top_level(s, joins[j]);
		char a[300], b[300];
		if (at < 0)
			continue;
		if (!condition_words(before(s, at), a, sizeof a) ||
		    !condition_words(after(s, at, joins[j]), b, sizeof b))
			return false;
		snprintf(buf, size, "%s%s%s", a, joins[j], b);
		return true;
	}
	if (is(s, "declared")) {
		snprintf(buf, size, "someone has declared");
		return true;
	}
	if (is(s, "not declared")) {
		snprintf(buf, size, "nobody has declared");
		return true;
	}
	return comparison_words(s, buf, size);
}

static span whole(const expr *e)
{
	const char *t = expr_text(e);
	return (span){t, strlen(t)};
}

/* ---- numbers ---- */

static bool number_words(span s, char *buf, size_t size);

/* A name or a number as it reads: players counted, underscores spaced. */
static bool name_words(span s, char *buf, size_t size)
{
	if (is(s, "players")) {
		snprintf(buf, size, "the number of players");
		return true;
	}
	if (is(s, "count(dealt)")) {
		snprintf(buf, size, "the number of cards dealt to the player");
		return true;
	}
	if (!s.n || !simple_term(s) || strchr(" *+-", s.p[0]))
		return false;
	size_t i = 0;
	for (; i < s.n && i + 1 < size; i++) {
		if (strchr(" *+-", s.p[i]))
			return false;
		buf[i] = s.p[i] == '_' ? ' ' : s.p[i];
	}
	buf[i] = '\0';
	return true;
}

/* The names that read as words even alone. */
static bool name_words_special(span s, char *buf, size_t size)
{
	return (is(s, "players") || is(s, "count(dealt)")) &&
	       name_words(s, buf, size);
}

static bool number_words(span s, char *buf, size_t size)
{
	s = bare(s);
	static const struct {
		const char *op, *words;
	} ops[] = {{" + ", "plus"}, {" - ", "minus"}, {" * ", "times"}};
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		long at = top_level(s, ops[i].op);
		if (at < 0)
			continue;
		span a = bare(before(s, at)), b = bare(after(s, at, ops[i].op));
		char x[200], y[200];
		/* a - b + c is (a - b) + c: read only one sum at a time */
		if (ops[i].op[1] != '*' && (top_level(b, " + ") >= 0 ||
					    top_level(b, " - ") >= 0))
			return false;
		if (!number_words(a, x, sizeof x) || !number_words(b, y, sizeof y))
			return false;
		snprintf(buf, size, "%s %s %s", x, ops[i].words, y);
		return true;
	}
	return name_words(s, buf, size);
}

const char *formula_number_said(const expr *e, char *buf, size_t size)
{
	span s = bare(whole(e));
	/* a name alone is quoted: "up to `draw` cards", not "up to draw" */
	bool lone = simple_term(s) && !strpbrk(expr_text(e), " *+-");
	if (expr_says(e))
		snprintf(buf, size, "%s", expr_says(e));
	else if (expr_is_constant(e) || ((lone || !number_words(s, buf, size)) &&
					 !name_words_special(s, buf, size)))
		snprintf(buf, size, expr_is_constant(e) ? "%s" : "`%s`",
			 expr_text(e));
	return buf;
}

const char *formula_seat_words(const expr *e, char *buf, size_t size)
{
	return e && seat_words(whole(e), buf, size) ? buf : NULL;
}

const char *formula_condition_words(const expr *e, char *buf, size_t size)
{
	return e && condition_words(whole(e), buf, size) ? buf : NULL;
}

const char *formula_condition_said(const expr *e, char *buf, size_t size)
{
	if (expr_says(e))
		snprintf(buf, size, "%s", expr_says(e));
	else if (!formula_condition_words(e, buf, size))
		snprintf(buf, size, "`%s`", expr_text(e));
	return buf;
}

const char *formula_players_words(const expr *who, bool *one, char *buf,
				  size_t size)
{
	span s = bare(whole(who));
	long at = top_level(s, " != ");
	char seat[200];
	*one = false;
	if (at >= 0 && is(bare(before(s, at)), "seat") &&
	    seat_words(after(s, at, " != "), seat, sizeof seat)) {
		snprintf(buf, size, "every player but %s", seat);
		return buf;
	}
	at = top_level(s, " == ");
	if (at >= 0 && is(bare(before(s, at)), "seat") &&
	    seat_words(after(s, at, " == "), seat, sizeof seat)) {
		snprintf(buf, size, "%s", seat);
		*one = true;
		return buf;
	}
	return NULL;
}
