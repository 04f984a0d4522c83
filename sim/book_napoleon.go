package sim

import (
	"math/bits"

	"github.com/pasyans/pasyans/engine"
)

// napoleon: S3 reserve in need only; S2 triples; S1 crossed pairs.
func (p *bookPlayer) napoleon(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	colPair := false
	for _, m := range legal {
		if m.Kind == engine.MovePair && m.Rule != "napoleon/reserve" {
			colPair = true
			break
		}
	}
	adv := engine.RuleID("")
	if colPair && p.on("napoleon/S3") {
		for i, m := range legal {
			if m.Rule == "napoleon/reserve" {
				p.banned[i] = true
				adv = "napoleon/S3"
			}
		}
	}
	if pick := p.napoleonTriples(legal); pick >= 0 {
		return pick, "napoleon/S2"
	}
	if !p.on("napoleon/S1") {
		return -1, adv
	}
	// S1: crossed pairs. A pair removal takes its two cards out and
	// forces nothing else, so the columns after it are the columns now
	// without those two cards: no copy of the game is needed. The columns
	// are kept from decision to decision (crossCache), and the gain of
	// each pair is computed from the pairs it takes away; columns with a
	// repeated rank are counted before and after (crossings). A pair
	// gains only when some pair is crossed now, as before.
	p.xc.sync(g, p.kinds)
	if p.xc.simple {
		best, bestGain := -1, 0
		for i, m := range legal {
			if p.banned[i] || m.Kind != engine.MovePair {
				continue
			}
			if gain := p.xc.gain(p.xc.column(m.From), p.xc.column(m.To)); gain > bestGain {
				best, bestGain = i, gain
			}
		}
		if best >= 0 {
			return best, "napoleon/S1"
		}
		return -1, adv
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

// napoleonTriples applies napoleon/S2: of the allowed pairs of a rank
// with three or more exposed cards, the index of the one after which most
// pairs are open, or -1 (also when S2 is off).
func (p *bookPlayer) napoleonTriples(legal []engine.Move) int {
	if !p.on("napoleon/S2") {
		return -1
	}
	// Three exposed cards of a rank make three pair moves: with fewer
	// pair moves allowed there is nothing to count.
	pairs := 0
	for i := range legal {
		if !p.banned[i] && legal[i].Kind == engine.MovePair {
			pairs++
		}
	}
	if pairs < 3 {
		return -1
	}
	var exposed [engine.NumRanks + 1]int
	for i, m := range legal {
		if p.banned[i] || m.Kind != engine.MovePair {
			continue
		}
		exposed[m.Card.Rank()]++
	}
	best, bestN := -1, -1
	for i, m := range legal {
		if p.banned[i] || m.Kind != engine.MovePair || exposed[m.Card.Rank()] < 3 {
			continue // three exposed cards of a rank make three pair moves
		}
		if n := p.probe.progressAt(i, m); n > bestN {
			best, bestN = i, n
			p.probe.keep(m)
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

