package engine

import "math/bits"

// Napoleon's state kept by Apply for the legal moves, the safe move, the
// dead-end test and the key (the fields after fresh in napoleon): each is
// a function of the piles, which stay the truth; derive computes them
// from scratch, and TestNapoleonKeptState checks the kept values against
// it after every move of random games of every variant.
//
//   - showing[r] has bit p when pile p (a column or a reserve slot) shows a
//     card of rank r, available to pair; the 4-bit field r of shown counts
//     the piles showing one, that of shownCol the columns (at most four:
//     one deck). The legal pairs are read from them without looking at the
//     piles.
//   - inCol[r] has bit i when column i holds a card of rank r, anywhere: the
//     dead-end test looks at those columns only.
//   - key is the search key: the state's canonical form (the columns as a
//     multiset of rank words, the open reserve as a multiset of ranks, the
//     ordered reserve as its sequence of ranks) hashed as a multiset, each
//     half the sum mod 2^64 of a mix of each element, so that Apply
//     updates it in a few operations: subtract the mix of the element that
//     changed and add the mix of its new value (a column's mixes are
//     read from the game's table, npMix). It is computed when the search
//     first asks for it (SearchKey) and kept from then on, so that a game
//     that is only played does not pay for it.

// Elements of the key's multiset: a column's rank word (4 bits a card, top
// first, 0 when empty) as it is; a reserve slot's rank (an empty slot adds
// nothing: there are always four slots) and the ordered reserve's rank
// word, tagged so that no two kinds share a value.
const (
	npTagReserve = 1 << 32
	npTagStock   = 2 << 32
)

// npKeyHi and npKeyLo mix one element of the key's multiset into each half
// of the key: SplitMix64 of the element and of the element with high bits
// set (elements are below 2^34, so the two halves mix disjoint inputs).
// Two different canonical forms give the same half with a chance of about
// 2^-61 (a multiset differs by at most 8 copies of an element), so the
// same key in both halves (less the counter byte the solver's table
// overwrites) with a chance of about 2^-117.
func npKeyHi(x uint64) uint64 { return SplitMix64(x) }

func npKeyLo(x uint64) uint64 { return SplitMix64(x ^ 0xD6E8FEB86659FD93) }

// npMixEmpty is the mixes of an empty column's word (0). Immutable.
var npMixEmpty = Key{Hi: npKeyHi(0), Lo: npKeyLo(0)}

// rekey replaces element old of the key's multiset by element new.
func (g *napoleon) rekey(old, new uint64) {
	g.key.Hi += npKeyHi(new) - npKeyHi(old)
	g.key.Lo += npKeyLo(new) - npKeyLo(old)
}

// unkey removes element x from the key's multiset.
func (g *napoleon) unkey(x uint64) {
	g.key.Hi -= npKeyHi(x)
	g.key.Lo -= npKeyLo(x)
}

// addKey adds element x to the key's multiset.
func (g *napoleon) addKey(x uint64) {
	g.key.Hi += npKeyHi(x)
	g.key.Lo += npKeyLo(x)
}

// stockWord returns the ordered reserve's ranks, 4 bits each, top first
// (at most four cards).
func (g *napoleon) stockWord() uint64 {
	var w uint64
	for c, k := g.lay.top(npStock), 0; c != NoCard; c, k = g.lay.below[c], k+1 {
		w |= uint64(c.Rank()) << (4 * k)
	}
	return w
}

// npMix holds, for each column and each number h of cards, the mixes
// (npKeyHi, npKeyLo) of the column's rank word when it holds its bottom h
// cards: those cards never change during a game (cards only leave the
// top), so the table, filled when the game is set up, gives a column's
// element of the key at every height without mixing.
type npMix [npCols][npRows + 1]Key

// deriveKept computes the kept state but the key from the piles and
// colRanks, and leaves the key unkept.
func (g *napoleon) deriveKept() {
	g.showing, g.shown, g.shownCol, g.inCol = [16]uint16{}, 0, 0, [16]uint8{}
	g.key, g.mix = Key{}, nil
	for p := 0; p < npStock; p++ {
		if c := g.lay.top(p); c != NoCard {
			r := c.Rank() & 15
			g.showing[r] |= 1 << p
			g.shown += 1 << (4 * r)
			if p < npCols {
				g.shownCol += 1 << (4 * r)
			}
		}
	}
	for i, w := range g.colRanks {
		for x := w; x != 0; x >>= 4 {
			g.inCol[x&15] |= 1 << i
		}
	}
}

