package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// singleVariants returns the options of spec's default game and of each
// variant value other than the default, one at a time.
func singleVariants(spec *engine.Spec) []engine.Options {
	list := []engine.Options{nil}
	for _, v := range spec.Variants {
		for _, val := range v.Values {
			if val != v.Default {
				list = append(list, engine.Options{v.Name: val})
			}
		}
	}
	return list
}

// checkBookDecide checks a game's own book decision (its bookGame.decide)
// against a reference: a book player whose advice is ref, decided by
// bookPlayer.decide's generic path on the game wrapped in plainGame (none
// of the optional readers, so advice and greedy's tie-break read piles
// and try moves on the probe's copy). For each advice label in withouts
// ("" for none turned off) both must make the same move and name the same
// advice at every position of random playouts of every variant
// (gamePlayouts; a fresh decision each) and at every decision of the
// book's own play of the deals of each of opts (each player keeping its
// memory of the deal). With nothing turned off, every advice of ref must
// decide somewhere in each of the two.
func checkBookDecide(t *testing.T, id string, ref bookGame, withouts []string, opts []engine.Options) {
	t.Helper()
	spec, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	mustDecide := func(phase, without string, counts map[engine.RuleID]int) {
		t.Helper()
		if without != "" {
			return
		}
		for _, a := range ref.advice {
			if counts[a] == 0 {
				t.Fatalf("%s: %s never decided: %v", phase, a, counts)
			}
		}
	}
	for _, without := range withouts {
		fast := newBookPlayer(without)
		slow := newBookPlayer(without)
		resetSlow := func(g engine.Game) {
			slow.Reset(g, 0)
			slow.advice = &ref
		}
		counts := map[engine.RuleID]int{}
		gamePlayouts(t, id, nil, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			fast.Reset(g, 0)
			resetSlow(plainGame{g})
			pf, af := fast.Choose(g, legal)
			ps, as := slow.Choose(plainGame{g}, legal)
			if pf != ps || af != as {
				t.Fatalf("without %q %v deal %d ply %d: %d %q, the reference %d %q\n%v", without, opts, deal, ply, pf, af, ps, as, g)
			}
			counts[af]++
		})
		mustDecide("random playouts", without, counts)
		t.Logf("without %q: random playouts, decisions by advice %v", without, counts)

		clear(counts)
		deals := uint64(shortDeals(300, 60))
		var legal []engine.Move
		for _, o := range opts {
			for deal := uint64(0); deal < deals; deal++ {
				g, err := spec.New(deal, o)
				if err != nil {
					t.Fatal(err)
				}
				fast.Reset(g, deal)
				resetSlow(plainGame{g})
				for ply := 0; ply < spec.MaxMoves && !g.Won(); ply++ { // as far as a tournament plays
					if legal = g.LegalMoves(legal[:0]); len(legal) == 0 {
						break
					}
					pf, af := fast.Choose(g, legal)
					ps, as := slow.Choose(plainGame{g}, legal)
					if pf != ps || af != as {
						t.Fatalf("book's play, without %q %v deal %d ply %d: %d %q, the reference %d %q\n%v", without, o, deal, ply, pf, af, ps, as, g)
					}
					counts[af]++
					if err := g.Apply(legal[pf]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		mustDecide("the book's play", without, counts)
		t.Logf("without %q: the book's play, decisions by advice %v", without, counts)
	}
}
