package reports

import (
	"fmt"
	"strings"
)

// Answer is one paragraph of the report's opening: a question a reader of
// the book asks and the answer the rows support, with its evidence (deals,
// intervals, p-values). A question the rows cannot answer gets no Answer.
type Answer struct {
	Question string
	Text     string
}

// Significance is the level below which a paired difference is reported
// as one (McNemar's exact test).
const Significance = 0.01

// hiddenGap is the least gap, between the lower end of the solver's
// interval and the upper end of the best hidden-information player's, at
// which a game is said to be hard because the pack is hidden; closeGap the
// largest gap of win rates at which the best such player is said to come
// close to the solver.
const hiddenGap, closeGap = 0.20, 0.10

// minCloseDeals is the least number of deals, of each player, on which a
// game is said to be close: below it, the gap between two samples of
// different deals is mostly noise.
const minCloseDeals = 200

// Answers returns the answers the summary supports, in the order a reader
// asks them: how winnable each game is (the solver's rows, or the
// reference's); whether the book's advice helps a simple player (greedy
// against book) and a strong one (planner against planner-book); where the
// cards matter most (the solver against the best
// player that does not see the cards).
func Answers(s *Summary) []Answer {
	var out []Answer
	win := winnabilityRows(s)
	if a, ok := winnabilityAnswer(win); ok {
		out = append(out, a)
	}
	if a, ok := adviceAnswer(s, "greedy", "book", "Does the book's advice help a simple player?", "greedy play (the same moves without the advice)"); ok {
		out = append(out, a)
	}
	if a, ok := adviceAnswer(s, "planner", "planner-book", "Does the book's advice help a strong player?", "the planner alone (planner-book is the same search with the advice as its prior and tie-break)"); ok {
		out = append(out, a)
	}
	if a, ok := hiddenAnswer(s, win); ok {
		out = append(out, a)
	}
	return out
}

// winnabilityRows returns the solver's rows of the book's reading
// (variant "") per game: the run's own, or the reference's where it played
// more deals.
func winnabilityRows(s *Summary) []SummaryRow {
	var out []SummaryRow
	idx := map[string]int{}
	add := func(rows []SummaryRow) {
		for _, r := range rows {
			if r.Strategy != "solver" || r.Variant != "" || r.Deals == 0 {
				continue
			}
			if i, ok := idx[r.Game]; ok {
				if r.Deals > out[i].Deals {
					out[i] = r
				}
				continue
			}
			idx[r.Game] = len(out)
			out = append(out, r)
		}
	}
	add(s.Rows)
	if s.Reference != nil {
		add(s.Reference.Rows)
	}
	return out
}

