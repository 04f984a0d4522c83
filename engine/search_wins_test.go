package engine

import "testing"

// winningLine plays the deal of seed with policy (an index into the legal
// moves) and returns the positions of the line when it wins, else nil.
func winningLine(t *testing.T, spec *Spec, seed uint64, policy func(g Game, legal []Move) int) []Game {
	t.Helper()
	g, err := spec.New(seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var line []Game
	for n := 0; n < spec.MaxMoves && !g.Won(); n++ {
		line = append(line, g.Clone())
		legal := g.LegalMoves(nil)
		if len(legal) == 0 {
			return nil
		}
		if err := g.Apply(legal[policy(g, legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Won() {
		return nil
	}
	return line
}

// checkHooksOnWins checks the search hooks on winnable positions (the
// positions of won lines, from the end back as far as exhaustive search
// decides them): a safe move keeps the position winnable and no position
// is a dead end. Random playouts (TestSearchHooksSound) seldom win the
// games where the deal decides most; this test checks the hooks where they
// matter. It returns the number of safe moves checked.
func checkHooksOnWins(t *testing.T, spec *Spec, seeds int, policy func(g Game, legal []Move) int) (safe int) {
	t.Helper()
	const budget = 20000
	wins := 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		line := winningLine(t, spec, seed, policy)
		if line == nil {
			continue
		}
		wins++
		for i := len(line) - 1; i >= 0; i-- {
			pos := line[i]
			won, ok := decide(pos, budget)
			if !ok {
				break
			}
			if !won {
				t.Fatalf("seed %d: a position of a won line is not winnable:\n%s", seed, pos)
			}
			h := pos
			if h.DeadEnd() {
				t.Fatalf("seed %d: DeadEnd on a winnable position:\n%s", seed, pos)
			}
			legal := pos.LegalMoves(nil)
			if j := h.SafeMove(legal); j >= 0 {
				safe++
				c := pos.Clone()
				if err := c.Apply(legal[j]); err != nil {
					t.Fatal(err)
				}
				if w, ok := decide(c, budget); ok && !w {
					t.Fatalf("seed %d: safe move %v loses a won position:\n%s", seed, legal[j], pos)
				}
			}
		}
	}
	if wins == 0 || safe == 0 {
		t.Fatalf("%d won lines, %d safe moves checked: the test says nothing", wins, safe)
	}
	return safe
}

// foundationFirst plays the first foundation play, else the last legal move
// (a draw or a re-deal).
func foundationFirst(_ Game, legal []Move) int {
	for i, m := range legal {
		if m.Kind == MoveFoundation {
			return i
		}
	}
	return len(legal) - 1
}

// rehasher is a game that keeps hashes of its piles up to date move by
// move and can recompute them from scratch.
type rehasher interface {
	SearchHooks
	Game
	rehash()
}

// TestSearchKeyIncremental plays random deals of the games whose search
// keys rest on hashes kept move by move, on the game and on a determinized
// copy played on: the key must always equal the key after the hashes are
// recomputed from the piles.
func TestSearchKeyIncremental(t *testing.T) {
	for _, spec := range []*Spec{redAndBlackSpec(), sultanSpec(), salicLawSpec()} {
		for _, opts := range variantOptions(spec) {
			for seed := uint64(1); seed <= 10; seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatal(err)
				}
				d := g.Clone()
				d.Determinize(NewRand(seed))
				rng := fastRand(seed)
				for _, h := range []Game{g, d} {
					for n := 0; n < spec.MaxMoves; n++ {
						k := h.(rehasher).SearchKey()
						c := h.Clone().(rehasher)
						c.rehash()
						if c.SearchKey() != k {
							t.Fatalf("%s %v seed %d move %d: incremental key differs from the recomputed one\n%s", spec.ID, opts, seed, n, h)
						}
						legal := h.LegalMoves(nil)
						if len(legal) == 0 {
							break
						}
						if err := h.Apply(legal[rng.intn(len(legal))]); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
}
