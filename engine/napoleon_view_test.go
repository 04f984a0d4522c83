package engine

import "testing"

// TestNapoleonView checks the read-only accessors of napoleon_view.go
// against the piles at every position of random playouts of every
// variant: ColumnRanks against each column's cards (exposed first),
// TwoLeft against the cards of each rank in play (every pile but the
// discards, face-down reserve included).
func TestNapoleonView(t *testing.T) {
	s := napoleonSpec()
	for _, opts := range variantOptions(s) {
		var cards []Card
		randomPlayouts(t, s, opts, 200, func(seed uint64, ply int, gg Game, _ []Move) {
			g := gg.(*napoleon)
			var want [npCols]uint32
			var left [NumRanks + 1]int
			for p := 0; p < npOut; p++ {
				cards = g.FullPile(cards[:0], p)
				for i, c := range cards {
					left[c.Rank()]++
					if p < npCols {
						want[p] |= uint32(c.Rank()) << (4 * (len(cards) - 1 - i))
					}
				}
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
			if got := g.TwoLeft(); got != two {
				t.Fatalf("%v seed %d move %d: TwoLeft %b, the piles give %b", opts, seed, ply, got, two)
			}
		})
	}
}
