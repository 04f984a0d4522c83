package engine

import (
	"math/bits"
	"testing"
)

// TestNapoleonView checks the column state of napoleon_view.go
// (ColumnState) against the piles at every position of random playouts of
// every variant: the ranks against each column's cards (exposed first),
// the dealt ranks against the columns of the deal's first position (each
// column now their bottom), the columns holding each rank against the
// ranks of each column, the ranks of two cards against the cards of each
// rank in play (every pile but the discards, face-down reserve included);
// and that it is the game's own state (a move changes what it points
// to).
func TestNapoleonView(t *testing.T) {
	s := napoleonSpec()
	for _, opts := range variantOptions(s) {
		var cards []Card
		var dealt [npCols]uint32
		var last *[npCols]uint32 // the ranks given at the last position of the game
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
			var two uint16
			for r := Rank(1); r <= NumRanks; r++ {
				if left[r] == 2 {
					two |= 1 << r
				}
			}
			if ply == 0 {
				dealt, last = want, nil
			}
			ranks, dealtNow, holding, twoNow := g.ColumnState()
			if *ranks != want {
				t.Fatalf("%v seed %d move %d: ranks %x, the piles give %x", opts, seed, ply, *ranks, want)
			}
			if last != nil && (last != ranks || *last != want) {
				t.Fatalf("%v seed %d move %d: the ranks given before the move read %x, not the game's %x", opts, seed, ply, *last, want)
			}
			last = ranks
			if *dealtNow != dealt {
				t.Fatalf("%v seed %d move %d: dealt %x, the deal's columns %x", opts, seed, ply, *dealtNow, dealt)
			}
			for k, w := range want {
				if d := dealt[k]; w != d>>(4*((bits.Len32(d)+3)/4-(bits.Len32(w)+3)/4)) {
					t.Fatalf("%v seed %d move %d: column %d %x is not the bottom of %x as dealt", opts, seed, ply, k, w, d)
				}
			}
			if *holding != in {
				t.Fatalf("%v seed %d move %d: columns by rank %v, the piles give %v", opts, seed, ply, *holding, in)
			}
			if twoNow != two {
				t.Fatalf("%v seed %d move %d: two left %b, the piles give %b", opts, seed, ply, twoNow, two)
			}
		})
	}
}
