package reports

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// SummaryRow is one row of the summary dataset: the deals of one game ×
// variant × strategy. Intervals are 95 % Wilson score intervals
// (sim.Wilson95); the bounds count unknown outcomes as losses (low) and
// as wins (high) (sim.SolvabilityBounds).
type SummaryRow struct {
	Game           string  `parquet:"game,dict" json:"game"`
	Variant        string  `parquet:"variant,dict" json:"variant"`
	Strategy       string  `parquet:"strategy,dict" json:"strategy"`
	StrategyParams string  `parquet:"strategy_params,dict" json:"strategy_params"`
	Deals          int64   `parquet:"deals" json:"deals"`
	Wins           int64   `parquet:"wins" json:"wins"`
	Losses         int64   `parquet:"losses" json:"losses"`
	Unknowns       int64   `parquet:"unknowns" json:"unknowns"`
	MoveCapHits    int64   `parquet:"move_cap_hits" json:"move_cap_hits"`
	WinRate        float64 `parquet:"win_rate" json:"win_rate"`
	WilsonLow      float64 `parquet:"wilson_low" json:"wilson_low"`
	WilsonHigh     float64 `parquet:"wilson_high" json:"wilson_high"`
	BoundLow       float64 `parquet:"bound_low" json:"bound_low"`
	BoundHigh      float64 `parquet:"bound_high" json:"bound_high"`
	MeanMoves      float64 `parquet:"mean_moves" json:"mean_moves"`
	MedianMoves    float64 `parquet:"median_moves" json:"median_moves"`
	MeanFoundation float64 `parquet:"mean_foundation_cards" json:"mean_foundation_cards"`
	MeanCPUNanos   float64 `parquet:"mean_cpu_ns" json:"mean_cpu_ns"`
	MeanNodes      float64 `parquet:"mean_solver_nodes" json:"mean_solver_nodes"`
	// Seed, FirstDeal and LastDeal say which deals the row rests on: the
	// master seed of its results folder ("" when the folder mixes seeds)
	// and its smallest and largest deal index. They label the report's
	// charts and tables; they are not columns of the dataset.
	Seed      string `parquet:"-" json:"-"`
	FirstDeal int64  `parquet:"-" json:"-"`
	LastDeal  int64  `parquet:"-" json:"-"`
}

// PairRow is one row of the paired dataset: two strategies of one game and
// variant compared on the deals both played. OnlyA counts deals A won and B
// did not; McNemarP is McNemar's exact two-sided p-value on (OnlyA, OnlyB)
// (sim.McNemarExact); Diff is (OnlyA − OnlyB)/Deals, A's win rate minus B's.
type PairRow struct {
	Game      string  `parquet:"game,dict" json:"game"`
	Variant   string  `parquet:"variant,dict" json:"variant"`
	StrategyA string  `parquet:"strategy_a,dict" json:"strategy_a"`
	StrategyB string  `parquet:"strategy_b,dict" json:"strategy_b"`
	Deals     int64   `parquet:"deals" json:"deals"`
	Both      int64   `parquet:"both_won" json:"both_won"`
	OnlyA     int64   `parquet:"only_a" json:"only_a"`
	OnlyB     int64   `parquet:"only_b" json:"only_b"`
	Neither   int64   `parquet:"neither_won" json:"neither_won"`
	Diff      float64 `parquet:"diff" json:"diff"`
	McNemarP  float64 `parquet:"mcnemar_p" json:"mcnemar_p"`
}

// RuleUsageRow counts the moves of one game × strategy made under one rule
// (from the moves dataset of a traced run).
type RuleUsageRow struct {
	Game     string
	Strategy string
	Rule     string
	Moves    int64
}

