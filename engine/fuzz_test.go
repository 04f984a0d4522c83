package engine

import "testing"

// FuzzPlayout drives every implemented game through a move sequence chosen
// by the fuzzer: the deal comes from seed and each choice byte picks one
// legal move. Every move must pass Check and apply, and no card may be lost
// or duplicated. Run with: go test ./engine -run '^$' -fuzz FuzzPlayout
func FuzzPlayout(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(42), []byte{255, 0, 255, 0, 17, 99, 3})
	f.Add(uint64(1<<63+5), make([]byte, 300))
	specs := implementedSpecs(f)
	f.Fuzz(func(t *testing.T, seed uint64, choices []byte) {
		var buf [256]Move
		for _, spec := range specs {
			g, err := spec.New(seed, nil)
			if err != nil {
				t.Fatalf("%s: New(%d): %v", spec.ID, seed, err)
			}
			for i, b := range choices {
				legal := g.LegalMoves(buf[:0])
				if len(legal) == 0 {
					if g.Ending() == Playing {
						t.Fatalf("%s seed %d: no legal move but not over", spec.ID, seed)
					}
					break
				}
				m := legal[int(b)%len(legal)]
				if err := g.Check(m); err != nil {
					t.Fatalf("%s seed %d move %d: generated move fails Check: %v", spec.ID, seed, i, err)
				}
				if err := g.Apply(m); err != nil {
					t.Fatalf("%s seed %d move %d: %v", spec.ID, seed, i, err)
				}
			}
			if err := checkConservation(g, spec.Decks); err != nil {
				t.Fatalf("%s seed %d: %v", spec.ID, seed, err)
			}
		}
	})
}
