package sim

import (
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// windmillRefPlayer returns a book player that decides the Mill as the
// book did before its decision was made faster: bookPlayer.decide's
// generic path with the old advice (windmillRef), meant to be given the
// game wrapped in plainGame (no optional readers: greedy's tie-break and
// S2 try the moves on the probe's copy).
func windmillRefPlayer(without string) (*bookPlayer, func(g engine.Game)) {
	p := newBookPlayer(without)
	ref := bookGame{advice: bookAdvice["windmill"].advice, choose: (*bookPlayer).windmillRef}
	return p, func(g engine.Game) {
		p.Reset(g, 0)
		p.advice = &ref
	}
}

// TestBookWindmillReference checks the Mill's book decision
// (windmillDecide: one pass over the moves, S2 counted by the game)
// against the code it replaced (windmillRef through the generic decide,
// on the game wrapped so that it has none of the optional readers): the
// same move and advice at every position of random playouts of every
// variant (a fresh decision each), and at every decision of the book's
// own play of every variant (the players' memories of the deal kept), with
// each advice turned off in turn.
func TestBookWindmillReference(t *testing.T) {
	spec, err := engine.Lookup("windmill")
	if err != nil {
		t.Fatal(err)
	}
	for _, without := range []string{"", "S1", "S2"} {
		fast := newBookPlayer(without)
		slow, resetSlow := windmillRefPlayer(without)
		counts := map[engine.RuleID]int{}
		gamePlayouts(t, "windmill", nil, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			fast.Reset(g, 0)
			resetSlow(plainGame{g})
			pf, af := fast.Choose(g, legal)
			ps, as := slow.Choose(plainGame{g}, legal)
			if pf != ps || af != as {
				t.Fatalf("without %q %v deal %d ply %d: %d %q, the code replaced %d %q\n%v", without, opts, deal, ply, pf, af, ps, as, g)
			}
			counts[af]++
		})
		if without == "" && (counts["windmill/S1"] == 0 || counts["windmill/S2"] == 0) {
			t.Fatalf("an advice never decided: %v", counts)
		}
		t.Logf("without %q: random playouts, decisions by advice %v", without, counts)

		// The book's own play: each player keeps its memory of the deal.
		clear(counts)
		deals := uint64(shortDeals(300, 60))
		var legal []engine.Move
		for _, opts := range []engine.Options{nil, {"transfer": "any"}, {"transfer": "none"}, {"kings": "choice"}, {"transfer": "any", "kings": "choice"}} {
			for deal := uint64(0); deal < deals; deal++ {
				g, err := spec.New(deal, opts)
				if err != nil {
					t.Fatal(err)
				}
				fast.Reset(g, deal)
				resetSlow(plainGame{g})
				for ply := 0; !g.Won(); ply++ {
					if legal = g.LegalMoves(legal[:0]); len(legal) == 0 {
						break
					}
					pf, af := fast.Choose(g, legal)
					ps, as := slow.Choose(plainGame{g}, legal)
					if pf != ps || af != as {
						t.Fatalf("book's play, without %q %v deal %d ply %d: %d %q, the code replaced %d %q\n%v", without, opts, deal, ply, pf, af, ps, as, g)
					}
					counts[af]++
					if err := g.Apply(legal[pf]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		t.Logf("without %q: the book's play, decisions by advice %v", without, counts)
	}
}
