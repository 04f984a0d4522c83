package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// counterOptions returns the games that implement engine.ProgressCounter,
// each with the default options and each other variant value.
func counterOptions(t *testing.T) (specs []*engine.Spec, opts [][]engine.Options) {
	t.Helper()
	for _, spec := range engine.Catalog() {
		g, err := spec.New(1, nil)
		if err != nil {
			continue // not implemented
		}
		if _, ok := g.(engine.ProgressCounter); !ok {
			continue
		}
		list := []engine.Options{nil}
		for _, v := range spec.Variants {
			for _, val := range v.Values {
				if val != v.Default {
					list = append(list, engine.Options{v.Name: val})
				}
			}
		}
		specs, opts = append(specs, spec), append(opts, list)
	}
	if len(specs) == 0 {
		t.Fatal("no game implements engine.ProgressCounter")
	}
	return specs, opts
}

// TestProgressCountAfter checks the engine.ProgressCounter contract
// against the probe it stands in for: at every legal move of every
// position of random playouts (that favour progress moves, so that they
// reach late positions), of every game and variant that has it, a count
// it gives equals the probe's count of fair progress moves after the move.
func TestProgressCountAfter(t *testing.T) {
	deals := 150
	if testing.Short() {
		deals = 30
	}
	specs, optsList := counterOptions(t)
	for k, spec := range specs {
		for _, opts := range optsList[k] {
			var pr probe
			var legal, prog []engine.Move
			counted, moves := 0, 0
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatal(err)
				}
				pc := g.(engine.ProgressCounter)
				r := engine.NewRand(seed)
				for ply := 0; ply < spec.MaxMoves; ply++ {
					legal = g.LegalMoves(legal[:0])
					if len(legal) == 0 {
						break
					}
					prog = prog[:0]
					for i := range legal {
						moves++
						if isProgress(legal[i].Kind) {
							prog = append(prog, legal[i])
						}
						before := g.Hash()
						n, ok := pc.ProgressCountAfter(&legal[i])
						if g.Hash() != before {
							t.Fatalf("%s %v seed %d ply %d: ProgressCountAfter(%v) changed the game", spec.ID, opts, seed, ply, legal[i])
						}
						if !ok {
							continue
						}
						counted++
						pr.reset(g)
						if want := pr.progressAfter(legal[i]); n != want {
							t.Fatalf("%s %v seed %d ply %d: ProgressCountAfter(%v) = %d, the probe counts %d\n%s", spec.ID, opts, seed, ply, legal[i], n, want, g)
						}
					}
					m := legal[r.IntN(len(legal))]
					if len(prog) > 0 && r.IntN(4) != 0 {
						m = prog[r.IntN(len(prog))]
					}
					if err := g.Apply(m); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%s %v: %d of %d legal moves counted", spec.ID, opts, counted, moves)
			if counted < moves/4 {
				t.Errorf("%s %v: only %d of %d legal moves counted", spec.ID, opts, counted, moves)
			}
		}
	}
}

// uncounted hides the engine.ProgressCounter of a game and keeps its
// other hooks, so that greedy's tie-break probes every candidate; for a
// game with an engine.ProgressPeeker, uncountedPeeker (see hideCounter).
type uncounted struct {
	engine.Game
	engine.ProgressMover
}

// uncountedPeeker is uncounted for a game that also has an
// engine.ProgressPeeker.
type uncountedPeeker struct {
	uncounted
	engine.ProgressPeeker
}

// hideCounter returns g without its engine.ProgressCounter: with its
// engine.ProgressMover and, if it has one, its
// engine.ProgressPeeker (a nil hook embedded would look like one).
func hideCounter(g engine.Game) engine.Game {
	h := uncounted{Game: g, ProgressMover: g.(engine.ProgressMover)}
	if pk, ok := g.(engine.ProgressPeeker); ok {
		return uncountedPeeker{uncounted: h, ProgressPeeker: pk}
	}
	return h
}

// TestCountedChoices checks that greedy and the book decide alike with
// and without the game's engine.ProgressCounter: at every decision of
// their playouts of every game and variant that has it, the same move and
// advice, and the same moves handed over for the next position
// (nextLegal).
func TestCountedChoices(t *testing.T) {
	deals := 60
	if testing.Short() {
		deals = 15
	}
	specs, optsList := counterOptions(t)
	for _, name := range []string{"greedy", "book"} {
		st, err := NewStrategy(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, spec := range specs {
			for _, opts := range optsList[k] {
				ties := 0
				for seed := uint64(1); seed <= uint64(deals); seed++ {
					g, err := spec.New(seed, opts)
					if err != nil {
						t.Fatal(err)
					}
					h := hideCounter(g)
					if _, ok := h.(engine.ProgressCounter); ok {
						t.Fatal("hideCounter kept the engine.ProgressCounter")
					}
					a, b := st.NewPlayer(), st.NewPlayer()
					a.Reset(g, seed)
					b.Reset(h, seed)
					na, _ := a.(nextLegaler)
					nb, _ := b.(nextLegaler)
					var legal, nextA, nextB []engine.Move
					for ply := 0; ply < spec.MaxMoves && !g.Won(); ply++ {
						legal = g.LegalMoves(legal[:0])
						if len(legal) == 0 {
							break
						}
						i, advA := a.Choose(g, legal)
						j, advB := b.Choose(h, legal)
						if i != j || advA != advB {
							t.Fatalf("%s %s %v seed %d ply %d: %v %s with the count, %v %s without\n%s", name, spec.ID, opts, seed, ply, legal[i], advA, legal[j], advB, g)
						}
						if tableauMoves(legal) > 1 {
							ties++ // likely a tie-break
						}
						m := legal[i]
						if err := g.Apply(m); err != nil {
							t.Fatal(err)
						}
						var okA, okB bool
						if na != nil {
							nextA, okA = na.nextLegal(&m, nextA[:0])
							nextB, okB = nb.nextLegal(&m, nextB[:0])
						}
						if okA != okB || !slices.Equal(nextA, nextB) {
							t.Fatalf("%s %s %v seed %d ply %d: nextLegal differs with the count (%v %v) and without (%v %v)", name, spec.ID, opts, seed, ply, okA, nextA, okB, nextB)
						}
					}
				}
				t.Logf("%s %s %v: %d decisions among several tableau moves", name, spec.ID, opts, ties)
				if ties < deals {
					t.Errorf("%s %s %v: only %d decisions among several tableau moves", name, spec.ID, opts, ties)
				}
			}
		}
	}
}

// tableauMoves returns the number of tableau moves of legal (builds,
// fills, transfers: the candidates of greedy's tie-break, see isTableau)
// when it has no progress move, else 0.
func tableauMoves(legal []engine.Move) int {
	n := 0
	for i := range legal {
		switch {
		case isProgress(legal[i].Kind):
			return 0
		case isTableau(legal[i].Kind):
			n++
		}
	}
	return n
}
