package sim

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// testSpecs returns the toy games and every catalog game. Every game of
// the catalog must start: a game that fails here fails the test rather
// than being skipped silently.
func testSpecs(t testing.TB) []*engine.Spec {
	t.Helper()
	specs := []*engine.Spec{toySpec, toySpec5()}
	for _, s := range engine.Catalog() {
		if _, err := s.New(1, nil); err != nil {
			t.Fatalf("%s: New(1): %v", s.ID, err)
		}
		specs = append(specs, s)
	}
	return specs
}

func TestNewStrategy(t *testing.T) {
	for _, n := range StrategyNames() {
		s, err := NewStrategy(n, nil)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if s.Name() != n {
			t.Fatalf("Name() = %q, want %q", s.Name(), n)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(s.Params()), &m); err != nil {
			t.Fatalf("%s: Params %q is not JSON: %v", n, s.Params(), err)
		}
	}
	s, err := NewStrategy("lookahead", map[string]string{"depth": "3", "samples": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Params(), `{"depth":3,"samples":2}`; got != want {
		t.Fatalf("Params = %s, want %s", got, want)
	}
	if s, _ := NewStrategy("solver", map[string]string{"nodes": "5000"}); s.Params() != `{"nodes":5000,"time":"0s"}` {
		t.Fatalf("solver Params = %s", s.Params())
	}
	for _, bad := range []struct {
		name   string
		params map[string]string
		msg    string
	}{
		{"nope", nil, "unknown strategy"},
		{"random", map[string]string{"depth": "1"}, "takes none"},
		{"lookahead", map[string]string{"depth": "x"}, "depth"},
		{"lookahead", map[string]string{"depth": "99"}, "depth"},
		{"lookahead", map[string]string{"width": "2"}, "unknown parameter"},
		{"solver", map[string]string{"time": "soon"}, "duration"},
	} {
		_, err := NewStrategy(bad.name, bad.params)
		if err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("NewStrategy(%s, %v) = %v, want error containing %q", bad.name, bad.params, err, bad.msg)
		}
	}
}

// TestHiddenInformation checks that every strategy except the solver
// chooses the same moves in two games that look the same to the player but
// hide different cards. Two players play in lockstep along one game: the
// first sees the real state, the second, at every decision, a copy whose
// hidden cards were rearranged by Determinize (same view, different
// hidden order). Their choices must be equal at every decision.
func TestHiddenInformation(t *testing.T) {
	for _, spec := range testSpecs(t) {
		for _, name := range []string{"random", "greedy", "book", "lookahead", "planner", "planner-book"} {
			st, err := NewStrategy(name, hiddenTestParams[name])
			if err != nil {
				t.Fatal(err)
			}
			differed, compared, hidden := 0, 0, false
			for deal := uint64(0); deal < uint64(shortDeals(6, 2)); deal++ {
				g, err := spec.New(DealSeed(5, spec.ID, int64(deal)), nil)
				if err != nil {
					t.Fatal(err)
				}
				hidden = hidden || hasHiddenCards(g)
				p1, p2 := st.NewPlayer(), st.NewPlayer()
				p1.Reset(g, 99)
				p2.Reset(g, 99)
				var l1, l2 []engine.Move
				for ply := 0; ply < 150 && g.Ending() == engine.Playing; ply++ {
					h := g.Clone()
					h.Determinize(engine.NewRand(deal*1000 + uint64(ply)))
					if g.ViewHash() != h.ViewHash() {
						t.Fatalf("%s: Determinize changed the view", spec.ID)
					}
					if g.Hash() != h.Hash() {
						differed++
					}
					l1, l2 = g.LegalMoves(l1[:0]), h.LegalMoves(l2[:0])
					if len(l1) != len(l2) {
						t.Fatalf("%s: same view, different legal moves", spec.ID)
					}
					compared++
					i1, a1 := p1.Choose(g, l1)
					i2, a2 := p2.Choose(h, l2)
					if i1 != i2 || a1 != a2 || l1[i1] != l2[i2] {
						t.Fatalf("%s/%s deal %d ply %d: choice depends on hidden cards: %v (%s) vs %v (%s)",
							spec.ID, name, deal, ply, l1[i1], a1, l2[i2], a2)
					}
					if err := g.Apply(l1[i1]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if compared == 0 {
				t.Errorf("%s/%s: no decision compared", spec.ID, name)
			}
			// Without this the test would pass trivially if Determinize
			// left the hidden cards in place.
			if hidden && differed == 0 {
				t.Errorf("%s/%s: the game hides cards but Determinize never changed them", spec.ID, name)
			}
			if name == "greedy" {
				t.Logf("%s: %d decisions compared, %d with different hidden cards", spec.ID, compared, differed)
			}
		}
	}
}

// hiddenTestParams are the parameters TestHiddenInformation plays a
// strategy with (nil: the defaults): the planners with fewer samples and
// short rollouts, to keep the test fast; their solver budget stays the
// default, so that the Zodiac's layout plan and the solver's lines on open
// positions are played and checked too.
var hiddenTestParams = map[string]map[string]string{
	"planner":      {"samples": "2", "horizon": "30"},
	"planner-book": {"samples": "2", "horizon": "30"},
}

// hasHiddenCards reports whether any pile of g has a card the player
// cannot see.
func hasHiddenCards(g engine.Game) bool {
	var buf []engine.Card
	for i := 0; i < g.NumPiles(); i++ {
		buf = g.Pile(buf[:0], i)
		for _, c := range buf {
			if c == engine.NoCard {
				return true
			}
		}
	}
	return false
}

// TestAllStrategiesPlayAllGames runs every strategy on a few deals of
// every implemented game and checks the rows are sane.
func TestAllStrategiesPlayAllGames(t *testing.T) {
	var games []GameConfig
	for _, s := range testSpecs(t) {
		games = append(games, GameConfig{Spec: s})
	}
	strategies := mustStrategies(t, "random", "greedy", "book", "lookahead")
	solver, err := NewStrategy("solver", map[string]string{"nodes": "3000"})
	if err != nil {
		t.Fatal(err)
	}
	strategies = append(strategies, solver)
	deals := shortDeals(6, 2)
	cfg := Config{Games: games, Strategies: strategies, Deals: deals, MasterSeed: 3}
	sink, sum := runMem(t, cfg, 0)
	for _, tl := range sum.Tallies {
		if tl.Deals != deals {
			t.Errorf("%s/%s: %d deals", tl.Game, tl.Strategy, tl.Deals)
		}
	}
	for k, rows := range sink.rows {
		for _, r := range rows {
			if r.Won != (r.Outcome == Won) || r.FoundationCards < 0 || r.Moves < 0 {
				t.Fatalf("%s: bad row %+v", k, r)
			}
			if r.Strategy != "book" && len(r.Advice) > 0 {
				t.Fatalf("%s: advice on a non-book row", k)
			}
			for _, a := range r.Advice {
				if !strings.HasPrefix(a.ID, r.Game+"/S") {
					t.Fatalf("%s: advice %q is not an advice ID of the game", k, a.ID)
				}
			}
		}
	}
}

// TestSolverDominates checks that the full-information solver wins every
// deal that any fair strategy wins (or leaves it undecided), and that its
// proved losses are never won by anyone.
func TestSolverDominates(t *testing.T) {
	solver, err := NewStrategy("solver", map[string]string{"nodes": "200000"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Games: []GameConfig{{Spec: toySpec5()}, {Spec: toySpec}},
		Strategies: append(mustStrategies(t, "random", "greedy", "book"), solver), Deals: shortDeals(60, 20), MasterSeed: 11}
	_, sum := runMem(t, cfg, 0)
	for _, p := range sum.Pairs {
		if p.B == "solver" && p.OnlyA > 0 {
			// only A won: A won but the solver did not — allowed only when undecided.
			for _, tl := range sum.Tallies {
				if tl.Game == p.Game && tl.Strategy == "solver" && tl.Unknowns == 0 {
					t.Errorf("%s: %s won %d deals the solver lost", p.Game, p.A, p.OnlyA)
				}
			}
		}
	}
	var solved int64
	for _, tl := range sum.Tallies {
		if tl.Strategy == "solver" {
			solved += tl.Wins
			if tl.SolverNodes == 0 {
				t.Errorf("%s: solver reports no nodes", tl.Game)
			}
		}
	}
	if solved == 0 {
		t.Error("the solver won no deal")
	}
}

func TestSolverUnknownAtNodeLimit(t *testing.T) {
	solver, err := NewStrategy("solver", map[string]string{"nodes": "1"})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Games: []GameConfig{{Spec: toySpec}}, Strategies: []Strategy{solver}, Deals: 10, MasterSeed: 2}
	sink, _ := runMem(t, cfg, 0)
	for _, r := range sink.rows[key("toy", "solver")] {
		if r.Outcome != Unknown && r.Outcome != Won {
			t.Fatalf("node limit 1: outcome %s, want unknown", r.Outcome)
		}
	}
}
