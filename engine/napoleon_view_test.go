package engine

import (
	"math/bits"
	"testing"
)

// TestNapoleonView checks the read-only accessors of napoleon_view.go
// against the piles at every position of random playouts of every
// variant: ColumnRanks against each column's cards (exposed first),
// DealtColumns against the columns of the deal's first position (each
// column now their bottom), RankColumns against the ranks of each column,
// TwoLeft against the cards of each rank in play (every pile but the
// discards, face-down reserve included).
func TestNapoleonView(t *testing.T) {
	s := napoleonSpec()
	for _, opts := range variantOptions(s) {
		var cards []Card
		var dealt [npCols]uint32
		randomPlayouts(t, s, opts, 200, func(seed uint64, ply int, gg Game, _ []Move) {
			g := gg.(*napoleon)
			var want [npCols]uint32
			var left [NumRanks + 1]int
			var in [16]uint8
			for p := 0; p < npOut; p++ {
				cards = g.FullPile(cards[:0], p)
				for i, c := range cards {
					left[c.Rank()]++
					if p < npCols {
						want[p] |= uint32(c.Rank()) << (4 * (len(cards) - 1 - i))
						in[c.Rank()] |= 1 << p
					}
				}
			}
			if got := g.RankColumns(); got != in {
				t.Fatalf("%v seed %d move %d: RankColumns %v, the piles give %v", opts, seed, ply, got, in)
			}
			var two uint16
			for r := Rank(1); r <= NumRanks; r++ {
				if left[r] == 2 {
					two |= 1 << r
				}
			}
			if got := g.ColumnRanks(); got != want {
				t.Fatalf("%v seed %d move %d: ColumnRanks %x, the piles give %x", opts, seed, ply, got, want)
			}
			if ply == 0 {
				dealt = want
			}
			if got := g.DealtColumns(); got != dealt {
				t.Fatalf("%v seed %d move %d: DealtColumns %x, the deal's columns %x", opts, seed, ply, got, dealt)
			}
			for k, w := range want {
				if d := dealt[k]; w != d>>(4*((bits.Len32(d)+3)/4-(bits.Len32(w)+3)/4)) {
					t.Fatalf("%v seed %d move %d: column %d %x is not the bottom of %x as dealt", opts, seed, ply, k, w, d)
				}
			}
			if got := g.TwoLeft(); got != two {
				t.Fatalf("%v seed %d move %d: TwoLeft %b, the piles give %b", opts, seed, ply, got, two)
			}
		})
	}
}
