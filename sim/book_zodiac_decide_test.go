package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookZodiacDecide checks the Zodiac's book decision (zodiacDecide:
// without the generic upkeep) against the generic decision
// (bookPlayer.decide with the advice zodiac, on the game wrapped in
// plainGame, so that the advice reads the piles, zodiacByPiles, and
// greedy's tie-break probes copies): the same move and advice at every
// position of random playouts of every variant (a fresh decision each),
// and at every decision of the book's own play of every variant (each
// player keeping its memory of the deal), with S2 on and off.
func TestBookZodiacDecide(t *testing.T) {
	spec, err := engine.Lookup("zodiac")
	if err != nil {
		t.Fatal(err)
	}
	var optsList []engine.Options
	optsList = append(optsList, nil)
	for _, v := range spec.Variants {
		for _, val := range v.Values {
			if val != v.Default {
				optsList = append(optsList, engine.Options{v.Name: val})
			}
		}
	}
	for _, without := range []string{"", "S2"} {
		fast := newBookPlayer(without)
		slow := newBookPlayer(without)
		ref := bookGame{advice: bookAdvice["zodiac"].advice, choose: (*bookPlayer).zodiac}
		resetSlow := func(g engine.Game) {
			slow.Reset(g, 0)
			slow.advice = &ref
		}
		counts := map[engine.RuleID]int{}
		gamePlayouts(t, "zodiac", nil, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			fast.Reset(g, 0)
			resetSlow(plainGame{g})
			pf, af := fast.Choose(g, legal)
			ps, as := slow.Choose(plainGame{g}, legal)
			if pf != ps || af != as {
				t.Fatalf("without %q %v deal %d ply %d: %d %q, the generic decision %d %q\n%v", without, opts, deal, ply, pf, af, ps, as, g)
			}
			counts[af]++
		})
		if without == "" && counts["zodiac/S2"] == 0 {
			t.Fatalf("S2 never decided: %v", counts)
		}
		t.Logf("without %q: random playouts, decisions by advice %v", without, counts)

		clear(counts)
		deals := uint64(shortDeals(300, 60))
		var legal []engine.Move
		for _, opts := range optsList {
			for deal := uint64(0); deal < deals; deal++ {
				g, err := spec.New(deal, opts)
				if err != nil {
					t.Fatal(err)
				}
				fast.Reset(g, deal)
				resetSlow(plainGame{g})
				for ply := 0; ply < spec.MaxMoves && !g.Won(); ply++ {
					if legal = g.LegalMoves(legal[:0]); len(legal) == 0 {
						break
					}
					pf, af := fast.Choose(g, legal)
					ps, as := slow.Choose(plainGame{g}, legal)
					if pf != ps || af != as {
						t.Fatalf("book's play, without %q %v deal %d ply %d: %d %q, the generic decision %d %q\n%v", without, opts, deal, ply, pf, af, ps, as, g)
					}
					counts[af]++
					if err := g.Apply(legal[pf]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		if without == "" && counts["zodiac/S2"] == 0 {
			t.Fatalf("S2 never decided in the book's play: %v", counts)
		}
		t.Logf("without %q: the book's play, decisions by advice %v", without, counts)
	}
}
