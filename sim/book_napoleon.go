package sim

import (
	"math/bits"

	"github.com/pasyans/pasyans/engine"
)

// The advice IDs of napoleon (constants: see rbAdviceS1).
const (
	npAdviceS1 engine.RuleID = "napoleon/S1"
	npAdviceS2 engine.RuleID = "napoleon/S2"
	npAdviceS3 engine.RuleID = "napoleon/S3"
)

// npOfReserve reports whether m is a move of the reserve (rule
// napoleon/reserve): a move to a reserve slot, pile 8 … 11 (a pair lists
// its lower pile first, so a pair with a reserve card goes to one, and
// taking up a reserve card puts it in one; TestNapoleonReserveMoves).
func npOfReserve(m *engine.Move) bool { return m.To >= engine.NapoleonColumns }

// napoleonDecide is bookPlayer.decide for napoleon (its bookGame.decide),
// without the generic setup its advice does not need: its only bans
// (napoleon/S3: every move of the reserve) are a flag, not a slice to
// clear; it memoizes no probe (see napoleonPick), and the probe is reset
// to g only where S2 counts through it. A pick of the advice is a pair, no
// tableau move for greedy's cycle memory; when the advice leaves the
// decision to greedy and bans nothing, greedy takes the first move if it
// is a pair (its first progress move), as choose would. The same
// decisions as decide with napoleon (TestBookNapoleonDecide).
func (p *bookPlayer) napoleonDecide(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if len(legal) == 1 && legal[0].Kind == engine.MovePair {
		// One pair (half the decisions): no S3 (it bans the reserve's
		// moves beside a pair of column cards) and no S2 (three pairs);
		// S1 names it when it gains, else greedy takes it.
		if p.napoleonGainsOne(g, &legal[0]) {
			return 0, npAdviceS1
		}
		return 0, ""
	}
	pick, adv, banRes := p.napoleonPick(g, legal)
	if pick >= 0 {
		return pick, adv
	}
	if banRes {
		// S3 banned the reserve's moves only because a pair of two
		// column cards is listed: some move is left, as decide requires
		// before it lets greedy choose among the others.
		if cap(p.banned) < len(legal) {
			p.banned = make([]bool, len(legal))
		}
		p.banned = p.banned[:len(legal)]
		p.banReserve(legal)
		return p.choose(g, legal, p.banned), adv
	}
	if len(legal) > 0 && legal[0].Kind == engine.MovePair {
		return 0, ""
	}
	return p.choose(g, legal, nil), ""
}

// napoleonGainsOne reports whether the pair m, the only move listed,
// gains by napoleon/S1 (napoleonPick's S1 for one pair).
func (p *bookPlayer) napoleonGainsOne(g engine.Game, m *engine.Move) bool {
	if !p.on(npAdviceS1) || m.From >= engine.NapoleonColumns {
		return false // two reserve cards: no column changes
	}
	if rd, ok := g.(engine.NapoleonFacts); ok {
		cols, dealt, in, two := rd.ColumnState()
		a := cols[m.From&7] & 15
		if two>>a&1 != 0 {
			return false // its last two cards
		}
		x := &p.npt
		if !x.of(dealt) {
			x.read(dealt)
		}
		if ks := in[a]; ks&x.twice == 0 {
			out := npOut(m)
			return ks&^out != 0 && x.gain(cols, ks, a, out) > 0
		}
	}
	p.cross.read(g, p.kinds)
	return p.cross.count(-1, -1)-p.cross.count(p.cross.column(m.From), p.cross.column(m.To)) > 0
}

// napoleon is napoleonPick as a bookGame's choose: the bans go to
// p.banned, which decide has cleared.
func (p *bookPlayer) napoleon(g engine.Game, legal []engine.Move) (int, engine.RuleID) {
	pick, adv, banRes := p.napoleonPick(g, legal)
	if banRes {
		p.banReserve(legal)
	}
	return pick, adv
}

