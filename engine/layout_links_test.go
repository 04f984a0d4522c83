package engine

import "testing"

// layoutOf returns the layout of a game of the catalog.
func layoutOf(t *testing.T, g Game) *layout {
	t.Helper()
	switch g := g.(type) {
	case *britishConstitution:
		return &g.lay
	case *duchess:
		return &g.lay
	case *fourCorners:
		return &g.lay
	case *napoleon:
		return &g.lay
	case *redAndBlack:
		return &g.lay
	case *salicLaw:
		return &g.lay
	case *shah:
		return &g.lay
	case *sultan:
		return &g.lay
	case *SympathyGame:
		return &g.lay
	case *windmill:
		return &g.lay
	case *zodiac:
		return &g.lay
	}
	t.Fatalf("layoutOf: unknown game type %T", g)
	return nil
}

// TestLinkHashKept checks that the links a layout keeps once a ViewHash
// asked for them (layout.linkHash) stay equal to the links computed from
// scratch after every move, in copies, and after Determinize, for every
// game and variant; and that the games whose ViewHash reads them do keep
// them.
func TestLinkHashKept(t *testing.T) {
	deals := 40
	if testing.Short() {
		deals = 10
	}
	for _, spec := range implementedSpecs(t) {
		for _, opts := range variantOptions(spec) {
			kept := false
			var legal []Move
			for seed := uint64(1); seed <= uint64(deals); seed++ {
				g, err := spec.New(seed, opts)
				if err != nil {
					t.Fatalf("%s %v: New(%d): %v", spec.ID, opts, seed, err)
				}
				r := NewRand(seed)
				for n := 0; n < spec.MaxMoves; n++ {
					g.ViewHash()
					if l := layoutOf(t, g); l.linked != 0 {
						kept = true
						checkLinks(t, l, "%s %v seed %d move %d\n%s", spec.ID, opts, seed, n, g)
						if n%16 == 0 {
							c := g.Clone()
							c.Determinize(NewRand(seed + uint64(n)))
							checkLinks(t, layoutOf(t, c), "%s %v seed %d move %d, Determinize", spec.ID, opts, seed, n)
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
			switch spec.ID {
			case "windmill", "four-corners", "shah", "british-constitution", "zodiac":
				if !kept {
					t.Errorf("%s %v: ViewHash never kept the links", spec.ID, opts)
				}
			}
		}
	}
}

// checkLinks fails when the kept links of l differ from links computed
// from scratch.
func checkLinks(t *testing.T, l *layout, format string, a ...any) {
	t.Helper()
	fresh := *l
	fresh.relinkAll()
	if fresh.links != l.links {
		t.Fatalf("kept links %x, recomputed %x: "+format, append([]any{l.links, fresh.links}, a...)...)
	}
}
