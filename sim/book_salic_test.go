package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookSalicLawReference checks Salic Law's advice against the code it
// replaced (salicLawRef) on the game wrapped so that it has none of the
// optional readers: the same move, advice and banned moves at every
// position of random playouts of every variant, with each advice turned
// off in turn.
func TestBookSalicLawReference(t *testing.T) {
	for _, without := range []string{"", "S2", "S3"} {
		fast, slow := newBookPlayer(without), newBookPlayer(without)
		counts := map[engine.RuleID]int{}
		gamePlayouts(t, "salic-law", nil, func(opts engine.Options, deal uint64, ply int, g engine.Game, legal []engine.Move) {
			if len(legal) == 0 {
				return
			}
			pf, af, bf := bookDecision(fast, g, legal, (*bookPlayer).salicLaw)
			ps, as, bs := bookDecision(slow, plainGame{g}, legal, (*bookPlayer).salicLawRef)
			if pf != ps || af != as || !slices.Equal(bf, bs) {
				t.Fatalf("without %q %v deal %d ply %d: %d %q %v, the code replaced %d %q %v\n%v",
					without, opts, deal, ply, pf, af, bf, ps, as, bs, g)
			}
			counts[af]++
		})
		if without == "" && (counts["salic-law/S2"] == 0 || counts["salic-law/S3"] == 0) {
			t.Fatalf("an advice never decided: %v", counts)
		}
		t.Logf("without %q: decisions by advice %v", without, counts)
	}
}
