package solve

import (
	"context"
	"testing"
	"time"

	"github.com/pasyans/pasyans/engine"
)

// exhaust decides g by plain depth-first search over every legal move with
// a visited set on the full Hash: no hooks, no symmetry, no probe. ok is
// false when more than budget states were needed.
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

// rng is a small deterministic generator for the tests' random playouts.
type rng uint64

func (r *rng) intn(n int) int {
	*r = rng(engine.SplitMix64(uint64(*r)))
	return int(uint64(*r) % uint64(n))
}

// positions returns small positions of the deal of seed with what
// exhaustive search (within budget states) says of them: the last ones of
// a random playout and, when the solver wins the deal, the last ones of
// its winning line, each taken from the end backwards while exhaustive
// search decides them, at most limit of each.
func positions(t *testing.T, spec *engine.Spec, seed uint64, budget, limit int) (ps []engine.Game, won []bool) {
	t.Helper()
	g, err := spec.New(seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rng(seed * 7919)
	var lines [2][]engine.Game
	c := g.Clone()
	for n := 0; n < spec.MaxMoves; n++ {
		lines[0] = append(lines[0], c.Clone())
		legal := c.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		if err := c.Apply(legal[r.intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	if res := New(Limits{Nodes: 20_000}).Solve(context.Background(), g); res.Outcome == Won {
		c := g.Clone()
		for _, m := range res.Line {
			lines[1] = append(lines[1], c.Clone())
			if err := c.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, line := range lines {
		for i, n := len(line)-1, 0; i >= 0 && n < limit; i, n = i-1, n+1 {
			w, ok := exhaust(line[i], map[uint64]bool{}, budget)
			if !ok {
				break
			}
			ps, won = append(ps, line[i]), append(won, w)
		}
	}
	return ps, won
}

// TestSolveAgreesWithExhaustiveSearch decides positions of every game of
// the catalog both ways — small ones, the ends of random playouts, and
// for Napoleon whole deals — and requires the solver never to contradict
// exhaustive search: no false Lost, no false Won, every won line replays
// to a win. A game with search hooks must be decided on every position;
// one without them may leave a loss undecided (its key is no proof).
func TestSolveAgreesWithExhaustiveSearch(t *testing.T) {
	const budget, limit = 3000, 12
	seeds := uint64(8)
	if testing.Short() {
		seeds = 3
	}
	withWins := 0
	for _, spec := range engine.Catalog() {
		t.Run(spec.ID, func(t *testing.T) {
			s := New(Limits{Nodes: 200_000})
			var decided, won, lost int
			for seed := uint64(1); seed <= seeds; seed++ {
				ps, wins := positions(t, spec, seed, budget, limit)
				if spec.ID == "napoleon" { // whole deals are small enough
					g, _ := spec.New(seed, nil)
					if w, ok := exhaust(g, map[uint64]bool{}, 200_000); ok {
						ps, wins = append(ps, g), append(wins, w)
					}
				}
				for i, pos := range ps {
					_, hooked := pos.(engine.SearchHooks)
					r := s.Solve(context.Background(), pos)
					switch {
					case r.Outcome == Won && !wins[i]:
						t.Fatalf("seed %d: solver says won, exhaustive search lost:\n%s", seed, pos)
					case r.Outcome == Won && !replays(t, pos, r.Line):
						t.Fatalf("seed %d: the winning line does not win:\n%s", seed, pos)
					case r.Outcome == Lost && wins[i]:
						t.Fatalf("seed %d: solver says lost, exhaustive search won:\n%s", seed, pos)
					case r.Outcome == Lost && !hooked:
						t.Fatalf("seed %d: a loss claimed without search hooks", seed)
					case r.Outcome == Undecided && r.Reason == ReasonDepth:
						// a position near the move cap: lines beyond it are cut
					case r.Outcome == Undecided && (hooked || wins[i]):
						t.Fatalf("seed %d: undecided (%s) after %d nodes on a position exhaustive search decides in %d states:\n%s",
							seed, r.Reason, r.Nodes, budget, pos)
					}
					if r.Outcome != Undecided {
						decided++
					}
					if wins[i] {
						won++
					} else {
						lost++
					}
				}
			}
			t.Logf("%d positions (%d winnable, %d not), %d decided", won+lost, won, lost, decided)
			if won+lost < 10 {
				t.Fatalf("only %d positions: the check says too little", won+lost)
			}
			if won > 0 {
				withWins++
			}
		})
	}
	// Random play rarely wins; the winnable positions come from the
	// solver's own lines, which exhaustive search confirms. Most games
	// must have some, or the check of wins says little.
	if n := len(engine.Catalog()); withWins < n/2 {
		t.Fatalf("only %d of %d games gave winnable positions", withWins, n)
	}
}

// TestNapoleonDealsBothWays requires both won and proved-lost whole
// Napoleon deals among the first seeds, each confirmed by exhaustive
// search, so that the loss proofs are exercised on real deals.
func TestNapoleonDealsBothWays(t *testing.T) {
	spec, err := engine.Lookup("napoleon")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Limits{})
	var won, lost int
	for seed := uint64(1); seed <= 40; seed++ {
		g, _ := spec.New(seed, nil)
		want, ok := exhaust(g, map[uint64]bool{}, 2_000_000)
		if !ok {
			continue
		}
		r := s.Solve(context.Background(), g)
		if r.Outcome == Undecided || (r.Outcome == Won) != want {
			t.Fatalf("seed %d: solver %v (%s), exhaustive won=%v", seed, r.Outcome, r.Reason, want)
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

// TestLimits checks that every limit gives Undecided with its reason, and
// that a small cache (which must evict) changes no outcome.
func TestLimits(t *testing.T) {
	spec, _ := engine.Lookup("salic-law")
	g, _ := spec.New(3, nil)
	ctx := context.Background()
	if r := New(Limits{Nodes: 1}).Solve(ctx, g); r.Outcome != Undecided || r.Reason != ReasonNodes || r.Nodes != 1 {
		t.Fatalf("node limit: %+v", r)
	}
	if r := New(Limits{Nodes: 1 << 40, Time: time.Millisecond}).Solve(ctx, g); r.Outcome == Undecided && r.Reason != ReasonTime {
		t.Fatalf("time limit: %+v", r)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if r := New(Limits{}).Solve(cancelled, g); r.Outcome != Undecided || r.Reason != ReasonCancelled {
		t.Fatalf("cancelled: %+v", r)
	}
	// A depth limit below the length of any win leaves the deal undecided,
	// never lost (unless every line ends before it) and never won.
	np, _ := engine.Lookup("napoleon")
	cut := 0
	for seed := uint64(1); seed <= 10; seed++ {
		g, _ := np.New(seed, nil)
		r := New(Limits{Depth: 10}).Solve(ctx, g)
		switch {
		case r.Outcome == Won:
			t.Fatalf("seed %d: won within 10 moves", seed)
		case r.Outcome == Lost:
			if full := New(Limits{}).Solve(ctx, g); full.Outcome != Lost {
				t.Fatalf("seed %d: lost at depth 10, %v without the limit", seed, full.Outcome)
			}
		case r.Reason == ReasonDepth:
			cut++
		default:
			t.Fatalf("seed %d, depth 10: %+v", seed, r)
		}
		if r.Depth > 10 {
			t.Fatalf("seed %d: searched %d moves deep with a limit of 10", seed, r.Depth)
		}
	}
	if cut == 0 {
		t.Fatal("the depth limit never cut a search")
	}
	// The smallest cache evicts all the time; outcomes stay the same.
	small, big := New(Limits{Memory: 1}), New(Limits{})
	evicted := false
	for seed := uint64(1); seed <= 30; seed++ {
		g, _ := np.New(seed, nil)
		a, b := small.Solve(ctx, g), big.Solve(ctx, g)
		if a.Outcome != b.Outcome {
			t.Fatalf("seed %d: %v with a small cache, %v with a large one", seed, a.Outcome, b.Outcome)
		}
		if a.Outcome == Won && !replays(t, g, a.Line) {
			t.Fatalf("seed %d: small cache: the line does not win", seed)
		}
		evicted = evicted || a.Evictions > 0
	}
	if !evicted {
		t.Fatal("the small cache never evicted: the test says nothing")
	}
}

// TestDeterministic checks that a Solver gives the same result for the
// same deal, however many deals it solved before.
func TestDeterministic(t *testing.T) {
	ctx := context.Background()
	for _, id := range []string{"napoleon", "salic-law", "duchess-de-luynes", "british-constitution", "shah", "four-corners", "zodiac"} {
		spec, _ := engine.Lookup(id)
		reused := New(Limits{Nodes: 50_000})
		for seed := uint64(1); seed <= 4; seed++ {
			g, _ := spec.New(seed, nil)
			a := reused.Solve(ctx, g)
			b := New(Limits{Nodes: 50_000}).Solve(ctx, g)
			if a.Outcome != b.Outcome || a.Nodes != b.Nodes || len(a.Line) != len(b.Line) || a.Phase != b.Phase {
				t.Fatalf("%s seed %d: reused solver %+v, fresh %+v", id, seed, a, b)
			}
		}
	}
}

// TestProbeFindsWins checks that the probe's wins are real (they replay)
// and that it finds wins the first look does not.
func TestProbeFindsWins(t *testing.T) {
	spec, _ := engine.Lookup("duchess-de-luynes")
	s := New(Limits{Nodes: 200_000})
	probed := 0
	for seed := uint64(1); seed <= 10; seed++ {
		g, _ := spec.New(seed, nil)
		r := s.Solve(context.Background(), g)
		if r.Outcome == Won && !replays(t, g, r.Line) {
			t.Fatalf("seed %d: the line does not win", seed)
		}
		if r.Outcome == Won && r.Phase == PhaseProbe {
			probed++
			if r.ProbeNodes == 0 {
				t.Fatalf("seed %d: won by the probe with no probe nodes", seed)
			}
		}
	}
	if probed == 0 {
		t.Fatal("the probe won no deal")
	}
}

// TestRolloutsFindWins checks the nested rollouts of a game with a
// rollout heuristic (engine.Roller: the British Constitution): their wins
// replay, and they win deals that the first look and the exhaustive search
// do not within the same budget (without the probe).
func TestRolloutsFindWins(t *testing.T) {
	spec, _ := engine.Lookup("british-constitution")
	g0, _ := spec.New(1, nil)
	if _, ok := g0.(engine.Roller); !ok {
		t.Fatal("the British Constitution has no rollout heuristic")
	}
	const nodes = 200_000
	s, plain := New(Limits{Nodes: nodes, Probe: 50}), New(Limits{Nodes: nodes, Probe: -1})
	probed, gained := 0, 0
	seeds := uint64(4)
	if testing.Short() {
		seeds = 2
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		g, _ := spec.New(seed, nil)
		r := s.Solve(context.Background(), g)
		if r.Outcome == Won && !replays(t, g, r.Line) {
			t.Fatalf("seed %d: the line does not win", seed)
		}
		if r.Outcome == Lost {
			t.Fatalf("seed %d: lost within %d nodes", seed, nodes)
		}
		if r.Outcome != Won || r.Phase != PhaseProbe {
			continue
		}
		probed++
		if r.ProbeNodes == 0 {
			t.Fatalf("seed %d: won by the probe with no probe nodes", seed)
		}
		if p := plain.Solve(context.Background(), g); p.Outcome != Won {
			gained++
		}
	}
	t.Logf("%d deals won by the rollouts, %d of them undecided without", probed, gained)
	if gained == 0 {
		t.Fatal("the rollouts won no deal the search without them leaves undecided")
	}
}

// TestProbeShare checks the probe's share of a game that asks for one
// (engine.ProbeSharer: Four Corners' rollouts and the Mill's limited
// discrepancy search take the whole budget after the first look): an
// undecided deal ends in the probe, never in the exhaustive search, unless
// Limits.Probe sets the share; a game that does not ask (the British
// Constitution) keeps the default and searches exhaustively after its
// probe.
func TestProbeShare(t *testing.T) {
	const nodes = 30_000
	for _, c := range []struct {
		id    string
		probe int
		want  string
	}{
		{"four-corners", 0, PhaseProbe},
		{"four-corners", 50, PhaseExhaustive},
		{"windmill", 0, PhaseProbe},
		{"windmill", 50, PhaseExhaustive},
		{"british-constitution", 0, PhaseExhaustive},
	} {
		spec, _ := engine.Lookup(c.id)
		s := New(Limits{Nodes: nodes, Probe: c.probe})
		undecided := 0
		for seed := uint64(1); seed <= 6; seed++ {
			g, _ := spec.New(seed, nil)
			r := s.Solve(context.Background(), g)
			if r.Outcome != Undecided {
				continue
			}
			undecided++
			if r.Phase != c.want || r.Nodes != nodes {
				t.Fatalf("%s seed %d, probe %d: phase %v after %d nodes, want %v after %d", c.id, seed, c.probe, r.Phase, r.Nodes, c.want, nodes)
			}
		}
		if undecided == 0 {
			t.Fatalf("%s: no deal undecided at %d nodes", c.id, nodes)
		}
	}
}

// TestNoRollouts checks that Limits.NoRollouts gives a game with a rollout
// heuristic the depth-first probe and its default share: Four Corners,
// whose rollouts otherwise take the whole budget after the first look
// (TestProbeShare), leaves its undecided deals to the exhaustive search
// after a probe of at most DefaultProbe percent.
func TestNoRollouts(t *testing.T) {
	const nodes = 30_000
	spec, _ := engine.Lookup("four-corners")
	s := New(Limits{Nodes: nodes, NoRollouts: true})
	undecided := 0
	for seed := uint64(1); seed <= 3; seed++ {
		g, _ := spec.New(seed, nil)
		r := s.Solve(context.Background(), g)
		if r.Outcome != Undecided {
			continue
		}
		undecided++
		if r.Phase != PhaseExhaustive || r.ProbeNodes > nodes*DefaultProbe/100 || r.ProbeNodes == 0 {
			t.Fatalf("seed %d: phase %v, probe %d nodes; want the exhaustive phase after a probe of at most %d", seed, r.Phase, r.ProbeNodes, nodes*DefaultProbe/100)
		}
	}
	if undecided == 0 {
		t.Fatalf("no deal undecided at %d nodes", nodes)
	}
}

// BenchmarkWinnability solves b.N deals of each game (seeds 1 … b.N) at the
// default limits and reports the shares won, lost and undecided, and the
// nodes per second. Run it with a fixed count of deals, e.g.
//
//	go test ./sim/solve -run '^$' -bench 'Winnability/napoleon' -benchtime 200x
//
// (pasyans solve --games … prints the full winnability table).
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

// BenchmarkNodes solves the same 200 deals of a game again and again and
// reports the nodes searched per second of the search alone (the deals are
// dealt before the clock starts), e.g.
//
//	go test ./sim/solve -run '^$' -bench 'Nodes/napoleon' -benchtime 20x
func BenchmarkNodes(b *testing.B) {
	for _, spec := range engine.Catalog() {
		b.Run(spec.ID, func(b *testing.B) {
			var deals []engine.Game
			for seed := uint64(1); seed <= 200; seed++ {
				g, err := spec.New(seed, nil)
				if err != nil {
					b.Fatal(err)
				}
				deals = append(deals, g)
			}
			s := New(Limits{Nodes: 20_000})
			var nodes int64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range deals {
					nodes += s.Solve(context.Background(), g).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
		})
	}
}

// TestShortenedLines checks that the returned line, with the search's
// detours cut out, still wins, is never longer than the line the search
// found, and is shorter for some deals of a game with reversible moves.
func TestShortenedLines(t *testing.T) {
	spec, _ := engine.Lookup("red-and-black")
	s := New(Limits{Nodes: 50_000})
	shorter := 0
	for seed := uint64(1); seed <= 16; seed++ {
		g, _ := spec.New(seed, nil)
		r := s.Solve(context.Background(), g)
		if r.Outcome != Won {
			continue
		}
		if !replays(t, g, r.Line) {
			t.Fatalf("seed %d: the shortened line does not win", seed)
		}
		if raw := len(s.line); len(r.Line) > raw {
			t.Fatalf("seed %d: line of %d moves, the search's was %d", seed, len(r.Line), raw)
		} else if len(r.Line) < raw {
			shorter++
		}
	}
	if shorter == 0 {
		t.Fatal("no line was shortened")
	}
}

// TestGradedLinesHaveNoDetours checks the reason the solver does not
// shorten the lines of an engine.Graded game: shortening finds nothing to
// cut in them.
func TestGradedLinesHaveNoDetours(t *testing.T) {
	spec, _ := engine.Lookup("napoleon")
	for _, opts := range []engine.Options{nil, {"reserve": "ordered"}} {
		s := New(Limits{Nodes: 100_000})
		won := 0
		for seed := uint64(1); seed <= 60; seed++ {
			g, err := spec.New(seed, opts)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := g.(engine.Graded); !ok {
				t.Fatal("napoleon is not Graded")
			}
			r := s.Solve(context.Background(), g)
			if r.Outcome != Won {
				continue
			}
			won++
			if short := s.shorten(g, r.Line); len(short) != len(r.Line) {
				t.Fatalf("%v seed %d: a line of %d moves shortened to %d", opts, seed, len(r.Line), len(short))
			}
		}
		if won == 0 {
			t.Fatalf("%v: no deal won", opts)
		}
	}
}

// TestProofKinds checks that every verdict names how it was reached: a
// win its line, a loss the exhaustive search or the dead end that holds
// at the deal (the Zodiac's layout search, Sympathy's exact dead end), an
// undecided deal nothing.
func TestProofKinds(t *testing.T) {
	s := New(Limits{Nodes: 300_000})
	kinds := map[string]map[string]int{}
	for _, id := range []string{"napoleon", "sympathy", "salic-law"} {
		spec, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		kinds[id] = map[string]int{}
		for seed := uint64(1); seed <= 12; seed++ {
			g, err := spec.New(seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := s.Solve(context.Background(), g)
			switch {
			case r.Outcome == Won && r.Proof != ProofLine,
				r.Outcome == Undecided && r.Proof != "",
				r.Outcome == Lost && r.Proof == "",
				r.Outcome == Lost && r.Proof == ProofLine:
				t.Fatalf("%s seed %d: %s with proof %q", id, seed, r.Outcome, r.Proof)
			}
			if r.Phase == "" {
				t.Fatalf("%s seed %d: no stage", id, seed)
			}
			kinds[id][r.Outcome.String()+": "+r.Proof]++
		}
	}
	t.Log(kinds)
	if kinds["sympathy"]["lost: "+engine.DeadEndGeneric] == 0 || kinds["sympathy"]["lost: "+ProofExhaustive] != 0 {
		t.Errorf("sympathy: want every loss proved by its exact dead end, got %v", kinds["sympathy"])
	}
	if kinds["napoleon"]["lost: "+ProofExhaustive] == 0 {
		t.Errorf("napoleon: want losses by exhaustive search, got %v", kinds["napoleon"])
	}
	// The Zodiac's deal 9 of seed 2026 has no won layout: the layout
	// search proves it lost before any move.
	z, _ := engine.Lookup("zodiac")
	g, err := z.New(18259765420007461403, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Solve(context.Background(), g); r.Outcome != Lost || r.Proof != engine.DeadEndLayout || r.Phase != PhaseFirst {
		t.Errorf("zodiac: %s by %q in %s, want lost by %q in %s", r.Outcome, r.Proof, r.Phase, engine.DeadEndLayout, PhaseFirst)
	}
}

// TestCheckLoss runs the independent check on the solver's verdicts of
// the first deals of every game that claims losses: it must agree with
// every loss it finishes, and it must disagree (with a winning line that
// replays) when handed a deal the solver won.
func TestCheckLoss(t *testing.T) {
	deals := uint64(12)
	if testing.Short() {
		deals = 6
	}
	s := New(Limits{Nodes: 200_000})
	for _, spec := range engine.Catalog() {
		t.Run(spec.ID, func(t *testing.T) {
			var lost, agreed, out, wonChecked int
			for seed := uint64(1); seed <= deals; seed++ {
				g, err := spec.New(seed, nil)
				if err != nil {
					t.Fatal(err)
				}
				r := s.Solve(context.Background(), g)
				switch {
				case r.Outcome == Lost:
					lost++
					c := CheckLoss(context.Background(), g, 60_000)
					switch c.Verdict {
					case CheckDisagreed:
						t.Fatalf("seed %d: the solver proved a loss (%s), the check found a win in %d moves", seed, r.Proof, len(c.Line))
					case CheckAgreed:
						agreed++
					default:
						out++
					}
				case r.Outcome == Won && wonChecked == 0 && len(r.Line) < 400:
					wonChecked++
					c := CheckLoss(context.Background(), g, 60_000)
					if c.Verdict == CheckAgreed {
						t.Fatalf("seed %d: the check agrees with a loss on a deal won in %d moves", seed, len(r.Line))
					}
					if c.Verdict == CheckDisagreed && !replays(t, g, c.Line) {
						t.Fatalf("seed %d: the check's winning line does not win", seed)
					}
				}
			}
			t.Logf("%d losses: %d agreed, %d out of budget", lost, agreed, out)
		})
	}
}
