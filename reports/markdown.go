package reports

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/pasyans/pasyans/sim"
)

// pct formats a proportion as a percentage (sim.FormatPercent).
func pct(x float64) string { return sim.FormatPercent(x) }

// solverRows returns the summary rows of the full-information solver.
func solverRows(s *Summary) []SummaryRow {
	var out []SummaryRow
	for _, r := range s.Rows {
		if r.Strategy == "solver" {
			out = append(out, r)
		}
	}
	return out
}

// decidedShare returns the share of a row's deals with a known outcome.
func decidedShare(r SummaryRow) float64 {
	if r.Deals == 0 {
		return math.NaN()
	}
	return float64(r.Deals-r.Unknowns) / float64(r.Deals)
}

// signedPct formats a difference of proportions in percentage points.
func signedPct(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%+.2f pp", 100*x)
}

// num formats a mean or median with one decimal ("–" for NaN).
func num(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.1f", x)
}

// pValue formats a p-value with four significant digits, or in scientific
// notation below 1e-4 ("<1e-300" when it underflows).
func pValue(p float64) string {
	switch {
	case math.IsNaN(p):
		return "–"
	case p == 0:
		return "<1e-300"
	case p < 1e-4:
		return fmt.Sprintf("%.2e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// variantName shows the book's reading (variant "") as "default".
func variantName(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// mdCell escapes a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.Join(strings.Fields(s), " ")
}

// WriteMarkdown prints the summary as Markdown: provenance, the table per
// game × variant × strategy (deals, wins, win rate with its 95 % Wilson
// interval, unknowns with the bounds that count them as losses / wins, mean
// and median moves), the paired comparisons (both won, only A, only B,
// neither, A − B, McNemar's exact p), and rule usage when the run was
// traced. The output depends only on the rows, so a folder of merged shards
// and a single run print the same text.
func WriteMarkdown(w io.Writer, s *Summary) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "# pasyans tournament report")
	fmt.Fprintln(bw)
	if as := Answers(s); len(as) > 0 {
		fmt.Fprintln(bw, "## Answers")
		fmt.Fprintln(bw)
		for _, a := range as {
			fmt.Fprintf(bw, "- **%s** %s\n", a.Question, a.Text)
		}
		fmt.Fprintln(bw)
	}
	for _, r := range provenance(s) {
		fmt.Fprintf(bw, "- %s\n", r)
	}
	fmt.Fprintln(bw)
	fmt.Fprintln(bw, "## Win rates")
	fmt.Fprintln(bw)
	fmt.Fprintln(bw, "Intervals are 95 % Wilson score intervals. Unknown outcomes (move cap, solver limits) count as not won in the win rate; the bounds count them as losses (low) and as wins (high).")
	fmt.Fprintln(bw)
	fmt.Fprintln(bw, "| game | variant | strategy | deals | wins | win rate | 95 % Wilson | unknown | bounds (unknown) | mean moves | median moves |")
	fmt.Fprintln(bw, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, r := range s.Rows {
		fmt.Fprintf(bw, "| %s | %s | %s | %d | %d | %s | %s – %s | %d | %s – %s | %s | %s |\n",
			mdCell(r.Game), mdCell(variantName(r.Variant)), mdCell(r.Strategy), r.Deals, r.Wins, pct(r.WinRate),
			pct(r.WilsonLow), pct(r.WilsonHigh), r.Unknowns, pct(r.BoundLow), pct(r.BoundHigh), num(r.MeanMoves), num(r.MedianMoves))
	}
	if rows, source := winnabilityTableRows(s); len(rows) > 0 {
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "## Winnability (full-information solver)")
		fmt.Fprintln(bw)
		fmt.Fprint(bw, "Won: a winning line was found; lost: every reachable state was searched (a proof); undecided: the search budget ran out. The share winnable lies between the won share and the won + undecided share; the bounds widen them by the 95 % Wilson intervals.")
		if s.Reference != nil && s.ReferenceNote != "" {
			fmt.Fprintf(bw, " Atlas: %s.", s.ReferenceNote)
		}
		fmt.Fprintln(bw)
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "| game | variant | source | deals | won | lost | undecided | decided | winnable: 95 % bounds | mean nodes |")
		fmt.Fprintln(bw, "|---|---|---|---|--:|--:|--:|--:|--:|--:|")
		for i, r := range rows {
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %d | %d | %d | %s | %s – %s | %s |\n",
				mdCell(r.Game), mdCell(variantName(r.Variant)), source[i], dealSet(r), r.Wins, r.Losses, r.Unknowns, pct(decidedShare(r)),
				pct(r.BoundLow), pct(r.BoundHigh), num(r.MeanNodes))
		}
	}
	if len(s.Pairs) > 0 {
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "## Paired comparisons")
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "Both strategies on the same deals. \"only A\" counts deals A won and B did not; A − B is the difference of win rates; p is McNemar's exact two-sided test on the discordant deals.")
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "| game | variant | A | B | deals | both won | only A | only B | neither | A − B | McNemar exact p |")
		fmt.Fprintln(bw, "|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|")
		for _, p := range s.Pairs {
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %d | %d | %d | %d | %d | %s | %s |\n",
				mdCell(p.Game), mdCell(variantName(p.Variant)), mdCell(p.StrategyA), mdCell(p.StrategyB), p.Deals,
				p.Both, p.OnlyA, p.OnlyB, p.Neither, signedPct(p.Diff), pValue(p.McNemarP))
		}
	}
	if len(s.RuleUsage) > 0 {
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "## Rule usage (traced moves)")
		fmt.Fprintln(bw)
		fmt.Fprintln(bw, "| game | strategy | rule | moves | share |")
		fmt.Fprintln(bw, "|---|---|---|--:|--:|")
		totals := map[[2]string]int64{}
		for _, u := range s.RuleUsage {
			totals[[2]string{u.Game, u.Strategy}] += u.Moves
		}
		for _, u := range s.RuleUsage {
			fmt.Fprintf(bw, "| %s | %s | %s | %d | %s |\n", mdCell(u.Game), mdCell(u.Strategy), mdCell(u.Rule), u.Moves,
				pct(float64(u.Moves)/float64(totals[[2]string{u.Game, u.Strategy}])))
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// provenance returns the lines that say where the results come from; they
// do not depend on how the run was sharded.
func provenance(s *Summary) []string {
	seeds, hashes, builds := map[string]bool{}, map[string]bool{}, map[string]bool{}
	var seedList, hashList, buildList []string
	add := func(m map[string]bool, l *[]string, v string) {
		if v != "" && !m[v] {
			m[v] = true
			*l = append(*l, v)
		}
	}
	for _, r := range s.Runs {
		add(seeds, &seedList, r.MasterSeed)
		h := r.CatalogHash
		if len(h) > 16 {
			h = h[:16]
		}
		add(hashes, &hashList, h)
		b := r.Version
		if r.Revision != "" {
			b += " rev " + r.Revision
		}
		add(builds, &buildList, b)
	}
	var deals int64
	games := map[string]bool{}
	for _, r := range s.Rows {
		deals += r.Deals
		games[r.Game] = true
	}
	lines := []string{
		fmt.Sprintf("%s, %s, %s played in all", Plural(len(games), "game"), Plural(len(s.Rows), "game × strategy row"), Plural(deals, "deal")),
		"master seed: " + orNone(strings.Join(seedList, ", ")),
		"rule catalog hash: " + orNone(strings.Join(hashList, ", ")),
		"pasyans build: " + orNone(strings.Join(buildList, ", ")),
	}
	if len(seedList) > 1 || len(hashList) > 1 {
		lines = append(lines, "WARNING: the folder mixes runs with different master seeds or rule catalogs")
	}
	return lines
}

func orNone(s string) string {
	if s == "" {
		return "(not recorded)"
	}
	return s
}