// winnabilityAnswer summarises the solver's rows.
func winnabilityAnswer(rows []SummaryRow) (Answer, bool) {
	if len(rows) == 0 {
		return Answer{}, false
	}
	full := 0
	least := rows[0]
	lo, hi := rows[0], rows[0]
	for _, r := range rows {
		if r.Unknowns == 0 {
			full++
		}
		if decidedShare(r) < decidedShare(least) {
			least = r
		}
		if r.WinRate < lo.WinRate {
			lo = r
		}
		if r.WinRate > hi.WinRate {
			hi = r
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Seeing every card, the solver decides every deal of %d of the %d games", full, len(rows))
	if full < len(rows) {
		fmt.Fprintf(&b, " and at least %s of each other game's deals (fewest: %s; an undecided deal may go either way)", pct(decidedShare(least)), least.Game)
	}
	fmt.Fprintf(&b, ". The share of winnable deals runs from %s in %s (%s) to %s in %s (%s). Evidence: %s.",
		winnable(lo), lo.Game, intervalOf(lo), winnable(hi), hi.Game, intervalOf(hi), dealsOf(rows))
	return Answer{Question: "How winnable is each game?", Text: b.String()}, true
}

// winnable states a row's share of winnable deals: exact when every deal
// is decided, "at least" the won share otherwise.
func winnable(r SummaryRow) string {
	if r.Unknowns == 0 {
		return pct(r.WinRate)
	}
	return "at least " + pct(r.WinRate)
}

// intervalOf states a row's 95 % interval: Wilson's when every deal is
// decided, the bounds with the undecided deals lost / won otherwise.
func intervalOf(r SummaryRow) string {
	if r.Unknowns == 0 {
		return "95 % Wilson interval " + pct(r.WilsonLow) + " – " + pct(r.WilsonHigh)
	}
	return "95 % bounds " + pct(r.BoundLow) + " – " + pct(r.BoundHigh)
}

// dealsOf says which deals rows rest on: one deal set for all, or each.
func dealsOf(rows []SummaryRow) string {
	if sameDeals(rows) {
		return dealSet(rows[0]) + " per game"
	}
	var parts []string
	for _, r := range rows {
		parts = append(parts, r.Game+": "+dealSet(r))
	}
	return strings.Join(parts, "; ")
}

// adviceAnswer compares a strategy without the book's advice (a) and with
// it (b) on the deals both played, game by game.
func adviceAnswer(s *Summary, a, b, question, baseline string) (Answer, bool) {
	var better, worse, same []string
	var pairs []SummaryRow // deal sets, for the evidence
	for _, p := range s.Pairs {
		if p.StrategyA != a || p.StrategyB != b || p.Variant != "" || p.Deals == 0 {
			continue
		}
		pairs = append(pairs, SummaryRow{Game: p.Game, Deals: p.Deals})
		d := -p.Diff // B − A: what the advice adds
		item := fmt.Sprintf("%s %s, p = %s", p.Game, signedPct(d), pValue(p.McNemarP))
		switch {
		case p.McNemarP < Significance && d > 0:
			better = append(better, item)
		case p.McNemarP < Significance && d < 0:
			worse = append(worse, item)
		default:
			same = append(same, p.Game)
		}
	}
	if len(pairs) == 0 {
		return Answer{}, false
	}
	var parts []string
	if len(better) > 0 {
		parts = append(parts, fmt.Sprintf("wins significantly more deals in %s (%s)", games(len(better)), strings.Join(better, "; ")))
	}
	if len(worse) > 0 {
		parts = append(parts, fmt.Sprintf("wins significantly fewer deals in %s (%s)", games(len(worse)), strings.Join(worse, "; ")))
	}
	if len(same) > 0 {
		parts = append(parts, fmt.Sprintf("makes no significant difference in %s (%s)", games(len(same)), strings.Join(same, ", ")))
	}
	n := pairs[0].Deals
	each := true
	for _, p := range pairs {
		each = each && p.Deals == n
	}
	evidence := "the same deals per game"
	if each {
		evidence = fmt.Sprintf("the same %s per game", dealCount(n))
	}
	text := fmt.Sprintf("Against %s, on %s, the book's advice %s. Paired comparison, McNemar's exact test, significant at p < %g.",
		baseline, evidence, joinAnd(parts), Significance)
	return Answer{Question: question, Text: text}, true
}

// hiddenAnswer names the games where the best player that does not see the
// cards falls far short of the solver, and those where it comes close.
func hiddenAnswer(s *Summary, solver []SummaryRow) (Answer, bool) {
	var hard, close []string
	for _, sol := range solver {
		best, ok := bestHidden(s, sol.Game)
		if !ok {
			continue
		}
		switch {
		case sol.WilsonLow-best.WilsonHigh >= hiddenGap:
			hard = append(hard, fmt.Sprintf("%s (solver %s, %s %s of %s)", sol.Game,
				strings.Replace(winnable(sol), "at least ", "≥ ", 1), best.Strategy, pct(best.WinRate), thousands(best.Deals)))
		case sol.Unknowns == 0 && min(sol.Deals, best.Deals) >= minCloseDeals && sol.WinRate-best.WinRate <= closeGap:
			close = append(close, fmt.Sprintf("%s (%s %s, the solver %s)", sol.Game, best.Strategy, pct(best.WinRate), pct(sol.WinRate)))
		}
	}
	if len(hard) == 0 && len(close) == 0 {
		return Answer{}, false
	}
	var parts []string
	if len(hard) > 0 {
		parts = append(parts, fmt.Sprintf("In %s the best player that does not see the cards stays at least %.0f points below the solver's interval: %s — a gap that bounds the price of the hidden order of the pack from above (part of it is what the player still misses)",
			games(len(hard)), 100*hiddenGap, strings.Join(hard, "; ")))
	}
	if len(close) > 0 {
		parts = append(parts, fmt.Sprintf("in %s the best such player comes within %.0f points of the solver: %s", games(len(close)), 100*closeGap, strings.Join(close, "; ")))
	}
	text := strings.Join(parts, "; ") + ". Solver: " + dealsOf(solver) + "; the players' deal sets are in the charts."
	return Answer{Question: "Where does seeing the cards matter most?", Text: text}, true
}

// bestHidden returns the run's row with the highest win rate in game among
// the players that do not see the hidden cards (all but the solver).
func bestHidden(s *Summary, game string) (SummaryRow, bool) {
	var best SummaryRow
	ok := false
	for _, r := range s.Rows {
		if r.Game != game || r.Variant != "" || r.Strategy == "solver" || r.Deals == 0 {
			continue
		}
		if !ok || r.WinRate > best.WinRate {
			best, ok = r, true
		}
	}
	return best, ok
}

// games says "1 game" or "n games".
func games(n int) string {
	if n == 1 {
		return "1 game"
	}
	return fmt.Sprintf("%d games", n)
}

// joinAnd joins clauses as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
