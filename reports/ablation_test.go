package reports

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim"
)

// TestPairDeals checks the deal-by-deal pairing of two runs: the win
// tally, the deals that applied the advice and those that ended
// differently.
func TestPairDeals(t *testing.T) {
	const s1 = 0 // bit of S1
	base := []dealEnd{{won: true, moves: 9, advice: 1 << s1}, {won: true, moves: 9}, {moves: 5, advice: 2}, {moves: 5, advice: 1 << s1}, {won: true, moves: 9}}
	off := []dealEnd{{won: true, moves: 9}, {moves: 7}, {won: true, moves: 9}, {moves: 5, found: 3}, {moves: 8}}
	c, err := pairDeals(base, off, s1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Both != 1 || c.OnlyA != 2 || c.OnlyB != 1 || c.Neither != 1 || c.applied != 2 || c.changed != 4 {
		t.Errorf("pairDeals = %+v, want both 1, only a 2, only b 1, neither 1, applied 2, changed 4", c)
	}
	if _, err := pairDeals(base, off[:4], s1); err == nil {
		t.Error("runs of 5 and 4 deals paired")
	}
	if _, err := pairDeals(nil, nil, s1); err == nil {
		t.Error("runs of no deals paired")
	}
}

// TestDealSink checks that the sink records each deal's end once, with the
// labels of the advice it names, and refuses rows that are not deals of
// the run.
func TestDealSink(t *testing.T) {
	s := newDealSink([]string{"napoleon", "zodiac"}, 3)
	if !slices.Equal(s.labels, []string{"S1", "S2", "S3"}) {
		t.Fatalf("labels %v", s.labels)
	}
	rows := []sim.Result{
		{Game: "napoleon", DealIndex: 2, Won: true, Moves: 40, FoundationCards: 52, Advice: []sim.AdviceCount{{ID: "napoleon/S1", Count: 3}, {ID: "napoleon/S3", Count: 1}}},
		{Game: "zodiac", DealIndex: 0, Moves: 7, Redeals: 1},
	}
	if err := s.WriteResults(rows); err != nil {
		t.Fatal(err)
	}
	want := []dealEnd{{}, {}, {won: true, moves: 40, found: 52, advice: 0b101}}
	if !reflect.DeepEqual(s.deals["napoleon"], want) || s.deals["zodiac"][0] != (dealEnd{moves: 7, redeals: 1}) ||
		s.count["napoleon"] != 1 || s.count["zodiac"] != 1 {
		t.Errorf("deals %+v, counts %v", s.deals, s.count)
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
// variant) worth exactly nothing, the same rows with two workers, and the
// dataset round trip.
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
		if r.Changed < r.OnlyBaseline+r.OnlyAblated || r.Changed > r.Deals || r.Applied > r.Deals {
			t.Errorf("%s: %d deals ended differently, %d applied the advice, %d won by one only", r.Advice, r.Changed, r.Applied, r.OnlyBaseline+r.OnlyAblated)
		}
		if r.Advice == "napoleon/S1" && (r.Applied == 0 || r.Changed == 0) {
			t.Errorf("napoleon/S1 applied in %d deals and changed %d, want some", r.Applied, r.Changed)
		}
		if r.Advice == "napoleon/S3" && (r.OnlyBaseline != 0 || r.OnlyAblated != 0 || r.McNemarP != 1 || r.Changed != 0) {
			t.Errorf("napoleon/S3 off changed results (%+v), but the default variant enforces it", r)
		}
		changed = changed || r.OnlyBaseline+r.OnlyAblated > 0
	}
	if !changed {
		t.Error("no advice turned off changed a single deal's outcome in 300 deals")
	}

	// The same rows whatever the number of workers.
	cfg2 := cfg
	cfg2.Workers = 2
	if rows2, err := AdviceAblation(context.Background(), cfg2); err != nil || !reflect.DeepEqual(rows2, rows) {
		t.Errorf("with two workers: %v, rows differ: %v", err, !reflect.DeepEqual(rows2, rows))
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
