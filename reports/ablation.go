package reports

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// AblationConfig describes an advice ablation: Strategy (a strategy with
// the parameter "without": book or planner-book) played on Deals deals
// (master seed Seed) of each of Games over Workers goroutines, once as
// is (the baseline) and once per advice label turned off. Params are
// further parameters of the strategy, the same in every run.
type AblationConfig struct {
	Strategy string
	Params   map[string]string
	Games    []string
	Deals    int64
	Seed     uint64
	Workers  int
}

// AblationRow is what one advice is worth in one game, as a dataset row
// (the "ablation" dataset that scripts/adviceablation writes): on the same
// Deals deals of Game (master seed MasterSeed), Strategy won BaselineWins
// with all its advice and AblatedWins with the advice Advice (label Label)
// turned off; OnlyBaseline and OnlyAblated are the deals only one of the
// two won, and McNemarP is McNemar's exact two-sided p-value of that
// difference (sim.McNemarExact). Worth is (OnlyBaseline − OnlyAblated) ÷
// Deals, the advice's gain in win rate (negative: the advice hurts).
// Applied is the deals in which the baseline followed the advice at least
// once (its rows name it); Changed is the deals the two runs ended
// differently in outcome, moves played, foundation cards or redeals (a
// lower bound on the deals whose play the advice changed).
type AblationRow struct {
	Game         string  `parquet:"game,dict" json:"game"`
	Strategy     string  `parquet:"strategy,dict" json:"strategy"`
	Advice       string  `parquet:"advice,dict" json:"advice"`
	Label        string  `parquet:"label,dict" json:"label"`
	Deals        int64   `parquet:"deals" json:"deals"`
	BaselineWins int64   `parquet:"baseline_wins" json:"baseline_wins"`
	AblatedWins  int64   `parquet:"ablated_wins" json:"ablated_wins"`
	OnlyBaseline int64   `parquet:"only_baseline" json:"only_baseline"`
	OnlyAblated  int64   `parquet:"only_ablated" json:"only_ablated"`
	Applied      int64   `parquet:"applied" json:"applied"`
	Changed      int64   `parquet:"changed" json:"changed"`
	Worth        float64 `parquet:"worth" json:"worth"`
	McNemarP     float64 `parquet:"mcnemar_p" json:"mcnemar_p"`
	MasterSeed   uint64  `parquet:"master_seed" json:"master_seed"`
}

// AdviceAblation runs the ablation cfg describes and returns one row per
// game × advice label the game has (games in the order of cfg.Games,
// labels in the order of sim.AdviceLabels). The baseline plays every game;
// each label's run plays only the games that have that advice (the others
// would play exactly as the baseline), and a game without advice gets no
// rows. Every run plays the same deals (sim.DealSeed), so the comparison
// is paired deal by deal.
func AdviceAblation(ctx context.Context, cfg AblationConfig) ([]AblationRow, error) {
	if err := checkAblation(cfg); err != nil {
		return nil, fmt.Errorf("advice ablation: %w", err)
	}
	for _, id := range cfg.Games {
		if _, err := engine.Lookup(id); err != nil {
			return nil, fmt.Errorf("advice ablation: %w", err)
		}
	}
	var labels []string
	for _, l := range sim.AdviceLabels() {
		for _, id := range cfg.Games {
			if hasAdvice(id, l) {
				labels = append(labels, l)
				break
			}
		}
	}
	if len(labels) == 0 {
		return nil, fmt.Errorf("advice ablation: no game of %v has book advice", cfg.Games)
	}
	base, err := ablationRun(ctx, cfg, cfg.Games, "")
	if err != nil {
		return nil, err
	}
	off := make(map[string]*dealSink, len(labels))
	for _, l := range labels {
		// A game without advice l plays as the baseline (bookStrategy):
		// only the games that have it are played again.
		var games []string
		for _, id := range cfg.Games {
			if hasAdvice(id, l) {
				games = append(games, id)
			}
		}
		if off[l], err = ablationRun(ctx, cfg, games, l); err != nil {
			return nil, err
		}
	}
	var rows []AblationRow
	for _, id := range cfg.Games {
		for _, l := range labels {
			if !hasAdvice(id, l) {
				continue
			}
			c, err := pairDeals(base.deals[id], off[l].deals[id], slices.Index(base.labels, l))
			if err != nil {
				return nil, fmt.Errorf("advice ablation: %s without %s: %w", id, l, err)
			}
			p := c.PairTally
			deals := p.Both + p.OnlyA + p.OnlyB + p.Neither
			rows = append(rows, AblationRow{Game: id, Strategy: cfg.Strategy, Advice: id + "/" + l, Label: l,
				Deals: deals, BaselineWins: p.Both + p.OnlyA, AblatedWins: p.Both + p.OnlyB,
				OnlyBaseline: p.OnlyA, OnlyAblated: p.OnlyB, Applied: c.applied, Changed: c.changed,
				Worth: float64(p.OnlyA-p.OnlyB) / float64(deals), McNemarP: p.McNemarP(), MasterSeed: cfg.Seed})
		}
	}
	return rows, nil
}

