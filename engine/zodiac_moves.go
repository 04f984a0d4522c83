package engine

import "math/bits"

// Move generation of the Zodiac from facts kept per pile.
//
// A decision of the Zodiac lists few moves (three to six on average) but
// used to read every pile to find them: nine sources of marriages (the
// talon and the eight Equator cells) and in phase two thirty-two sources
// of foundation plays. Most moves change none of that: a draw or a
// re-deal (three quarters of the book strategy's moves, two fifths of
// random play's) leaves every Equator card and Zodiac top in place. So the
// state keeps, per top key (zoTopKey), the piles showing it (zodiac.keys),
// and per Equator cell the Zodiac piles its card marries onto
// (zodiac.eqMarry); Apply updates both from the at most two tops a move
// changes (retop), and LegalMoves reads the marriages, the vacancies and
// the foundation plays from them in the order it always listed them:
// sources in pile order, targets in pile order. TestZodiacKeptState
// compares the kept facts and the move list with a from-scratch
// generation at every position of random playouts of every variant.

// zoEmptyKey is the key (zoTopKey) of an empty pile.
const zoEmptyKey = 63

// zoEquator is the mask of the Equator cells among the bits of keys.
const zoEquator = 1<<zoZ0 - 1

// zodiacAround returns the Zodiac piles (bit z for pile zoZ0+z) whose top
// a card of key k (1 … 61) marries onto: the tops of keys k−1 and k+1.
func (g *zodiac) zodiacAround(k int) uint32 {
	return (g.keys[k-1] | g.keys[k+1]) >> zoZ0
}

// equatorAround returns the Equator cells (bit e for cell e) whose card
// marries onto a Zodiac top of key k (1 … 61).
func (g *zodiac) equatorAround(k int) uint8 {
	return uint8((g.keys[k-1] | g.keys[k+1]) & zoEquator)
}

// indexTops rebuilds the kept facts (keys, eqMarry, eqAny) from the
// layout, and forgets what DeadEnd learnt and the talon's links.
func (g *zodiac) indexTops() {
	g.feasible, g.stuckKnown = 0, 0
	g.plan = zoPlan{}
	g.keys = [64]uint32{}
	for p := zoE0; p < zoZ0+zoZN; p++ {
		g.keys[zoTopKey(g.lay.top(p))] |= 1 << p
	}
	g.talonKept = false
	g.eqAny = 0
	for e := zoE0; e < zoE0+8; e++ {
		g.eqMarry[e] = 0
		if c := g.lay.top(e); c != NoCard {
			g.eqMarry[e] = g.zodiacAround(suitKey(c))
		}
		if g.eqMarry[e] != 0 {
			g.eqAny |= 1 << e
		}
	}
}

// retop updates the kept facts after the top of pile p (an Equator cell
// or a Zodiac pile, p < zoFA) changed from old to the present one: the
// pile moves between the keys, an Equator cell's targets are those of its
// new card (none when it is empty), and a Zodiac pile stops being a
// target of the Equator cards next to its old top and becomes one of
// those next to its new top.
func (g *zodiac) retop(p int, old Card) {
	ko, kn := zoTopKey(old), zoTopKey(g.lay.top(p))
	g.keys[ko] &^= 1 << p
	g.keys[kn] |= 1 << p
	if p < zoZ0 {
		var t uint32
		if kn != zoEmptyKey {
			t = g.zodiacAround(kn)
		}
		g.eqMarry[p] = t
		g.eqAny &^= 1 << p
		if t != 0 {
			g.eqAny |= 1 << p
		}
		return
	}
	bit := uint32(1) << (p - zoZ0)
	if ko != zoEmptyKey {
		for m := g.equatorAround(ko); m != 0; m &= m - 1 {
			e := bits.TrailingZeros8(m)
			g.eqMarry[e] &^= bit
			if g.eqMarry[e] == 0 {
				g.eqAny &^= 1 << e
			}
		}
	}
	if kn != zoEmptyKey {
		for m := g.equatorAround(kn); m != 0; m &= m - 1 {
			e := bits.TrailingZeros8(m)
			g.eqMarry[e] |= bit
			g.eqAny |= 1 << e
		}
	}
}

