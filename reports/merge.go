package reports

import (
	"cmp"
	"slices"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// Merge returns one summary holding the rows, pairs, rule usage and run
// provenance of several summaries side by side, sorted as Summarize sorts
// them. It is for results folders that complement each other, such as a
// tournament and a solver run on a subset of its deals (pasyans run): the
// paired comparisons are those each folder has; no pairs across folders are
// computed.
func Merge(parts ...*Summary) *Summary {
	out := &Summary{}
	type row struct {
		r     SummaryRow
		t     *sim.Tally
		moves []int64
	}
	var rows []row
	for _, p := range parts {
		if p == nil {
			continue
		}
		for i := range p.Rows {
			rows = append(rows, row{p.Rows[i], p.Tallies[i], p.MoveCounts[i]})
		}
		out.Pairs = append(out.Pairs, p.Pairs...)
		out.RuleUsage = append(out.RuleUsage, p.RuleUsage...)
		out.Runs = append(out.Runs, p.Runs...)
		if out.Reference == nil && p.Reference != nil {
			out.Reference, out.ReferenceNote = p.Reference, p.ReferenceNote
		}
	}
	gameRank, stratRank := rankOf(engine.GameIDs()), rankOf(sim.StrategyNames())
	slices.SortStableFunc(rows, func(a, b row) int {
		return cmp.Or(compareRanked(gameRank, a.r.Game, b.r.Game), cmp.Compare(a.r.Variant, b.r.Variant),
			compareRanked(stratRank, a.r.Strategy, b.r.Strategy))
	})
	for _, r := range rows {
		out.Rows = append(out.Rows, r.r)
		out.Tallies = append(out.Tallies, r.t)
		out.MoveCounts = append(out.MoveCounts, r.moves)
	}
	slices.SortStableFunc(out.Pairs, func(a, b PairRow) int {
		return cmp.Or(compareRanked(gameRank, a.Game, b.Game), cmp.Compare(a.Variant, b.Variant),
			compareRanked(stratRank, a.StrategyA, b.StrategyA), compareRanked(stratRank, a.StrategyB, b.StrategyB))
	})
	slices.SortStableFunc(out.RuleUsage, func(a, b RuleUsageRow) int {
		return cmp.Or(compareRanked(gameRank, a.Game, b.Game), compareRanked(stratRank, a.Strategy, b.Strategy),
			cmp.Compare(b.Moves, a.Moves), cmp.Compare(a.Rule, b.Rule))
	})
	return out
}