// banReserve sets p.banned, of legal's length, to the moves of the
// reserve (napoleon/S3).
func (p *bookPlayer) banReserve(legal []engine.Move) {
	for i := range legal {
		p.banned[i] = npOfReserve(&legal[i])
	}
}

// napoleonPick applies napoleon's advice: S3 reserve in need only; S2
// triples; S1 crossed pairs. It returns the index of the move the advice
// picks (-1 for none), the advice that drove the decision, and whether S3
// banned the reserve's moves (npOfReserve), which the rest of the
// decision then leaves aside.
//
// It memoizes no probe count: S2 counts the pairs after a pair through
// engine.NapoleonFacts where the game has it (the probe only without), and
// greedy, which makes the decisions the advice leaves, takes the first
// pair listed without probing anything.
func (p *bookPlayer) napoleonPick(g engine.Game, legal []engine.Move) (int, engine.RuleID, bool) {
	// One pass finds whether any move is the reserve's, the ranks of the
	// pairs with a column card, and how many pairs are listed by rank, in
	// all and with a reserve card: 4 bits a rank, at most six pairs (four
	// cards of a rank).
	reserve := false
	var ranks uint16
	var byRank, resByRank uint64
	for i := range legal {
		m := &legal[i]
		res := npOfReserve(m)
		reserve = reserve || res
		if m.Kind == engine.MovePair {
			r := m.Card.Rank() & 15
			one := uint64(1) << (4 * r)
			byRank += one
			if res {
				resByRank += one
			}
			if m.From < engine.NapoleonColumns {
				ranks |= 1 << r
			}
		}
	}
	adv := engine.RuleID("")
	colByRank := byRank - resByRank // the pairs of two column cards
	banRes := colByRank != 0 && reserve && p.on(npAdviceS3)
	if banRes {
		adv = npAdviceS3
		byRank = colByRank
	}
	// S2: three exposed cards of a rank make three pair moves; a count of
	// 3 … 6 gains bit 3 when 5 is added, without a carry.
	if (byRank+0x5555555555555555)&0x8888888888888888 != 0 && p.on(npAdviceS2) {
		if pick := p.napoleonTriples(g, legal, banRes, byRank); pick >= 0 {
			return pick, npAdviceS2, banRes
		}
	}
	if !p.on(npAdviceS1) {
		return -1, adv, banRes
	}
	// S1: crossed pairs. A pair removal takes its two cards out and
	// forces nothing else, so the columns after it are the columns now
	// without those two cards: no copy of the game is needed. Where the
	// game gives its columns' ranks (engine.NapoleonFacts) and no column of a
	// pair's rank was dealt with a rank twice, the gain of each pair is
	// computed from the ranks above and below its rank in each of those
	// columns (npTables, kept in p.npt); otherwise the crossed pairs are
	// counted before and after (crossings). A pair gains only when some
	// pair is crossed now, as before.
	if rd, ok := g.(engine.NapoleonFacts); ok {
		// A pair that takes the last two cards of its rank undoes no
		// crossed pair (no other card of its rank lies in the columns, and
		// none lies above an exposed card), nor does a pair of two reserve
		// cards: when every pair is such, none gains, and the columns need
		// not be read.
		cols, dealt, in, two := rd.ColumnState()
		if ranks&^two == 0 {
			return -1, adv, banRes
		}
		x := &p.npt
		if !x.of(dealt) {
			x.read(dealt)
		}
		best, bestGain := -1, 0
		for i := range legal {
			m := &legal[i]
			if m.Kind != engine.MovePair || m.From >= engine.NapoleonColumns || banRes && npOfReserve(m) {
				continue // not allowed, or two reserve cards: no column changes
			}
			a := cols[m.From&7] & 15 // the pair's rank
			if two>>a&1 != 0 {
				continue // its last two cards
			}
			ks := in[a]
			if ks&x.twice != 0 {
				best = -2 // the crossed pairs must be counted
				break
			}
			if out := npOut(m); ks&^out != 0 { // (no other column holds a: no gain)
				if gain := x.gain(cols, ks, a, out); gain > bestGain {
					best, bestGain = i, gain
				}
			}
		}
		if best >= 0 {
			return best, npAdviceS1, banRes
		}
		if best == -1 {
			return -1, adv, banRes
		}
	}
	p.cross.read(g, p.kinds)
	if before := p.cross.count(-1, -1); before > 0 {
		best, bestGain := -1, 0
		for i := range legal {
			m := &legal[i]
			if m.Kind != engine.MovePair || banRes && npOfReserve(m) {
				continue
			}
			if gain := before - p.cross.count(p.cross.column(m.From), p.cross.column(m.To)); gain > bestGain {
				best, bestGain = i, gain
			}
		}
		if best >= 0 {
			return best, npAdviceS1, banRes
		}
	}
	return -1, adv, banRes
}