// The listing appends each move as a literal of constants (copied from a
// static image of it) and then writes its piles and card. A literal with
// variable fields, or a copy of a template through a pointer, is
// assembled on the stack and then copied in 16-byte words, and that load
// stalls on the bytes just stored: it was a third of the time of listing
// the marriages.

// zoAppendMarriage appends the marriage of card c from pile from onto
// Zodiac pile to.
func zoAppendMarriage(dst []Move, from, to int, c Card) []Move {
	dst = append(dst, Move{Kind: MoveBuild, Card2: NoCard, Rule: zoRuleI})
	m := &dst[len(dst)-1]
	m.From, m.To, m.Card = uint8(from), uint8(to), c
	return dst
}

// zoAppendFill appends the fill of Equator cell to with card c (NoCard
// from the pack) from pile from.
func zoAppendFill(dst []Move, from, to int, c Card) []Move {
	dst = append(dst, Move{Kind: MoveFill, Card2: NoCard, Rule: zoRuleFill})
	m := &dst[len(dst)-1]
	m.From, m.To, m.Card = uint8(from), uint8(to), c
	return dst
}

// zoAppendPlay appends the play of card c from pile from to foundation
// to.
func zoAppendPlay(dst []Move, from, to int, c Card) []Move {
	dst = append(dst, Move{Kind: MoveFoundation, Card2: NoCard, Rule: zoRuleII})
	m := &dst[len(dst)-1]
	m.From, m.To, m.Card = uint8(from), uint8(to), c
	return dst
}

// zoAppendMarriages appends the marriages of card c from pile src onto the
// Zodiac piles of t (bit z for pile zoZ0+z), in pile order.
func zoAppendMarriages(dst []Move, src int, c Card, t uint32) []Move {
	for ; t != 0; t &= t - 1 {
		dst = zoAppendMarriage(dst, src, zoZ0+bits.TrailingZeros32(t), c)
	}
	return dst
}

// appendEquatorMarriages appends the marriages of the Equator cards, cell
// by cell.
func (g *zodiac) appendEquatorMarriages(dst []Move) []Move {
	for m := g.eqAny; m != 0; m &= m - 1 {
		e := bits.TrailingZeros8(m)
		dst = zoAppendMarriages(dst, e, g.lay.top(e), g.eqMarry[e])
	}
	return dst
}

// LegalMoves appends, in phase two, the foundation plays (then the Equator
// marriages of variant phase2-marriages=equator); in phase one the talon
// marriages, the Equator marriages, the Equator fills and the draw or the
// re-deal.
func (g *zodiac) LegalMoves(dst []Move) []Move {
	if g.phase2() {
		dst = g.ProgressMoves(dst)
		if g.r.eqMarriages && g.r.p2Marriages {
			dst = g.appendEquatorMarriages(dst)
		}
		return dst
	}
	talon := g.lay.top(zoTalon)
	if talon != NoCard {
		dst = zoAppendMarriages(dst, zoTalon, talon, g.zodiacAround(suitKey(talon)))
	}
	if g.r.eqMarriages {
		dst = g.appendEquatorMarriages(dst)
	}
	for m := uint8(g.keys[zoEmptyKey] & zoEquator); m != 0; m &= m - 1 {
		e := bits.TrailingZeros8(m)
		if talon != NoCard {
			dst = zoAppendFill(dst, zoTalon, e, talon)
		} else {
			dst = zoAppendFill(dst, zoStock, e, NoCard)
		}
	}
	if !g.lay.empty(zoStock) {
		dst = append(dst, Move{Kind: MoveDraw, From: zoStock, To: zoTalon, Card: NoCard, Card2: NoCard, Rule: zoRuleDraw})
	} else if g.placed {
		dst = append(dst, Move{Kind: MoveRedeal, From: zoTalon, To: zoStock, Card: NoCard, Card2: NoCard, Rule: zoRuleRedeal})
	}
	return dst
}

