package engine

import "math/bits"

// The plan of phase one of the Zodiac: the layout search of zodiacSearch
// ("Phase one as a layout"), the dead end it proves and the safe moves
// that build the layout it finds.

// zoPlanSweeps bounds the work of one layout search: the relaxation sweeps
// (zoSuit) of all four suits together. On the deals of seed 2026 the
// search needs a median of about 0.1 M and at most about 1 M (well under
// a second); a search that reaches the bound decides nothing.
const zoPlanSweeps = 8_000_000

// zoPlan is what the layout search found for a state of phase one. It is
// derived from the state and not part of it: CopyFrom copies it, Apply
// keeps it while the marriages follow it.
type zoPlan struct {
	verdict zpVerdict
	// tried: the search ran for this state or an ancestor and reached its
	// bound (verdict zpUnknown); it is not run again below it.
	tried bool
	// For verdict zpWon: size[z] is the height Zodiac pile zoZ0+z reaches
	// when every card is placed, and bit h−1 of steps[z] tells whether its
	// card at height h (0 the dealt card) is one rank above the card below.
	size  [zoZN]uint8
	steps [zoZN]uint32
}

// zpVerdict is what the layout search found.
type zpVerdict uint8

const (
	zpUnknown zpVerdict = iota // not searched, or the search reached its bound
	zpWon                      // a layout exists: the plan holds it
	zpLost                     // no layout exists: the game is lost
)

// zpSuit is the layout search of one suit: its Zodiac piles grown by walks
// of its free cards so that at most a given number of them are left over
// (for the Equator) while the relaxation of phase two (zoSuit, with the
// free cards left over free) can still be won.
type zpSuit struct {
	n             int                       // the suit's Zodiac piles
	pile          [zoZN]uint8               // their pile indexes
	size          [zoZN]uint8               // their heights now
	stack         [zoZN][2 * NumRanks]uint8 // their ranks, bottom first
	pool          [NumRanks + 2]uint8       // the free cards that may be married, by rank
	free          int                       // the sum of pool
	fixed         int                       // free cards that can never be married (variant equator-marriages=off)
	a, k          int                       // the ranks its foundations take next (zodiac.wants)
	sweeps, limit int                       // sweeps made and allowed
	z             zoSuit
}

// load sets p up for suit su of g: its Zodiac piles and free cards.
func (p *zpSuit) load(g *zodiac, su Suit) {
	p.n, p.free, p.fixed = 0, 0, 0
	p.a, p.k = g.wants(su)
	p.pool = [NumRanks + 2]uint8{}
	for z := 0; z < zoZN; z++ {
		c := g.lay.top(zoZ0 + z)
		if c == NoCard || c.Suit() != su {
			continue
		}
		i := p.n
		p.n++
		p.pile[i] = uint8(zoZ0 + z)
		h := g.lay.size(zoZ0 + z)
		p.size[i] = uint8(h)
		for ; c != NoCard; c = g.lay.below[c] {
			h--
			p.stack[i][h] = uint8(c.Rank())
		}
	}
	count := func(c Card, marriable bool) {
		switch {
		case c.Suit() != su:
		case marriable:
			p.pool[c.Rank()]++
			p.free++
		default:
			p.fixed++
		}
	}
	for e := zoE0; e < zoE0+8; e++ {
		if c := g.lay.top(e); c != NoCard {
			count(c, g.r.eqMarriages)
		}
	}
	for _, q := range [2]int{zoStock, zoTalon} {
		for c := g.lay.top(q); c != NoCard; c = g.lay.below[c] {
			count(c, true)
		}
	}
}

// feasible reports whether the relaxation of phase two (zoSuit: the
// foundations' wants a and k, the piles as stacks, every other card free)
// can be won with the piles as they stand.
func (p *zpSuit) feasible() bool {
	p.sweeps++
	z := &p.z
	z.a, z.k = p.a, p.k
	z.ne = 0
	var seen [NumRanks + 2]uint8 // copies of each rank met
	for i := 0; i < p.n; i++ {
		var above zoCopy
		for h := int(p.size[i]) - 1; h >= 0; h-- {
			above = z.under(above, p.stack[i][h], &seen)
		}
	}
	return z.finish()
}