// Summary is what a results folder says: the per game × variant × strategy
// tallies, the paired comparisons, and the rule usage of traced runs.
type Summary struct {
	// Rows and Tallies are parallel: Rows[i] is computed from Tallies[i].
	// They are sorted by game (catalog order), variant and strategy
	// (sim.StrategyNames order, then by name).
	Rows    []SummaryRow
	Tallies []*sim.Tally
	// MoveCounts[i][m] is the number of deals of Rows[i] played in m moves
	// (moves ≥ maxMoveBucket counted in the last bucket), for charts.
	MoveCounts [][]int64
	// Pairs holds every pair of strategies of each game and variant, A
	// before B in strategy order.
	Pairs []PairRow
	// RuleUsage is sorted by game, strategy and decreasing count; empty
	// without moves/.
	RuleUsage []RuleUsageRow
	// Runs lists the distinct provenance of the part files (master seed,
	// catalog hash, versions), sorted.
	Runs []RunInfo
	// Reference, if set, is a separate run the report draws beside this
	// one as the reference for every game (the winnability atlas: the
	// solver's rows of a results folder); ReferenceNote says what it is
	// (deals, seed, budget, date). Its rows are labelled as the
	// reference's, never mixed into Rows.
	Reference     *Summary
	ReferenceNote string
}

// RunInfo is the provenance shared by a set of part files.
type RunInfo struct {
	MasterSeed, CatalogHash, Version, Revision string
	Files                                      int
}

// maxMoveBucket is the last bucket of Summary.MoveCounts.
const maxMoveBucket = 1 << 16

// bitset is a growable set of deal indices.
type bitset []uint64

func (b *bitset) set(i int64) {
	w := int(i >> 6)
	if w >= len(*b) {
		*b = slices.Grow(*b, w+1-len(*b))[:w+1]
	}
	(*b)[w] |= 1 << (uint(i) & 63)
}

func (b bitset) has(i int64) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(uint(i)&63)) != 0
}

func (b bitset) word(w int) uint64 {
	if w < len(b) {
		return b[w]
	}
	return 0
}

// stratDeals is, for one game × variant × strategy, the deals played and
// won, for the paired comparisons.
type stratDeals struct {
	played, won bitset
}