// deriveKey computes the key from the piles and colRanks, with a new
// table of column mixes (npMix), and keeps it from then on.
func (g *napoleon) deriveKey() {
	mix := new(npMix)
	g.key, g.mix = Key{}, mix
	for i, w := range g.colRanks {
		n := g.lay.size(i) // at most npRows: derive packs six cards a word
		x := uint64(w)
		for h := n; h > 0; h-- { // x holds the bottom h cards
			mix[i][h] = Key{Hi: npKeyHi(x), Lo: npKeyLo(x)}
			x >>= 4
		}
		mix[i][0] = npMixEmpty
		g.key.Hi += mix[i][n].Hi
		g.key.Lo += mix[i][n].Lo
	}
	for p := npRes; p < npStock; p++ {
		if c := g.lay.top(p); c != NoCard {
			g.addKey(npTagReserve | uint64(c.Rank()))
		}
	}
	g.addKey(npTagStock | g.stockWord())
}

// npTwice returns the ranks counted twice or more in the 4-bit fields
// of w (shown or shownCol), as the top bit of each field: a count of at
// most four plus 6 reaches 8 exactly when it is 2 or more, and never
// carries into the next field.
func npTwice(w uint64) uint64 {
	return (w + 0x6666666666666666) & 0x8888888888888888
}

// npHolds reports whether the rank word w holds a card of rank r (a SWAR
// test for a zero nibble of w ^ r·0x111111; the nibbles past the column's
// cards are 0 and read r, never 0).
func npHolds(w, r uint32) bool {
	x := w ^ r*0x111111
	return ^(((x&0x777777)+0x777777)|x)&0x888888 != 0
}

// takeTop keeps the state up to date when the available card of pile p,
// of rank r, goes out (a pair); the piles have already moved.
func (g *napoleon) takeTop(p int, r Rank) {
	r, p = r&15, p&15
	g.showing[r] &^= 1 << p
	g.shown -= 1 << (4 * r)
	if p >= npCols {
		if g.mix != nil {
			g.unkey(npTagReserve | uint64(r))
		}
		return
	}
	g.shownCol -= 1 << (4 * r)
	nw := g.colRanks[p] >> 4
	g.colRanks[p] = nw
	if mix := g.mix; mix != nil {
		h := g.lay.size(p) // the cards left, after the move
		was, now := &mix[p][h+1], &mix[p][h]
		g.key.Hi += now.Hi - was.Hi
		g.key.Lo += now.Lo - was.Lo
	}
	if !npHolds(nw, uint32(r)) {
		g.inCol[r] &^= 1 << p
	}
	if q := nw & 15; q != 0 {
		g.showing[q] |= 1 << p
		g.shown += 1 << (4 * q)
		g.shownCol += 1 << (4 * q)
	}
}

// appendKeptPairs appends the legal pairs, lower pile first, then by the
// higher pile, as appendPairs lists them from the available cards, but
// read from the kept state: those of two column cards, and those with a
// reserve card when the reserve may be used (see LegalMoves).
func (g *napoleon) appendKeptPairs(dst []Move) []Move {
	usable, twice := uint16(1)<<npStock-1, npTwice(g.shown)
	if !g.r.ordered && g.r.need {
		if tc := npTwice(g.shownCol); tc != 0 {
			// the reserve only in need, and a column pair exists
			usable, twice = 1<<npCols-1, tc
		}
	}
	var paired uint16 // the piles of the ranks with two usable piles or more
	for t := twice; t != 0; t &= t - 1 {
		paired |= g.showing[bits.TrailingZeros64(t)>>2&15] & usable
	}
	for ps := paired; ps != 0; ps &= ps - 1 {
		i := bits.TrailingZeros16(ps)
		a := g.lay.top(i)
		for m := g.showing[a.Rank()&15] & usable &^ (1<<(i+1) - 1); m != 0; m &= m - 1 {
			j := bits.TrailingZeros16(m)
			rule := npRulePair
			if j >= npRes {
				rule = npRuleReserve
			}
			dst = append(dst, Move{Kind: MovePair, From: uint8(i), To: uint8(j), Card: a, Card2: g.lay.top(j), Rule: rule})
		}
	}
	return dst
}
