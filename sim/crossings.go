package sim

import (
	"math/bits"
	"slices"

	"github.com/pasyans/pasyans/engine"
)

// crossCache keeps napoleon's columns from one decision of a deal to the
// next for the crossed-pair advice (napoleon/S1, see crossings for the
// count), so that a decision neither reads the columns again nor counts the
// crossed pairs of the whole layout once per candidate pair.
//
// A column of napoleon only ever loses its top card (a pair removal), so
// within a deal its cards are a prefix of the cards it was read with, and
// its height says which prefix. sync reads only the heights, drops the
// cards that went out, and reads the columns again when the new top card
// of a column is not the one its prefix ends with, or a column grew (a
// state of another deal), or the cache was emptied by reset (a new deal).
//
// above[a][b] has bit k when column k holds rank a above rank b. The gain
// of a pair is computed from it (gain) rather than by counting the
// crossings before and after, for columns that hold each rank at most once
// and only cards the player can see (simple; always so in the book's
// rectified deal). Other columns are left to crossings.
type crossCache struct {
	valid  bool
	simple bool
	piles  []int           // pile index of column k
	colOf  [64]int8        // column of pile i, -1 for other piles
	cards  [][]engine.Card // column k's cards, bottom first, as read
	ranks  [][]uint8       // their ranks
	h      []int           // column k's current height (a prefix of cards[k])
	above  [engine.NumRanks + 1][engine.NumRanks + 1]uint16
}

// maxCrossColumns bounds the columns of the bit sets of crossCache.
const maxCrossColumns = 16

// reset empties the cache (a new deal).
func (x *crossCache) reset() { x.valid = false }

// column returns the column of pile i, -1 if it is no column.
func (x *crossCache) column(i uint8) int {
	if int(i) < len(x.colOf) {
		return int(x.colOf[i])
	}
	return -1
}

// sync brings the cache to the columns of g (piles of kind tableau).
func (x *crossCache) sync(g engine.Game, kinds []engine.PileKind) {
	r, ok := g.(engine.PileReader)
	if x.valid && ok {
		// Every height is read first, and only the columns whose height
		// changed (usually the two of the last pair) are visited, in
		// order: a branch per column on whether it changed would be
		// mispredicted.
		var heights [maxCrossColumns]int
		changed := uint32(0)
		for k, pile := range x.piles {
			n := r.PileLen(pile)
			heights[k] = n
			d := uint32(0)
			if n != x.h[k] {
				d = 1
			}
			changed |= d << k
		}
		for ; changed != 0; changed &= changed - 1 {
			k := bits.TrailingZeros32(changed)
			n := heights[k]
			if n > x.h[k] {
				x.valid = false
				break
			}
			for x.h[k] > n {
				x.pop(k)
			}
			if n > 0 && r.PileTop(x.piles[k]) != x.cards[k][n-1] {
				x.valid = false
				break
			}
		}
	}
	if !x.valid {
		x.load(g, kinds)
	}
}

// pop drops the top card of column k.
func (x *crossCache) pop(k int) {
	h := x.h[k] - 1
	col := x.ranks[k]
	a := col[h]
	for _, b := range col[:h] {
		x.above[a][b] &^= 1 << k
	}
	x.h[k] = h
}

// load reads the columns of g.
func (x *crossCache) load(g engine.Game, kinds []engine.PileKind) {
	x.valid, x.simple = true, true
	x.piles = x.piles[:0]
	x.above = [engine.NumRanks + 1][engine.NumRanks + 1]uint16{}
	for i := range x.colOf {
		x.colOf[i] = -1
	}
	for i, kind := range kinds {
		if kind != engine.PileTableau {
			continue
		}
		k := len(x.piles)
		if k >= maxCrossColumns || i >= len(x.colOf) {
			x.simple = false
			return
		}
		x.piles = append(x.piles, i)
		x.colOf[i] = int8(k)
		if len(x.cards) <= k {
			x.cards = append(x.cards, nil)
			x.ranks = append(x.ranks, nil)
			x.h = append(x.h, 0)
		}
		x.cards[k] = g.Pile(x.cards[k][:0], i)
		cards := x.cards[k]
		ranks := slices.Grow(x.ranks[k][:0], len(cards))[:len(cards)]
		x.ranks[k] = ranks
		var seen uint16
		for j, c := range cards {
			if !c.Valid() || seen>>c.Rank()&1 != 0 {
				x.simple = false
			}
			rank := uint8(0)
			if c.Valid() {
				rank = uint8(c.Rank())
				seen |= 1 << rank
			}
			ranks[j] = rank
		}
		x.h[k] = len(x.cards[k])
		if !x.simple {
			continue
		}
		col := x.ranks[k]
		for hi, a := range col {
			for _, b := range col[:hi] {
				x.above[a][b] |= 1 << k
			}
		}
	}
	x.h = x.h[:len(x.piles)]
}

// gain returns by how much the crossed pairs of the columns (as crossings
// counts them) drop when the top cards of columns c1 and c2 (-1: none), a
// pair and so of one rank, go out. The cache must be simple.
//
// Taking rank a off the top of column c takes away the occurrences "a
// above b" of c, one per card b below it, and with them the pairs "a above
// b" that c offered to the columns after it. So the count drops by the
// occurrences taken away that counted (some column before c holds b above
// a), plus the occurrences "b above a" of other columns k that counted
// only through columns that lose "a above b" (no column before k keeps
// it). Nothing else changes: every other occurrence keeps its two cards
// and the pairs of the columns before it.
func (x *crossCache) gain(c1, c2 int) int {
	var lost [engine.NumRanks + 1]uint16 // columns that lose "a above b"
	var lostRanks uint16                 // the ranks b with lost[b] != 0
	a := uint8(0)
	n := 0
	for _, c := range [2]int{c1, c2} {
		if c < 0 || x.h[c] == 0 {
			continue
		}
		col := x.ranks[c][:x.h[c]]
		a = col[len(col)-1]
		before := uint16(1)<<c - 1
		for _, b := range col[:len(col)-1] {
			lost[b] |= 1 << c
			lostRanks |= 1 << b
			if x.above[b][a]&before != 0 {
				n++
			}
		}
	}
	if a == 0 {
		return 0
	}
	above := &x.above[a]
	for ; lostRanks != 0; lostRanks &= lostRanks - 1 {
		b := bits.TrailingZeros16(lostRanks)
		had := above[b]
		keeps := had &^ lost[b]
		for ks := x.above[b][a]; ks != 0; ks &= ks - 1 {
			before := uint16(1)<<bits.TrailingZeros16(ks) - 1
			if had&before != 0 && keeps&before == 0 {
				n++
			}
		}
	}
	return n
}
