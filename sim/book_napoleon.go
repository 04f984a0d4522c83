package sim

import (
	"math/bits"

	"github.com/pasyans/pasyans/engine"
)

// napoleon: S3 reserve in need only; S2 triples; S1 crossed pairs.
//
// Its entry in bookAdvice does not memoize probe counts (probes): S2
// counts the pairs after a pair through napoleonPairs where the game has
// it (the probe only without), and greedy, which makes the decisions the
// advice leaves, takes the first pair listed without probing anything.
func (p *bookPlayer) napoleon(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	// One pass finds whether a pair of column cards is listed, whether any
	// move is the reserve's (napoleon/reserve), and how many pairs are
	// listed, with a reserve card and in all, in all and by rank.
	colPair, reserve := false, false
	pairs, reservePairs := 0, 0
	var ranks uint16 // the ranks of the pairs with a column card
	// byRank holds the number of pairs of rank r in bits 4r … 4r+3 (at
	// most six: four cards of a rank), colByRank those of column cards.
	var byRank, colByRank uint64
	for i := range legal {
		m := &legal[i]
		res := m.Rule == "napoleon/reserve"
		reserve = reserve || res
		if m.Kind == engine.MovePair {
			r := m.Card.Rank()
			if m.From < npColumns {
				ranks |= 1 << r
			}
			pairs++
			byRank += 1 << (4 * (r & 15))
			if res {
				reservePairs++
			} else {
				colPair = true
				colByRank += 1 << (4 * (r & 15))
			}
		}
	}
	adv := engine.RuleID("")
	if colPair && reserve && p.on("napoleon/S3") {
		for i := range legal {
			if legal[i].Rule == "napoleon/reserve" {
				p.banned[i] = true
				adv = "napoleon/S3"
			}
		}
		pairs -= reservePairs
		byRank = colByRank
	}
	if pick := p.napoleonTriples(g, legal, pairs, byRank); pick >= 0 {
		return pick, "napoleon/S2"
	}
	if !p.on("napoleon/S1") {
		return -1, adv
	}
	// S1: crossed pairs. A pair removal takes its two cards out and
	// forces nothing else, so the columns after it are the columns now
	// without those two cards: no copy of the game is needed. Where the
	// game gives its columns' ranks (napoleonColumns) and no column holds
	// a rank twice, the gain of each pair is computed from the ranks
	// above and below its rank in each column (crossWords); otherwise the
	// crossed pairs are counted before and after (crossings). A pair
	// gains only when some pair is crossed now, as before.
	if nc, ok := g.(napoleonColumns); ok {
		// A pair that takes the last two cards of its rank undoes no
		// crossed pair (no other card of its rank lies in the columns, and
		// none lies above an exposed card), nor does a pair of two reserve
		// cards: when every pair is such, none gains, and the columns need
		// not be read.
		if ranks&^nc.TwoLeft() == 0 {
			return -1, adv
		}
		if best, ok := p.napoleonGains(nc, legal); ok {
			if best >= 0 {
				return best, "napoleon/S1"
			}
			return -1, adv
		}
	}
	p.cross.read(g, p.kinds)
	if before := p.cross.count(-1, -1); before > 0 {
		best, bestGain := -1, 0
		for i, m := range legal {
			if p.banned[i] || m.Kind != engine.MovePair {
				continue
			}
			if gain := before - p.cross.count(p.cross.column(m.From), p.cross.column(m.To)); gain > bestGain {
				best, bestGain = i, gain
			}
		}
		if best >= 0 {
			return best, "napoleon/S1"
		}
	}
	return -1, adv
}

// napoleonGains is napoleon/S1 from the columns' rank words (crossWords,
// kept in p.xc): the index of the allowed pair with the largest gain, the
// first on ties, -1 when none gains; ok is false when the words cannot
// tell the gains (a column holds a rank twice) and the crossed pairs must
// be counted.
func (p *bookPlayer) napoleonGains(nc napoleonColumns, legal []engine.Move) (best int, ok bool) {
	x := &p.xc
	if !x.sync(nc.ColumnRanks()) {
		return -1, false
	}
	best, bestGain := -1, 0
	for i := range legal {
		m := &legal[i]
		if p.banned[i] || m.Kind != engine.MovePair {
			continue
		}
		if gain := x.gain(m.From, m.To); gain > bestGain {
			best, bestGain = i, gain
		}
	}
	return best, true
}

