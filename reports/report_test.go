package reports

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// runTournament plays a small real tournament through sim.Run into dir,
// as shard index of count.
func runTournament(t *testing.T, dir string, games []string, strategies []string, deals int64, index, count int, trace bool) *sim.Summary {
	t.Helper()
	var cfg sim.Config
	for _, g := range games {
		spec, err := engine.Lookup(g)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Games = append(cfg.Games, sim.GameConfig{Spec: spec})
	}
	for _, s := range strategies {
		st, err := sim.NewStrategy(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Strategies = append(cfg.Strategies, st)
	}
	cfg.Deals, cfg.MasterSeed, cfg.Workers, cfg.ShardIndex, cfg.ShardCount, cfg.Trace = deals, 7, 2, index, count, trace
	lo, hi := sim.ShardRange(deals, index, count)
	w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: index, ShardCount: count, ShardStart: lo, ShardEnd: hi, Trace: trace,
		Meta: Metadata{Command: "test", MasterSeed: 7, CatalogHash: engine.CatalogHash()}})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := sim.Run(context.Background(), cfg, w)
	if err != nil {
		w.Close()
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return sum
}

var testGames = []string{"red-and-black", "napoleon", "salic-law"}
var testStrategies = []string{"random", "greedy"}

func TestReportMergedShardsEqualSingleRun(t *testing.T) {
	const deals = 120
	single, merged := t.TempDir(), t.TempDir()
	simSum := runTournament(t, single, testGames, testStrategies, deals, 0, 1, true)
	for i := 0; i < 4; i++ {
		runTournament(t, merged, testGames, testStrategies, deals, i, 4, true)
	}
	render := func(dir string) (string, string, *Summary) {
		s, err := Summarize(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		var md, h bytes.Buffer
		if err := WriteMarkdown(&md, s); err != nil {
			t.Fatal(err)
		}
		if err := WriteHTML(&h, s, HTMLOptions{Rules: RuleRows(engine.Catalog(), nil)}); err != nil {
			t.Fatal(err)
		}
		return md.String(), h.String(), s
	}
	md1, h1, s1 := render(single)
	md4, h4, _ := render(merged)
	if md1 != md4 {
		t.Fatalf("Markdown differs between one run and 4 merged shards:\n%s\n----\n%s", md1, md4)
	}
	if h1 != h4 {
		t.Fatal("HTML differs between one run and 4 merged shards")
	}
	// The summary read back from the files equals the runner's own tallies.
	if len(s1.Rows) != len(simSum.Tallies) {
		t.Fatalf("%d summary rows, runner has %d tallies", len(s1.Rows), len(simSum.Tallies))
	}
	for _, tl := range simSum.Tallies {
		found := false
		for _, r := range s1.Rows {
			if r.Game == tl.Game && r.Strategy == tl.Strategy && r.Variant == tl.Variant {
				found = true
				if r.Deals != tl.Deals || r.Wins != tl.Wins || r.Unknowns != tl.Unknowns || r.MedianMoves != tl.Moves.Median() || math.Abs(r.MeanMoves-tl.Moves.Mean()) > 1e-9 {
					t.Errorf("%s/%s: file summary %+v, runner tally %+v", tl.Game, tl.Strategy, r, tl)
				}
			}
		}
		if !found {
			t.Errorf("no summary row for %s/%s", tl.Game, tl.Strategy)
		}
	}
	for _, pt := range simSum.Pairs {
		found := false
		for _, p := range s1.Pairs {
			if p.Game == pt.Game && p.StrategyA == pt.A && p.StrategyB == pt.B {
				found = true
				if p.Both != pt.Both || p.OnlyA != pt.OnlyA || p.OnlyB != pt.OnlyB || p.Neither != pt.Neither || p.McNemarP != pt.McNemarP() {
					t.Errorf("pair %s %s/%s: file %+v, runner %+v", pt.Game, pt.A, pt.B, p, pt)
				}
			}
		}
		if !found {
			t.Errorf("no pair row for %s %s/%s", pt.Game, pt.A, pt.B)
		}
	}
	if len(s1.RuleUsage) == 0 {
		t.Error("traced run: no rule usage")
	}
	for _, want := range []string{"## Win rates", "## Paired comparisons", "## Rule usage", "| red-and-black | default | greedy | 120 |"} {
		if !strings.Contains(md1, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md1)
		}
	}
	for _, want := range []string{`class="chart win-rate"`, `class="chart moves"`, `class="chart paired"`, `class="chart rule-usage"`, `id="rules"`, "<script"} {
		has := strings.Contains(h1, want)
		if has != (want != "<script") {
			t.Errorf("HTML: contains %q = %v", want, has)
		}
	}
	if strings.Contains(h1, "http://") && strings.Count(h1, "http://") != strings.Count(h1, "http://www.w3.org/2000/svg") {
		t.Error("HTML references an external resource")
	}
}

func TestSummarizeRejectsOverlap(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 2; i++ {
		w, err := NewResultsWriter(dir, ResultsOptions{ShardIndex: i, ShardCount: 2, ShardEnd: 10})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteResults(synthRows([]string{"shah"}, []string{"greedy"}, 0, 10)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Summarize(context.Background(), dir)
	if err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Fatalf("overlapping shards: %v", err)
	}
	if _, err := ExportResults(context.Background(), dir, t.TempDir(), FormatParquet, Metadata{}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Fatalf("export of overlapping shards: %v", err)
	}
}

func TestReadResultsErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Summarize(context.Background(), dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("empty folder: %v", err)
	}
	p := filepath.Join(dir, "results", "game=shah", "strategy=greedy", "part-00000-of-00001.parquet")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("not parquet"), 0o644)
	if _, err := Summarize(context.Background(), dir); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("corrupt file: %v", err)
	}
}

func TestSummaryStatistics(t *testing.T) {
	// Hand-made paired outcomes: A wins deals 0–5, B wins 4–9, 12 deals.
	dir := t.TempDir()
	w, err := NewResultsWriter(dir, ResultsOptions{ShardEnd: 12})
	if err != nil {
		t.Fatal(err)
	}
	var rows []sim.Result
	for d := int64(0); d < 12; d++ {
		for _, s := range []string{"greedy", "book"} {
			won := (s == "greedy" && d < 6) || (s == "book" && d >= 4 && d < 10)
			out := sim.Lost
			if won {
				out = sim.Won
			}
			if s == "book" && d == 11 {
				out = sim.Unknown
			}
			rows = append(rows, sim.Result{Game: "zodiac", Strategy: s, DealIndex: d, Outcome: out, Won: won, Moves: int32(d)})
		}
	}
	// Partition rows must each be in deal order; they are.
	if err := w.WriteResults(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Summarize(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Rows) != 2 || s.Rows[0].Strategy != "greedy" || s.Rows[1].Strategy != "book" {
		t.Fatalf("rows %+v", s.Rows)
	}
	g, b := s.Rows[0], s.Rows[1]
	lo, hi := sim.Wilson95(6, 12)
	if g.Wins != 6 || g.WilsonLow != lo || g.WilsonHigh != hi || g.MedianMoves != 5.5 {
		t.Errorf("greedy %+v", g)
	}
	blo, bhi := sim.SolvabilityBounds(6, 1, 12)
	if b.Unknowns != 1 || b.BoundLow != blo || b.BoundHigh != bhi {
		t.Errorf("book %+v", b)
	}
	p := s.Pairs[0]
	if p.StrategyA != "greedy" || p.Both != 2 || p.OnlyA != 4 || p.OnlyB != 4 || p.Neither != 2 || p.McNemarP != 1 {
		t.Errorf("pair %+v", p)
	}
}