// checkAblation reports what is wrong with cfg, if anything.
func checkAblation(cfg AblationConfig) error {
	takes := false
	for _, s := range sim.Strategies() {
		if s.Name == cfg.Strategy {
			for _, p := range s.Params {
				takes = takes || p.Name == "without"
			}
		}
	}
	switch {
	case !takes:
		return fmt.Errorf("strategy %q has no parameter without (want book or planner-book)", cfg.Strategy)
	case cfg.Params["without"] != "":
		return fmt.Errorf("parameter without=%s: the ablation sets it itself", cfg.Params["without"])
	case len(cfg.Games) == 0:
		return fmt.Errorf("no games")
	case cfg.Deals <= 0:
		return fmt.Errorf("%d deals: want at least one", cfg.Deals)
	}
	return nil
}

// hasAdvice reports whether the book strategy applies advice label l in
// game id.
func hasAdvice(id, l string) bool {
	return slices.Contains(sim.GameAdvice(id), engine.RuleID(id+"/"+l))
}

// ablationRun plays the deals of cfg of games with cfg.Strategy with
// advice label without turned off ("" for the baseline) and returns how
// each deal ended.
func ablationRun(ctx context.Context, cfg AblationConfig, games []string, without string) (*dealSink, error) {
	gcs := make([]sim.GameConfig, len(games))
	for i, id := range games {
		spec, err := engine.Lookup(id)
		if err != nil {
			return nil, fmt.Errorf("advice ablation: %w", err)
		}
		gcs[i] = sim.GameConfig{Spec: spec}
	}
	params := maps.Clone(cfg.Params)
	if params == nil {
		params = map[string]string{}
	}
	params["without"] = without
	st, err := sim.NewStrategy(cfg.Strategy, params)
	if err != nil {
		return nil, fmt.Errorf("advice ablation: %w", err)
	}
	sink := newDealSink(games, cfg.Deals)
	if _, err := sim.Run(ctx, sim.Config{Games: gcs, Strategies: []sim.Strategy{st}, Deals: cfg.Deals,
		MasterSeed: cfg.Seed, Workers: cfg.Workers}, sink); err != nil {
		return nil, fmt.Errorf("advice ablation: without=%q: %w", without, err)
	}
	for _, g := range games {
		if n := sink.count[g]; n != cfg.Deals {
			return nil, fmt.Errorf("advice ablation: without=%q: %s: %d of %d deals played", without, g, n, cfg.Deals)
		}
	}
	return sink, nil
}

// dealEnd is how one deal ended: won, moves played, foundation cards,
// redeals, and the labels of the advice its row names (bit i:
// dealSink.labels[i]).
type dealEnd struct {
	won                   bool
	moves, found, redeals int32
	advice                uint64
}

// sameEnd reports whether two deals ended alike (the advice aside).
func sameEnd(a, b *dealEnd) bool {
	return a.won == b.won && a.moves == b.moves && a.found == b.found && a.redeals == b.redeals
}

// dealSink is a sim.Sink that records, per game and deal index, how the
// deal ended (and keeps nothing else).
type dealSink struct {
	mu     sync.Mutex
	labels []string             // sim.AdviceLabels
	n      int64                // deals per game
	deals  map[string][]dealEnd // game → deal index → its end
	seen   map[string][]bool    // game → deal index → a row arrived
	count  map[string]int64     // game → rows
}

