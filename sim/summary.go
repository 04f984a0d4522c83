package sim

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
)

// Tally aggregates the rows of one game × strategy (and variant) as they
// stream, in memory that does not grow with the number of deals.
type Tally struct {
	Game, Variant, Strategy string

	Deals, Wins, Losses, Unknowns, MoveCapHits int64
	// Moves is the distribution of moves per deal.
	Moves Histogram
	// FoundationCards, CPUNanos and SolverNodes are sums over the deals.
	FoundationCards, CPUNanos, SolverNodes int64
}

// Add counts one row.
func (t *Tally) Add(r *Result) {
	t.Deals++
	switch r.Outcome {
	case Won:
		t.Wins++
	case Unknown:
		t.Unknowns++
	default:
		t.Losses++
	}
	if r.MoveCapHit {
		t.MoveCapHits++
	}
	t.Moves.Add(int64(r.Moves))
	t.FoundationCards += int64(r.FoundationCards)
	t.CPUNanos += r.CPUNanos
	t.SolverNodes += r.SolverNodes
}

// WinRate returns Wins/Deals (NaN with no deals).
func (t *Tally) WinRate() float64 {
	if t.Deals == 0 {
		return math.NaN()
	}
	return float64(t.Wins) / float64(t.Deals)
}

// Wilson returns the 95 % Wilson interval of the win rate, unknowns
// counted as not won.
func (t *Tally) Wilson() (lo, hi float64) { return Wilson95(t.Wins, t.Deals) }

// Bounds returns the Solvitaire-style 95 % bounds (unknowns as losses for
// the lower bound, as wins for the upper).
func (t *Tally) Bounds() (lo, hi float64) { return SolvabilityBounds(t.Wins, t.Unknowns, t.Deals) }

// PairTally is the paired 2×2 table of two strategies on the same deals of
// one game: Both won, only A won, only B won, Neither won.
type PairTally struct {
	Game, A, B                  string
	Both, OnlyA, OnlyB, Neither int64
}

// Add counts one deal played by both strategies.
func (p *PairTally) Add(aWon, bWon bool) {
	switch {
	case aWon && bWon:
		p.Both++
	case aWon:
		p.OnlyA++
	case bWon:
		p.OnlyB++
	default:
		p.Neither++
	}
}

// McNemarP returns McNemar's exact two-sided p-value on the discordant
// pairs (OnlyA, OnlyB).
func (p *PairTally) McNemarP() float64 { return McNemarExact(p.OnlyA, p.OnlyB) }

// Summary aggregates a run: one Tally per game × strategy and one
// PairTally per game × pair of strategies, in run order.
type Summary struct {
	Tallies []*Tally
	Pairs   []*PairTally
	// ResumedFrom is, per game, the first deal index played by this
	// invocation when it resumed an earlier run (absent otherwise); the
	// tallies then cover only the deals played by this invocation.
	ResumedFrom map[string]int64

	nStrat int
}

// NewSummary returns an empty summary for the given games (with their
// variant strings) and strategy names.
func NewSummary(games, variants, strategies []string) *Summary {
	s := &Summary{nStrat: len(strategies)}
	for gi, g := range games {
		v := ""
		if gi < len(variants) {
			v = variants[gi]
		}
		for _, st := range strategies {
			s.Tallies = append(s.Tallies, &Tally{Game: g, Variant: v, Strategy: st})
		}
		for a := 0; a < len(strategies); a++ {
			for b := a + 1; b < len(strategies); b++ {
				s.Pairs = append(s.Pairs, &PairTally{Game: g, A: strategies[a], B: strategies[b]})
			}
		}
	}
	return s
}

// addDeal counts the rows of one deal of game gi: one row per strategy, in
// strategy order.
func (s *Summary) addDeal(gi int, rows []Result) {
	n := s.nStrat
	for k := range rows {
		s.Tallies[gi*n+k].Add(&rows[k])
	}
	np := n * (n - 1) / 2
	p := gi * np
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			s.Pairs[p].Add(rows[a].Won, rows[b].Won)
			p++
		}
	}
}

// FormatPercent renders a proportion as a percentage with two decimals, and
// with two significant digits below 0.01 % so that a small bound (the upper
// Wilson bound of 0 wins in 100,000 deals is 0.0038 %) is not rounded to
// zero; "–" for NaN.
func FormatPercent(x float64) string {
	p := 100 * x
	switch {
	case math.IsNaN(x):
		return "–"
	case p != 0 && math.Abs(p) < 0.01:
		return strconv.FormatFloat(p, 'g', 2, 64) + "%"
	}
	return fmt.Sprintf("%.2f%%", p)
}

func num(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.1f", x)
}

// pValue formats a p-value: four significant digits, "<1e-300" below the
// double range.
func pValue(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p == 0:
		return "<1e-300"
	case p < 1e-4:
		return fmt.Sprintf("%.2e", p)
	}
	return fmt.Sprintf("%.4f", p)
}

// WriteTable prints the summary as two aligned text tables: per game and
// strategy (deals, wins, win rate, 95 % Wilson interval, unknowns with the
// Solvitaire bounds, mean and median moves), and per pair of strategies of
// a game (both won, only A, only B, neither, McNemar's exact p).
func (s *Summary) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "game\tvariant\tstrategy\tdeals\twins\twin rate\t95% Wilson\tunknown\tbounds (unk.)\tmean moves\tmedian moves\t")
	for _, t := range s.Tallies {
		lo, hi := t.Wilson()
		blo, bhi := t.Bounds()
		v := t.Variant
		if v == "" {
			v = "default"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%s\t[%s, %s]\t%d\t[%s, %s]\t%s\t%s\t\n",
			t.Game, v, t.Strategy, t.Deals, t.Wins, FormatPercent(t.WinRate()), FormatPercent(lo), FormatPercent(hi),
			t.Unknowns, FormatPercent(blo), FormatPercent(bhi), num(t.Moves.Mean()), num(t.Moves.Median()))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	if len(s.Pairs) == 0 {
		return nil
	}
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "game\tA\tB\tboth won\tonly A\tonly B\tneither\tMcNemar exact p\t")
	for _, p := range s.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t\n", p.Game, p.A, p.B, p.Both, p.OnlyA, p.OnlyB, p.Neither, pValue(p.McNemarP()))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write summary: %w", err)
	}
	return nil
}
