package sim

import (
	"slices"
	"testing"

	"github.com/pasyans/pasyans/engine"
)

// TestBookAdviceInCatalog checks the book strategy's per-game table against
// the engine's catalog: every game it names exists, every advice ID it
// lists is an advice entry of that game, and playing every game names no
// advice ID outside the game's list (and, where the table has an entry,
// names some advice at all).
func TestBookAdviceInCatalog(t *testing.T) {
	for id, bg := range bookAdvice {
		if _, err := engine.Lookup(id); err != nil {
			t.Errorf("book advice for unknown game %q", id)
		}
		if bg.choose == nil || len(bg.advice) == 0 {
			t.Errorf("%s: empty book entry", id)
		}
		for _, a := range bg.advice {
			r, ok := engine.LookupRule(a)
			switch {
			case !ok:
				t.Errorf("%s: advice %s is not in the catalog", id, a)
			case r.Kind != engine.KindAdvice || a.Game() != id:
				t.Errorf("%s: %s is a %s rule of %s, not advice of the game", id, a, r.Kind, a.Game())
			}
		}
	}
	st, err := NewStrategy("book", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := st.NewPlayer()
	var pl Playout
	for _, spec := range engine.Catalog() {
		listed := bookAdvice[spec.ID].advice
		named := map[string]bool{}
		for d := int64(0); d < 40; d++ {
			seed := DealSeed(17, spec.ID, d)
			g, err := spec.New(seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := pl.PlayDeal(g, p, StrategySeed(seed, "book"), spec.MaxMoves, nil); err != nil {
				t.Fatal(err)
			}
			for _, a := range pl.AdviceCounts() {
				named[a.ID] = true
				if !slices.Contains(listed, engine.RuleID(a.ID)) {
					t.Errorf("%s: book named advice %s, which its table does not list", spec.ID, a.ID)
				}
			}
		}
		if len(listed) > 0 && len(named) == 0 {
			t.Errorf("%s: the book's advice never applied in 40 deals", spec.ID)
		}
	}
}