// ProgressMoves appends the foundation plays, which exist only in phase
// two: each Equator card and Zodiac top, in pile order, once for each
// foundation of its suit that takes it (the ace foundation first). The
// sources are the piles showing a key that one of the eight foundations
// wants.
func (g *zodiac) ProgressMoves(dst []Move) []Move {
	if !g.phase2() {
		return dst
	}
	var up, down [NumSuits]int // the ranks the ace and king foundations take
	var src uint32
	for s := range up {
		up[s] = g.lay.size(zoFA+s) + 1          // 14 when complete: no card's rank
		down[s] = NumRanks - g.lay.size(zoFK+s) // 0 when complete
		src |= g.keys[16*s+up[s]] | g.keys[16*s+down[s]]
	}
	for ; src != 0; src &= src - 1 {
		p := bits.TrailingZeros32(src)
		c := g.lay.top(p)
		s, r := int(c.Suit()), int(c.Rank())
		if r == up[s] {
			dst = zoAppendPlay(dst, p, zoFA+s, c)
		}
		if r == down[s] {
			dst = zoAppendPlay(dst, p, zoFK+s, c)
		}
	}
	return dst
}

// The view hash (ViewHash) is the exclusive or of the links of every pile
// shown, all but the pack. The layout keeps the links of the Zodiac, the
// Equator and the foundations (zoLinked); the game keeps the talon's
// apart (talonLinks), from the card each move turns onto the talon or
// takes off it, once ViewHash first asks for them. A re-deal then clears
// them at once and turns the talon over into the pack without a hash word
// per card (it used to move each card through the layout's links: a
// twentieth of the book strategy's instructions). The sum is the same
// exclusive or, so the hash is the same; TestZodiacKeptState compares it
// with the links of every pile shown.

// zoLinked is the mask of the piles whose links the layout keeps for
// ViewHash: every pile but the pack and the talon.
const zoLinked = ^uint64(1<<zoStock | 1<<zoTalon)

// zoPileLinks returns the exclusive or of the links of pile p's cards.
func zoPileLinks(l *layout, p int) uint64 {
	var h uint64
	for c := l.piles[p].top; c != NoCard; c = l.below[c] {
		h ^= linkWord(c, l.below[c], p)
	}
	return h
}

// turnTalon turns the talon over into the pack, which is empty (a
// re-deal): the talon's cards in reverse order, its top at the bottom.
// Neither pile is in the layout's links (zoLinked), so the list is
// reversed in place; were either in them, the cards move one by one
// through moveLinked.
func (g *zodiac) turnTalon() {
	l := &g.lay
	g.talonLinks = 0
	if l.linked&(1<<zoTalon|1<<zoStock) != 0 {
		for !l.empty(zoTalon) {
			l.moveLinked(zoTalon, zoStock)
		}
		return
	}
	t, s := &l.piles[zoTalon], &l.piles[zoStock]
	for c := t.top; c != NoCard; {
		next := l.below[c]
		l.below[c] = s.top
		s.top = c
		c = next
	}
	s.n += t.n
	t.top, t.n = NoCard, 0
}

// InwardMarriages returns the marriages of legal, moves LegalMoves listed
// for the present state, that lay a card nearer the middle of its suit
// than the card they cover, the distance being from the nearer end of the
// suit (min(rank−1, 13−rank): 0 for an ace or a king, 6 for a seven): bit
// i is set when legal[i] is such a marriage, for the first 64 moves (the
// others are not reported). The card such a marriage covers goes to a
// foundation sooner than the card laid on it (aces up, kings down; the
// book's zodiac/S2 is about these marriages). A strategy that weighs the
// marriages so reads the covered cards with one call per decision instead
// of reading the top of each target pile. TestZodiacInwardMarriages
// checks it against the pile tops at every position of random playouts.
func (g *zodiac) InwardMarriages(legal []Move) uint64 {
	var in uint64
	for i := range legal[:min(len(legal), 64)] {
		m := &legal[i]
		if m.Kind != MoveBuild || int(m.To) >= zoPiles {
			continue
		}
		// zoEndDistances gives -1 for NoCard: no card laid is inward.
		if d := g.lay.piles[m.To].top; d != NoCard && zoEndDistances[m.Card] > zoEndDistances[d] {
			in |= 1 << i
		}
	}
	return in
}

// zoEndDistances[c] is how far card c's rank is from the nearer end of
// its suit: 0 for an ace or a king, 6 for a seven; -1 for NoCard and the
// values that are no card (an immutable table, read by InwardMarriages
// without bounds checks).
var zoEndDistances = func() (t [256]int8) {
	for c := range t {
		t[c] = -1
		if c < packCards {
			r := int(Card(c).Rank())
			t[c] = int8(min(r-1, NumRanks-r))
		}
	}
	return t
}()