// napoleonTriples applies napoleon/S2 where napoleonPick found a rank
// with three or more exposed cards: of the allowed pairs (all pairs, or
// those without a reserve card when banRes) of such a rank, the index of
// the one after which most pairs are open, or -1; byRank is the number of
// pairs allowed by rank (4 bits each). Where the game counts the pairs
// after a pair itself (engine.NapoleonFacts: the probe's count), the probe lists
// none: it would keep nothing for nextLegal either (its peeks list only
// progress moves).
func (p *bookPlayer) napoleonTriples(g engine.Game, legal []engine.Move, banRes bool, byRank uint64) int {
	counter, _ := g.(engine.NapoleonFacts)
	best, bestN := -1, -1
	probed := false // the probe reset to g
	for i := range legal {
		m := &legal[i]
		if m.Kind != engine.MovePair || banRes && npOfReserve(m) || byRank>>(4*(m.Card.Rank()&15))&15 < 3 {
			continue // three exposed cards of a rank make three pair moves
		}
		n, counted := 0, false
		if counter != nil {
			n, counted = counter.PairsAfter(m)
		}
		if !counted {
			if !probed {
				p.probe.reset(g)
				probed = true
			}
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

// npTables holds, for the columns as dealt (engine.NapoleonFacts), the ranks
// under each card and up to it. A column only ever loses its exposed card,
// so within a deal its cards are the bottom of the cards it was dealt
// with, and the ranks under a card do not change; those above it are the
// ranks of the column up to its exposed card without those up to the
// card. The tables are read once a deal (read), when napoleon/S1 first
// needs them; they hold only the dealt columns' face-up ranks.
//
// Only columns dealt with each rank at most once have tables (twice
// tells the others; where one of them holds a pair's rank, the gain must
// be counted, see crossings): such a column holds the pair "a above b" at
// most once, so the crossed pairs that change are a matter of which
// columns hold which pairs.
type npTables struct {
	dealt [engine.NapoleonColumns]uint32 // the columns as dealt, as engine.NapoleonFacts gives them (all 0: none read yet)
	twice uint8                          // the columns of dealt holding a rank twice
	// For the card of rank r of the dealt column k, at index r<<3|k: the
	// set of ranks under it (bits 0 … 15) and that set with r (bits 16 …
	// 31). (Entries of ranks the column does not hold are left from
	// earlier deals and never read. The array is sized to a power of two
	// so that masked indices need no bounds checks.)
	cell [16 * engine.NapoleonColumns]uint32
}

// wordHeight returns the number of cards of a column word.
func wordHeight(w uint32) uint8 { return uint8((bits.Len32(w) + 3) >> 2) }

// of reports whether the tables are of the dealt columns dealt.
func (x *npTables) of(dealt *[engine.NapoleonColumns]uint32) bool {
	d, e := dealt, &x.dealt
	return d[0]^e[0]|d[1]^e[1]|d[2]^e[2]|d[3]^e[3]|d[4]^e[4]|d[5]^e[5]|d[6]^e[6]|d[7]^e[7] == 0
}

// read reads the tables of the dealt columns' words dealt (of at most six
// cards each, npRows).
func (x *npTables) read(dealt *[engine.NapoleonColumns]uint32) {
	x.dealt, x.twice = *dealt, 0
	for k, w := range dealt {
		// The six nibbles, bottom first (the word holds the exposed card
		// first): those past the column's cards are 0 and come first,
		// so every set of the column holds rank 0 (bit 0), which no set
		// above a card holds, and no gain counts.
		set := x.put(k, 0, w>>20&15)
		set = x.put(k, set, w>>16&15)
		set = x.put(k, set, w>>12&15)
		set = x.put(k, set, w>>8&15)
		set = x.put(k, set, w>>4&15)
		set = x.put(k, set, w&15)
		if bits.OnesCount32(set&^1) != int(wordHeight(w)) {
			x.twice |= 1 << k // fewer ranks than cards
		}
	}
}

// put enters a card of rank r of column k with the ranks set under it and
// returns set with r.
func (x *npTables) put(k int, set, r uint32) uint32 {
	up := set | 1<<(r&15)
	x.cell[int(r&15)<<3|k&7] = set | up<<16
	return up
}

// npOut returns the columns a pair m takes a card from (bit k for column
// k; a reserve slot's bit is beyond the 8 bits).
func npOut(m *engine.Move) uint8 {
	return uint8(uint16(1)<<(m.From&15) | uint16(1)<<(m.To&15))
}

// gain returns napoleon/S1's gain of a pair (how many crossed pairs, as
// crossings counts them, its two cards' going out undoes): the pair of
// rank a of the available cards of the columns out (npOut: one or two, c1
// and c2; its other card in a reserve slot), in the columns of rank words
// cols (a deal's columns now, of the dealt columns read) of which those
// in ks hold a, none dealt with a rank twice, and some not in out.
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
// has no card above it; when no column but c1 and c2 holds a, both sums
// are 0.
func (x *npTables) gain(cols *[engine.NapoleonColumns]uint32, ks uint8, a uint32, out uint8) int {
	rest := ks &^ out // the other columns of a
	// A rank has four cards: one or two of them go (c1, c2), and at most
	// two other columns, r1 < r2, hold one; written out for those (a
	// column number 8 for none), without a loop.
	outs := ks & out
	o1, o2 := bits.TrailingZeros8(outs), bits.TrailingZeros8(outs&(outs-1))
	r1, r2 := bits.TrailingZeros8(rest), bits.TrailingZeros8(rest&(rest-1))
	ai := int(a&15) << 3
	// The ranks below a in c1 and c2 (d1, d2), above and below a in r1
	// and r2 (a1, b1, a2).
	d1 := x.cell[ai|o1&7] & 0xffff & npSome(o1)
	d2 := x.cell[ai|o2&7] & 0xffff & npSome(o2)
	c1, c2 := x.cell[ai|r1&7], x.cell[ai|r2&7]
	a1 := (x.cell[int(cols[r1&7]&15)<<3|r1&7] &^ c1) >> 16 // up to the exposed card, not up to a
	a2 := (x.cell[int(cols[r2&7]&15)<<3|r2&7] &^ c2) >> 16 & npSome(r2)
	b1 := c1 & 0xffff
	// (1) at c1 and c2: the ranks below a there and above it in an other
	// column before; (2) at r1 and r2: the ranks above a there and below
	// it in c1 or c2 before, but in no other column before.
	s1 := d1 & (a1&npBefore(r1, o1) | a2&npBefore(r2, o1))
	s2 := d2 & (a1&npBefore(r1, o2) | a2&npBefore(r2, o2))
	s3 := a1 & (d1&npBefore(o1, r1) | d2&npBefore(o2, r1))
	s4 := a2 & (d1&npBefore(o1, r2) | d2&npBefore(o2, r2)) &^ b1
	return bits.OnesCount64(uint64(s1) | uint64(s2)<<16 | uint64(s3)<<32 | uint64(s4)<<48)
}

// npSome returns all ones for a column number k below 8, 0 for 8 (none).
func npSome(k int) uint32 { return uint32(int32(k-8) >> 31) }

// npBefore returns all ones when column number j comes before k (8: none,
// after every column), else 0.
func npBefore(j, k int) uint32 { return uint32(int32(j-k) >> 31) }