// bound returns a lower bound on the free cards left over however piles
// j… grow: a walk steps from a pile's top to a free card one rank away,
// then from free card to free card, so it never leaves the run of ranks
// with free cards that it entered; the cards of the runs that no open
// pile's top is next to are left over.
func (p *zpSuit) bound(j int) int {
	var near [NumRanks + 2]bool
	for i := j; i < p.n; i++ {
		t := p.stack[i][p.size[i]-1]
		near[t-1], near[t+1] = true, true
	}
	left := 0
	for r := 1; r <= NumRanks; {
		if p.pool[r] == 0 {
			r++
			continue
		}
		sum, reach := 0, false
		for ; r <= NumRanks && p.pool[r] > 0; r++ {
			sum += int(p.pool[r])
			reach = reach || near[r]
		}
		if !reach {
			left += sum
		}
	}
	return left
}

// fits searches for a growth of piles j… (pile j may grow further, the
// piles before it are done) that leaves at most t free cards over and
// keeps the relaxation winnable. It finds every final layout that the
// moves of phase one can build, in one order (pile by pile, each walk
// card by card); a layout whose relaxation is lost is cut as soon as its
// growth is, since growing a pile only adds constraints. The piles hold
// the layout found when it returns zpWon.
func (p *zpSuit) fits(j, t int) zpVerdict {
	if p.free <= t {
		return zpWon
	}
	if j == p.n || p.bound(j) > t {
		return zpLost
	}
	if p.sweeps >= p.limit {
		return zpUnknown
	}
	st := &p.stack[j]
	h := int(p.size[j])
	top := st[h-1]
	// Continue the walk's direction first (a monotone walk goes home in
	// one foundation's order); a dealt card grows towards the middle ranks.
	up := top < 7
	if h > 1 {
		up = top > st[h-2]
	}
	next := [2]uint8{top + 1, top - 1}
	if !up {
		next[0], next[1] = next[1], next[0]
	}
	for _, r := range next {
		if !p.grow(j, r) {
			continue
		}
		v := zpLost
		if p.feasible() {
			v = p.fits(j, t)
		}
		if v == zpWon {
			return v
		}
		p.shrink(j, r)
		if v == zpUnknown {
			return v
		}
	}
	return p.fits(j+1, t)
}

// grow marries a free card of rank r onto pile j, if there is one (r
// must be next to the pile's top), and reports whether it did.
func (p *zpSuit) grow(j int, r uint8) bool {
	if r < 1 || r > NumRanks || p.pool[r] == 0 {
		return false
	}
	p.stack[j][p.size[j]] = r
	p.size[j]++
	p.pool[r]--
	p.free--
	return true
}

// shrink takes back the card of rank r that grow married onto pile j.
func (p *zpSuit) shrink(j int, r uint8) {
	p.size[j]--
	p.pool[r]++
	p.free++
}

// searchLayout runs the layout search on g, a state of phase one, with at
// most limit sweeps (zoPlanSweeps), records what it found in g.plan and
// returns the sweeps it made (see zodiacSearch, "Phase one as a
// layout"). Each suit needs the fewest cards left over for the Equator
// that its layout allows; the deal is won when those counts fit in the
// eight cells. A suit's count is searched from its lower bound up, and
// only as far as the other suits' bounds leave cells.
func (g *zodiac) searchLayout(limit int) (sweeps int) {
	var ps [NumSuits]zpSuit
	var least [NumSuits]int // lower bounds, then the counts found
	total := 0
	g.plan = zoPlan{}
	for su := range ps {
		p := &ps[su]
		p.load(g, Suit(su))
		sweeps++
		if !p.feasible() {
			g.plan.verdict = zpLost
			return sweeps
		}
		least[su] = p.fixed + p.bound(0)
		total += least[su]
	}
	for su := range ps {
		if total > 8 {
			g.plan.verdict = zpLost
			return sweeps
		}
		p := &ps[su]
		p.sweeps, p.limit = 0, limit-sweeps
		v := zpLost
		for t := least[su] - p.fixed; v == zpLost && t+p.fixed <= 8-(total-least[su]); t++ {
			if v = p.fits(0, t); v == zpWon {
				total += t + p.fixed - least[su]
				least[su] = t + p.fixed
			}
		}
		sweeps += p.sweeps
		switch v {
		case zpUnknown:
			g.plan.tried = true
			return sweeps
		case zpLost:
			g.plan.verdict = zpLost
			return sweeps
		}
	}
	g.plan.verdict = zpWon
	for su := range ps {
		p := &ps[su]
		for i := 0; i < p.n; i++ {
			z := p.pile[i] - zoZ0
			g.plan.size[z] = p.size[i]
			var steps uint32
			for h := 1; h < int(p.size[i]); h++ {
				if p.stack[i][h] > p.stack[i][h-1] {
					steps |= 1 << (h - 1)
				}
			}
			g.plan.steps[z] = steps
		}
	}
	return sweeps
}

