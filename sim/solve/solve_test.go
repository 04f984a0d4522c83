package solve

import (
	"context"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// exhaust decides g by plain depth-first search over every legal move with
// a visited set on the full Hash: no hooks, no symmetry. ok is false when
// more than budget states were needed.
func exhaust(g engine.Game, visited map[uint64]bool, budget int) (won, ok bool) {
	if g.Won() {
		return true, true
	}
	h := g.Hash()
	if visited[h] {
		return false, true
	}
	if len(visited) >= budget {
		return false, false
	}
	visited[h] = true
	for _, m := range g.LegalMoves(nil) {
		c := g.Clone()
		if err := c.Apply(m); err != nil {
			panic(err)
		}
		if w, ok := exhaust(c, visited, budget); !ok || w {
			return w, ok
		}
	}
	return false, true
}

// replays reports whether line, applied to a copy of g, wins it.
func replays(t *testing.T, g engine.Game, line []engine.Move) bool {
	t.Helper()
	c := g.Clone()
	for i, m := range line {
		if err := c.Apply(m); err != nil {
			t.Fatalf("move %d %v of the line: %v", i, m, err)
		}
	}
	return c.Won()
}

// TestSolveAgreesWithExhaustiveSearch decides whole Napoleon deals both ways
// and requires the same answer; every won line must replay to a win.
func TestSolveAgreesWithExhaustiveSearch(t *testing.T) {
	spec, err := engine.Lookup("napoleon")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Limits{Nodes: 2_000_000})
	var won, lost int
	for seed := uint64(1); seed <= 60; seed++ {
		g, err := spec.New(seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := exhaust(g, map[uint64]bool{}, 3_000_000)
		if !ok {
			continue
		}
		r := s.Solve(context.Background(), g)
		switch {
		case r.Outcome == Undecided:
			t.Fatalf("seed %d: undecided (%s) after %d nodes", seed, r.Reason, r.Nodes)
		case (r.Outcome == Won) != want:
			t.Fatalf("seed %d: solver says %v, exhaustive search won=%v", seed, r.Outcome, want)
		case r.Outcome == Won && !replays(t, g, r.Line):
			t.Fatalf("seed %d: the winning line does not win", seed)
		}
		if want {
			won++
		} else {
			lost++
		}
	}
	if won == 0 || lost == 0 {
		t.Fatalf("want both won and lost deals, got %d won, %d lost", won, lost)
	}
}

// TestLimits checks that every limit gives Undecided with its reason.
func TestLimits(t *testing.T) {
	spec, _ := engine.Lookup("napoleon")
	g, _ := spec.New(3, nil)
	if r := New(Limits{Nodes: 1}).Solve(context.Background(), g); r.Outcome != Undecided || r.Reason != "node limit" {
		t.Fatalf("node limit: %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := New(Limits{}).Solve(ctx, g); r.Outcome != Undecided || r.Reason != ReasonCancelled {
		t.Fatalf("cancelled: %+v", r)
	}
}

// BenchmarkWinnability solves b.N deals of each game (seeds 1 … b.N) at the
// default limits and reports the shares won, lost and undecided, and the
// nodes per second. Run it with a fixed count of deals, e.g.
//
//	go test ./sim/solve -run '^$' -bench 'Winnability/napoleon' -benchtime 200x
func BenchmarkWinnability(b *testing.B) {
	for _, spec := range engine.Catalog() {
		b.Run(spec.ID, func(b *testing.B) {
			st, err := spec.Setup(nil)
			if err != nil {
				b.Fatal(err)
			}
			s := New(Limits{})
			var won, lost int
			var nodes int64
			for i := 0; i < b.N; i++ {
				g, err := st.New(uint64(i + 1))
				if err != nil {
					b.Fatal(err)
				}
				r := s.Solve(context.Background(), g)
				nodes += r.Nodes
				switch r.Outcome {
				case Won:
					won++
				case Lost:
					lost++
				}
			}
			n := float64(b.N)
			b.ReportMetric(100*float64(won)/n, "%won")
			b.ReportMetric(100*float64(lost)/n, "%lost")
			b.ReportMetric(100*float64(b.N-won-lost)/n, "%undecided")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
