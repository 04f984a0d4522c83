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
	off := make(map[string]*winSink, len(labels))
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
			p, err := pairWins(base.won[id], off[l].won[id])
			if err != nil {
				return nil, fmt.Errorf("advice ablation: %s without %s: %w", id, l, err)
			}
			deals := p.Both + p.OnlyA + p.OnlyB + p.Neither
			rows = append(rows, AblationRow{Game: id, Strategy: cfg.Strategy, Advice: id + "/" + l, Label: l,
				Deals: deals, BaselineWins: p.Both + p.OnlyA, AblatedWins: p.Both + p.OnlyB,
				OnlyBaseline: p.OnlyA, OnlyAblated: p.OnlyB, Worth: float64(p.OnlyA-p.OnlyB) / float64(deals),
				McNemarP: p.McNemarP(), MasterSeed: cfg.Seed})
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
// advice label without turned off ("" for the baseline) and returns who
// won each deal.
func ablationRun(ctx context.Context, cfg AblationConfig, games []string, without string) (*winSink, error) {
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
	sink := newWinSink(games, cfg.Deals)
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

// winSink is a sim.Sink that records, per game and deal index, whether
// the deal was won (and keeps nothing else).
type winSink struct {
	mu    sync.Mutex
	deals int64
	won   map[string][]bool // game → deal index → won
	seen  map[string][]bool // game → deal index → a row arrived
	count map[string]int64  // game → rows
}

// newWinSink returns a winSink for deals 0 … deals-1 of games.
func newWinSink(games []string, deals int64) *winSink {
	s := &winSink{deals: deals, won: map[string][]bool{}, seen: map[string][]bool{}, count: map[string]int64{}}
	for _, g := range games {
		s.won[g] = make([]bool, deals)
		s.seen[g] = make([]bool, deals)
	}
	return s
}

// WriteResults records the rows' wins; a row of another game, a deal
// index out of range or a deal given twice is an error.
func (s *winSink) WriteResults(rows []sim.Result) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		won, ok := s.won[r.Game]
		if !ok || r.DealIndex < 0 || r.DealIndex >= s.deals {
			return fmt.Errorf("win sink: row of %s deal %d: not a deal of the run", r.Game, r.DealIndex)
		}
		if s.seen[r.Game][r.DealIndex] {
			return fmt.Errorf("win sink: %s deal %d given twice", r.Game, r.DealIndex)
		}
		s.seen[r.Game][r.DealIndex] = true
		won[r.DealIndex] = r.Won
		s.count[r.Game]++
	}
	return nil
}

// WriteMoves ignores the moves (the ablation does not trace).
func (*winSink) WriteMoves([]sim.MoveRecord) error { return nil }

// Close does nothing: the wins stay in memory.
func (*winSink) Close() error { return nil }

// pairWins pairs two runs' wins on the same deals, deal index by deal
// index (the tally's names are left empty). Runs of different lengths are
// an error.
func pairWins(a, b []bool) (sim.PairTally, error) {
	var p sim.PairTally
	if len(a) != len(b) || len(a) == 0 {
		return p, fmt.Errorf("%d deals paired with %d: want the same deals", len(a), len(b))
	}
	for i := range a {
		p.Add(a[i], b[i])
	}
	return p, nil
}

// WriteAblationMarkdown prints an ablation's rows as a Markdown table, one
// line per game × advice: what the book says (the catalog's summary), the
// deals, the wins with all advice and with this one off (count and rate),
// the deals only one of the two won, the advice's worth in percentage
// points and McNemar's exact p.
func WriteAblationMarkdown(w io.Writer, rows []AblationRow) error {
	bw := &errWriter{w: w}
	bw.printf("| game | advice | what the book says | deals | wins with all advice | wins without it | only with | only without | worth | McNemar p |\n")
	bw.printf("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rows {
		says := ""
		if rule, ok := engine.LookupRule(engine.RuleID(r.Advice)); ok {
			says = rule.Summary
		}
		rate := func(wins int64) string { return pct(float64(wins) / float64(r.Deals)) }
		bw.printf("| %s | %s | %s | %d | %d (%s) | %d (%s) | %d | %d | %s | %s |\n", mdCell(r.Game), mdCell(r.Label), mdCell(says),
			r.Deals, r.BaselineWins, rate(r.BaselineWins), r.AblatedWins, rate(r.AblatedWins), r.OnlyBaseline, r.OnlyAblated,
			signedPct(r.Worth), pValue(r.McNemarP))
	}
	return bw.err
}
