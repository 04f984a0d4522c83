package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestAcyclicNoMemory checks that greedy and the book, which keep no
// memory of the views played in a game that is engine.Acyclic, play every
// such game (every variant) exactly as with the memory: the same moves
// and results as on the game wrapped so that it has none of the optional
// interfaces (plainGame), where they keep it.
func TestAcyclicNoMemory(t *testing.T) {
	deals := shortDeals(100, 20)
	checked := 0
	for _, spec := range engine.Catalog() {
		for _, opts := range specVariants(spec) {
			g, err := spec.New(1, opts)
			if err != nil {
				t.Fatal(err)
			}
			if a, ok := g.(engine.Acyclic); !ok || !a.Acyclic() {
				continue
			}
			checked++
			for _, name := range []string{"greedy", "book"} {
				st, err := NewStrategy(name, nil)
				if err != nil {
					t.Fatal(err)
				}
				fast, plain := st.NewPlayer(), st.NewPlayer()
				var pl Playout
				for d := int64(0); d < deals; d++ {
					seed := DealSeed(23, spec.ID, d)
					var runs [2][]engine.Move
					var res [2]DealResult
					for k, p := range []Player{fast, plain} {
						g, err := spec.New(seed, opts)
						if err != nil {
							t.Fatal(err)
						}
						if k == 1 {
							g = plainGame{g}
						}
						trace := func(_ int32, _ engine.Game, m engine.Move, _ engine.RuleID) { runs[k] = append(runs[k], m) }
						if res[k], err = pl.PlayDeal(g, p, StrategySeed(seed, name), spec.MaxMoves, trace); err != nil {
							t.Fatal(err)
						}
					}
					if !slices.Equal(runs[0], runs[1]) || res[0].Outcome != res[1].Outcome || res[0].Moves != res[1].Moves {
						t.Fatalf("%s %v %s deal %d: without the memory %v %v, with it %v %v", spec.ID, opts, name, d, res[0], runs[0], res[1], runs[1])
					}
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no game is Acyclic")
	}
}

// specVariants returns the default options of spec and, for each variant,
// each non-default value alone.
func specVariants(spec *engine.Spec) []engine.Options {
	out := []engine.Options{nil}
	for _, v := range spec.Variants {
		for _, val := range v.Values {
			if val != v.Default {
				out = append(out, engine.Options{v.Name: val})
			}
		}
	}
	return out
}
