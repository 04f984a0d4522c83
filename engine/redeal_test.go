package engine

import (
	"slices"
	"testing"
)

// TestRedeal checks that every game implements Redealer and that a game
// played for a while (searched, determinized) and then redealt is the game
// its Setup starts on that pack: the same state, and the same state again
// after every move of a random game played on both.
func TestRedeal(t *testing.T) {
	for _, spec := range implementedSpecs(t) {
		for _, opts := range variantOptions(spec) {
			st, err := spec.Setup(opts)
			if err != nil {
				t.Fatal(err)
			}
			name := spec.ID + "/" + st.Variant()
			reused, err := st.New(1)
			if err != nil {
				t.Fatal(err)
			}
			var r Rand
			var a, b []Move
			for seed := uint64(2); seed < 12; seed++ {
				// Leave state behind: moves, a search key, a determinized
				// copy's shuffle (the game's own generator untouched).
				r.Seed(seed)
				for i := 0; i < 40; i++ {
					a = reused.LegalMoves(a[:0])
					if len(a) == 0 {
						break
					}
					if err := reused.Apply(a[r.IntN(len(a))]); err != nil {
						t.Fatal(err)
					}
				}
				reused.SearchKey()
				if err := reused.Redeal(Deal(spec.Decks, seed)); err != nil {
					t.Fatalf("%s seed %d: Redeal: %v", name, seed, err)
				}
				fresh, err := st.New(seed)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ; ply++ {
					if reused.Hash() != fresh.Hash() || reused.ViewHash() != fresh.ViewHash() || reused.String() != fresh.String() ||
						reused.Score() != fresh.Score() || reused.Redeals() != fresh.Redeals() || reused.Won() != fresh.Won() {
						t.Fatalf("%s seed %d ply %d: the redealt game differs from a new one:\n%s\nnew:\n%s", name, seed, ply, reused, fresh)
					}
					if reused.SearchKey() != fresh.SearchKey() {
						t.Fatalf("%s seed %d ply %d: search keys differ", name, seed, ply)
					}
					a, b = reused.LegalMoves(a[:0]), fresh.LegalMoves(b[:0])
					if !slices.Equal(a, b) {
						t.Fatalf("%s seed %d ply %d: legal moves differ: %v against %v", name, seed, ply, a, b)
					}
					if len(a) == 0 || ply > spec.MaxMoves {
						break
					}
					m := a[r.IntN(len(a))]
					if err := reused.Apply(m); err != nil {
						t.Fatal(err)
					}
					if err := fresh.Apply(m); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
}