// Summarize reads the results (and moves, if any) under dir and computes the
// Summary. It streams: memory grows with the number of partitions and, per
// game being read, one bit per deal and strategy. A deal that appears twice
// for the same game, variant and strategy (overlapping shards) is an error.
func Summarize(ctx context.Context, dir string) (*Summary, error) {
	s := &Summary{}
	tallies := map[[3]string]*sim.Tally{}
	params := map[[3]string]string{}
	span := map[[3]string]*[2]int64{}
	moves := map[[3]string]*[]int64{}
	curGame := ""
	deals := map[[2]string]*stratDeals{} // (variant, strategy) → deals, for curGame
	flush := func() {
		s.Pairs = append(s.Pairs, pairsOf(curGame, deals)...)
		clear(deals)
	}
	err := ReadResults(ctx, dir, func(rows []sim.Result) error {
		for i := range rows {
			r := &rows[i]
			if r.Game != curGame {
				if curGame != "" {
					flush()
				}
				curGame = r.Game
			}
			k := [3]string{r.Game, r.Variant, r.Strategy}
			t := tallies[k]
			if t == nil {
				t = &sim.Tally{Game: r.Game, Variant: r.Variant, Strategy: r.Strategy}
				tallies[k] = t
				params[k] = r.StrategyParams
				moves[k] = new([]int64)
				span[k] = &[2]int64{r.DealIndex, r.DealIndex}
			}
			if sp := span[k]; r.DealIndex < sp[0] {
				sp[0] = r.DealIndex
			} else if r.DealIndex > sp[1] {
				sp[1] = r.DealIndex
			}
			if params[k] != r.StrategyParams {
				return fmt.Errorf("%s/%s: strategy parameters %s and %s in one results folder", r.Game, r.Strategy, params[k], r.StrategyParams)
			}
			dk := [2]string{r.Variant, r.Strategy}
			d := deals[dk]
			if d == nil {
				d = &stratDeals{}
				deals[dk] = d
			}
			if r.DealIndex < 0 {
				return fmt.Errorf("%s/%s: negative deal_index %d", r.Game, r.Strategy, r.DealIndex)
			}
			if d.played.has(r.DealIndex) {
				return fmt.Errorf("%s/%s: deal %d appears twice (overlapping shards or runs in one folder?)", r.Game, r.Strategy, r.DealIndex)
			}
			d.played.set(r.DealIndex)
			if r.Won {
				d.won.set(r.DealIndex)
			}
			t.Add(r)
			m := int(min(max(r.Moves, 0), maxMoveBucket))
			mc := moves[k]
			if m >= len(*mc) {
				*mc = slices.Grow(*mc, m+1-len(*mc))[:m+1]
			}
			(*mc)[m]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if curGame != "" {
		flush()
	}
	for _, t := range tallies {
		s.Tallies = append(s.Tallies, t)
	}
	gameRank, stratRank := rankOf(engine.GameIDs()), rankOf(sim.StrategyNames())
	slices.SortFunc(s.Tallies, func(a, b *sim.Tally) int {
		return cmp.Or(compareRanked(gameRank, a.Game, b.Game), cmp.Compare(a.Variant, b.Variant), compareRanked(stratRank, a.Strategy, b.Strategy))
	})
	if s.Runs, err = runsOf(dir); err != nil {
		return nil, err
	}
	seed := ""
	for i, r := range s.Runs {
		if i == 0 {
			seed = r.MasterSeed
		} else if r.MasterSeed != seed {
			seed = ""
			break
		}
	}
	for _, t := range s.Tallies {
		k := [3]string{t.Game, t.Variant, t.Strategy}
		row := summaryRow(t, params[k])
		row.Seed, row.FirstDeal, row.LastDeal = seed, span[k][0], span[k][1]
		s.Rows = append(s.Rows, row)
		s.MoveCounts = append(s.MoveCounts, *moves[k])
	}
	slices.SortStableFunc(s.Pairs, func(a, b PairRow) int {
		return cmp.Or(compareRanked(gameRank, a.Game, b.Game), cmp.Compare(a.Variant, b.Variant),
			compareRanked(stratRank, a.StrategyA, b.StrategyA), compareRanked(stratRank, a.StrategyB, b.StrategyB))
	})
	if s.RuleUsage, err = ruleUsage(ctx, dir, gameRank, stratRank); err != nil {
		return nil, err
	}
	return s, nil
}

// summaryRow computes the dataset row of a tally.
func summaryRow(t *sim.Tally, params string) SummaryRow {
	lo, hi := t.Wilson()
	blo, bhi := t.Bounds()
	mean := func(sum int64) float64 {
		if t.Deals == 0 {
			return math.NaN()
		}
		return float64(sum) / float64(t.Deals)
	}
	return SummaryRow{
		Game: t.Game, Variant: t.Variant, Strategy: t.Strategy, StrategyParams: params,
		Deals: t.Deals, Wins: t.Wins, Losses: t.Losses, Unknowns: t.Unknowns, MoveCapHits: t.MoveCapHits,
		WinRate: t.WinRate(), WilsonLow: lo, WilsonHigh: hi, BoundLow: blo, BoundHigh: bhi,
		MeanMoves: t.Moves.Mean(), MedianMoves: t.Moves.Median(),
		MeanFoundation: mean(t.FoundationCards), MeanCPUNanos: mean(t.CPUNanos), MeanNodes: mean(t.SolverNodes),
	}
}

// pairsOf computes the paired tables of one game from the deal bitsets.
func pairsOf(game string, deals map[[2]string]*stratDeals) []PairRow {
	stratRank := rankOf(sim.StrategyNames())
	keys := make([][2]string, 0, len(deals))
	for k := range deals {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), compareRanked(stratRank, a[1], b[1]))
	})
	var out []PairRow
	for i, ka := range keys {
		for _, kb := range keys[i+1:] {
			if ka[0] != kb[0] {
				continue
			}
			a, b := deals[ka], deals[kb]
			pt := sim.PairTally{Game: game, A: ka[1], B: kb[1]}
			n := max(len(a.played), len(b.played))
			var both, onlyA, onlyB, neither int64
			for w := 0; w < n; w++ {
				p := a.played.word(w) & b.played.word(w)
				wa, wb := a.won.word(w)&p, b.won.word(w)&p
				both += int64(bits.OnesCount64(wa & wb))
				onlyA += int64(bits.OnesCount64(wa &^ wb))
				onlyB += int64(bits.OnesCount64(wb &^ wa))
				neither += int64(bits.OnesCount64(p &^ (wa | wb)))
			}
			pt.Both, pt.OnlyA, pt.OnlyB, pt.Neither = both, onlyA, onlyB, neither
			total := both + onlyA + onlyB + neither
			diff := math.NaN()
			if total > 0 {
				diff = float64(onlyA-onlyB) / float64(total)
			}
			out = append(out, PairRow{Game: game, Variant: ka[0], StrategyA: pt.A, StrategyB: pt.B, Deals: total,
				Both: pt.Both, OnlyA: pt.OnlyA, OnlyB: pt.OnlyB, Neither: pt.Neither, Diff: diff, McNemarP: pt.McNemarP()})
		}
	}
	return out
}