// napoleonTriples applies napoleon/S2: of the allowed pairs of a rank
// with three or more exposed cards, the index of the one after which most
// pairs are open, or -1 (also when S2 is off); pairs is the number of
// pairs allowed, byRank their number by rank (4 bits each). Where the game counts the pairs after a pair itself
// (napoleonPairs, the probe's count), the probe lists none: it would keep
// nothing for nextLegal either (its peeks list only progress moves).
func (p *bookPlayer) napoleonTriples(g engine.Game, legal []engine.Move, pairs int, byRank uint64) int {
	if !p.on("napoleon/S2") {
		return -1
	}
	// Three exposed cards of a rank make three pair moves: with fewer
	// pair moves allowed (pairs) there is nothing to count.
	if pairs < 3 || (byRank+0x5555555555555555)&0x8888888888888888 == 0 {
		return -1 // (a count of 3 … 6 gains bit 3 when 5 is added, without a carry)
	}
	counter, _ := g.(napoleonPairs)
	best, bestN := -1, -1
	for i := range legal {
		m := &legal[i]
		if p.banned[i] || m.Kind != engine.MovePair || byRank>>(4*(m.Card.Rank()&15))&15 < 3 {
			continue // three exposed cards of a rank make three pair moves
		}
		n, counted := 0, false
		if counter != nil {
			n, counted = counter.PairsAfter(m)
		}
		if !counted {
			n = p.probe.progressAt(i, *m)
		}
		if n > bestN {
			best, bestN = i, n
			if counted {
				p.probe.forget()
			} else {
				p.probe.keep(*m)
			}
		}
	}
	return best
}

// crossings counts crossed pairs in napoleon's columns (the tableau piles):
// two columns holding two ranks in opposite vertical order, x above y in
// one and y above x in the other. Every occurrence of a rank pair (x above
// y) in a column counts once if a column before it holds y above x.
type crossings struct {
	pileCol []int   // pile index → column number, -1 for other piles
	ranks   []uint8 // ranks of the column cards, bottom first, column after column (0: not a card)
	ends    []int   // column k is ranks[ends[k-1]:ends[k]]
	// Before column k: above[k][b] has bit a when a column before k holds
	// rank a above rank b; counted[k] is the count over those columns.
	above   []rankSets
	counted []int
	cards   []engine.Card
}

// rankSets holds a set of ranks (bit r: rank r) per rank.
type rankSets [engine.NumRanks + 1]uint16

// read reads the columns of g (piles of kind tableau) and the prefix
// tables of count.
func (x *crossings) read(g engine.Game, kinds []engine.PileKind) {
	x.pileCol, x.ranks, x.ends = x.pileCol[:0], x.ranks[:0], x.ends[:0]
	for i, k := range kinds {
		if k != engine.PileTableau {
			x.pileCol = append(x.pileCol, -1)
			continue
		}
		x.pileCol = append(x.pileCol, len(x.ends))
		x.cards = g.Pile(x.cards[:0], i)
		for _, c := range x.cards {
			r := uint8(0)
			if c.Valid() {
				r = uint8(c.Rank())
			}
			x.ranks = append(x.ranks, r)
		}
		x.ends = append(x.ends, len(x.ranks))
	}
	x.prefix()
}

// prefix computes the prefix tables of the columns in ranks and ends.
func (x *crossings) prefix() {
	x.above = append(x.above[:0], rankSets{})
	x.counted = append(x.counted[:0], 0)
	for k := range x.ends {
		x.above = append(x.above, x.above[k])
		x.counted = append(x.counted, x.counted[k]+x.column1(k, false, &x.above[k+1]))
	}
}

// column returns the column number of pile i, -1 if it is no column.
func (x *crossings) column(i uint8) int {
	if int(i) < len(x.pileCol) {
		return x.pileCol[i]
	}
	return -1
}