// layoutLost runs the layout search when g's state has no verdict yet
// and reports whether it proved the game lost.
func (g *zodiac) layoutLost() bool {
	if g.plan.verdict == zpUnknown && !g.plan.tried {
		g.searchLayout(zoPlanSweeps)
	}
	return g.plan.verdict == zpLost
}

// planned reports whether a marriage of a card of rank r onto Zodiac pile
// p (zoZ0 …) is the plan's next card for the pile.
func (g *zodiac) planned(p int, r Rank) bool {
	z, h := p-zoZ0, g.lay.size(p)
	if h == 0 || h >= int(g.plan.size[z]) {
		return false
	}
	up := g.plan.steps[z]>>(h-1)&1 == 1
	return (r > g.lay.top(p).Rank()) == up
}

// notePlan keeps the plan after marriage m (made, or about to be made):
// a marriage off the plan drops it, and the layout search may run again.
func (g *zodiac) notePlan(m *Move) {
	if g.plan.verdict == zpWon && !g.planned(int(m.To), m.Card.Rank()) {
		g.plan = zoPlan{}
	}
}

// leftOver reports whether card c, free, is one that the plan leaves on
// the Equator beyond those already there: the free copies of its face are
// more than the plan's marriages still to make of it and the copies on
// the Equator.
func (g *zodiac) leftOver(c Card) bool {
	su, r := c.Suit(), c.Rank()
	free, onEquator := 0, 0
	for e := zoE0; e < zoE0+8; e++ {
		if d := g.lay.top(e); d != NoCard && d.Suit() == su && d.Rank() == r {
			free++
			onEquator++
		}
	}
	for _, q := range [2]int{zoStock, zoTalon} {
		for d := g.lay.top(q); d != NoCard; d = g.lay.below[d] {
			if d.Suit() == su && d.Rank() == r {
				free++
			}
		}
	}
	marry := 0
	for z := 0; z < zoZN; z++ {
		d := g.lay.top(zoZ0 + z)
		if d == NoCard || d.Suit() != su {
			continue
		}
		at := d.Rank()
		for h := g.lay.size(zoZ0 + z); h < int(g.plan.size[z]); h++ {
			if g.plan.steps[z]>>(h-1)&1 == 1 {
				at++
			} else {
				at--
			}
			if at == r {
				marry++
			}
		}
	}
	return free-marry > onEquator
}

// ready reports whether free card c can be placed by the plan as soon as
// it is the talon's top: it is some pile's next card, or a card the plan
// leaves on the Equator while a cell is vacant.
func (g *zodiac) ready(c Card) bool {
	for t := g.zodiacAround(suitKey(c)); t != 0; t &= t - 1 {
		if g.planned(zoZ0+bits.TrailingZeros32(t), c.Rank()) {
			return true
		}
	}
	return g.keys[zoEmptyKey]&zoEquator != 0 && g.leftOver(c)
}

// planMove returns the index in legal of the move that builds the plan's
// layout, as described in zodiacSearch, or -1 when none is known to be
// safe.
func (g *zodiac) planMove(legal []Move) int {
	build, fill, draw, redeal := -1, -1, -1, -1
	for i := range legal {
		m := &legal[i]
		switch m.Kind {
		case MoveBuild:
			if (build < 0 || m.From == zoTalon && legal[build].From != zoTalon) && g.planned(int(m.To), m.Card.Rank()) {
				build = i
			}
		case MoveFill:
			c := m.Card
			if c == NoCard { // from the pack, with no talon
				c = g.lay.top(zoStock)
			}
			if fill < 0 && g.leftOver(c) {
				fill = i
			}
		case MoveDraw:
			draw = i
		case MoveRedeal:
			redeal = i
		}
	}
	switch {
	case build >= 0:
		return build
	case fill >= 0:
		return fill
	case redeal >= 0:
		return redeal
	case draw >= 0 && g.placed:
		return draw
	case draw >= 0:
		// Nothing placed in this pass yet: turning the pack is safe when
		// a card the plan places at once is still to come in it (else the
		// pass might end with nothing placed).
		for c := g.lay.top(zoStock); c != NoCard; c = g.lay.below[c] {
			if g.ready(c) {
				return draw
			}
		}
	}
	return -1
}