// ruleUsage counts the traced moves per game, strategy and rule.
func ruleUsage(ctx context.Context, dir string, gameRank, stratRank map[string]int) ([]RuleUsageRow, error) {
	counts := map[[3]string]int64{}
	err := ReadMoves(ctx, dir, func(rows []sim.MoveRecord) error {
		for i := range rows {
			counts[[3]string{rows[i].Game, rows[i].Strategy, rows[i].Rule}]++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]RuleUsageRow, 0, len(counts))
	for k, n := range counts {
		out = append(out, RuleUsageRow{Game: k[0], Strategy: k[1], Rule: k[2], Moves: n})
	}
	slices.SortFunc(out, func(a, b RuleUsageRow) int {
		return cmp.Or(compareRanked(gameRank, a.Game, b.Game), compareRanked(stratRank, a.Strategy, b.Strategy),
			cmp.Compare(b.Moves, a.Moves), cmp.Compare(a.Rule, b.Rule))
	})
	return out, nil
}

// runsOf groups the results part files by provenance.
func runsOf(dir string) ([]RunInfo, error) {
	parts, err := ListParts(datasetDir(dir, DatasetResults))
	if err != nil {
		return nil, err
	}
	count := map[RunInfo]int{}
	for _, p := range parts {
		md, err := FileMetadata(p.Path)
		if err != nil {
			return nil, err
		}
		count[RunInfo{MasterSeed: md[KeyMasterSeed], CatalogHash: md[KeyCatalogHash], Version: md[KeyVersion], Revision: md[KeyRevision]}]++
	}
	out := make([]RunInfo, 0, len(count))
	for r, n := range count {
		r.Files = n
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		return cmp.Or(cmp.Compare(a.MasterSeed, b.MasterSeed), cmp.Compare(a.CatalogHash, b.CatalogHash),
			cmp.Compare(a.Version, b.Version), cmp.Compare(a.Revision, b.Revision)) < 0
	})
	return out, nil
}

// rankOf maps each name to its position.
func rankOf(names []string) map[string]int {
	m := make(map[string]int, len(names))
	for i, n := range names {
		m[n] = i
	}
	return m
}

// compareRanked orders ranked names by rank, before unranked names, which
// are ordered by name.
func compareRanked(rank map[string]int, a, b string) int {
	ra, oka := rank[a]
	rb, okb := rank[b]
	switch {
	case oka && okb:
		return cmp.Compare(ra, rb)
	case oka:
		return -1
	case okb:
		return 1
	}
	return cmp.Compare(a, b)
}