// column1 counts the occurrences of column k (without its top card when
// dropTop) crossed with the columns before it, whose pairs above holds, and
// then adds column k's pairs to above.
func (x *crossings) column1(k int, dropTop bool, above *rankSets) int {
	start := 0
	if k > 0 {
		start = x.ends[k-1]
	}
	col := x.ranks[start:x.ends[k]]
	if dropTop && len(col) > 0 {
		col = col[:len(col)-1]
	}
	earlier := *above
	// A column without a repeated rank: each rank pair occurs at most
	// once, so the pairs of a card with the cards below (or above) it are
	// one set of ranks.
	var below uint16 // ranks below the card
	for _, a := range col {
		if a == 0 {
			continue
		}
		if below>>a&1 != 0 {
			return x.column1Repeated(col, &earlier, above)
		}
		below |= 1 << a
	}
	n := 0
	below = 0
	for _, a := range col {
		if a != 0 {
			n += bits.OnesCount16(earlier[a] & below) // b below a here, above it before
			below |= 1 << a
		}
	}
	var over uint16 // ranks above the card
	for i := len(col) - 1; i >= 0; i-- {
		if b := col[i]; b != 0 {
			above[b] |= over
			over |= 1 << b
		}
	}
	return n
}

// column1Repeated is column1 for a column holding a rank twice (possible
// after a deal whose rectification found no card to put instead): every
// occurrence of a pair counts.
func (x *crossings) column1Repeated(col []uint8, earlier, above *rankSets) int {
	n := 0
	for hi := 1; hi < len(col); hi++ {
		a := col[hi]
		if a == 0 {
			continue
		}
		for lo := 0; lo < hi; lo++ {
			b := col[lo]
			if b == 0 || b == a {
				continue
			}
			n += int(earlier[a] >> b & 1) // b above a in an earlier column
			above[b] |= 1 << a
		}
	}
	return n
}

// count returns the crossed pairs of the columns read, without the top
// cards of columns c1 and c2 (-1: none).
func (x *crossings) count(c1, c2 int) int {
	first := len(x.ends)
	if c1 >= 0 {
		first = min(first, c1)
	}
	if c2 >= 0 {
		first = min(first, c2)
	}
	above := x.above[first]
	n := x.counted[first]
	for k := first; k < len(x.ends); k++ {
		n += x.column1(k, k == c1 || k == c2, &above)
	}
	return n
}

// napoleonColumns is implemented by Napoleon's patience
// (engine.napoleon.ColumnRanks and TwoLeft), from state the engine keeps:
// the ranks of its eight columns, piles 0 … 7, column i's exposed card in
// the low 4 bits of word i, each card under it 4 bits higher (a 0 nibble:
// no card); and the ranks with exactly two cards in play.
type napoleonColumns interface {
	ColumnRanks() [npColumns]uint32
	TwoLeft() uint16
}

// napoleonPairs is implemented by Napoleon's patience
// (engine.napoleon.PairsAfter): the number of pairs open after the pair m
// whose cards the player saw before it, the probe's count
// (probe.progressAt), without listing them; false for a move it does not
// handle.
type napoleonPairs interface {
	PairsAfter(m *engine.Move) (int, bool)
}

// npColumns is the number of Napoleon's columns (piles 0 … 7, the piles of
// kind tableau).
const npColumns = 8

// crossWords computes napoleon/S1's gain of a pair (how many crossed pairs,
// as crossings counts them, its two cards' going out undoes) from the
// columns' rank words (napoleonColumns), kept from one decision of a deal
// to the next.
//
// A column only ever loses its exposed card, so within a deal its cards
// are the bottom of the cards it was dealt with, and a card's place
// counted from the bottom (its depth) does not change: the ranks under a
// card stay the same, those above it are those between it and the
// column's height. crossWords reads the columns once (build) and then, per
// decision, only checks that each column is the bottom of the column it
// read (sync). It holds no pile and no card the player cannot see: only
// the words, which are the columns' face-up ranks.
//
// Only columns that hold each rank at most once are read (build reports
// the others, whose gain must be counted, see crossings): a column then
// holds the pair "a above b" at most once, so the crossed pairs that
// change are a matter of which columns hold which pairs.
type crossWords struct {
	valid  bool
	now    [npColumns]uint32 // the columns' words at the last sync
	full   [npColumns]uint32 // the columns' words as read
	height [npColumns]uint8  // their heights as read
	h      [npColumns]uint8  // their heights now
	// in[r]: the columns holding rank r now; for that card of column k,
	// below[r][k] is the set of ranks under it, upTo[r][k] that set with
	// r (both fixed for the deal). (The arrays are sized to powers of two
	// so that masked indices need no bounds checks.)
	in    [16]uint8
	below [16][npColumns]uint16
	upTo  [16][npColumns]uint16
	// set[k]: the ranks of column k now, upTo[t][k] for its exposed card
	// t (upTo[0] is empty: an empty column). The ranks above the card of
	// r in column k are set[k] &^ upTo[r][k].
	set [npColumns]uint16
}

