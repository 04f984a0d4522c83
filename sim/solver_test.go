package sim

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pasyans/pasyans/engine"
	"github.com/pasyans/pasyans/sim/solve"
)

// solverGames are the games of the solver's determinism tests: the toy
// and two catalog games, one small and one large.
func solverGames(t *testing.T) []GameConfig {
	t.Helper()
	games := []GameConfig{{Spec: toySpec}}
	for _, id := range []string{"napoleon", "salic-law"} {
		s, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, GameConfig{Spec: s})
	}
	return games
}

// TestSolverRowsIdenticalForAnyWorkers checks that the solver strategy's
// rows (outcome, nodes, moves) are the same for one and two workers and
// for two shards, and that every row it records as won was won by playing
// the found line.
func TestSolverRowsIdenticalForAnyWorkers(t *testing.T) {
	solver, err := NewStrategy("solver", map[string]string{"nodes": "20000"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Games: solverGames(t), Strategies: []Strategy{solver}, Deals: 24, MasterSeed: 5, BatchSize: 5, Workers: 1}
	one, _ := runMem(t, cfg, 0)
	cfg.Workers = 2
	two, _ := runMem(t, cfg, 0)
	if !reflect.DeepEqual(one.rows, two.rows) {
		t.Fatal("solver rows differ between 1 and 2 workers")
	}
	var outcomes = map[Outcome]int{}
	for k, rows := range one.rows {
		for _, r := range rows {
			outcomes[r.Outcome]++
			if r.SolverNodes <= 0 {
				t.Fatalf("%s deal %d: no solver nodes", k, r.DealIndex)
			}
			if r.Outcome == Won && (!r.Won || int(r.FoundationCards) == 0) {
				t.Fatalf("%s deal %d: won row not won by play: %+v", k, r.DealIndex, r)
			}
		}
	}
	if outcomes[Won] == 0 || outcomes[Lost] == 0 {
		t.Fatalf("want won and lost rows, got %v", outcomes)
	}
	// Two shards together give the rows of one run.
	cfg.Workers = 1
	cfg.ShardCount = 2
	merged := map[string][]Result{}
	for i := 0; i < 2; i++ {
		cfg.ShardIndex = i
		lo, _ := ShardRange(cfg.Deals, i, 2)
		part, _ := runMem(t, cfg, lo)
		for k, rows := range part.rows {
			merged[k] = append(merged[k], rows...)
		}
	}
	if !reflect.DeepEqual(one.rows, merged) {
		t.Fatal("solver rows of two shards differ from one run")
	}
}

// TestWinnabilityDeterministic checks that the winnability table's counts
// and per-deal results do not depend on the number of workers, that they
// agree with the solver strategy's rows on the same deals, and that the
// statistics are those of package sim.
func TestWinnabilityDeterministic(t *testing.T) {
	games := solverGames(t)
	lim := solve.Limits{Nodes: 20000}
	cfg := WinnabilityConfig{Games: games, Deals: 24, MasterSeed: 5, Workers: 1, Limits: lim}
	var deals [2][][]DealSolve
	collect := func(k int) func(int, DealSolve) error {
		deals[k] = make([][]DealSolve, len(games))
		return func(g int, d DealSolve) error {
			if d.Index != int64(len(deals[k][g])) {
				t.Errorf("game %d: deal %d streamed after %d deals", g, d.Index, len(deals[k][g]))
			}
			deals[k][g] = append(deals[k][g], d)
			return nil
		}
	}
	cfg.Deal = collect(0)
	one, err := Winnability(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	cfg.Deal = collect(1)
	two, err := Winnability(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	solver, _ := NewStrategy("solver", map[string]string{"nodes": "20000"})
	rowsCfg := Config{Games: games, Strategies: []Strategy{solver}, Deals: 24, MasterSeed: 5}
	tour, _ := runMem(t, rowsCfg, 0)
	for i := range one {
		a, b := one[i], two[i]
		if a.Won != b.Won || a.Lost != b.Lost || a.Undecided != b.Undecided || a.Nodes != b.Nodes || !reflect.DeepEqual(a.Reasons, b.Reasons) {
			t.Fatalf("%s: 1 worker %+v, 2 workers %+v", a.Game, a, b)
		}
		if a.Won+a.Lost+a.Undecided != a.Deals || a.Deals != 24 {
			t.Fatalf("%s: counts %d+%d+%d of %d deals", a.Game, a.Won, a.Lost, a.Undecided, a.Deals)
		}
		if lo, hi := SolvabilityBounds(a.Won, a.Undecided, a.Deals); lo != a.BoundLow || hi != a.BoundHigh {
			t.Fatalf("%s: bounds", a.Game)
		}
		if a.MedianTime > a.P95Time || a.P95Time > a.MaxTime {
			t.Fatalf("%s: times out of order: %v %v %v", a.Game, a.MedianTime, a.P95Time, a.MaxTime)
		}
		rows := tour.rows[key(a.Game, "solver")]
		if len(deals[0][i]) != 24 || len(deals[1][i]) != 24 {
			t.Fatalf("%s: %d and %d deals streamed", a.Game, len(deals[0][i]), len(deals[1][i]))
		}
		for d, ds := range deals[0][i] {
			if ds.Outcome != deals[1][i][d].Outcome || ds.Nodes != deals[1][i][d].Nodes || ds.Seed != DealSeed(5, a.Game, int64(d)) {
				t.Fatalf("%s deal %d differs between worker counts", a.Game, d)
			}
			want := map[solve.Outcome]Outcome{solve.Won: Won, solve.Lost: Lost, solve.Undecided: Unknown}[ds.Outcome]
			if rows[d].Outcome != want || rows[d].SolverNodes != ds.Nodes {
				t.Fatalf("%s deal %d: table %v (%d nodes), tournament row %v (%d nodes)", a.Game, d, ds.Outcome, ds.Nodes, rows[d].Outcome, rows[d].SolverNodes)
			}
		}
	}
	var md, text strings.Builder
	if err := WriteWinnability(&md, one, true); err != nil {
		t.Fatal(err)
	}
	if err := WriteWinnability(&text, one, false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| napoleon | 24 |") || !strings.Contains(text.String(), "salic-law") {
		t.Fatalf("tables:\n%s\n%s", md.String(), text.String())
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Winnability(cancelled, cfg); err == nil {
		t.Fatal("a cancelled benchmark reported no error")
	}
}

// TestVerdictAgreesWithRows checks that Verdict, which "pasyans play"
// prints, says unknown with the solver's reason where a row says unknown.
func TestVerdictAgreesWithRows(t *testing.T) {
	spec, _ := engine.Lookup("salic-law")
	g, _ := spec.New(3, nil)
	s, _ := NewStrategy("solver", map[string]string{"nodes": "10"})
	p := s.NewPlayer()
	var pl Playout
	res, err := pl.PlayDeal(g.Clone(), p, 1, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Unknown {
		t.Fatalf("10 nodes decided salic-law: %+v", res)
	}
	c := g.Clone()
	ResetPlayer(context.Background(), p, c, 1)
	for !c.Won() {
		legal := c.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		i, _ := p.Choose(c, legal)
		if err := c.Apply(legal[i]); err != nil {
			t.Fatal(err)
		}
	}
	out, note := Verdict(c, p, false)
	if out != Unknown || !strings.Contains(note, "node limit after 10 nodes") {
		t.Fatalf("Verdict = %v %q", out, note)
	}
}

// TestFormatSeconds checks the time column of the winnability table.
func TestFormatSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0 ms", 81200 * time.Nanosecond: "0.0812 ms", 45600 * time.Microsecond: "45.6 ms",
		1234 * time.Millisecond: "1.23 s", 12345 * time.Millisecond: "12.3 s", 150 * time.Second: "150 s",
		999999 * time.Microsecond: "1 s", 99990 * time.Millisecond: "100 s",
	} {
		if got := formatSeconds(d); got != want {
			t.Errorf("formatSeconds(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestSolverRowsNameTheirProof checks the proof and stage columns of the
// solver strategy's rows: a won or lost row names how the solver decided
// it and the stage that did, an unknown row only the stage, and the other
// strategies' rows neither.
func TestSolverRowsNameTheirProof(t *testing.T) {
	spec, _ := engine.Lookup("napoleon")
	cfg := Config{Games: []GameConfig{{Spec: spec}}, Strategies: mustStrategies(t, "solver", "greedy"), Deals: 12, MasterSeed: 5, Workers: 1}
	sink, _ := runMem(t, cfg, 0)
	seen := map[Outcome]int{}
	for _, r := range sink.rows[key("napoleon", "solver")] {
		seen[r.Outcome]++
		switch {
		case r.Stage == "":
			t.Errorf("deal %d: no stage", r.DealIndex)
		case r.Outcome == Won && r.Proof != solve.ProofLine:
			t.Errorf("deal %d: won with proof %q", r.DealIndex, r.Proof)
		case r.Outcome == Lost && r.Proof != solve.ProofExhaustive && r.Proof != solve.ProofConfluence && r.Proof != engine.DeadEndGeneric:
			t.Errorf("deal %d: lost with proof %q", r.DealIndex, r.Proof)
		case r.Outcome == Unknown && r.Proof != "":
			t.Errorf("deal %d: unknown with proof %q", r.DealIndex, r.Proof)
		}
	}
	if seen[Won] == 0 || seen[Lost] == 0 {
		t.Fatalf("want won and lost rows, got %v", seen)
	}
	for _, r := range sink.rows[key("napoleon", "greedy")] {
		if r.Proof != "" || r.Stage != "" {
			t.Fatalf("greedy deal %d: proof %q, stage %q", r.DealIndex, r.Proof, r.Stage)
		}
	}
}