// newDealSink returns a dealSink for deals 0 … n-1 of games.
func newDealSink(games []string, n int64) *dealSink {
	s := &dealSink{labels: sim.AdviceLabels(), n: n, deals: map[string][]dealEnd{}, seen: map[string][]bool{}, count: map[string]int64{}}
	for _, g := range games {
		s.deals[g] = make([]dealEnd, n)
		s.seen[g] = make([]bool, n)
	}
	return s
}

// WriteResults records the rows' ends; a row of another game, a deal
// index out of range or a deal given twice is an error.
func (s *dealSink) WriteResults(rows []sim.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		ends, ok := s.deals[r.Game]
		if !ok || r.DealIndex < 0 || r.DealIndex >= s.n {
			return fmt.Errorf("deal sink: row of %s deal %d: not a deal of the run", r.Game, r.DealIndex)
		}
		if s.seen[r.Game][r.DealIndex] {
			return fmt.Errorf("deal sink: %s deal %d given twice", r.Game, r.DealIndex)
		}
		s.seen[r.Game][r.DealIndex] = true
		e := dealEnd{won: r.Won, moves: r.Moves, found: r.FoundationCards, redeals: r.Redeals}
		for _, a := range r.Advice {
			if i := slices.Index(s.labels, engine.RuleID(a.ID).Local()); i >= 0 && i < 64 {
				e.advice |= 1 << i
			}
		}
		ends[r.DealIndex] = e
		s.count[r.Game]++
	}
	return nil
}

// WriteMoves ignores the moves (the ablation does not trace).
func (*dealSink) WriteMoves([]sim.MoveRecord) error { return nil }

// Close does nothing: the deals stay in memory.
func (*dealSink) Close() error { return nil }

// pairCounts is the pairing of a baseline run with an ablated one.
type pairCounts struct {
	sim.PairTally       // wins, baseline as A (the names are left empty)
	applied       int64 // deals whose baseline row names the advice
	changed       int64 // deals that ended differently
}

// pairDeals pairs a baseline run with the run without the advice of
// label bit (bit i: sim.AdviceLabels()[i]), deal index by deal index.
// Runs of different lengths are an error.
func pairDeals(base, ablated []dealEnd, bit int) (pairCounts, error) {
	var c pairCounts
	if len(base) != len(ablated) || len(base) == 0 {
		return c, fmt.Errorf("%d deals paired with %d: want the same deals", len(base), len(ablated))
	}
	for i := range base {
		c.Add(base[i].won, ablated[i].won)
		if base[i].advice>>bit&1 != 0 {
			c.applied++
		}
		if !sameEnd(&base[i], &ablated[i]) {
			c.changed++
		}
	}
	return c, nil
}

// WriteAblationMarkdown prints an ablation's rows as a Markdown table, one
// line per game × advice: what the book says (the catalog's summary), the
// deals, the deals the advice was applied in and those that ended
// differently without it, the wins with all advice and with this one off (count and rate),
// the deals only one of the two won, the advice's worth in percentage
// points and McNemar's exact p.
func WriteAblationMarkdown(w io.Writer, rows []AblationRow) error {
	bw := &errWriter{w: w}
	bw.printf("| game | advice | what the book says | deals | applied in | ended differently | wins with all advice | wins without it | only with | only without | worth | McNemar p |\n")
	bw.printf("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		says := ""
		if rule, ok := engine.LookupRule(engine.RuleID(r.Advice)); ok {
			says = rule.Summary
		}
		rate := func(wins int64) string { return pct(float64(wins) / float64(r.Deals)) }
		bw.printf("| %s | %s | %s | %d | %d | %d | %d (%s) | %d (%s) | %d | %d | %s | %s |\n", mdCell(r.Game), mdCell(r.Label), mdCell(says),
			r.Deals, r.Applied, r.Changed, r.BaselineWins, rate(r.BaselineWins), r.AblatedWins, rate(r.AblatedWins), r.OnlyBaseline, r.OnlyAblated,
			signedPct(r.Worth), pValue(r.McNemarP))
	}
	return bw.err
}