// wordHeight returns the number of cards of a column word.
func wordHeight(w uint32) uint8 { return uint8((bits.Len32(w) + 3) >> 2) }

// sync brings x to the columns' words cols and reports whether the gains
// can be read off them (no column holds a rank twice).
func (x *crossWords) sync(cols [npColumns]uint32) bool {
	if !x.valid {
		return x.build(cols)
	}
	// The columns that changed since the last sync (usually the two of
	// the last pair; found without a branch per column) must each be the
	// bottom of the column read: the word read without the cards gone
	// since.
	var changed uint32
	for k, w := range cols {
		d := w ^ x.now[k]
		changed |= (d | -d) >> 31 << k // 1 when d is not 0 (min(d, 1) compiles to a branch)
	}
	for ; changed != 0; changed &= changed - 1 {
		k := bits.TrailingZeros32(changed) & 7
		w := cols[k]
		hk := wordHeight(w)
		if hk > x.h[k] || w != x.full[k]>>(4*(uint(x.height[k])-uint(hk))&63) { // a column grew, or is another
			return x.build(cols)
		}
		// The cards gone from column k (exposed first in the word).
		for gone, n := x.now[k], x.h[k]-hk; n > 0; gone, n = gone>>4, n-1 {
			x.in[gone&15] &^= 1 << k
		}
		x.h[k], x.now[k], x.set[k] = hk, w, x.upTo[w&15][k]
	}
	return true
}

// build reads the columns' words cols.
func (x *crossWords) build(cols [npColumns]uint32) bool {
	x.full, x.now = cols, cols
	var in [16]uint8
	var twice uint16 // the ranks met twice in a column
	for k, w := range cols {
		hk := wordHeight(w)
		x.h[k], x.height[k] = hk, hk
		var set uint16 // the ranks below the card
		shift := 4 * uint(hk)
		for j := uint8(0); j < hk; j++ {
			shift -= 4
			r := w >> (shift & 31) & 15 // the word holds the exposed card first
			bit := uint16(1) << r
			twice |= set & bit
			x.below[r][k] = set
			set |= bit
			x.upTo[r][k] = set
			in[r] |= 1 << k
		}
		x.set[k] = set
	}
	x.in = in
	x.valid = twice == 0
	return x.valid
}

// gain returns by how much the crossed pairs of the columns drop when the
// available cards of piles from and to (a column, pile 0 … 7, or a
// reserve slot), a pair and so of one rank, go out. sync must have
// returned true for the columns now.
//
// Taking rank a off the foot of column c takes away the pairs "a above b"
// of c, one per card b under it, and with them the pairs c offered to the
// columns after it. So the count drops by (1) the pairs "a above b" of c
// that counted (a column before c holds b above a), and (2) the pairs "b
// above a" of other columns k that counted only through c1 or c2 (some
// column before k holds a above b, but none before k other than c1 and
// c2). Nothing else changes: every other pair keeps its two cards, and
// the pairs of the columns before it. Both sums run over the columns that
// hold a (the others hold no pair with a); the exposed card of a column
// has no card above it.
func (x *crossWords) gain(from, to uint8) int {
	if from >= npColumns {
		return 0 // two reserve cards: no column changes
	}
	a := x.now[from&7] & 15              // the exposed card of column from
	out := uint8(1)<<from | uint8(1)<<to // the columns that lose a card (a reserve slot's bit is beyond uint8)
	if x.in[a]&^out == 0 {
		return 0 // no other column holds a
	}
	return x.sums(a, out)
}

// sums is gain for the pair of rank a out of the columns out.
func (x *crossWords) sums(a uint32, out uint8) int {
	n := 0
	var aboveBefore, belowBefore, keptBefore uint16 // over the columns of a before k
	belowOf, upTo := &x.below[a&15], &x.upTo[a&15]
	for in := x.in[a&15]; in != 0; in &= in - 1 {
		k := bits.TrailingZeros8(in) & 7
		above := x.set[k] &^ upTo[k]
		below := belowOf[k]
		sel := -uint16(out >> k & 1) // all ones at c1 and c2
		// The two sums in one count: (1) in the low half, (2) in the high.
		n += bits.OnesCount32(uint32(below&aboveBefore&sel) | uint32(above&belowBefore&^keptBefore)<<16)
		aboveBefore |= above
		belowBefore |= below
		keptBefore |= below &^ sel
	}
	return n
}
