package engine

import "testing"

// TestPileReader checks PileLen, PileTop and VisibleCards against Pile for
// every pile (and indices out of range) at every position of random
// playouts of every game and variant.
func TestPileReader(t *testing.T) {
	deals := 30
	if testing.Short() {
		deals = 8
	}
	for _, spec := range implementedSpecs(t) {
		for _, opts := range variantOptions(spec) {
			var legal []Move
			var cards []Card
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatalf("%s %v: New(%d): %v", spec.ID, opts, seed, err)
				}
				pr := g
				r := NewRand(seed)
				for n := 0; n < spec.MaxMoves; n++ {
					var want, got [4]uint64
					pr.VisibleCards(&got)
					for i := 0; i < g.NumPiles(); i++ {
						for _, c := range g.Pile(cards[:0], i) {
							if c != NoCard {
								want[c>>6] |= 1 << (c & 63)
							}
						}
					}
					if got != want {
						t.Fatalf("%s %v seed %d move %d: VisibleCards %x, want %x\n%s", spec.ID, opts, seed, n, got, want, g)
					}
					for i := -1; i <= g.NumPiles(); i++ {
						cards = cards[:0]
						if i >= 0 {
							cards = g.Pile(cards, i)
						}
						top := NoCard
						if len(cards) > 0 {
							top = cards[len(cards)-1]
						}
						if pr.PileLen(i) != len(cards) || pr.PileTop(i) != top {
							t.Fatalf("%s %v seed %d move %d pile %d: PileLen %d, PileTop %v; Pile %v\n%s", spec.ID, opts, seed, n, i, pr.PileLen(i), pr.PileTop(i), cards, g)
						}
					}
					legal = g.LegalMoves(legal[:0])
					if len(legal) == 0 {
						break
					}
					if err := g.Apply(legal[r.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
