package reports

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// TestPairWins checks the deal-by-deal pairing of two runs' wins.
func TestPairWins(t *testing.T) {
	a := []bool{true, true, false, false, true}
	b := []bool{true, false, true, false, false}
	p, err := pairWins(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if p.Both != 1 || p.OnlyA != 2 || p.OnlyB != 1 || p.Neither != 1 {
		t.Errorf("pairWins = %+v, want both 1, only a 2, only b 1, neither 1", p)
	}
	if _, err := pairWins(a, b[:4]); err == nil {
		t.Error("runs of 5 and 4 deals paired")
	}
	if _, err := pairWins(nil, nil); err == nil {
		t.Error("runs of no deals paired")
	}
}

// TestWinSink checks that the sink records each deal's win once and
// refuses rows that are not deals of the run.
func TestWinSink(t *testing.T) {
	s := newWinSink([]string{"napoleon", "zodiac"}, 3)
	if err := s.WriteResults([]sim.Result{{Game: "napoleon", DealIndex: 2, Won: true}, {Game: "zodiac", DealIndex: 0}}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.won["napoleon"], []bool{false, false, true}) || s.count["napoleon"] != 1 || s.count["zodiac"] != 1 {
		t.Errorf("won %v, counts %v", s.won, s.count)
	}
	for _, bad := range []sim.Result{{Game: "napoleon", DealIndex: 2}, {Game: "shah"}, {Game: "zodiac", DealIndex: 3}, {Game: "zodiac", DealIndex: -1}} {
		if err := s.WriteResults([]sim.Result{bad}); err == nil {
			t.Errorf("row %s deal %d accepted", bad.Game, bad.DealIndex)
		}
	}
}

// TestAdviceAblation runs a small book ablation and checks it against
// plain runs: rows only for the advice the games have, the baseline's and
// each ablated run's wins equal to those runs' tallies, the pair counts
// adding up, p-values in [0, 1], napoleon/S3 (enforced by the default
// variant) worth exactly nothing, and the dataset round trip.
func TestAdviceAblation(t *testing.T) {
	games := []string{"napoleon", "sympathy", "windmill"}
	cfg := AblationConfig{Strategy: "book", Games: games, Deals: 300, Seed: 7, Workers: 1}
	rows, err := AdviceAblation(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, r.Advice)
	}
	if want := "napoleon/S1 napoleon/S2 napoleon/S3 windmill/S1 windmill/S2"; strings.Join(got, " ") != want {
		t.Fatalf("rows for %s, want %s", strings.Join(got, " "), want)
	}
	// Plain runs of the same deals.
	tally := func(without string) map[string]int64 {
		st, err := sim.NewStrategy("book", map[string]string{"without": without})
		if err != nil {
			t.Fatal(err)
		}
		var gcs []sim.GameConfig
		for _, id := range games {
			spec, err := engine.Lookup(id)
			if err != nil {
				t.Fatal(err)
			}
			gcs = append(gcs, sim.GameConfig{Spec: spec})
		}
		sum, err := sim.Run(context.Background(), sim.Config{Games: gcs, Strategies: []sim.Strategy{st}, Deals: cfg.Deals, MasterSeed: cfg.Seed, Workers: 2}, discardRows{})
		if err != nil {
			t.Fatal(err)
		}
		wins := map[string]int64{}
		for _, tl := range sum.Tallies {
			wins[tl.Game] = tl.Wins
		}
		return wins
	}
	base := tally("")
	changed := false
	for _, r := range rows {
		if r.Strategy != "book" || r.Deals != cfg.Deals || r.MasterSeed != cfg.Seed || r.Label != r.Advice[len(r.Game)+1:] {
			t.Errorf("%s: row %+v", r.Advice, r)
		}
		if r.BaselineWins != base[r.Game] {
			t.Errorf("%s: baseline wins %d, a plain book run %d", r.Advice, r.BaselineWins, base[r.Game])
		}
		if w := tally(r.Label)[r.Game]; r.AblatedWins != w {
			t.Errorf("%s: ablated wins %d, a plain book without=%s run %d", r.Advice, r.AblatedWins, r.Label, w)
		}
		if r.BaselineWins-r.OnlyBaseline != r.AblatedWins-r.OnlyAblated || r.BaselineWins-r.OnlyBaseline < 0 ||
			r.BaselineWins+r.OnlyAblated > r.Deals {
			t.Errorf("%s: counts do not add up: %+v", r.Advice, r)
		}
		if r.McNemarP < 0 || r.McNemarP > 1 || r.McNemarP != sim.McNemarExact(r.OnlyBaseline, r.OnlyAblated) {
			t.Errorf("%s: p = %v", r.Advice, r.McNemarP)
		}
		if want := float64(r.OnlyBaseline-r.OnlyAblated) / float64(r.Deals); r.Worth != want {
			t.Errorf("%s: worth %v, want %v", r.Advice, r.Worth, want)
		}
		if r.Advice == "napoleon/S3" && (r.OnlyBaseline != 0 || r.OnlyAblated != 0 || r.McNemarP != 1) {
			t.Errorf("napoleon/S3 off changed results (%+v), but the default variant enforces it", r)
		}
		changed = changed || r.OnlyBaseline+r.OnlyAblated > 0
	}
	if !changed {
		t.Error("no advice turned off changed a single deal's outcome in 300 deals")
	}

	path := filepath.Join(t.TempDir(), "ablation.parquet")
	if err := ExportTableFile(path, DatasetAblation, FormatParquet, rows, Metadata{MasterSeed: cfg.Seed}); err != nil {
		t.Fatal(err)
	}
	var back []AblationRow
	if err := readParquet(path, 64, func(b []AblationRow) error { back = append(back, b...); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("read back %+v, want %+v", back, rows)
	}
	meta, err := FileMetadata(path)
	if err != nil || meta[KeyDataset] != DatasetAblation {
		t.Errorf("metadata %v, %v: want dataset %s", meta, err, DatasetAblation)
	}
}

// TestAdviceAblationConfig checks the configurations an ablation refuses.
func TestAdviceAblationConfig(t *testing.T) {
	for _, c := range []struct {
		cfg  AblationConfig
		want string
	}{
		{AblationConfig{Strategy: "greedy", Games: []string{"napoleon"}, Deals: 1}, "no parameter without"},
		{AblationConfig{Strategy: "book", Params: map[string]string{"without": "S1"}, Games: []string{"napoleon"}, Deals: 1}, "sets it itself"},
		{AblationConfig{Strategy: "book", Deals: 1}, "no games"},
		{AblationConfig{Strategy: "book", Games: []string{"napoleon"}}, "0 deals"},
		{AblationConfig{Strategy: "book", Games: []string{"sympathy", "sultan"}, Deals: 1}, "has book advice"},
		{AblationConfig{Strategy: "book", Games: []string{"nope"}, Deals: 1}, "nope"},
		{AblationConfig{Strategy: "planner-book", Params: map[string]string{"samples": "x"}, Games: []string{"napoleon"}, Deals: 1}, "samples"},
	} {
		if _, err := AdviceAblation(context.Background(), c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: err = %v, want one saying %q", c.cfg, err, c.want)
		}
	}
}
